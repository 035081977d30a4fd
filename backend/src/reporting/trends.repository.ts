import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

import type { SubscriptionStatus } from '../billing/pricing.js';

/** A closed month of the platform as snapshotted; `month` is its first day, YYYY-MM-DD. */
export interface PlatformMonthRow {
  month: string;
  mrr_cents: number;
  active_brokers: number;
  trial_brokers: number;
  trial_conversions: number | null;
  churned_brokers: number | null;
}

/** A broker's standing at the end of a closed month; `status` is null for months closed before it was recorded. */
export interface BrokerMonthStateRow {
  brokerId: string;
  status: SubscriptionStatus | null;
  revenueCents: number;
}

/** A broker's closed month for their trend; `month` is its first day, YYYY-MM-DD. */
export interface BrokerTrendRow {
  month: string;
  active_clients: number;
  total_clients: number;
  revenue_cents: number;
}

/**
 * The trends of the platform and of each broker (docs/admin.md "Trends"): closed months from
 * billing's month-end snapshots (`platform_month_snapshots`, `billing_month_snapshots`), read by
 * month through their keys and the month index; a broker's clients today from `clients`. The `em`
 * parameters are the caller's transaction (the month-end job reads what it has just written).
 */
@Injectable()
export class TrendsRepository {
  constructor(private readonly em: EntityManager) {}

  /** The platform's snapshotted months in [from, before) (YYYY-MM-DD), oldest first. */
  platformMonths(from: string, before: string, em: EntityManager = this.em): Promise<PlatformMonthRow[]> {
    return em.execute<PlatformMonthRow[]>(
      `select to_char(month, 'YYYY-MM-DD') as month, mrr_cents, active_brokers, trial_brokers, trial_conversions, churned_brokers
         from platform_month_snapshots where month >= ? and month < ? order by month`,
      [from, before],
    );
  }

  /**
   * Every broker's snapshot of the month (YYYY-MM-DD): admins left out, and brokers whose account
   * has since been deleted kept (a departure is churn).
   */
  monthStates(month: string, em: EntityManager = this.em): Promise<BrokerMonthStateRow[]> {
    return em.execute<BrokerMonthStateRow[]>(
      `select s.broker_id as "brokerId", s.status, s.revenue_cents as "revenueCents"
         from billing_month_snapshots s left join users u on u.id = s.broker_id
        where s.month = ? and u.is_admin is not true`,
      [month],
    );
  }

  /** The broker's snapshotted months in [from, before) (YYYY-MM-DD), oldest first. */
  brokerMonths(brokerId: string, from: string, before: string): Promise<BrokerTrendRow[]> {
    return this.em.execute<BrokerTrendRow[]>(
      `select to_char(month, 'YYYY-MM-DD') as month, active_clients, total_clients, revenue_cents
         from billing_month_snapshots where broker_id = ? and month >= ? and month < ? order by month`,
      [brokerId, from, before],
    );
  }

  /** The broker's clients today: active, and in all. */
  async clientCounts(brokerId: string): Promise<{ active: number; total: number }> {
    const [row] = await this.em.execute<{ active: number; total: number }[]>(
      `select (count(*) filter (where is_active))::int as active, count(*)::int as total from clients where broker_id = ?`,
      [brokerId],
    );
    return row ?? { active: 0, total: 0 };
  }
}
