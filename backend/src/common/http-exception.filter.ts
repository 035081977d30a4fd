import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';

import { loggedPath } from './logging.js';
import { unavailableMessage } from './unavailable.js';

export interface ErrorBody {
  statusCode: number;
  message: string;
  [extra: string]: unknown;
}

/**
 * Turns whatever a Nest HttpException carries into the one error shape. Field errors are
 * `errors: { [field]: message }`, the shape react-admin's forms read.
 */
export function errorBody(exception: HttpException): ErrorBody {
  const status = exception.getStatus();
  const response = exception.getResponse();
  if (typeof response === 'string') return { statusCode: status, message: response };
  const { statusCode: _ignored, message, error: _error, ...extra } = response as Record<string, unknown>;
  const text = Array.isArray(message) ? message.join('; ') : typeof message === 'string' ? message : exception.message;
  // A check that names its field (`{ message, field }`) answers in the validation's shape too, so a
  // form shows every 4xx about a field under that field.
  if (typeof extra.field === 'string' && extra.errors === undefined) extra.errors = { [extra.field]: text };
  return { statusCode: status, message: text, ...extra };
}

/**
 * The one error shape, `{ statusCode, message, ...extra }`. HTTP errors keep their message; the
 * database or Stripe out of reach is a 503 saying to try again; anything else is a 500 whose
 * details are logged (with the request id) and never sent.
 */
@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const response = http.getResponse<Response>();
    const request = http.getRequest<Request & { id?: unknown }>();
    let body: ErrorBody;
    const unavailable = exception instanceof HttpException ? undefined : unavailableMessage(exception);
    if (exception instanceof HttpException) {
      body = errorBody(exception);
    } else if (isBodyParserError(exception)) {
      body = { statusCode: exception.status, message: exception.expose ? exception.message : 'Bad request' };
    } else if (unavailable) {
      // An outage, not a bug: a warning, and an answer that says to try again.
      this.logger.warn(
        { err: exception, requestId: request.id, method: request.method, path: loggedPath(request.originalUrl) },
        'Service unavailable',
      );
      body = { statusCode: HttpStatus.SERVICE_UNAVAILABLE, message: unavailable };
    } else {
      this.logger.error(
        { err: exception, requestId: request.id, method: request.method, path: loggedPath(request.originalUrl) },
        'Unhandled error',
      );
      body = { statusCode: HttpStatus.INTERNAL_SERVER_ERROR, message: 'Internal server error' };
    }
    if (response.headersSent) return;
    const headers = (exception as { headers?: unknown }).headers;
    if (exception instanceof HttpException && headers && typeof headers === 'object') {
      for (const [name, value] of Object.entries(headers)) response.setHeader(name, String(value));
    }
    response.status(body.statusCode).json(body);
  }
}

/** Errors from Express's body parsers (malformed JSON, too large) carry their own 4xx status. */
function isBodyParserError(error: unknown): error is { status: number; expose: boolean; message: string } {
  if (typeof error !== 'object' || error === null) return false;
  const { status, expose } = error as { status?: unknown; expose?: unknown };
  return typeof status === 'number' && status >= 400 && status < 500 && typeof expose === 'boolean';
}
