import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

/** A broker's clients: the active ones, and all. */
export interface ClientCountsRow {
  active: number;
  total: number;
}

/** A broker on the per-client plan with a Stripe subscription, and their active clients today. */
export interface PmpmSubscriptionRow {
  id: string;
  stripe_subscription_id: string;
  active: number;
}

/**
 * The SQL billing needs besides its entities. Both queries read `clients`, which is `clients/`'
 * table: billing only counts them (the plan is priced per active client) and never writes them.
 */
@Injectable()
export class BillingRepository {
  constructor(private readonly em: EntityManager) {}

  /** Reads `clients` (clients/' table). */
  async clientCounts(brokerId: string): Promise<ClientCountsRow> {
    const [row] = await this.em.execute<ClientCountsRow[]>(
      `select count(*) filter (where is_active)::int as active, count(*)::int as total from clients where broker_id = ?`,
      [brokerId],
    );
    return { active: row?.active ?? 0, total: row?.total ?? 0 };
  }

  /** The per-client Stripe subscriptions whose quantity follows the active clients; reads `clients` (clients/' table). */
  pmpmSubscriptions(): Promise<PmpmSubscriptionRow[]> {
    return this.em.execute<PmpmSubscriptionRow[]>(
      `select u.id, u.stripe_subscription_id,
              (select count(*) from clients c where c.broker_id = u.id and c.is_active)::int as active
         from users u where u.subscription_tier = 'pmpm' and u.stripe_subscription_id is not null`,
    );
  }
}
