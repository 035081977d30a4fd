import type { Readable } from 'node:stream';

import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

import { timeOrderedUuid } from '../common/ids.js';
import { attestationsIn } from '../consent/attestations.js';
import { actorOf, ConsentLedger, CONTACT_CHANNELS } from '../consent/consent-ledger.service.js';
import { type ImportedPolicy, insertImportedPolicies } from '../policies/policy-csv.js';
import type { User } from '../users/user.entity.js';
import { checkRow, type ClientRow, readClientCsv } from './client-csv.js';
import { ClientsRepository } from './clients.repository.js';
import { ClientsService } from './clients.service.js';
import type { ImportRowError } from './import-job.entity.js';

// Small enough that a batch rarely outlives a young-generation collection (so the parsed rows die
// young instead of being promoted and piling up as old-space garbage across a long import), large
// enough that the round trips stay a small share of the time. Also how often the progress moves.
export const BATCH_SIZE = 250;
export const MAX_REPORTED_ERRORS = 100;
const LIMIT_ROW_MESSAGE = 'Not imported: the client limit was reached';

/** How far an import has got; each batch's commit moves it on. */
export interface ImportProgress {
  rowsRead: number;
  rowsImported: number;
  /** Rows not imported: skipped for an error, or left out by the limit. */
  rowsRejected: number;
  /** Of rowsRejected, those left out by the limit. */
  rowsOverLimit: number;
  /** The last line of the file whose row is committed (0: none). */
  lastLine: number;
  limitReached: boolean;
  /** The first MAX_REPORTED_ERRORS problems, in file order. */
  errors: ImportRowError[];
}

/**
 * Stores a batch's progress in the transaction that imported it. It throws ImportSupersededError when
 * the stored progress is no longer `previous` (another worker moved the import on), which rolls
 * the batch back.
 */
export type SaveProgress = (em: EntityManager, previous: ImportProgress, next: ImportProgress) => Promise<void>;

/** Another worker has moved this import on since this one read it: this one stops, its batch rolled back. */
export class ImportSupersededError extends Error {
  constructor() {
    super('Another worker has moved this import on');
  }
}

/** This instance is stopping: the import stops after a committed batch, for another instance to resume. */
export class ImportInterruptedError extends Error {
  constructor() {
    super('The instance is stopping; the import resumes elsewhere');
  }
}

interface PendingRow extends ClientRow {
  id: string;
  line: number;
  assignedMemberId: string | null;
}

/**
 * Who imported clients go to: the member an `assignedTo` cell names (by e-mail, among the members
 * who have joined), else `importer` — the member who uploaded the file when they work clients
 * themselves (an owner or an agent), as a client they add is theirs; null for an assistant's file.
 */
export interface ImportTeam {
  byEmail: ReadonlyMap<string, string>;
  importer: string | null;
}

export const NO_TEAM: ImportTeam = { byEmail: new Map(), importer: null };

/** The rows read since the last commit. */
interface Batch {
  read: number;
  lastLine: number;
  rows: PendingRow[];
  problems: ImportRowError[];
}

const number = (n: number) => n.toLocaleString('en-US');

/** The member a row's client goes to; undefined when its `assignedTo` e-mail is no member's. */
function assigneeOf(client: ClientRow, team: ImportTeam): string | null | undefined {
  if (!client.assignedEmail) return team.importer;
  return team.byEmail.get(client.assignedEmail.toLowerCase());
}

/**
 * Imports a broker's clients from a CSV stream in batches of 250 rows, each batch one transaction
 * that holds the broker's lock (so adds and imports are counted against the limit one at a time,
 * and the broker's other work waits for a batch, not for the whole file) and stores the import's
 * progress with the rows and their policies; the next batch is parsed while one commits. Bad rows
 * (a bad policy cell included: the client is not imported either) are skipped and reported; once
 * the client limit is reached, every further row is reported as not imported.
 */
@Injectable()
export class CsvImportService {
  constructor(
    private readonly clients: ClientsService,
    private readonly ledger: ConsentLedger,
    private readonly clientRows: ClientsRepository,
  ) {}

  /**
   * Imports the rows after `from.lastLine` (those before are committed already: a resumed import
   * skips them) and answers the final progress. Once `stopping()` says so, it stops with
   * ImportInterruptedError after committing the batch it has read.
   */
  async importRows(
    broker: User,
    input: Readable,
    from: ImportProgress,
    save: SaveProgress,
    stopping: () => boolean = () => false,
    attested: { marketing: boolean } = { marketing: false },
    team: ImportTeam = NO_TEAM,
  ): Promise<ImportProgress> {
    let progress = from;
    let batch: Batch = { read: 0, lastLine: from.lastLine, rows: [], problems: [] };
    // Duplicates within a batch are caught here; across batches the unique index catches them, so
    // memory stays bounded by the batches in hand (two at most), not the file.
    const seenPhones = new Set<string>();
    // The next batch is read while the last one commits (the database works while this process
    // parses); commits stay one after another, each over the progress the one before stored.
    let committing: Promise<void> = Promise.resolve();
    const commit = (ready: Batch) => {
      committing = committing.then(async () => {
        progress = await this.commit(broker, progress, ready, save, attested);
      });
      // Awaited before the next commit; until then its failure must not count as unhandled.
      committing.catch(() => undefined);
    };

    try {
      for await (const { record, line } of readClientCsv(input)) {
        if (line <= from.lastLine) continue;
        batch.read += 1;
        batch.lastLine = line;
        const checked = checkRow(record);
        const assignedMemberId = 'field' in checked ? null : assigneeOf(checked.client, team);
        if ('field' in checked) batch.problems.push({ row: line, field: checked.field, message: checked.message });
        else if (assignedMemberId === undefined) {
          batch.problems.push({
            row: line,
            field: 'assignedTo',
            message: `No member of the agency who has joined has the e-mail ${checked.client.assignedEmail}`,
          });
        } else if (seenPhones.has(checked.client.phone)) {
          batch.problems.push({
            row: line,
            field: 'phone',
            message: `The phone number ${checked.client.phone} appears earlier in the file`,
          });
        } else {
          seenPhones.add(checked.client.phone);
          batch.rows.push({ ...checked.client, id: timeOrderedUuid(), line, assignedMemberId });
        }
        if (batch.read >= BATCH_SIZE) {
          await committing;
          commit(batch);
          batch = { read: 0, lastLine: line, rows: [], problems: [] };
          seenPhones.clear();
          if (stopping()) {
            await committing;
            throw new ImportInterruptedError();
          }
        }
      }
      await committing;
      if (batch.read > 0) {
        commit(batch);
        await committing;
      }
    } catch (error) {
      // No commit goes on once this import has given up: the next worker starts from what is stored.
      await committing.catch(() => undefined);
      throw error;
    }
    return progress;
  }

