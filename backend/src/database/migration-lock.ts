import { withPgClient } from './database-server.js';

/**
 * The PostgreSQL advisory lock held while migrations run: a fixed key of this application, the
 * bytes of "carekeep" read as a 64-bit number.
 */
export const MIGRATION_LOCK_KEY = '7161130662414869872';

/**
 * Runs `migrate` while holding the migration lock, so that instances started together (a deploy of
 * N replicas, a release step beside a starting server) apply pending migrations one at a time: the
 * first applies them, the others wait and find nothing to do.
 *
 * The lock is taken inside a transaction left open on its own connection while `migrate` runs, and
 * ends with it. That also holds through a pooler in transaction mode (PgBouncer), which keeps a
 * server connection for a client only for the length of a transaction: a session lock would stay
 * behind on a pooled connection and block every later start. A process that dies while migrating
 * loses its connection, and the transaction and the lock with it.
 */
export function withMigrationLock<T>(databaseUrl: string, migrate: () => Promise<T>): Promise<T> {
  return withPgClient(databaseUrl, async (client) => {
    await client.query('begin');
    try {
      await client.query('select pg_advisory_xact_lock($1::bigint)', [MIGRATION_LOCK_KEY]);
      return await migrate();
    } finally {
      await client.query('commit').catch(() => undefined);
    }
  });
}
