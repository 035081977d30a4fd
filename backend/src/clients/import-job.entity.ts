import { randomUUID } from 'node:crypto';

import { OptionalProps } from '@mikro-orm/core';
import { Check, Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

import type { Actor } from '../agency-log/actor.js';
import { User } from '../users/user.entity.js';

export const IMPORT_JOB_STATUSES = ['queued', 'running', 'completed', 'failed'] as const;
export type ImportJobStatus = (typeof IMPORT_JOB_STATUSES)[number];

/** One problem row of an import: its line in the file (the header is line 1). */
export interface ImportRowError {
  row: number;
  field: string;
  message: string;
}

/**
 * A broker's CSV import, worked in the background: the stored file, and how far the import has
 * got. Each batch of rows commits together with these counters, so `lastLine` is exactly where a
 * resumed import carries on.
 */
@Entity({ tableName: 'import_jobs' })
@Check({ name: 'import_jobs_status_check', expression: `status in ('queued', 'running', 'completed', 'failed')` })
@Index({ name: 'import_jobs_broker_created_idx', properties: ['broker', 'createdAt'] })
export class ImportJob {
  [OptionalProps]?:
    | 'status'
    | 'rowsTotal'
    | 'rowsRead'
    | 'rowsImported'
    | 'rowsRejected'
    | 'rowsOverLimit'
    | 'lastLine'
    | 'limitReached'
    | 'marketingAttested'
    | 'errors'
    | 'message'
    | 'attempts'
    | 'createdAt'
    | 'updatedAt'
    | 'finishedAt'
    | 'startedBy';

  /** What the API calls the jobId. */
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => User, { fieldName: 'broker_id', deleteRule: 'cascade' })
  broker!: User;

  @Property({ type: 'text', default: 'queued' })
  status: ImportJobStatus = 'queued';

  /** The uploaded file in storage (`imports/{uuid}.csv`), removed when the job ends. */
  @Property({ type: 'text' })
  fileKey!: string;

  @Property({ type: 'text' })
  fileName!: string;

  /** Client rows in the file (the header not counted), known once the file has been read through. */
  @Property({ type: 'int', nullable: true })
  rowsTotal?: number | null;

  @Property({ type: 'int', default: 0 })
  rowsRead: number = 0;

  @Property({ type: 'int', default: 0 })
  rowsImported: number = 0;

  /** Rows not imported: skipped for an error, or left out by the client limit. */
  @Property({ type: 'int', default: 0 })
  rowsRejected: number = 0;

  /** Of rowsRejected, those left out by the client limit. */
  @Property({ type: 'int', default: 0 })
  rowsOverLimit: number = 0;

  /** The file's last line whose row has been committed (0: none yet). */
  @Property({ type: 'int', default: 0 })
  lastLine: number = 0;

  @Property({ type: 'boolean', default: false })
  limitReached: boolean = false;

  /** The first problems, in file order (capped). */
  /** The broker attested at upload that the clients marked for marketing gave written permission. */
  @Property({ type: 'boolean', default: false })
  marketingAttested: boolean = false;

  @Property({ type: 'jsonb', default: '[]' })
  errors: ImportRowError[] = [];

  /** The summary once completed, the reason once failed. */
  @Property({ type: 'text', nullable: true })
  message?: string | null;

  /** How many times a worker has started on it. */
  @Property({ type: 'smallint', default: 0 })
  attempts: number = 0;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date = new Date();

  @Property({ type: 'timestamptz', nullable: true })
  finishedAt?: Date | null;

  /**
   * Who uploaded the file (member, API token, address), for the activity log's one entry when the
   * import ends; null for imports queued before the log.
   */
  @Property({ type: 'jsonb', nullable: true })
  startedBy?: Omit<Actor, 'agencyId'> | null = null;
}
