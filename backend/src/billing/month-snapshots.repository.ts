import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

import type { PlatformMonthFigures } from './platform-month.js';
import type { SubscriptionStatus } from './pricing.js';

/** A closed month as snapshotted; `month` is its first day, YYYY-MM-DD. */
export interface MonthSnapshotRow {
  month: string;
  voice_call_count: number;
  active_clients: number;
  cost_cents: number;
  revenue_cents: number;
}

/** One broker's month to snapshot; `month` is its first day, YYYY-MM-DD. */
export interface NewMonthSnapshotRow {
  broker_id: string;
  month: string;
  tier: string;
  status: SubscriptionStatus;
  active_clients: number;
  total_clients: number;
  voice_call_count: number;
  cost_cents: number;
  revenue_cents: number;
}

/**
 * Billing's own month-end tables: `billing_month_snapshots` (figures per broker) and
 * `platform_month_snapshots` (the platform's figures, from those). The `em` parameters are the
 * caller's transaction.
 */
@Injectable()
export class MonthSnapshotsRepository {
  constructor(private readonly em: EntityManager) {}

  /** The broker's snapshots of months before `before` (YYYY-MM-DD), newest first, at most `limit`. */
  history(brokerId: string, before: string, limit: number): Promise<MonthSnapshotRow[]> {
    return this.em.execute<MonthSnapshotRow[]>(
      `select to_char(month, 'YYYY-MM-DD') as month, voice_call_count, active_clients, cost_cents, revenue_cents
         from billing_month_snapshots where broker_id = ? and month < ? order by month desc limit ?`,
      [brokerId, before, limit],
    );
  }

  /** Inserts the snapshots in one statement; one a broker already has for that month is kept as it is. */
  async insertMissing(snapshots: NewMonthSnapshotRow[], em: EntityManager = this.em): Promise<void> {
    if (snapshots.length === 0) return;
    await em.execute(
      `insert into billing_month_snapshots (broker_id, month, tier, status, active_clients, total_clients, voice_call_count, cost_cents, revenue_cents)
       select s.broker_id, s.month, s.tier, s.status, s.active_clients, s.total_clients, s.voice_call_count, s.cost_cents, s.revenue_cents
         from json_to_recordset(?::json) as s(broker_id uuid, month date, tier text, status text, active_clients int, total_clients int,
                                                voice_call_count int, cost_cents int, revenue_cents int)
       on conflict do nothing`,
      [JSON.stringify(snapshots)],
    );
  }

  /** The platform's month (`month`: its first day, YYYY-MM-DD); one already there is kept as it is. */
  async insertPlatformMonth(month: string, figures: PlatformMonthFigures, em: EntityManager = this.em): Promise<void> {
    await em.execute(
      `insert into platform_month_snapshots (month, mrr_cents, active_brokers, trial_brokers, trial_conversions, churned_brokers)
       values (?, ?, ?, ?, ?, ?) on conflict do nothing`,
      [month, figures.mrrCents, figures.activeBrokers, figures.trialBrokers, figures.trialConversions, figures.churnedBrokers],
    );
  }
}
