import {
  applyDecorators,
  BadRequestException,
  type CallHandler,
  type ExecutionContext,
  Injectable,
  type NestInterceptor,
  SetMetadata,
  UnsupportedMediaTypeException,
} from '@nestjs/common';
import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants.js';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum.js';
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

/** The argument kinds a handler reads that can carry the request body: the parsed body, or the request itself. */
const READS_BODY = new Set<number>([RouteParamtypes.BODY, RouteParamtypes.REQUEST, RouteParamtypes.RAW_BODY]);
const takesBody = new WeakMap<object, boolean>();

/** Whether the handler reads a body at all (a @Body, or the request, as uploads and webhooks do). */
function handlerTakesBody(context: ExecutionContext): boolean {
  const handler = context.getHandler();
  let known = takesBody.get(handler);
  if (known === undefined) {
    const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, context.getClass(), handler.name) ?? {}) as Record<string, unknown>;
    known = Object.keys(args).some((key) => READS_BODY.has(Number(key.split(':')[0])));
    takesBody.set(handler, known);
  }
  return known;
}

/** A parsed JSON body with something in it: anything but an empty object. */
function meaningfulJson(body: unknown): boolean {
  if (body === undefined) return false;
  return !(typeof body === 'object' && body !== null && !Array.isArray(body) && Object.keys(body).length === 0);
}

/**
 * Refuses a body in a media type the route does not take with 415 instead of ignoring it: the
 * JSON body parser skips `text/plain` or `application/xml`, and a route whose fields are all
 * optional would otherwise answer 200 having changed nothing. A route that takes no body refuses
 * one with something in it (400).
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
      // A route that takes no body (enable overage, send the due reminders) does not act on JSON that
      // says something: `[1,2,3]` is a mistake, not a request. An empty object is an empty body; a
      // form (a one-click unsubscribe's `List-Unsubscribe=One-Click`) is left to the route.
      if (req.is('application/json') && !handlerTakesBody(context) && meaningfulJson(req.body)) {
        throw new BadRequestException('This request takes no body: send none, or {}');
      }
    }
    return next.handle();
  }
}
