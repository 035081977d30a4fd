import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

import type { SubscriptionStatus, Tier } from '../billing/pricing.js';

/** A broker's plan and clients today, with their voice calls and delivery costs in a period. */
export interface BrokerMonthRow {
  id: string;
  tier: Tier;
  status: SubscriptionStatus;
  overage: boolean;
  active: number;
  total: number;
  voice: number;
  cost: number;
}

/** What billing's monthly cost and profit are computed from: `users`, `clients` and `deliveries`. */
@Injectable()
export class MonthlyFiguresRepository {
  constructor(private readonly em: EntityManager) {}

  /** For these brokers: voice calls made and delivery costs for deliveries created in [from, to). */
  brokerMonths(brokerIds: string[], from: Date, to: Date): Promise<BrokerMonthRow[]> {
    return this.em.execute<BrokerMonthRow[]>(
      `select u.id, u.subscription_tier as tier, u.subscription_status as status, u.overage_enabled as overage,
              (select count(*) from clients c where c.broker_id = u.id and c.is_active)::int as active,
              (select count(*) from clients c where c.broker_id = u.id)::int as total,
              (select count(*) from deliveries d where d.broker_id = u.id and d.channel = 'voice'
                  and d.status in ('sent', 'completed', 'failed') and d.created_at >= ? and d.created_at < ?)::int as voice,
              (select coalesce(sum(d.cost_cents), 0) from deliveries d where d.broker_id = u.id and d.created_at >= ? and d.created_at < ?)::int as cost
         from users u where u.id in (?)`,
      [from, to, from, to, brokerIds],
    );
  }

  /** The users created before `createdBefore` that have no billing snapshot for `month` (YYYY-MM-DD) yet. */
  async brokersWithoutSnapshot(createdBefore: Date, month: string): Promise<string[]> {
    const rows = await this.em.execute<{ id: string }[]>(
      `select u.id from users u where u.created_at < ?
          and not exists (select 1 from billing_month_snapshots s where s.broker_id = u.id and s.month = ?)`,
      [createdBefore, month],
    );
    return rows.map((row) => row.id);
  }
}
