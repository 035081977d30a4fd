import { Reflector } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { SwaggerModule } from '@nestjs/swagger';
import type { RequestHandler } from 'express';
import helmet, { type HelmetOptions } from 'helmet';
import { Logger } from 'nestjs-pino';

import { DEV_PROVIDER } from './auth/auth.tokens.js';
import { CSRF_EXEMPT_PREFIXES, sameOriginOnly } from './auth/csrf.js';
import type { DevProvider } from './auth/dev-provider/dev-provider.js';
import { resolveSessionSecret, sessionLifetime } from './auth/session.js';
import { SessionService } from './auth/session.service.js';
import { answerClientError } from './common/client-error.js';
import { ContentTypeInterceptor } from './common/content-type.js';
import { HttpExceptionFilter } from './common/http-exception.filter.js';
import { InFlightRequests } from './common/in-flight.js';
import { safeInput } from './common/input-safety.js';
import { ListResponseInterceptor } from './common/list-response.interceptor.js';
import { createValidationPipe } from './common/validation.js';
import type { AppConfig } from './config/config.js';
import { buildOpenApiDocument } from './openapi/openapi.js';

export const API_PREFIX = 'api';

/**
 * API answers are for the signed-in user only (no shared cache keeps them) and are fetched afresh
 * each time; a route may say otherwise (images, downloads). Not `no-store`: with it, Chromium never
 * reports a page of the app network-idle.
 */
const API_CACHE_CONTROL = 'private, no-cache';
const privateNoCache: RequestHandler = (_req, res, next) => {
  res.setHeader('Cache-Control', API_CACHE_CONTROL);
  next();
};

/** helmet's settings: the security headers of every answer. */
function helmetOptions(production: boolean): HelmetOptions {
  return {
    contentSecurityPolicy: {
      directives: {
        // Logos and avatars may be remote images; everything else comes from this origin.
        'img-src': ["'self'", 'data:', 'https:'],
        'frame-ancestors': ["'none'"],
        'upgrade-insecure-requests': production ? [] : null,
      },
    },
    referrerPolicy: { policy: 'same-origin' },
    strictTransportSecurity: production,
  };
}

/**
 * Everything the HTTP stack needs besides the modules: shared by main.ts, the test harness and
 * the OpenAPI generator, so tests exercise the same stack that runs in production.
 */
export async function configureApp(app: NestExpressApplication, config: AppConfig): Promise<{ inFlight: InFlightRequests }> {
  const production = config.nodeEnv === 'production';
  // First, so that shutdown can wait for every request still being worked on.
  const inFlight = new InFlightRequests();
  app.use(inFlight.middleware);
  app.useLogger(app.get(Logger));
  app.setGlobalPrefix(API_PREFIX);
  // Who may name the client's address (X-Forwarded-For) for rate limits and sign-in throttling:
  // nobody unless TRUST_PROXY says which proxies are in front.
  app.set('trust proxy', config.trustProxy);
  app.disable('x-powered-by');
  // API answers are fetched afresh each time (privateNoCache below), so an ETag (a hash of every
  // body) would only cost time.
  app.set('etag', false);
  // A request Node refuses before Express (a request line over 16 KB) still gets the API's JSON error.
  app.getHttpServer().on('clientError', answerClientError);

  const sessionSecret = await resolveSessionSecret(config);
  const securityHeaders = helmet(helmetOptions(production));

  // The development sign-in provider serves its own pages with their own CSP, ahead of helmet.
  app.get<DevProvider | null>(DEV_PROVIDER)?.mount(app.getHttpAdapter().getInstance());

  app.use(securityHeaders);
  app.use(`/${API_PREFIX}`, privateNoCache);
  app.use(`/${API_PREFIX}`, sameOriginOnly(config.appUrl, CSRF_EXEMPT_PREFIXES));
  app.use(`/${API_PREFIX}`, app.get(SessionService).middleware(sessionSecret));
  app.use(`/${API_PREFIX}`, sessionLifetime(config));
  // The body parsers Nest would add by itself (same options), here so that safeInput can follow
  // them: no route sees a body or query with NUL, unpaired surrogates or deep nesting.
  app.useBodyParser('json');
  app.useBodyParser('urlencoded', { extended: true });
  app.use(`/${API_PREFIX}`, safeInput);

  app.useGlobalFilters(new HttpExceptionFilter());
  app.useGlobalPipes(createValidationPipe());
  app.useGlobalInterceptors(new ContentTypeInterceptor(app.get(Reflector)), new ListResponseInterceptor());
  SwaggerModule.setup(`${API_PREFIX}/docs`, app, () => buildOpenApiDocument(app), {
    jsonDocumentUrl: `${API_PREFIX}/docs/openapi.json`,
    customSiteTitle: 'CareKeep API',
    // Authorize once with a token, and it stays through reloads of the page.
    swaggerOptions: { persistAuthorization: true },
  });
  return { inFlight };
}
