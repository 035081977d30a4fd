import { OptionalProps } from '@mikro-orm/core';
import { Check, Entity, Index, ManyToOne, PrimaryKey, Property, Trigger } from '@mikro-orm/decorators/legacy';

import { Client } from '../clients/client.entity.js';
import { timeOrderedUuid } from '../common/ids.js';
import { Member } from '../members/member.entity.js';
import { ScopeOfAppointment } from '../soa/soa.entity.js';
import { User } from '../users/user.entity.js';

/** The kinds of coverage a broker writes (issue 51). MAPD: Medicare Advantage with drug coverage. */
export const POLICY_TYPES = ['medicare_advantage', 'mapd', 'pdp', 'medigap', 'dental', 'vision', 'other'] as const;
export type PolicyType = (typeof POLICY_TYPES)[number];

/** The standardized Medigap plans sold today and before 2020 (HDF, HDG: high-deductible F and G). */
export const MEDIGAP_PLANS = ['A', 'B', 'C', 'D', 'F', 'HDF', 'G', 'HDG', 'K', 'L', 'M', 'N'] as const;
export type MedigapPlan = (typeof MEDIGAP_PLANS)[number];

export const POLICY_STATUSES = ['pending', 'active', 'terminated', 'declined'] as const;
export type PolicyStatus = (typeof POLICY_STATUSES)[number];

/** Why a policy ended: to another agent is a client lost; to another plan with the agency is not. */
export const TERMINATION_REASONS = ['switched_agent', 'switched_plan', 'moved', 'deceased', 'nonpayment', 'other'] as const;
export type TerminationReason = (typeof TERMINATION_REASONS)[number];

const known = (values: readonly string[]) => values.map((value) => `'${value}'`).join(', ');

/**
 * A client's coverage as the agency wrote it: the carrier, the plan and its CMS ID, its status and
 * dates, the monthly premium and the member who wrote it. Not health data: what a broker sells.
 */
@Entity({ tableName: 'policies' })
@Index({ name: 'policies_client_idx', properties: ['client', 'createdAt'] })
@Index({ name: 'policies_broker_effective_idx', properties: ['broker', 'effectiveDate'] })
@Index({
  name: 'policies_broker_plan_key_idx',
  expression: 'create index "policies_broker_plan_key_idx" on "policies" ("broker_id", left("plan_id", 9))',
})
// The client list's policy filters (docs/performance.md): a carrier any case, a type, terminating soon.
@Index({
  name: 'policies_broker_carrier_idx',
  expression: 'create index "policies_broker_carrier_idx" on "policies" ("broker_id", lower("carrier"), "client_id")',
})
@Index({ name: 'policies_broker_type_idx', properties: ['broker', 'planType', 'client'] })
@Index({
  name: 'policies_broker_termination_idx',
  expression:
    'create index "policies_broker_termination_idx" on "policies" ("broker_id", "termination_date") where "termination_date" is not null',
})
@Check({ name: 'policies_type_known', expression: `plan_type in (${known(POLICY_TYPES)})` })
@Check({ name: 'policies_medigap_plan_known', expression: `medigap_plan in (${known(MEDIGAP_PLANS)})` })
@Check({ name: 'policies_status_known', expression: `status in (${known(POLICY_STATUSES)})` })
@Check({ name: 'policies_termination_reason_known', expression: `termination_reason in (${known(TERMINATION_REASONS)})` })
@Check({ name: 'policies_premium_range', expression: '(premium_cents >= 0) AND (premium_cents <= 10000000)' })
// The commission statement rows matched to a deleted policy become unmatched (see CommissionStatementRow.policy).
@Trigger({
  name: 'statement_rows_unmatched',
  timing: 'after',
  events: ['delete'],
  forEach: 'row',
  body: "update commission_statement_rows set policy_id = null, match_kind = 'unmatched' where policy_id = old.id; return old;",
})
export class Policy {
  [OptionalProps]?: 'status' | 'createdAt' | 'updatedAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = timeOrderedUuid();

  /** The agency (the tenant every query is scoped by). */
  @ManyToOne(() => User, { fieldName: 'broker_id', deleteRule: 'cascade', mapToPk: true })
  broker!: string;

  @ManyToOne(() => Client, { fieldName: 'client_id', deleteRule: 'cascade', mapToPk: true })
  client!: string;

  @Property({ type: 'text' })
  carrier!: string;

  @Property({ type: 'text' })
  planName!: string;

  /** CMS contract-plan-segment, e.g. H1234-001-000 (Medicare Advantage, MAPD and Part D only). */
  @Property({ type: 'text', nullable: true })
  planId?: string | null = null;

  @Property({ type: 'text' })
  planType!: PolicyType;

  /** The Medigap plan's letter; only for Medigap. */
  @Property({ type: 'text', nullable: true })
  medigapPlan?: MedigapPlan | null = null;

  @Property({ type: 'text', default: 'pending' })
  status: PolicyStatus = 'pending';

  @Property({ type: 'date', nullable: true })
  applicationDate?: string | null = null;

  @Property({ type: 'date', nullable: true })
  effectiveDate?: string | null = null;

  @Property({ type: 'date', nullable: true })
  terminationDate?: string | null = null;

  @Property({ type: 'text', nullable: true })
  terminationReason?: TerminationReason | null = null;

  /** The carrier's member ID for the client, as its commission statements name them. */
  @Property({ type: 'text', nullable: true })
  carrierMemberId?: string | null = null;

  /** The monthly premium the client pays, in cents. */
  @Property({ type: 'integer', nullable: true })
  premiumCents?: number | null = null;

  /** The member of the agency who wrote it (null: nobody named). A removed member’s row stays, so it still names them. */
  @ManyToOne(() => Member, { fieldName: 'writing_member_id', nullable: true, deleteRule: 'set null', mapToPk: true })
  writingMemberId?: string | null = null;

  /** The signed Scope of Appointment its application rests on (one of the client's). */
  @ManyToOne(() => ScopeOfAppointment, { fieldName: 'soa_id', nullable: true, deleteRule: 'set null', mapToPk: true })
  soaId?: string | null = null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
