import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';

import { EntityManager } from '@mikro-orm/postgresql';
import {
  BadRequestException,
  Injectable,
  Logger,
  NotFoundException,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';

import type { Actor } from '../agency-log/actor.js';
import { type AgencyLogEntry, AgencyLogService } from '../agency-log/agency-log.service.js';
import { remainingCapacity } from '../billing/plan-limits.js';
import { isUuid } from '../common/ids.js';
import type { SpooledUpload } from '../common/multipart.js';
import { JobsService } from '../jobs/jobs.service.js';
import { Member } from '../members/member.entity.js';
import { StorageService } from '../storage/storage.service.js';
import { User } from '../users/user.entity.js';
import { checkCsvUpload, countCsvLines, CsvFileException, EMPTY_FILE } from './client-csv.js';
import { ClientLimitReachedException, ClientsService } from './clients.service.js';
import {
  CsvImportService,
  ImportInterruptedError,
  type ImportProgress,
  ImportSupersededError,
  type ImportTeam,
} from './csv-import.service.js';
import type { ImportJobDto } from './dto/import-job.dto.js';
import { ImportJob } from './import-job.entity.js';
import { type EndedImportRow, ImportJobsRepository } from './import-jobs.repository.js';

export const IMPORT_QUEUE = 'client-csv-import';
/** Times a worker may start on one import (each restart of the instance working it costs one). */
export const MAX_IMPORT_ATTEMPTS = 5;
const KEEP_FINISHED_DAYS = 30;
/**
 * A job not moved on for this long has lost its worker for good (never queued, or its worker gave
 * way to one that then died): a running import moves on with every batch, and pg-boss ends a job
 * after an hour.
 */
const STUCK_AFTER_HOURS = 2;

const NO_FILE = 'No file uploaded: send it in the "file" field';
const NOT_FOUND = 'No such import for this broker';
export const SERVER_ERROR = 'The import stopped because of an error on the server.';
export const TOO_MANY_ATTEMPTS = `The import stopped after being interrupted ${MAX_IMPORT_ATTEMPTS} times.`;
const STUCK = 'The import did not finish.';
/**
 * An import run while its upload waits is also queued this far ahead: should the instance stop
 * before it ends, another takes it up then; once it has ended, the queued job finds nothing to do.
 */
const INLINE_BACKSTOP_SECONDS = 120;

export interface ImportJobData {
  importId: string;
  /** Also here, so the file goes even when the import's row has gone (with its broker). */
  fileKey: string;
}

const plural = (n: number, word: string) => `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;
const inBackground = (rows: number) => `Importing ${plural(rows, 'row')} in the background`;

function toDto(job: ImportJob): ImportJobDto {
  return {
    jobId: job.id,
    status: job.status,
    fileName: job.fileName,
    rowsTotal: job.rowsTotal ?? null,
    rowsRead: job.rowsRead,
    imported: job.rowsImported,
    rejected: job.rowsRejected,
    count: job.rowsImported,
    partial: job.status === 'failed' || job.limitReached || job.rowsRejected > 0,
    limitReached: job.limitReached,
    message: job.message ?? null,
    errors: job.errors,
    createdAt: job.createdAt.toISOString(),
    finishedAt: job.finishedAt?.toISOString() ?? null,
  };
}

/** An import's one entry in the activity log: the file and its counts (never the rows themselves). */
function importEntry(job: EndedImportRow): AgencyLogEntry {
  const file = job.file_name;
  return {
    action: 'clients_imported',
    targetType: 'import',
    targetId: job.id,
    summary:
      job.status === 'completed'
        ? `Imported ${plural(job.rows_imported, 'client')} from ${file}`
        : `The import of ${file} stopped after ${plural(job.rows_imported, 'client')}`,
    after: {
      fileName: file,
      status: job.status,
      rowsRead: job.rows_read,
      imported: job.rows_imported,
      rejected: job.rows_rejected,
    },
  };
}

function progressOf(job: ImportJob): ImportProgress {
  return {
    rowsRead: job.rowsRead,
    rowsImported: job.rowsImported,
    rowsRejected: job.rowsRejected,
    rowsOverLimit: job.rowsOverLimit,
    lastLine: job.lastLine,
    limitReached: job.limitReached,
    errors: job.errors,
  };
}

/**
 * CSV imports as background jobs (table import_jobs, queue client-csv-import): an upload is checked
 * as far as it can be at once, stored, and queued; any instance works it, batch by batch, and one
 * that stops (a deploy, a crash) leaves the import to be resumed where its last batch committed.
 * An import that cannot go on ends `failed`, saying why and what was imported before.
 */
@Injectable()
export class ImportJobsService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Imports');
  private stopping = false;

  constructor(
    private readonly em: EntityManager,
    private readonly jobs: JobsService,
    private readonly storage: StorageService,
    private readonly clients: ClientsService,
    private readonly csvImport: CsvImportService,
    private readonly imports: ImportJobsRepository,
    private readonly log: AgencyLogService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    // One delivery more than the attempts: the last finds the import out of attempts and fails it cleanly.
    await this.jobs.work<ImportJobData>(IMPORT_QUEUE, (job) => this.work(job.data), {
      retryLimit: MAX_IMPORT_ATTEMPTS,
      expireInSeconds: 60 * 60,
    });
    await this.jobs.schedule('import-jobs-cleanup', '40 * * * *', () => this.cleanUp());
  }

  /** Before the job engine waits for the work under way: an import stops after its current batch. */
  onModuleDestroy(): void {
    this.stopping = true;
  }

  /**
   * Checks the uploaded CSV (encoding, header, room under the client limit), stores it where every
   * instance can read it, and queues its import. A file of at most `inlineMaxRows` rows is imported
   * at once, while the upload waits (`ended` true, with the result); a longer one goes on in the
   * background (`ended` false, the job as queued, with a message that says so).
   */
  async start(
    broker: User,
    actor: Actor,
    upload: SpooledUpload,
    options: { marketingAttested?: boolean; inlineMaxRows?: number } = {},
  ): Promise<{ ended: boolean; job: ImportJobDto }> {
    const marketingAttested = options.marketingAttested ?? false;
    const inline = (rows: number) => rows <= (options.inlineMaxRows ?? 0);
    const file = upload.file;
    try {
      if (!file) throw new BadRequestException(NO_FILE);
      if (file.size === 0) throw new CsvFileException(EMPTY_FILE);
      const rowsTotal = await checkCsvUpload(file.path);
      const usage = await this.clients.usage(broker);
      if (remainingCapacity(usage.tier, usage.activeCount, usage.overageEnabled) < 1) throw new ClientLimitReachedException();

      const fileKey = `imports/${randomUUID()}.csv`;
      await this.storage.putFile(fileKey, file.path, 'text/csv');
      const em = this.em.fork();
      const job = em.create(ImportJob, {
        broker: em.getReference(User, broker.id),
        fileKey,
        fileName: (file.filename || 'clients.csv').slice(0, 255),
        marketingAttested,
        rowsTotal,
        startedBy: { memberId: actor.memberId, tokenId: actor.tokenId, ip: actor.ip },
      });
      try {
        await em.flush();
        await this.jobs.send<ImportJobData>(
          IMPORT_QUEUE,
          { importId: job.id, fileKey },
          { startAfterSeconds: inline(rowsTotal) ? INLINE_BACKSTOP_SECONDS : 0 },
        );
      } catch (error) {
        await em.nativeDelete(ImportJob, { id: job.id });
        await this.storage.delete(fileKey);
        throw error;
      }
      if (inline(rowsTotal)) {
        // Anything that stops it here (the instance stopping, an error worth another try) leaves
        // it to the queued job, and the answer is the job as it stands.
        await this.work({ importId: job.id, fileKey }).catch((error: unknown) => {
          this.logger.warn({ err: error, importId: job.id }, 'CSV import handed to the background');
        });
        const now = toDto(await this.em.fork().findOneOrFail(ImportJob, job.id));
        if (now.status === 'completed' || now.status === 'failed') return { ended: true, job: now };
        return { ended: false, job: { ...now, message: inBackground(rowsTotal) } };
      }
      return { ended: false, job: { ...toDto(job), message: inBackground(rowsTotal) } };
    } finally {
      if (file) await rm(file.path, { force: true });
    }
  }

  /** The broker's import; another broker's, or an id that is none, is not found. */
  async get(broker: User, id: string): Promise<ImportJobDto> {
    if (!isUuid(id)) throw new NotFoundException(NOT_FOUND);
    const job = await this.em.findOne(ImportJob, { id, broker: broker.id });
    if (!job) throw new NotFoundException(NOT_FOUND);
    return toDto(job);
  }

  /**
   * The queue's worker, run again on the same import after a restart: it carries on after the last
   * committed batch. A problem with the file fails the import; an unexpected error hands it back to
   * the queue until the attempts run out.
   */
  async work({ importId, fileKey }: ImportJobData): Promise<void> {
    const job = await this.begin(importId);
    if (!job) {
      // Over already, or gone with its broker.
      await this.storage.delete(fileKey);
      return;
    }
    if (job.attempts > MAX_IMPORT_ATTEMPTS) return this.fail(job.id, TOO_MANY_ATTEMPTS);
    try {
      if (job.rowsTotal === null || job.rowsTotal === undefined) {
        // Counted at upload (checkCsvUpload); an import queued before that was done is counted here.
        const total = await countCsvLines(await this.storage.read(job.fileKey));
        await this.imports.setRowsTotal(job.id, total);
      }
      // Loaded (not a reference): the ledger records the attestations in the broker's language.
      const broker = await this.em.fork().findOneOrFail(User, { id: job.broker.id });
      const progress = await this.csvImport.importRows(
        broker,
        await this.storage.read(job.fileKey),
        progressOf(job),
        (em, previous, next) => this.saveProgress(em, job.id, previous, next),
        () => this.stopping,
        { marketing: job.marketingAttested },
        await this.teamOf(broker.id, job.startedBy?.memberId ?? null),
      );
      await this.end(job.id, 'completed', this.csvImport.summary(progress));
      await this.storage.delete(job.fileKey);
    } catch (error) {
      if (error instanceof ImportSupersededError) return;
      if (error instanceof ImportInterruptedError) throw error;
      if (error instanceof CsvFileException) return this.fail(job.id, error.message);
      this.logger.error({ err: error, importId: job.id, attempt: job.attempts }, 'CSV import stopped by an error');
      if (job.attempts < MAX_IMPORT_ATTEMPTS) throw error;
      await this.fail(job.id, SERVER_ERROR);
    }
  }

  /**
   * The members an import's `assignedTo` column may name (those who have joined, by e-mail), and
   * who gets the rows that name nobody: the member who uploaded the file, when they work clients.
   */
  private async teamOf(agencyId: string, uploaderId: string | null): Promise<ImportTeam> {
    const members = await this.em.fork().find(Member, { agencyId, removedAt: null, invitationHash: null });
    const byEmail = new Map(members.filter((member) => member.email).map((member) => [member.email!.toLowerCase(), member.id]));
    const uploader = members.find((member) => member.id === uploaderId);
    return { byEmail, importer: uploader && (uploader.role === 'owner' || uploader.role === 'agent') ? uploader.id : null };
  }

  /** Counts a worker's start; undefined when the import is over or gone. */
  private async begin(id: string): Promise<ImportJob | undefined> {
    if (!(await this.imports.start(id))) return undefined;
    return this.em.fork().findOneOrFail(ImportJob, id);
  }

  /** A batch's progress, in its transaction; only over the progress this worker last saw. */
  private async saveProgress(em: EntityManager, id: string, previous: ImportProgress, next: ImportProgress): Promise<void> {
    if (!(await this.imports.saveProgress(id, previous, next, em))) throw new ImportSupersededError();
  }

  /** Ends the import as failed: why, and what was imported before (those rows stay). The file goes. */
  private async fail(id: string, reason: string): Promise<void> {
    const job = await this.em.fork().findOne(ImportJob, id);
    if (!job) return;
    const before =
      job.rowsImported === 0
        ? 'No clients were imported.'
        : `${plural(job.rowsImported, 'client')} ${job.rowsImported === 1 ? 'was' : 'were'} imported before it stopped ` +
          `(from the rows up to line ${job.lastLine}); the rest of the file was not. Upload the file again to import the rest: ` +
          'clients already imported are reported as existing, not added twice.';
    await this.end(id, 'failed', `${reason.replace(/\.?$/, '.')} ${before}`);
    await this.storage.delete(job.fileKey);
  }

  /**
   * Ends the import, completed or failed with `message`, and records it in the activity log in the
   * same transaction: one entry for the whole import, with its counts, whoever's worker ends it.
   */
  private async end(id: string, status: 'completed' | 'failed', message: string): Promise<void> {
    await this.em.transactional(async (em) => {
      const ended = status === 'completed' ? await this.imports.complete(em, id, message) : await this.imports.fail(em, id, message);
      if (ended?.started_by) this.log.record(em, { agencyId: ended.broker_id, ...ended.started_by }, importEntry(ended));
    });
  }

  /** Hourly: fails imports that lost their worker for good, and forgets finished ones after 30 days. */
  async cleanUp(): Promise<void> {
    for (const id of await this.imports.notMovedFor(STUCK_AFTER_HOURS)) await this.fail(id, STUCK);
    await this.imports.deleteFinishedBefore(KEEP_FINISHED_DAYS);
  }
}
