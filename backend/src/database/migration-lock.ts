import { withPgClient } from './database-server.js';

/**
 * The PostgreSQL advisory lock held while migrations run: a fixed key of this application, the
 * bytes of "carekeep" read as a 64-bit number.
 */
export const MIGRATION_LOCK_KEY = '7161130662414869872';

/**
 * Runs `migrate` while holding the migration lock on its own connection, so that instances started
 * together (a deploy of N replicas, a release step beside a starting server) apply pending
 * migrations one at a time: the first applies them, the others wait and find nothing to do. The
 * lock goes with the connection (closed when `migrate` is done), so a process that dies while
 * migrating does not leave it held.
 */
export function withMigrationLock<T>(databaseUrl: string, migrate: () => Promise<T>): Promise<T> {
  return withPgClient(databaseUrl, async (client) => {
    await client.query('select pg_advisory_lock($1::bigint)', [MIGRATION_LOCK_KEY]);
    return migrate();
  });
}
