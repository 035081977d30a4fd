import { OptionalProps } from '@mikro-orm/core';
import { Check, Entity, Index, ManyToOne, PrimaryKey, Property, Trigger } from '@mikro-orm/decorators/legacy';

import type { Actor } from '../agency-log/actor.js';
import { timeOrderedUuid } from '../common/ids.js';
import { User } from '../users/user.entity.js';

export const STATEMENT_STATUSES = ['mapping', 'queued', 'running', 'completed', 'failed'] as const;
export type StatementStatus = (typeof STATEMENT_STATUSES)[number];

/** The statement's columns the import reads; memberId or memberName, planId, amount and period are required. */
export const STATEMENT_FIELDS = ['memberId', 'memberName', 'planId', 'amount', 'period', 'effectiveDate'] as const;
export type StatementField = (typeof STATEMENT_FIELDS)[number];
/** Which header of the file each field is read from (the header's text as in the file). */
export type StatementMapping = Partial<Record<StatementField, string>>;

export const MATCH_KINDS = ['exact', 'fuzzy', 'manual', 'unmatched'] as const;
export type MatchKind = (typeof MATCH_KINDS)[number];

const known = (values: readonly string[]) => values.map((value) => `'${value}'`).join(', ');

/**
 * A carrier's commission statement as uploaded (issue 51): the stored file until it is imported,
 * its header and first rows for mapping its columns, the mapping used (remembered for the carrier's
 * next statement), and the import's progress and counts.
 */
@Entity({ tableName: 'commission_statements' })
@Index({ name: 'commission_statements_broker_created_idx', properties: ['broker', 'createdAt'] })
@Check({ name: 'commission_statements_status_known', expression: `status in (${known(STATEMENT_STATUSES)})` })
// A deleted statement's rows go with it (see CommissionStatementRow.statement).
@Trigger({
  name: 'statement_rows_deleted',
  timing: 'after',
  events: ['delete'],
  forEach: 'row',
  body: 'delete from commission_statement_rows where statement_id = old.id; return old;',
})
export class CommissionStatement {
  [OptionalProps]?:
    | 'status'
    | 'mapping'
    | 'rowsTotal'
    | 'rowsDone'
    | 'matchedExact'
    | 'matchedFuzzy'
    | 'unmatched'
    | 'rejected'
    | 'message'
    | 'attempts'
    | 'uploadedBy'
    | 'createdAt'
    | 'updatedAt'
    | 'finishedAt'
    | 'fileKey';

  @PrimaryKey({ type: 'uuid' })
  id: string = timeOrderedUuid();

  @ManyToOne(() => User, { fieldName: 'broker_id', deleteRule: 'cascade', mapToPk: true })
  broker!: string;

  @Property({ type: 'text' })
  carrier!: string;

  @Property({ type: 'text' })
  fileName!: string;

  /** The uploaded file in storage until its import ends. */
  @Property({ type: 'text', nullable: true })
  fileKey?: string | null = null;

  @Property({ type: 'text', default: 'mapping' })
  status: StatementStatus = 'mapping';

  @Property({ type: 'jsonb' })
  headers!: string[];

  /** The first rows, for the mapping step. */
  @Property({ type: 'jsonb' })
  preview!: string[][];

  @Property({ type: 'jsonb', nullable: true })
  mapping?: StatementMapping | null = null;

  @Property({ type: 'integer', default: 0 })
  rowsTotal: number = 0;

  @Property({ type: 'integer', default: 0 })
  rowsDone: number = 0;

  @Property({ type: 'integer', default: 0 })
  matchedExact: number = 0;

  @Property({ type: 'integer', default: 0 })
  matchedFuzzy: number = 0;

  @Property({ type: 'integer', default: 0 })
  unmatched: number = 0;

  /** Rows whose amount or period could not be read (kept, with the problem, and never matched). */
  @Property({ type: 'integer', default: 0 })
  rejected: number = 0;

  @Property({ type: 'text', nullable: true })
  message?: string | null = null;

  @Property({ type: 'integer', default: 0 })
  attempts: number = 0;

  @Property({ type: 'jsonb', nullable: true })
  uploadedBy?: Omit<Actor, 'agencyId'> | null = null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date = new Date();

  @Property({ type: 'timestamptz', nullable: true })
  finishedAt?: Date | null = null;
}

/**
 * One row of a statement: what it says (member, plan, month, amount in cents; negative for a
 * chargeback), the names as the matching compares them, and the policy it was matched to and how.
 * Written in sets by the import (commissions.repository.ts), never one by one.
 */
@Entity({ tableName: 'commission_statement_rows' })
@Index({ name: 'commission_statement_rows_statement_idx', properties: ['statement', 'line'] })
@Index({ name: 'commission_statement_rows_policy_idx', properties: ['policy', 'period'] })
@Index({ name: 'commission_statement_rows_broker_period_idx', properties: ['broker', 'period'] })
@Check({ name: 'commission_statement_rows_match_known', expression: `match_kind in (${known(MATCH_KINDS)})` })
export class CommissionStatementRow {
  [OptionalProps]?: 'matchKind' | 'policy';

  @PrimaryKey({ type: 'uuid', defaultRaw: 'gen_random_uuid()' })
  id!: string;

  /**
   * The statement. No foreign key, whose check would run for each of the 10,000 rows an import
   * writes: the import locks its statement once instead (StatementRowsRepository.copy), and a
   * trigger on statements deletes a deleted statement's rows, as `on delete cascade` would.
   */
  @Property({ type: 'uuid', fieldName: 'statement_id' })
  statement!: string;

  /** The agency (no foreign key: the rows go with their statement, which goes with the agency). */
  @Property({ type: 'uuid', fieldName: 'broker_id' })
  broker!: string;

  /** The file's line (the header is line 1). */
  @Property({ type: 'integer' })
  line!: number;

  @Property({ type: 'text', nullable: true })
  memberId?: string | null;

  @Property({ type: 'text', nullable: true })
  memberName?: string | null;

  /** Contract and plan benefit package (H1234-001): statements often leave the segment out. */
  @Property({ type: 'text', nullable: true })
  planKey?: string | null;

  /** The first and last names normalized (lower case, no accents, letters only). */
  @Property({ type: 'text', nullable: true })
  firstKey?: string | null;

  @Property({ type: 'text', nullable: true })
  lastKey?: string | null;

  /** The month paid for (its first day). */
  @Property({ type: 'date', nullable: true })
  period?: string | null;

  @Property({ type: 'date', nullable: true })
  effectiveDate?: string | null;

  @Property({ type: 'integer', nullable: true })
  amountCents?: number | null;

  /** Why the row could not be read (its amount or month); such a row is never matched. */
  @Property({ type: 'text', nullable: true })
  problem?: string | null;

  @Property({ type: 'text', default: 'unmatched' })
  matchKind: MatchKind = 'unmatched';

  /**
   * The policy matched. No foreign key, whose check would lock each matched policy as the import
   * writes 10,000 rows: a trigger on policies clears it when its policy is deleted, as `on delete set
   * null` would (migration statement_rows_at_copy_rate).
   */
  @Property({ type: 'uuid', fieldName: 'policy_id', nullable: true })
  policy?: string | null = null;
}
