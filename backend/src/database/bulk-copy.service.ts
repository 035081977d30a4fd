import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

import { DATABASE_URL } from './database.tokens.js';

/** A value of a row written by COPY: text, a number, or null (dates as their ISO text). */
export type CopyValue = string | number | null;

/** One value in COPY's text format: backslashes, tabs and line ends escaped, null as \N. */
function copyText(value: CopyValue): string {
  if (value === null) return '\\N';
  if (typeof value === 'number') return String(value);
  return value.replace(/[\\\t\n\r]/g, (c) => (c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r'));
}

/**
 * Writes many rows at PostgreSQL's own bulk rate (`COPY … FROM STDIN`), for the imports whose rows
 * come by the thousand. Its connections are its own (two at most): a COPY holds one for its whole
 * stream, and MikroORM's driver does not speak COPY. The SQL itself is the repositories'.
 */
@Injectable()
export class BulkCopyService implements OnApplicationShutdown {
  private readonly logger = new Logger('BulkCopy');
  private readonly pool: pg.Pool;

  constructor(@Inject(DATABASE_URL) databaseUrl: string) {
    this.pool = new pg.Pool({ connectionString: databaseUrl, max: 2, application_name: 'carekeep-bulk-copy' });
    this.pool.on('error', (error) => this.logger.warn(`PostgreSQL bulk copy connection lost: ${error.message}`));
  }

  /** The rows of one read, on the pool's own connection: for a read of thousands of rows that a COPY's batches wait on. */
  async rows<T>(sql: string, params: unknown[]): Promise<T[]> {
    return (await this.pool.query(sql, params)).rows as T[];
  }

  /**
   * In one transaction: `before` (each statement with its parameters; one given a message must
   * answer a row, else the copy fails with that message), then `copy` (a `COPY … FROM STDIN`
   * statement in text format) fed with the batches of rows as they come, then commit. A failure
   * anywhere rolls the whole of it back.
   */
  async copy(
    before: [sql: string, params: unknown[], noRow?: string][],
    copy: string,
    batches: AsyncIterable<CopyValue[][]>,
  ): Promise<void> {
    const client = await this.pool.connect();
    let failed: unknown;
    try {
      await client.query('begin');
      for (const [sql, params, noRow] of before) {
        const result = await client.query(sql, params);
        if (noRow !== undefined && !result.rowCount) throw new Error(noRow);
      }
      const lines = Readable.from(
        (async function* () {
          for await (const batch of batches) {
            if (batch.length) yield batch.map((row) => `${row.map(copyText).join('\t')}\n`).join('');
          }
        })(),
      );
      await pipeline(lines, client.query(copyFrom(copy)));
      await client.query('commit');
    } catch (error) {
      failed = error;
      await client.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      // A connection left in an unknown state by a failed COPY is closed rather than reused.
      client.release(failed instanceof Error ? failed : undefined);
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.pool.end();
  }
}
