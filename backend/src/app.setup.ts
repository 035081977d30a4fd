import type { NestExpressApplication } from '@nestjs/platform-express';
import { SwaggerModule } from '@nestjs/swagger';
import helmet from 'helmet';
import { Logger } from 'nestjs-pino';
import { HttpExceptionFilter } from './common/http-exception.filter.js';
import { ListResponseInterceptor } from './common/list-response.interceptor.js';
import { createValidationPipe } from './common/validation.js';
import type { AppConfig } from './config/config.js';
import { buildOpenApiDocument } from './openapi/openapi.js';

export const API_PREFIX = 'api';

/**
 * Everything the HTTP stack needs besides the modules: shared by main.ts, the test harness and
 * the OpenAPI generator, so tests exercise the same stack that runs in production.
 */
export function configureApp(app: NestExpressApplication, config: AppConfig): void {
  app.useLogger(app.get(Logger));
  app.setGlobalPrefix(API_PREFIX);
  app.set('trust proxy', config.nodeEnv === 'production' ? 1 : false);
  app.disable('x-powered-by');
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          // The SPA and Swagger UI are served from this origin; logos and avatars may be remote.
          'img-src': ["'self'", 'data:', 'https:'],
          'upgrade-insecure-requests': config.nodeEnv === 'production' ? [] : null,
        },
      },
      strictTransportSecurity: config.nodeEnv === 'production',
    }),
  );
  app.useGlobalFilters(new HttpExceptionFilter());
  app.useGlobalPipes(createValidationPipe());
  app.useGlobalInterceptors(new ListResponseInterceptor());
  SwaggerModule.setup(`${API_PREFIX}/docs`, app, () => buildOpenApiDocument(app), {
    jsonDocumentUrl: `${API_PREFIX}/docs/openapi.json`,
    customSiteTitle: 'CareKeep API',
  });
}
