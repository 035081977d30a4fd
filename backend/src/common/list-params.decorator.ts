import { applyDecorators, createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { ApiHeader, ApiQuery, ApiResponse } from '@nestjs/swagger';
import type { Request } from 'express';

import { type ListQueryRules, parseListQuery } from './list-query.js';

/** Injects the parsed react-admin list parameters (a malformed one answers 400). */
export const ListParams = createParamDecorator((rules: ListQueryRules, context: ExecutionContext) => {
  const request = context.switchToHttp().getRequest<Request>();
  const { range, sort, filter } = request.query as Record<string, unknown>;
  return parseListQuery({ range, sort, filter }, rules);
});

/** Documents the list parameters and the Content-Range header of a list endpoint. */
export function ApiListQuery(rules: ListQueryRules): MethodDecorator {
  return applyDecorators(
    ApiQuery({ name: 'range', required: false, description: 'JSON [start, end], inclusive, e.g. [0,24]' }),
    ApiQuery({
      name: 'sort',
      required: false,
      description: `JSON [field, "ASC"|"DESC"]; field one of: ${rules.sortable.join(', ')}`,
    }),
    ApiQuery({
      name: 'filter',
      required: false,
      description: `JSON object${rules.filterable?.length ? `; keys: ${rules.filterable.join(', ')}` : ' (no keys accepted)'}${rules.idFilter ? '; id: an array of ids (getMany)' : ''}`,
    }),
    ApiHeader({ name: 'Content-Range', required: false, description: 'Answered: "<resource> <start>-<end>/<total>"' }),
    ApiResponse({ status: 400, description: 'A malformed range, sort or filter' }),
  );
}
