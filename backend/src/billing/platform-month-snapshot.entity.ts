import { OptionalProps } from '@mikro-orm/core';
import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

/**
 * The platform's month as it closed (docs/admin.md "Trends"), written with the brokers' month
 * snapshots in the same transaction, so past months' MRR, brokers, conversions and churn stay as
 * they were. Conversions and churn are null when the month before had no statuses to compare with.
 */
@Entity({ tableName: 'platform_month_snapshots' })
export class PlatformMonthSnapshot {
  [OptionalProps]?: 'createdAt';

  /** First day of the month (UTC). */
  @PrimaryKey({ type: 'date' })
  month!: string;

  @Property({ type: 'integer' })
  mrrCents!: number;

  @Property({ type: 'integer' })
  activeBrokers!: number;

  @Property({ type: 'integer' })
  trialBrokers!: number;

  @Property({ type: 'integer', nullable: true })
  trialConversions?: number | null;

  @Property({ type: 'integer', nullable: true })
  churnedBrokers?: number | null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
