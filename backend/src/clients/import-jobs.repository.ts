import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

import type { Actor } from '../agency-log/actor.js';
import type { ImportProgress } from './csv-import.service.js';
import type { ImportJobStatus } from './import-job.entity.js';

/** An import as it ended: what the activity log's entry for it says. */
export interface EndedImportRow {
  id: string;
  broker_id: string;
  status: ImportJobStatus;
  file_name: string;
  rows_read: number;
  rows_imported: number;
  rows_rejected: number;
  message: string | null;
  started_by: Omit<Actor, 'agencyId'> | null;
}

const ENDED_COLUMNS = 'id, broker_id, status, file_name, rows_read, rows_imported, rows_rejected, message, started_by';

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

  /** Ends a running import as completed, in `em`; its total becomes the rows read. Answers the import as it ended, if this ended it. */
  async complete(em: EntityManager, id: string, message: string): Promise<EndedImportRow | undefined> {
    const [ended] = await em.execute<EndedImportRow[]>(
      `update import_jobs set status = 'completed', message = ?, rows_total = rows_read, finished_at = now(), updated_at = now()
        where id = ? and status = 'running' returning ${ENDED_COLUMNS}`,
      [message, id],
    );
    return ended;
  }

  /** Ends a queued or running import as failed, in `em`. Answers the import as it ended, if this ended it. */
  async fail(em: EntityManager, id: string, message: string): Promise<EndedImportRow | undefined> {
    const [ended] = await em.execute<EndedImportRow[]>(
      `update import_jobs set status = 'failed', message = ?, finished_at = now(), updated_at = now()
        where id = ? and status in ('queued', 'running') returning ${ENDED_COLUMNS}`,
      [message, id],
    );
    return ended;
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
