import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

import type { ImportProgress } from './csv-import.service.js';

/**
 * The SQL on `import_jobs`: a worker's start, progress and end, each only from the state it expects
 * (another worker may have moved the import on), and the hourly clean-up.
 */
@Injectable()
export class ImportJobsRepository {
  constructor(private readonly em: EntityManager) {}

  async setRowsTotal(id: string, total: number): Promise<void> {
    await this.em.execute(`update import_jobs set rows_total = ?, updated_at = now() where id = ?`, [total, id]);
  }

  /** Counts a worker's start on a queued or running import; false when it is over or gone. */
  async start(id: string): Promise<boolean> {
    const started = await this.em.execute<{ id: string }[]>(
      `update import_jobs set attempts = attempts + 1, status = 'running', updated_at = now()
        where id = ? and status in ('queued', 'running') returning id`,
      [id],
    );
    return started.length > 0;
  }

  /**
   * Stores a batch's progress in its transaction (`em`), only over the progress the worker last
   * saw (`previous`); false when another worker has moved the import on.
   */
  async saveProgress(id: string, previous: ImportProgress, next: ImportProgress, em: EntityManager): Promise<boolean> {
    const saved = await em.execute<{ id: string }[]>(
      `update import_jobs
          set rows_read = ?, rows_imported = ?, rows_rejected = ?, rows_over_limit = ?, last_line = ?, limit_reached = ?,
              errors = ?::jsonb, updated_at = now()
        where id = ? and status = 'running' and last_line = ?
        returning id`,
      [
        next.rowsRead,
        next.rowsImported,
        next.rowsRejected,
        next.rowsOverLimit,
        next.lastLine,
        next.limitReached,
        JSON.stringify(next.errors),
        id,
        previous.lastLine,
      ],
    );
    return saved.length === 1;
  }

  /** Ends a running import as completed; its total becomes the rows read. */
  async complete(id: string, message: string): Promise<void> {
    await this.em.execute(
      `update import_jobs set status = 'completed', message = ?, rows_total = rows_read, finished_at = now(), updated_at = now()
        where id = ? and status = 'running'`,
      [message, id],
    );
  }

  /** Ends a queued or running import as failed. */
  async fail(id: string, message: string): Promise<void> {
    await this.em.execute(
      `update import_jobs set status = 'failed', message = ?, finished_at = now(), updated_at = now()
        where id = ? and status in ('queued', 'running')`,
      [message, id],
    );
  }

  /** Queued or running imports that have not moved for `hours`. */
  async notMovedFor(hours: number): Promise<string[]> {
    const rows = await this.em.execute<{ id: string }[]>(
      `select id from import_jobs where status in ('queued', 'running') and updated_at < now() - make_interval(hours => ?)`,
      [hours],
    );
    return rows.map((row) => row.id);
  }

  async deleteFinishedBefore(days: number): Promise<void> {
    await this.em.execute(`delete from import_jobs where finished_at < now() - make_interval(days => ?)`, [days]);
  }
}
