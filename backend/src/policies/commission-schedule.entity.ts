import { OptionalProps } from '@mikro-orm/core';
import { Check, Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

import { timeOrderedUuid } from '../common/ids.js';
import { User } from '../users/user.entity.js';
import { POLICY_TYPES, type PolicyType } from './policy.entity.js';

const known = (values: readonly string[]) => values.map((value) => `'${value}'`).join(', ');

/** $100,000 a year: above any Medicare commission, below what the column holds. */
export const COMMISSION_MAX_CENTS = 10_000_000;

/**
 * What a carrier pays the agency a year for a policy (issue 51, docs/policies.md "Commissions"): the
 * initial amount in the policy's first plan year, the renewal amount after it. One per carrier and
 * plan type (case-insensitive carrier); a schedule without a plan type covers the carrier's other types.
 */
@Entity({ tableName: 'commission_schedules' })
@Index({
  name: 'commission_schedules_carrier_type_unique',
  expression:
    'create unique index "commission_schedules_carrier_type_unique" on "commission_schedules" ("broker_id", lower("carrier"), coalesce("plan_type", \'\'))',
})
@Check({ name: 'commission_schedules_type_known', expression: `plan_type in (${known(POLICY_TYPES)})` })
@Check({
  name: 'commission_schedules_amounts_range',
  expression:
    `(initial_annual_cents >= 0) AND (initial_annual_cents <= ${COMMISSION_MAX_CENTS}) AND ` +
    `(renewal_annual_cents >= 0) AND (renewal_annual_cents <= ${COMMISSION_MAX_CENTS})`,
})
export class CommissionSchedule {
  [OptionalProps]?: 'createdAt' | 'updatedAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = timeOrderedUuid();

  @ManyToOne(() => User, { fieldName: 'broker_id', deleteRule: 'cascade', mapToPk: true })
  broker!: string;

  @Property({ type: 'text' })
  carrier!: string;

  /** null: every plan type of the carrier that has no schedule of its own. */
  @Property({ type: 'text', nullable: true })
  planType?: PolicyType | null = null;

  @Property({ type: 'integer' })
  initialAnnualCents!: number;

  @Property({ type: 'integer' })
  renewalAnnualCents!: number;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
