import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * The rows of one read statement, run on MikroORM's own `pg` pool (`getNativeClient()`) with the
 * ORM's parameter quoting (`formatQuery`, as `em.execute` sends it) and the ORM's type parsers (they
 * belong to the pool): the same connections, the same SQL and the same rows as `em.execute`, without
 * its per-statement wrapper (query context, logging, Kysely's executor and connection provider).
 *
 * For the reads on every request of the broker app only — the signed-in broker's row and the client
 * list — where that wrapper measured 15 µs of CPU a statement and extra garbage under load (ADR 0006,
 * docs/performance.md). It does not join a transaction: a statement inside one goes through the
 * entity manager as every other statement does. Debug query logging does not show these statements.
 *
 * The rows are handed over in an array of their own and the driver's array is emptied: under load
 * the driver's array outlived the request in young-generation collections, so every page's rows were
 * promoted to the old generation and freed only by full collections, which then set the list's p99
 * (docs/performance.md, "What set the page's p99").
 */
export async function hotReadRows<T>(em: EntityManager, sql: string, params: readonly unknown[]): Promise<T[]> {
  const connection = em.getConnection();
  const pool = await connection.getNativeClient();
  return takeRows<T>(await pool.query(connection.getPlatform().formatQuery(sql, params)));
}

/**
 * A `pg` result's rows in an array of their own, the driver's array emptied (see above): for reads on
 * every request that run on a `pg` pool directly.
 */
export function takeRows<T>(result: { rows: unknown[] }): T[] {
  const rows = result.rows.slice() as T[];
  result.rows.length = 0;
  return rows;
}