  /**
   * One batch: inserts its rows while the limit leaves room (rows whose phone the broker already
   * has take no room), records their consent, and stores the progress, all in one transaction.
   */
  private commit(
    broker: User,
    previous: ImportProgress,
    batch: Batch,
    save: SaveProgress,
    attested: { marketing: boolean },
  ): Promise<ImportProgress> {
    return this.clients.withBrokerCapacity(broker, async (em, capacity) => {
      // The commit need not wait for its WAL flush: a batch lost in a database crash is lost with
      // the progress stored beside it, so the import resumes before it. A commit per batch then
      // costs no disk wait.
      await this.clientRows.commitAsynchronously(em);
      const problems = [...batch.problems];
      let room = previous.limitReached ? 0 : capacity;
      let pending = batch.rows;
      const imported: string[] = [];
      const marketing: string[] = [];
      while (pending.length > 0 && room > 0) {
        const rows = pending.slice(0, Math.min(room, pending.length));
        pending = pending.slice(rows.length);
        const inserted = await this.clientRows.insertNew(broker.id, rows, em);
        const policies: ImportedPolicy[] = [];
        for (const row of rows) {
          if (inserted.has(row.phone)) {
            imported.push(row.id);
            if (attested.marketing && !row.marketingRefused) marketing.push(row.id);
            // The row's policy, in its client's transaction; written by the member the client goes to.
            if (row.policy) policies.push({ clientId: row.id, writingMemberId: row.assignedMemberId, policy: row.policy });
          } else problems.push({ row: row.line, field: 'phone', message: `A client with the phone number ${row.phone} already exists` });
        }
        await insertImportedPolicies(em, broker.id, policies);
        room -= inserted.size;
      }
      // The rest of the file is still read so that every row left out is reported.
      for (const row of pending) problems.push({ row: row.line, field: 'limit', message: LIMIT_ROW_MESSAGE });
      // The broker's attestations at upload, word for word in the broker's language, are the ledger's evidence.
      const words = attestationsIn(broker.language);
      const event = { channels: CONTACT_CHANNELS, optedIn: true, source: 'import', actor: actorOf.broker(broker.id) } as const;
      await this.ledger.record({ ...event, clientIds: imported, purposes: ['reminders'], evidence: words.importReminders }, em);
      await this.ledger.record({ ...event, clientIds: marketing, purposes: ['marketing'], evidence: words.importMarketing }, em);

      const errorRoom = MAX_REPORTED_ERRORS - previous.errors.length;
      const next: ImportProgress = {
        rowsRead: previous.rowsRead + batch.read,
        rowsImported: previous.rowsImported + imported.length,
        rowsRejected: previous.rowsRejected + problems.length,
        rowsOverLimit: previous.rowsOverLimit + pending.length,
        lastLine: batch.lastLine,
        limitReached: previous.limitReached || pending.length > 0,
        errors:
          errorRoom > 0 && problems.length > 0
            ? [...previous.errors, ...problems.sort((a, b) => a.row - b.row).slice(0, errorRoom)]
            : previous.errors,
      };
      await save(em, previous, next);
      return next;
    });
  }

  /** The summary the broker reads once the import is done. */
  summary(progress: ImportProgress): string {
    const imported = progress.rowsImported;
    const rows = progress.rowsRead;
    const overLimit = progress.rowsOverLimit;
    const skipped = progress.rowsRejected - overLimit;
    if (overLimit > 0) {
      const plural = (n: number) => `${number(n)} row${n === 1 ? '' : 's'}`;
      return (
        `Client limit reached: imported ${number(imported)} clients before the limit; ${plural(overLimit)} not imported because of the limit` +
        `${skipped ? `; ${plural(skipped)} skipped for errors` : ''}. Upgrade your plan to import the rest.`
      );
    }
    if (rows === 0) return 'The file has a header but no client rows';
    if (skipped === 0) return `Imported ${number(imported)} client${imported === 1 ? '' : 's'}`;
    return `Imported ${number(imported)} of ${number(rows)} clients; ${number(skipped)} row${skipped === 1 ? '' : 's'} skipped`;
  }
}
