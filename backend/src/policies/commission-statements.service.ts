import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';

import { LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { BadRequestException, ConflictException, Injectable, Logger, NotFoundException, type OnApplicationBootstrap } from '@nestjs/common';

import type { Actor } from '../agency-log/actor.js';
import { AgencyLogService } from '../agency-log/agency-log.service.js';
import { CsvFileException, EMPTY_FILE } from '../clients/client-csv.js';
import { Clock } from '../common/clock.js';
import { isUuid } from '../common/ids.js';
import type { SpooledUpload } from '../common/multipart.js';
import { JobsService } from '../jobs/jobs.service.js';
import { type ClientBook, wholeBook } from '../members/book.js';
import { StorageService } from '../storage/storage.service.js';
import { CommissionStatement, STATEMENT_FIELDS, type StatementField, type StatementMapping } from './commission-statement.entity.js';
import { CommissionsRepository, type MatchedStatementRow } from './commissions.repository.js';
import type { StatementRowDto, UnpaidPolicyDto } from './dto/commission.dto.js';
import { StatementDto } from './dto/commission.dto.js';
import { CARRIER_MAX } from './dto/policy.dto.js';
import { PoliciesService } from './policies.service.js';
import { checkStatementUpload, guessMapping, mappingProblem, readRow, readStatementCsvBatches } from './statement-csv.js';
import { StatementMatcher } from './statement-matching.js';
import { StatementRowsRepository } from './statement-rows.repository.js';

export const STATEMENT_QUEUE = 'commission-statement-import';
const MAX_ATTEMPTS = 3;
/** Rows read between two saves of the progress. */
const BATCH_ROWS = 2_000;
/** Rows and unpaid policies answered at most at once. */
export const LIST_MAX = 1_000;
/** Statements uploaded and never mapped are forgotten, with their file, after this long. */
const KEEP_UNMAPPED_HOURS = 24;

const NO_FILE = 'No file uploaded: send it in the "file" field';
const NOT_FOUND = 'No such commission statement';
const SERVER_ERROR = 'The import stopped because of an error on the server. Delete the statement and upload it again.';

const plural = (n: number, word: string) => `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;

/**
 * Carriers' commission statements (issue 51): an upload is checked and stored, its columns mapped
 * by the broker (the mapping remembered for the carrier's next statement), and imported as a job
 * (queue commission-statement-import) that writes the rows in batches with its progress, then
 * matches them to policies in one set. A worker that stops leaves the import to be started over.
 */
@Injectable()
export class CommissionStatementsService implements OnApplicationBootstrap {
  private readonly logger = new Logger('CommissionStatements');

  constructor(
    private readonly em: EntityManager,
    private readonly jobs: JobsService,
    private readonly storage: StorageService,
    private readonly repository: CommissionsRepository,
    private readonly statementRows: StatementRowsRepository,
    private readonly policies: PoliciesService,
    private readonly log: AgencyLogService,
    private readonly clock: Clock,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.jobs.work<{ statementId: string }>(STATEMENT_QUEUE, (job) => this.work(job.data.statementId), {
      retryLimit: MAX_ATTEMPTS,
      expireInSeconds: 30 * 60,
    });
    await this.jobs.schedule('commission-statements-cleanup', '50 * * * *', () => this.cleanUp());
  }

  /** Checks and stores an uploaded statement; it waits for its columns to be mapped. */
  async upload(actor: Actor, carrierText: string | undefined, upload: SpooledUpload): Promise<StatementDto> {
    const file = upload.file;
    try {
      const carrier = (carrierText ?? '').trim();
      if (!carrier) throw new BadRequestException({ message: 'carrier is required: the carrier whose statement it is', field: 'carrier' });
      if (carrier.length > CARRIER_MAX)
        throw new BadRequestException({ message: `carrier must be at most ${CARRIER_MAX} characters`, field: 'carrier' });
      if (!file) throw new BadRequestException(NO_FILE);
      if (file.size === 0) throw new CsvFileException(EMPTY_FILE);
      const { headers, preview, rowsTotal } = await checkStatementUpload(file.path);
      const fileKey = `statements/${randomUUID()}.csv`;
      await this.storage.putFile(fileKey, file.path, 'text/csv');
      const em = this.em.fork();
      const statement = em.create(CommissionStatement, {
        broker: actor.agencyId,
        carrier,
        fileName: (file.filename || 'statement.csv').slice(0, 255),
        fileKey,
        headers,
        preview,
        rowsTotal,
        uploadedBy: { memberId: actor.memberId, tokenId: actor.tokenId, ip: actor.ip },
      });
      try {
        await em.flush();
      } catch (error) {
        await this.storage.delete(fileKey);
        throw error;
      }
      return this.dto(statement);
    } finally {
      if (file) await rm(file.path, { force: true });
    }
  }

  async list(agencyId: string): Promise<StatementDto[]> {
    const statements = await this.em.find(CommissionStatement, { broker: agencyId }, { orderBy: { createdAt: 'desc' }, limit: 100 });
    return Promise.all(statements.map((statement) => this.dto(statement)));
  }

  async get(agencyId: string, id: string): Promise<StatementDto> {
    return this.dto(await this.find(this.em, agencyId, id));
  }

  /** Maps the statement's columns (remembered for the carrier) and queues its import. */
  async import(actor: Actor, id: string, input: Partial<Record<StatementField, string | null>>): Promise<StatementDto> {
    const mapping: StatementMapping = {};
    for (const field of STATEMENT_FIELDS) if (input[field]) mapping[field] = input[field];
    const statement = await this.em.transactional(async (em) => {
      const statement = await this.find(em, actor.agencyId, id, true);
      if (statement.status !== 'mapping') throw new ConflictException('This statement has been imported already');
      const problem = mappingProblem(mapping, statement.headers);
      if (problem) throw new BadRequestException({ message: problem.message, field: `mapping.${problem.field}` });
      statement.mapping = mapping;
      statement.status = 'queued';
      await em.flush();
      await this.jobs.send(STATEMENT_QUEUE, { statementId: statement.id });
      return statement;
    });
    return this.dto(statement);
  }

  /** Deletes a statement and its rows (what they paid no longer counts): to import a corrected file. */
  async remove(actor: Actor, id: string): Promise<StatementDto> {
    const statement = await this.em.transactional(async (em) => {
      const statement = await this.find(em, actor.agencyId, id, true);
      if (statement.status === 'queued' || statement.status === 'running')
        throw new ConflictException('The statement is being imported: delete it once the import has ended');
      em.remove(statement);
      this.log.record(em, actor, {
        action: 'commission_statement_deleted',
        targetType: 'import',
        targetId: statement.id,
        summary: `Deleted the ${statement.carrier} commission statement ${statement.fileName}`,
        before: { carrier: statement.carrier, fileName: statement.fileName, rows: statement.rowsTotal },
      });
      await em.flush();
      return statement;
    });
    if (statement.fileKey) await this.storage.delete(statement.fileKey);
    return this.dto(statement);
  }

  /** A statement's rows of a kind: matched ones kept to the member's book, unmatched ones for the whole book alone. */
  async rows(book: ClientBook, id: string, match: string = 'unmatched'): Promise<StatementRowDto[]> {
    await this.find(this.em, book.agencyId, id);
    const kinds = match === 'matched' ? ['exact', 'fuzzy', 'manual'] : [match];
    return (await this.repository.statementRows(book, id, kinds, LIST_MAX)).map((row) => ({
      id: row.id,
      line: row.line,
      memberId: row.member_id,
      memberName: row.member_name,
      planId: row.plan_key,
      month: row.period,
      effectiveDate: row.effective_date,
      amountCents: row.amount_cents,
      problem: row.problem,
      match: row.match_kind as StatementRowDto['match'],
      policyId: row.policy_id,
      clientId: row.client_id,
      clientName: row.client_name,
      carrier: row.carrier,
      planName: row.plan_name,
    }));
  }

  /** The carrier's policies in force with a schedule in the statement's months that nothing paid for. */
  async unpaid(book: ClientBook, id: string): Promise<UnpaidPolicyDto[]> {
    await this.find(this.em, book.agencyId, id);
    return (await this.repository.unpaid(book, id, LIST_MAX)).map((row) => ({
      policyId: row.policy_id,
      clientId: row.client_id,
      clientName: row.client_name,
      carrier: row.carrier,
      planName: row.plan_name,
      planId: row.plan_id,
      carrierMemberId: row.carrier_member_id,
      month: row.month,
      expectedCents: row.expected_cents,
    }));
  }

  /** Matches a row by hand to one of the agency's policies (or undoes a match), and counts its statement again. */
  async matchRow(actor: Actor, rowId: string, policyId: string | null): Promise<StatementRowDto> {
    const row = isUuid(rowId) ? await this.repository.rowStatement(actor.agencyId, rowId) : undefined;
    if (!row) throw new NotFoundException('No such statement row');
    const policy = policyId ? await this.policies.get(wholeBook(actor.agencyId), policyId) : null;
    await this.em.transactional(async (em) => {
      const statement = await this.find(em, actor.agencyId, row.statement_id, true);
      if (statement.status !== 'completed') throw new ConflictException('Rows are matched by hand once the import has ended');
      await this.repository.setRowPolicy(em, rowId, policy?.id ?? null);
      await this.repository.count(em, statement.id);
      this.log.record(em, actor, {
        action: 'commission_row_matched',
        targetType: 'import',
        targetId: statement.id,
        summary: policy
          ? `Matched a row of the ${statement.carrier} statement ${statement.fileName} to the policy ${policy.planName}`
          : `Unmatched a row of the ${statement.carrier} statement ${statement.fileName}`,
        before: { rowId, policyId: row.policy_id },
        after: { rowId, policyId: policy?.id ?? null },
      });
      await em.flush();
    });
    const [changed] = (await this.rows(wholeBook(actor.agencyId), row.statement_id, policy ? 'manual' : 'unmatched')).filter(
      (r) => r.id === rowId,
    );
    return changed;
  }

  /**
   * The queue's worker: reads the stored file through the mapping, writes its rows in batches with
   * the progress, then matches them all and ends the statement, in one transaction with its entry in
   * the activity log. Run again on the same statement (after a restart), it starts over.
   */
  async work(statementId: string): Promise<void> {
    const begun = await this.repository.begin(statementId);
    if (!begun) return;
    const statement = await this.em.fork().findOne(CommissionStatement, statementId);
    if (!statement?.fileKey || !statement.mapping) return;
    if (begun.attempts > MAX_ATTEMPTS) return this.fail(statement, SERVER_ERROR);
    try {
      const columns: Partial<Record<StatementField, number>> = {};
      for (const [field, header] of Object.entries(statement.mapping)) {
        const index = statement.headers.indexOf(header);
        if (index >= 0) columns[field as StatementField] = index;
      }
      // The policies load while the file's first rows are read.
      const candidates = this.statementRows.matchCandidates(statement.broker);
      candidates.catch(() => undefined);
      const file = await this.storage.read(statement.fileKey);
      const repository = this.repository;
      // Rows are read, matched and written as the file streams, a batch at a time; the progress is
      // saved beside the writing, in order.
      const batches = async function* (): AsyncGenerator<MatchedStatementRow[]> {
        let matcher: StatementMatcher | undefined;
        let batch: MatchedStatementRow[] = [];
        let done = 0;
        let header = true;
        let progress = Promise.resolve();
        for await (const records of readStatementCsvBatches(file)) {
          if (header) [header] = [false, records.shift()];
          const rows = records.map(({ cells, line }) => readRow(cells, line, columns));
          matcher ??= new StatementMatcher(await candidates, statement.carrier);
          for (const row of rows) batch.push({ ...row, match: matcher.match(row) });
          if (batch.length >= BATCH_ROWS) {
            yield batch;
            done += batch.length;
            batch = [];
            const rowsDone = done;
            progress = progress.then(() => repository.setProgress(statement.id, rowsDone));
          }
        }
        yield batch;
        await progress;
      };
      await this.statementRows.copy(statement.id, statement.broker, batches());
      await this.em.fork().transactional(async (em) => {
        await this.repository.matchSimilarNames(em, statement.id);
        await this.repository.count(em, statement.id);
        const ended = await em.findOneOrFail(CommissionStatement, statement.id, { refresh: true });
        ended.status = 'completed';
        ended.finishedAt = this.clock.now();
        ended.fileKey = null;
        ended.message =
          `Imported ${plural(ended.rowsTotal, 'row')}: ${ended.matchedExact.toLocaleString('en-US')} matched exactly, ` +
          `${ended.matchedFuzzy.toLocaleString('en-US')} by a similar name, ${ended.unmatched.toLocaleString('en-US')} unmatched` +
          (ended.rejected ? `, ${plural(ended.rejected, 'row')} unreadable` : '');
        if (statement.uploadedBy)
          this.log.record(
            em,
            { agencyId: statement.broker, ...statement.uploadedBy },
            {
              action: 'commission_statement_imported',
              targetType: 'import',
              targetId: statement.id,
              summary: `Imported the ${statement.carrier} commission statement ${statement.fileName} (${plural(ended.rowsTotal, 'row')})`,
              after: {
                carrier: statement.carrier,
                fileName: statement.fileName,
                rows: ended.rowsTotal,
                matchedExact: ended.matchedExact,
                matchedFuzzy: ended.matchedFuzzy,
                unmatched: ended.unmatched,
              },
            },
          );
        await em.flush();
      });
      await this.storage.delete(statement.fileKey);
    } catch (error) {
      if (error instanceof CsvFileException) return this.fail(statement, error.message);
      this.logger.error({ err: error, statementId, attempt: begun.attempts }, 'Commission statement import stopped by an error');
      if (begun.attempts < MAX_ATTEMPTS) throw error;
      await this.fail(statement, SERVER_ERROR);
    }
  }

  private async fail(statement: CommissionStatement, message: string): Promise<void> {
    await this.em.fork().transactional(async (em) => {
      await this.repository.deleteRows(em, statement.id);
      await em.nativeUpdate(
        CommissionStatement,
        { id: statement.id },
        { status: 'failed', message, finishedAt: this.clock.now(), fileKey: null },
      );
    });
    if (statement.fileKey) await this.storage.delete(statement.fileKey);
  }

  /** Hourly: statements uploaded and never mapped go, with their files. */
  async cleanUp(): Promise<void> {
    const em = this.em.fork();
    const stale = await em.find(CommissionStatement, {
      status: 'mapping',
      createdAt: { $lt: new Date(this.clock.now().getTime() - KEEP_UNMAPPED_HOURS * 3_600_000) },
    });
    for (const statement of stale) {
      if (statement.fileKey) await this.storage.delete(statement.fileKey);
      em.remove(statement);
    }
    await em.flush();
  }

  private async find(em: EntityManager, agencyId: string, id: string, lock = false): Promise<CommissionStatement> {
    const statement = isUuid(id)
      ? await em.findOne(CommissionStatement, { id, broker: agencyId }, lock ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {})
      : null;
    if (!statement) throw new NotFoundException(NOT_FOUND);
    return statement;
  }

  /** The statement as answered; while it waits for its mapping, the carrier's remembered one when it fits, else a guess. */
  private async dto(statement: CommissionStatement): Promise<StatementDto> {
    if (statement.status !== 'mapping') return StatementDto.from(statement);
    const remembered = await this.repository.rememberedMapping(statement.broker, statement.carrier);
    if (remembered && !mappingProblem(remembered, statement.headers))
      return StatementDto.from(statement, { mapping: remembered, remembered: true });
    return StatementDto.from(statement, { mapping: guessMapping(statement.headers), remembered: false });
  }
}
