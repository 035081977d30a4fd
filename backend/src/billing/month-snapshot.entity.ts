import { OptionalProps } from '@mikro-orm/core';
import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

/**
 * A broker's month as it closed: clients, plan and revenue at month end, and the month's delivery
 * costs. Keeps monthly analytics honest when counts change later; the current month is computed live.
 */
@Entity({ tableName: 'billing_month_snapshots' })
export class MonthSnapshot {
  [OptionalProps]?: 'createdAt';

  @PrimaryKey({ type: 'uuid' })
  brokerId!: string;

  /** First day of the month (UTC). */
  @PrimaryKey({ type: 'date' })
  month!: string;

  @Property({ type: 'text' })
  tier!: string;

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
