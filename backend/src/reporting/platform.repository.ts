import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

import { escapeLike } from '../common/like.js';
import type { SubscriptionStatus, SubscriptionTier } from '../users/user.entity.js';

/** A broker's plan and active clients: what the platform's revenue is computed from (pricing.ts). */
export interface BrokerFiguresRow {
  id: string;
  email: string | null;
  tier: SubscriptionTier;
  status: SubscriptionStatus;
  overage: boolean;
  active: number;
  trial_ends_at: Date | null;
}

/** Brokers (admins excluded) alike in what their revenue is computed from, and how many they are. */
export interface BrokerPlanGroupRow {
  tier: SubscriptionTier;
  status: SubscriptionStatus;
  overage: boolean;
  active: number;
  brokers: number;
}

/** A broker on a trial, and when it ends. */
export interface TrialEndRow {
  id: string;
  email: string | null;
  trial_ends_at: Date;
}

export interface BrokerListFilter {
  /** Part of the e-mail or of "first last". */
  search?: string;
  tier?: SubscriptionTier;
  status?: SubscriptionStatus;
  /** Only these brokers (react-admin's getMany). */
  ids?: string[];
  /** A field of the admin's broker list (BROKER_LIST_RULES); unknown ones sort by createdAt. */
  sort: { field: string; order: 'ASC' | 'DESC' };
  limit: number;
  offset: number;
}

/** Output columns of brokerList, by the list's sort fields. */
const BROKER_SORT_COLUMNS: Record<string, string> = {
  email: 'email',
  lastName: 'last_name',
  createdAt: 'created_at',
  subscriptionTier: 'tier',
  subscriptionStatus: 'status',
  clientCount: 'client_count',
  lastActivity: 'last_activity',
};

/** One row of the admin's broker list; `total` counts every broker the filter matches. */
export interface BrokerListRow {
  id: string;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  tier: SubscriptionTier;
  status: SubscriptionStatus;
  suspended_at: Date | null;
  agency_name: string;
  trial_ends_at: Date | null;
  created_at: Date;
  overage: boolean;
  client_count: number;
  active_count: number;
  last_activity: Date | null;
  total: number;
}

/** A broker's client as the admin sees it: contact details only, never health data. */
export interface BrokerClientRow {
  id: string;
  first_name: string;
  last_name: string;
  email: string | null;
  phone: string;
  is_active: boolean;
  created_at: Date;
}

export interface BrokerAdminActionRow {
  id: string;
  action: string;
  notes: string | null;
  created_at: Date;
  admin_email: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/**
 * The platform admin's figures over every broker: plans and clients (`users`, `clients`), telephony
 * costs (`deliveries`) and the admin actions on a broker (`admin_actions`).
 */
@Injectable()
export class PlatformRepository {
  constructor(private readonly em: EntityManager) {}

  /**
   * An aggregate on its own connection, planned without parallel workers: run side by side and by
   * several dashboards at once, the workers' start-up and gathering cost more than they save on
   * these scans (docs/performance.md).
   */
  private serialAggregate<T>(sql: string, params: unknown[] = []): Promise<T[]> {
    return this.em.fork().transactional(async (em) => {
      await em.execute('set local max_parallel_workers_per_gather = 0');
      return em.execute<T[]>(sql, params);
    });
  }

  /** Every broker (admins excluded) with their plan and active clients (the roll-up); on its own connection. */
  brokerFigures(): Promise<BrokerFiguresRow[]> {
    return this.serialAggregate<BrokerFiguresRow>(
      `select u.id, u.email, u.subscription_tier as tier, u.subscription_status as status, u.overage_enabled as overage,
              coalesce(c.active, 0)::int as active, u.trial_ends_at
         from users u
         left join broker_client_counts c on c.broker_id = u.id
        where not u.is_admin`,
    );
  }

  /**
   * The brokers grouped by plan, status, overage and active clients (the roll-up): the platform's
   * revenue without sending every broker to the application.
   */
  brokerPlanGroups(): Promise<BrokerPlanGroupRow[]> {
    return this.em.execute<BrokerPlanGroupRow[]>(
      `select u.subscription_tier as tier, u.subscription_status as status, u.overage_enabled as overage,
              coalesce(c.active, 0)::int as active, count(*)::int as brokers
         from users u
         left join broker_client_counts c on c.broker_id = u.id
        where not u.is_admin
        group by 1, 2, 3, 4`,
    );
  }

  /** Brokers on a trial that ends in [from, until], soonest first. */
  trialsEnding(from: Date, until: Date): Promise<TrialEndRow[]> {
    return this.em.execute<TrialEndRow[]>(
      `select id, email, trial_ends_at from users
        where not is_admin and subscription_status = 'trial' and trial_ends_at >= ? and trial_ends_at <= ?
        order by trial_ends_at, id`,
      [from, until],
    );
  }

