import type { EntityManager } from '@mikro-orm/postgresql';

import type { SortOrder } from '../common/list-query.js';

type Nullable<T> = { [K in keyof T]: T[K] | null };

/** A row of a page; with an empty page, the one row carries the total alone (its other columns null). */
export type PageRow<Row> = { total: number } & Nullable<Row>;

/** The rows of an append-only log (a table with `created_at` and `id`) under a filter. */
export interface LogQuery {
  /** The log's table, as `from` names it under `alias`. */
  table: string;
  alias: string;
  /** The table and what it joins to name who acted. */
  from: string;
  columns: string;
  where: string;
  params: unknown[];
}

/**
 * One page of a log and its total in one statement, sorted by one of the log's own columns; entries
 * that share its value read newest first, and the id comes last, so pages stay stable when times tie.
 */
export function logPage<Row>(
  em: EntityManager,
  query: LogQuery,
  sort: { column: string; order: SortOrder },
  range?: { start: number; end: number },
): Promise<PageRow<Row>[]> {
  const order = [
    `${sort.column} ${sort.order === 'ASC' ? 'asc' : 'desc'}`,
    ...(sort.column === 'created_at' ? [] : ['created_at desc']),
    'id asc',
  ];
  const on = (alias: string) => order.map((term) => `${alias}.${term}`).join(', ');
  const page = range ? { sql: ' limit ? offset ?', params: [range.end - range.start + 1, range.start] } : { sql: '', params: [] };
  return em.execute<PageRow<Row>[]>(
    `select t.total, p.*
       from (select count(*)::int as total from ${query.from} where ${query.where}) t
       left join lateral (
         select ${query.columns} from ${query.from} where ${query.where} order by ${on(query.alias)}${page.sql}
       ) p on true
      order by ${on('p')}`,
    [...query.params, ...query.params, ...page.params],
  );
}

/**
 * The next `limit` entries newest first after the entry `afterId` (from the newest without one).
 * The position is the entry's own (time, id), so entries recorded while an export runs neither
 * shift nor repeat its rows.
 */
export function newestLogBatch<Row>(em: EntityManager, query: LogQuery, limit: number, afterId?: string): Promise<Row[]> {
  const { alias } = query;
  const after = afterId
    ? {
        sql: ` and (${alias}.created_at, ${alias}.id) < (select c.created_at, c.id from ${query.table} c where c.id = ?)`,
        params: [afterId],
      }
    : { sql: '', params: [] };
  return em.execute<Row[]>(
    `select ${query.columns} from ${query.from} where ${query.where}${after.sql}
      order by ${alias}.created_at desc, ${alias}.id desc limit ?`,
    [...query.params, ...after.params, limit],
  );
}
