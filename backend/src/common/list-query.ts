import type { EntityManager, EntityName, FilterQuery } from '@mikro-orm/postgresql';
import { BadRequestException } from '@nestjs/common';

import { isUuid } from './ids.js';
import { assertSafeInput } from './input-safety.js';

export type SortOrder = 'ASC' | 'DESC';

/** react-admin's simple REST list parameters, parsed and checked. */
export interface ListQuery {
  /** Inclusive bounds, as react-admin sends them: [0, 24] is the first 25 rows. */
  range?: { start: number; end: number };
  sort?: { field: string; order: SortOrder };
  filter: Record<string, unknown>;
}

export interface ListQueryRules {
  /** Fields a client may sort by. */
  sortable: readonly string[];
  /** Filter keys a client may send, with text values; any other key is rejected. */
  filterable?: readonly string[];
  /** Filter keys among those whose values are true or false instead. */
  booleanFilters?: readonly string[];
  /** Filter keys among those whose values are whole numbers instead. */
  numberFilters?: readonly string[];
  /** Filter keys among those whose values are text or a list of texts (any of them matches). */
  listFilters?: readonly string[];
  /**
   * Whether `filter.id` may name the rows to answer: an array of ids (react-admin's getMany, which
   * ReferenceField and ReferenceInput use), at most `maxPageSize`.
   */
  idFilter?: boolean;
  /** Largest page a client may ask for. */
  maxPageSize?: number;
}

export const DEFAULT_MAX_PAGE_SIZE = 1000;

export interface RawListParams {
  range?: unknown;
  sort?: unknown;
  filter?: unknown;
}

function parseJson(name: string, raw: unknown): unknown {
  if (raw === undefined || raw === '') return undefined;
  if (typeof raw !== 'string') throw new BadRequestException(`${name} must be given once, as JSON`);
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw new BadRequestException(`${name} is not valid JSON`);
  }
  assertSafeInput(value, name);
  return value;
}

function parseRange(raw: unknown, maxPageSize: number): ListQuery['range'] {
  const value = parseJson('range', raw);
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || value.length !== 2 || !value.every((n) => Number.isSafeInteger(n) && n >= 0) || value[1] < value[0]) {
    throw new BadRequestException('range must be [start, end]: two whole numbers, 0 or more, end not before start');
  }
  const [start, end] = value as [number, number];
  if (end - start + 1 > maxPageSize) {
    throw new BadRequestException(`range asks for more than ${maxPageSize} rows at once`);
  }
  return { start, end };
}

function parseSort(raw: unknown, sortable: readonly string[]): ListQuery['sort'] {
  const value = parseJson('sort', raw);
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || value.length !== 2 || typeof value[0] !== 'string' || typeof value[1] !== 'string') {
    throw new BadRequestException('sort must be [field, "ASC" | "DESC"]');
  }
  const [field, rawOrder] = value as [string, string];
  const order = rawOrder.toUpperCase();
  if (order !== 'ASC' && order !== 'DESC') throw new BadRequestException('sort order must be "ASC" or "DESC"');
  if (!sortable.includes(field)) {
    throw new BadRequestException(`sort field "${field}" is not one of: ${sortable.join(', ')}`);
  }
  return { field, order };
}

function parseFilter(raw: unknown, rules: ListQueryRules): Record<string, unknown> {
  const value = parseJson('filter', raw);
  if (value === undefined) return {};
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new BadRequestException('filter must be a JSON object');
  }
  const unknownKeys = Object.keys(value).filter((key) => !(rules.filterable ?? []).includes(key) && !(key === 'id' && rules.idFilter));
  if (unknownKeys.length > 0) {
    throw new BadRequestException(`filter has unknown field(s): ${unknownKeys.join(', ')}`);
  }
  for (const [key, item] of Object.entries(value)) {
    if (key === 'id' && rules.idFilter) {
      const max = rules.maxPageSize ?? DEFAULT_MAX_PAGE_SIZE;
      if (!Array.isArray(item) || item.length > max || !item.every((id) => typeof id === 'string' && isUuid(id)))
        throw new BadRequestException(`filter id must be a list of at most ${max} ids`);
    } else if (rules.numberFilters?.includes(key)) {
      if (typeof item !== 'number' || !Number.isSafeInteger(item)) throw new BadRequestException(`filter ${key} must be a whole number`);
    } else if (rules.listFilters?.includes(key)) {
      if (typeof item !== 'string' && !(Array.isArray(item) && item.length <= 100 && item.every((one) => typeof one === 'string')))
        throw new BadRequestException(`filter ${key} must be text or a list of texts`);
    } else if (rules.booleanFilters?.includes(key)) {
      if (typeof item !== 'boolean') throw new BadRequestException(`filter ${key} must be true or false`);
    } else if (typeof item !== 'string') {
      throw new BadRequestException(`filter ${key} must be text`);
    }
  }
  return value as Record<string, unknown>;
}

/** The ids of react-admin's getMany (`filter={"id":[…]}`), checked by parseFilter; undefined when not asked. */
export function idsOf(query: ListQuery): string[] | undefined {
  return Array.isArray(query.filter.id) ? (query.filter.id as string[]) : undefined;
}

/** Parses `range`, `sort` and `filter`; anything malformed is a 400 with a message, never a 500. */
export function parseListQuery(params: RawListParams, rules: ListQueryRules): ListQuery {
  return {
    range: parseRange(params.range, rules.maxPageSize ?? DEFAULT_MAX_PAGE_SIZE),
    sort: parseSort(params.sort, rules.sortable),
    filter: parseFilter(params.filter, rules),
  };
}

/**
 * One page of a list. With a range the response carries `Content-Range`; without one the
 * endpoint answers the plain array (see ListResponseInterceptor).
 */
export class ListResult<T> {
  constructor(
    readonly resource: string,
    readonly items: T[],
    readonly total: number,
    readonly range?: { start: number; end: number },
  ) {}

  // `clients 0-24/319`, or `clients */0` for an empty page.
  contentRange(): string {
    if (this.items.length === 0) return `${this.resource} */${this.total}`;
    const start = this.range?.start ?? 0;
    return `${this.resource} ${start}-${start + this.items.length - 1}/${this.total}`;
  }

  map<U>(mapper: (item: T) => U): ListResult<U> {
    return new ListResult(this.resource, this.items.map(mapper), this.total, this.range);
  }
}

export interface FindListOptions<T extends object> {
  resource: string;
  where: FilterQuery<T>;
  query: ListQuery;
  /** Order when the client sends no sort; the id always follows it as the tie-breaker that keeps pages stable. */
  defaultSort: { field: string; order: SortOrder };
}

/** Runs a list query: the page and the total in one round trip each, sorted with a stable tie-breaker. */
export async function findList<T extends object>(
  em: EntityManager,
  entity: EntityName<T>,
  options: FindListOptions<T>,
): Promise<ListResult<T>> {
  const { query, defaultSort } = options;
  const sort = query.sort ?? defaultSort;
  const orderBy: Record<string, SortOrder> = { [sort.field]: sort.order };
  if (sort.field !== 'id') orderBy.id = 'ASC';
  const [items, total] = await em.findAndCount(entity, options.where as FilterQuery<NoInfer<T>>, {
    orderBy: orderBy as never,
    offset: query.range?.start,
    limit: query.range ? query.range.end - query.range.start + 1 : undefined,
  });
  return new ListResult(options.resource, items, total, query.range);
}
