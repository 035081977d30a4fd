import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Params } from 'nestjs-pino';
import type { DestinationStream } from 'pino';
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

/** Path without the query string: queries can carry tokens and search terms. */
function pathOnly(url: string | undefined): string {
  return (url ?? '').split('?')[0] ?? '';
}

/**
 * Structured JSON logs, one line per request with its id. Requests are logged by method, path,
 * status and time only: no headers (cookies, authorization), no query strings, no bodies.
 */
export function loggerParams(config: AppConfig, stream?: NodeJS.WritableStream): Params {
  const options: Options = {
    level: config.logLevel,
    genReqId: requestId,
    autoLogging: { ignore: (request) => pathOnly(request.url) === '/api/health' },
    serializers: {
      req: (request: { id: unknown; method: string; url: string }) => ({
        id: request.id,
        method: request.method,
        path: pathOnly(request.url),
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
  return { pinoHttp: stream ? [options, stream as DestinationStream] : options, renameContext: 'context' };
}
