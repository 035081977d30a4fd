import {
  applyDecorators,
  type CallHandler,
  type ExecutionContext,
  Injectable,
  type NestInterceptor,
  SetMetadata,
  UnsupportedMediaTypeException,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ApiConsumes } from '@nestjs/swagger';
import type { Request } from 'express';
import type { Observable } from 'rxjs';

const CONSUMES_KEY = 'carekeep:consumes';
const JSON_ONLY = ['application/json'];

/**
 * The media types a route takes a body in (documented in Swagger too). Routes without it take
 * application/json.
 */
export function Consumes(...types: string[]): MethodDecorator & ClassDecorator {
  return applyDecorators(SetMetadata(CONSUMES_KEY, types), ApiConsumes(...types));
}

/** Whether the request carries a body that means something (a POST with no body may say any type, or none). */
function hasBody(req: Request): boolean {
  if (req.method === 'GET' || req.method === 'HEAD') return false;
  if (req.headers['transfer-encoding'] !== undefined) return true;
  const length = Number(req.headers['content-length']);
  return Number.isFinite(length) && length > 0;
}

/**
 * Refuses a body in a media type the route does not take with 415 instead of ignoring it: the
 * JSON body parser skips `text/plain` or `application/xml`, and a route whose fields are all
 * optional would otherwise answer 200 having changed nothing.
 */
@Injectable()
export class ContentTypeInterceptor implements NestInterceptor {
  constructor(private readonly reflector: Reflector) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const req = context.switchToHttp().getRequest<Request>();
    if (hasBody(req)) {
      const accepted =
        this.reflector.getAllAndOverride<string[] | undefined>(CONSUMES_KEY, [context.getHandler(), context.getClass()]) ?? JSON_ONLY;
      if (!req.is(accepted)) {
        const sent = req.get('content-type')?.split(';')[0]?.trim();
        throw new UnsupportedMediaTypeException(
          `Send the request body as ${accepted.join(' or ')}${sent ? ` (it was ${sent})` : ' (it had no Content-Type)'}`,
        );
      }
    }
    return next.handle();
  }
}
