import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import type { Response } from 'express';
import { map, type Observable } from 'rxjs';

import { ListResult } from './list-query.js';

/**
 * Turns a ListResult into react-admin's simple REST answer: the array as the body and the
 * `Content-Range` header (exposed to scripts). Registered globally; other results pass through.
 */
@Injectable()
export class ListResponseInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(
      map((body: unknown) => {
        if (!(body instanceof ListResult)) return body;
        const response = context.switchToHttp().getResponse<Response>();
        response.setHeader('Content-Range', body.contentRange());
        response.setHeader('Access-Control-Expose-Headers', 'Content-Range');
        return body.items;
      }),
    );
  }
}