  /**
   * The sum of the costs of deliveries created on the days [from, until) (UTC midnights), in cents,
   * from the daily roll-up; on its own connection.
   */
  async telephonyCentsOfDays(from: Date, until: Date): Promise<number> {
    const [row] = await this.serialAggregate<{ cents: string }>(
      `select coalesce(sum(cost_cents), 0)::bigint as cents from broker_delivery_days
        where day >= (?::timestamptz at time zone 'UTC')::date and day < (?::timestamptz at time zone 'UTC')::date`,
      [from, until],
    );
    return Number(row?.cents ?? 0);
  }

  /**
   * The sum of the costs of deliveries created in [from, until), `from` a UTC midnight, in cents: the
   * roll-up's days from `from` on, less the deliveries created at `until` or later (none, or a few
   * made while this runs, unless `until` is not now): a day or two of the roll-up's index.
   */
  async telephonyCentsSince(from: Date, until: Date): Promise<number> {
    const [row] = await this.em.execute<{ cents: string }[]>(
      `select (select coalesce(sum(cost_cents), 0) from broker_delivery_days where day >= (?::timestamptz at time zone 'UTC')::date)
            - (select coalesce(sum(cost_cents), 0) from deliveries where created_at >= ?)::bigint as cents`,
      [from, until],
    );
    return Number(row?.cents ?? 0);
  }

  /** `em`: the caller's transaction (the export reads its batches in one snapshot). */
  brokerList(filter: BrokerListFilter, em: EntityManager = this.em): Promise<BrokerListRow[]> {
    const where = ['not u.is_admin'];
    const values: unknown[] = [];
    if (filter.search) {
      where.push(`(u.email ilike ? or (coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')) ilike ?)`);
      const pattern = `%${escapeLike(filter.search)}%`;
      values.push(pattern, pattern);
    }
    if (filter.tier) {
      where.push('u.subscription_tier = ?');
      values.push(filter.tier);
    }
    if (filter.status) {
      where.push('u.subscription_status = ?');
      values.push(filter.status);
    }
    if (filter.ids) {
      where.push(filter.ids.length ? 'u.id = any(?::uuid[])' : 'false');
      if (filter.ids.length) values.push(`{${filter.ids.join(',')}}`);
    }
    const orderBy = BROKER_SORT_COLUMNS[filter.sort.field] ?? 'created_at';
    const order = `${orderBy} ${filter.sort.order === 'ASC' ? 'asc' : 'desc'} nulls last, id`;
    // The broker's newest delivery is one probe of deliveries_broker_created_idx each: made for the
    // page's brokers only, unless the list is sorted by it.
    const lastActivity = (u: string) =>
      `greatest(${u}.last_sign_in_at, (select max(d.created_at) from deliveries d where d.broker_id = ${u}.id))`;
    const byActivity = orderBy === 'last_activity';
    return em.execute<BrokerListRow[]>(
      `with page as (
         select u.id, u.first_name, u.last_name, u.email, u.subscription_tier as tier, u.subscription_status as status,
                u.suspended_at, u.agency_name, u.trial_ends_at, u.created_at, u.overage_enabled as overage, u.last_sign_in_at,
                coalesce(c.total, 0)::int as client_count, coalesce(c.active, 0)::int as active_count,
                ${byActivity ? `${lastActivity('u')} as last_activity,` : ''} count(*) over ()::int as total
           from users u
           left join broker_client_counts c on c.broker_id = u.id
          where ${where.join(' and ')}
          order by ${order}
          limit ? offset ?
       )
       select page.*${byActivity ? '' : `, ${lastActivity('page')} as last_activity`} from page order by ${order}`,
      [...values, filter.limit, filter.offset],
    );
  }

  /** `em`: the caller's transaction, when the count belongs to it. */
  async activeClientCount(brokerId: string, em: EntityManager = this.em): Promise<number> {
    const [row] = await em.execute<{ n: number }[]>(`select count(*)::int as n from clients where broker_id = ? and is_active`, [brokerId]);
    return row?.n ?? 0;
  }

  /** The broker's clients, newest first. */
  brokerClients(brokerId: string): Promise<BrokerClientRow[]> {
    return this.em.execute<BrokerClientRow[]>(
      `select id, first_name, last_name, email, phone, is_active, created_at from clients where broker_id = ? order by created_at desc, id`,
      [brokerId],
    );
  }

  /** The newest `limit` admin actions on the broker, with the acting admin's e-mail. */
  brokerAdminActions(brokerId: string, limit: number): Promise<BrokerAdminActionRow[]> {
    return this.em.execute<BrokerAdminActionRow[]>(
      `select a.id, a.action, a.notes, a.created_at, u.email as admin_email, a.before, a.after
         from admin_actions a left join users u on u.id = a.admin_id
        where a.broker_id = ? order by a.created_at desc, a.id limit ?`,
      [brokerId, limit],
    );
  }
}
