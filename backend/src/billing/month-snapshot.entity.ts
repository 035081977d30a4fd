import { OptionalProps } from '@mikro-orm/core';
import { Entity, Enum, Index, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

import { SUBSCRIPTION_STATUSES, type SubscriptionStatus } from '../users/user.entity.js';

/**
 * A broker's month as it closed: clients, plan and revenue at month end, and the month's delivery
 * costs. Keeps monthly analytics honest when counts change later; the current month is computed live.
 */
@Entity({ tableName: 'billing_month_snapshots' })
// The platform's trends read one month across every broker (the primary key leads with the broker).
@Index({ name: 'billing_month_snapshots_month_idx', properties: ['month'] })
export class MonthSnapshot {
  [OptionalProps]?: 'createdAt';

  @PrimaryKey({ type: 'uuid' })
  brokerId!: string;

  /** First day of the month (UTC). */
  @PrimaryKey({ type: 'date' })
  month!: string;

  @Property({ type: 'text' })
  tier!: string;

  /** The subscription status at month end; null for months closed before it was recorded. */
  @Enum({ items: [...SUBSCRIPTION_STATUSES], nullable: true })
  status?: SubscriptionStatus | null;

  @Property({ type: 'integer' })
  activeClients!: number;

  @Property({ type: 'integer' })
  totalClients!: number;

  @Property({ type: 'integer' })
  voiceCallCount!: number;

  @Property({ type: 'integer' })
  costCents!: number;

  @Property({ type: 'integer' })
  revenueCents!: number;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
