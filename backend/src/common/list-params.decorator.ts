import { applyDecorators, createParamDecorator, type ExecutionContext, type Type } from '@nestjs/common';
import { ApiOkResponse, ApiQuery } from '@nestjs/swagger';
import type { Request } from 'express';

import { DEFAULT_MAX_PAGE_SIZE, type ListQueryRules, parseListQuery } from './list-query.js';
import { refuseUnknownQuery } from './query-keys.js';

/** Injects the parsed react-admin list parameters (a malformed one answers 400). */
export const ListParams = createParamDecorator((rules: ListQueryRules, context: ExecutionContext) => {
  const request = context.switchToHttp().getRequest<Request>();
  const { range, sort, filter } = request.query as Record<string, unknown>;
  return parseListQuery({ range, sort, filter }, rules);
});

/** ListParams for an export the activity log records: any other query key is a 400 too. */
export const ExportParams = createParamDecorator((rules: ListQueryRules, context: ExecutionContext) => {
  const request = context.switchToHttp().getRequest<Request>();
  refuseUnknownQuery(request.query, ['range', 'sort', 'filter']);
  const { range, sort, filter } = request.query as Record<string, unknown>;
  return parseListQuery({ range, sort, filter }, rules);
});

export interface ApiListOptions {
  /**
   * The row's type: the 200 answer is an array of it with the Content-Range header. Left out for an
   * endpoint that takes the list's parameters but answers something else (an export).
   */
  type?: Type<unknown>;
  /** The resource named in Content-Range (`clients 0-24/319`). */
  resource?: string;
  /** A filter with real values for the list's keys, shown as an example beside the getMany one. */
  filterExample?: Record<string, unknown>;
}

/** An example id for getMany in the contract. */
const EXAMPLE_IDS = ['6f1c2a9e-4b7d-4e3a-9c2f-8a1b2c3d4e5f', '0b8e7d6c-5a4f-4e3d-8c2b-1a0f9e8d7c6b'];

function filterExamples(rules: ListQueryRules, extra?: Record<string, unknown>) {
  const examples: Record<string, { summary: string; value: string }> = {};
  if (rules.idFilter) examples.getMany = { summary: 'These rows only (react-admin’s getMany)', value: JSON.stringify({ id: EXAMPLE_IDS }) };
  if (extra) examples.byKeys = { summary: 'By the list’s own keys', value: JSON.stringify(extra) };
  else if (rules.filterable?.includes('q')) examples.search = { summary: 'A search', value: JSON.stringify({ q: 'ibarra' }) };
  return examples;
}

/**
 * Documents the list parameters (react-admin's simple REST protocol: range, sort and filter, each a
 * JSON text in the query string) and, given the row type, the 200 answer with its Content-Range
 * header. A malformed parameter answers 400 (documented for every operation with a query).
 */
export function ApiListQuery(rules: ListQueryRules, options: ApiListOptions = {}): MethodDecorator {
  const keys = rules.filterable?.length ? `keys: ${rules.filterable.join(', ')}` : 'no other keys accepted';
  const decorators = [
    ApiQuery({
      name: 'range',
      required: false,
      type: String,
      example: '[0,24]',
      description:
        'JSON [start, end], inclusive: [0,24] is the first 25 rows. ' +
        `At most ${rules.maxPageSize ?? DEFAULT_MAX_PAGE_SIZE} rows at once; without a range the list answers every row.`,
    }),
    ApiQuery({
      name: 'sort',
      required: false,
      type: String,
      example: JSON.stringify([rules.sortable.includes('createdAt') ? 'createdAt' : rules.sortable[0], 'DESC']),
      description: `JSON [field, "ASC"|"DESC"]; field one of: ${rules.sortable.join(', ')}`,
    }),
    ApiQuery({
      name: 'filter',
      required: false,
      type: String,
      examples: filterExamples(rules, options.filterExample),
      // The keys come last: the bad-input walk reads them from the end of this text.
      description:
        'JSON object; an unknown key is a 400. ' +
        (rules.idFilter ? '{"id": [ids]} answers just those rows (react-admin’s getMany), as on every list. ' : '') +
        keys,
    }),
  ];
  if (options.type) {
    decorators.push(
      ApiOkResponse({
        type: [options.type],
        description: 'The rows of the page asked for (every row without a range)',
        headers: {
          'Content-Range': {
            description:
              'Where the page lies in the whole list: `<resource> <start>-<end>/<total>`, or `<resource> */<total>` for an empty page',
            schema: { type: 'string', example: `${options.resource ?? 'items'} 0-24/319` },
          },
        },
      }),
    );
  }
  return applyDecorators(...decorators);
}
