import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { hostname } from 'node:os';

import type { Params } from 'nestjs-pino';
import type { Options } from 'pino-http';

import type { AppConfig } from '../config/config.js';

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** Keeps a well-formed incoming X-Request-Id (from a proxy) or makes one, and echoes it back. */
export function requestId(request: IncomingMessage, response: ServerResponse): string {
  const incoming = request.headers['x-request-id'];
  const id = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
  response.setHeader('X-Request-Id', id);
  return id;
}

/** Paths whose last part is a secret: invitation links, campaign tracking and unsubscribe links. */
const TOKEN_PATHS = [
  /^(\/api\/client\/invite\/)[^/]+/,
  /^(\/client\/(?:register|invite)\/)[^/]+/,
  /^(\/api\/t\/[oc]\/)[^/]+/,
  /^(\/api\/u\/)[^/]+/,
];

/**
 * A path fit for a log: without the query string (queries carry search terms and sign-in codes), and
 * with the token of an invitation, tracking or unsubscribe link replaced by `:token` — whoever
 * reads the logs must not be able to register as a client or unsubscribe them.
 */
export function loggedPath(url: string | undefined): string {
  const path = (url ?? '').split('?')[0] ?? '';
  for (const pattern of TOKEN_PATHS) {
    if (pattern.test(path)) return path.replace(pattern, '$1:token');
  }
  return path;
}

/**
 * Structured JSON logs, one line per request with its id. Requests are logged by method, path,
 * status and time only: no headers (cookies, authorization), no query strings, no bodies.
 */
export function loggerParams(config: AppConfig, stream?: NodeJS.WritableStream): Params {
  const options: Options = {
    level: config.logLevel,
    genReqId: requestId,
    autoLogging: { ignore: (request) => loggedPath(request.url) === '/api/health' },
    serializers: {
      req: (request: { id: unknown; method: string; url: string }) => ({
        id: request.id,
        method: request.method,
        path: loggedPath(request.url),
      }),
      res: (response: { statusCode: number }) => ({ statusCode: response.statusCode }),
    },
    redact: {
      paths: ['req.headers', 'res.headers', '*.cookie', '*.authorization', '*.password', '*.body'],
      remove: true,
    },
    // On every line from the root logger rather than as per-request props (pino-http makes a child
    // logger per request for those).
    base: { pid: process.pid, hostname: hostname(), service: 'carekeep' },
  };
  return { pinoHttp: stream ? [options, stream] : options, renameContext: 'context' };
}
