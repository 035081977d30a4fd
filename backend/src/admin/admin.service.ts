import { EntityManager } from '@mikro-orm/postgresql';
import { BadRequestException, ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';

import { AuditService } from '../audit/audit.service.js';
import { BillingService } from '../billing/billing.service.js';
import { monthlyRevenueCents } from '../billing/pricing.js';
import { isUuid } from '../common/ids.js';
import { idsOf, type ListQuery, ListResult } from '../common/list-query.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { type BrokerListFilter, PlatformRepository } from '../reporting/platform.repository.js';
import { StatsService } from '../reporting/stats.service.js';
import { SUBSCRIPTION_STATUSES, SUBSCRIPTION_TIERS, type SubscriptionStatus, type SubscriptionTier, User } from '../users/user.entity.js';
import type {
  AdminAnalyticsDto,
  AdminBrokerDetailBrokerDto,
  AdminBrokerRowDto,
  AdminSubscriptionDto,
  AdminSubscriptionResultDto,
  BrokerDetailDto,
} from './dto/admin.dto.js';

const DAY_MS = 86_400_000;
export const TRIAL_WINDOW_DAYS = 30;
/** How far from today an admin may set a trial's end, either way. */
export const TRIAL_END_RANGE_DAYS = 365;
/** The broker detail's admin actions: the newest this many. */
const ADMIN_ACTIONS_SHOWN = 20;
/**
 * How long the sum of this month's settled telephony costs is reused. A delivery is priced when it
 * is sent, within minutes of being created (a retry comes 10 minutes later, at most twice), so a
 * day is settled once the next one has passed too: deliveries created before the start of
 * yesterday (UTC) no longer change their cost, short of a dispatcher stopped for a day. The sum is
 * computed afresh after this long, so even that shows within the hour.
 */
export const SETTLED_COSTS_MAX_AGE_MS = 60 * 60 * 1000;
export const BROKER_LIST_RULES = {
  sortable: ['email', 'lastName', 'createdAt', 'subscriptionTier', 'subscriptionStatus', 'clientCount', 'lastActivity'],
  filterable: ['search', 'q', 'tier', 'status'],
  idFilter: true,
} as const;

/** The broker list's own query parameters (GET /api/admin/brokers?search=&tier=&status=), over the filter's keys. */
export interface BrokerListParams {
  search?: string;
  tier?: string;
  status?: string;
}

/** The broker list's filter and sort, checked (the list and its export read them the same way); `all` is no filter. */
export function brokerListFilter(query: ListQuery, params: BrokerListParams): Omit<BrokerListFilter, 'limit' | 'offset'> {
  const search = (params.search ?? (query.filter.search as string | undefined) ?? (query.filter.q as string | undefined))?.trim();
  const tier = params.tier ?? (query.filter.tier as string | undefined);
  const status = params.status ?? (query.filter.status as string | undefined);
  if (tier && tier !== 'all' && !(SUBSCRIPTION_TIERS as readonly string[]).includes(tier))
    throw new BadRequestException('tier must be pmpm or flat');
  if (status && status !== 'all' && !(SUBSCRIPTION_STATUSES as readonly string[]).includes(status)) {
    throw new BadRequestException('status must be trial, active, past_due or canceled');
  }
  return {
    search: search || undefined,
    tier: tier && tier !== 'all' ? (tier as SubscriptionTier) : undefined,
    status: status && status !== 'all' ? (status as SubscriptionStatus) : undefined,
    ids: idsOf(query),
    sort: query.sort ?? { field: 'createdAt', order: 'DESC' },
  };
}

function detailBroker(user: User, activeClients: number): AdminBrokerDetailBrokerDto {
  return {
    id: user.id,
    firstName: user.firstName ?? null,
    lastName: user.lastName ?? null,
    email: user.email ?? null,
    subscriptionTier: user.subscriptionTier,
    subscriptionStatus: user.subscriptionStatus,
    suspendedAt: user.suspendedAt?.toISOString() ?? null,
    suspensionReason: user.suspensionReason ?? null,
    trialEndsAt: user.trialEndsAt?.toISOString() ?? null,
    createdAt: user.createdAt.toISOString(),
    overageEnabled: user.overageEnabled,
    agencyName: user.agencyName,
    monthlyRevenue: monthlyRevenueCents(user.subscriptionStatus, user.subscriptionTier, activeClients, user.overageEnabled),
  };
}

/**
 * The platform admin's view: platform revenue and brokers, and the changes admins make to trials
 * and subscriptions (written by billing/, which owns those columns), each recorded in the audit log
 * with the values before and after, in the same transaction.
 */
@Injectable()
export class AdminService {
  /** This month's settled telephony costs, while they may be reused (see SETTLED_COSTS_MAX_AGE_MS). */
  private settledCosts?: { from: number; until: number; cents: number; computedAt: number };

  constructor(
    private readonly em: EntityManager,
    private readonly audit: AuditService,
    private readonly billing: BillingService,
    private readonly platform: PlatformRepository,
    private readonly stats: StatsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * The sum of deliveries' costs created in [monthStart, now), from the daily roll-up
   * (`broker_delivery_days`, a row per broker and day). The settled days' part is reused for a
   * while and only the last day or two are summed on each visit.
   */
  private async telephonyCents(monthStart: Date, now: Date): Promise<number> {
    const startOfYesterday = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - DAY_MS;
    const settledUntil = new Date(Math.max(monthStart.getTime(), startOfYesterday));
    let settled = 0;
    if (settledUntil > monthStart) {
      const kept = this.settledCosts;
      const age = kept ? now.getTime() - kept.computedAt : Infinity;
      if (
        kept &&
        kept.from === monthStart.getTime() &&
        kept.until === settledUntil.getTime() &&
        age >= 0 &&
        age < SETTLED_COSTS_MAX_AGE_MS
      ) {
        settled = kept.cents;
      } else {
        settled = await this.platform.telephonyCentsOfDays(monthStart, settledUntil);
        this.settledCosts = { from: monthStart.getTime(), until: settledUntil.getTime(), cents: settled, computedAt: now.getTime() };
      }
    }
    return settled + (await this.platform.telephonyCentsSince(settledUntil, now));
  }

  /** The brokers grouped by what their revenue depends on, the trials ending soon, and this month's telephony costs. */
  async analytics(now = new Date()): Promise<AdminAnalyticsDto> {
    const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
    const horizon = new Date(now.getTime() + TRIAL_WINDOW_DAYS * DAY_MS);
    // Independent aggregates run side by side, each on its own connection.
    const [groups, telephony, trials] = await Promise.all([
      this.platform.brokerPlanGroups(),
      this.telephonyCents(monthStart, now),
      this.platform.trialsEnding(now, horizon),
    ]);
    const shares = { pmpm: { count: 0, revenue: 0 }, flat: { count: 0, revenue: 0 }, trial: { count: 0, revenue: 0 } };
    let mrr = 0;
    let activeBrokers = 0;
    let totalBrokers = 0;
    for (const g of groups) {
      const revenue = monthlyRevenueCents(g.status, g.tier, g.active, g.overage) * g.brokers;
      mrr += revenue;
      totalBrokers += g.brokers;
      if (g.status === 'active') activeBrokers += g.brokers;
      const share = g.status === 'trial' ? shares.trial : shares[g.tier];
      share.count += g.brokers;
      share.revenue += revenue;
    }
    const totalCosts = telephony + this.config.billing.operatingCostsMonthlyCents;
    const trialExpirations = trials.map((b) => ({
      brokerId: b.id,
      email: b.email,
      trialEndsAt: new Date(b.trial_ends_at).toISOString(),
      daysRemaining: Math.ceil((new Date(b.trial_ends_at).getTime() - now.getTime()) / DAY_MS),
    }));
    return {
      mrr,
      arr: mrr * 12,
      activeBrokers,
      totalBrokers,
      trialBrokers: shares.trial.count,
      totalRevenue: mrr,
      totalCosts,
      netProfit: mrr - totalCosts,
      tierDistribution: (['pmpm', 'flat', 'trial'] as const).map((tier) => ({ tier, ...shares[tier] })),
      trialExpirations,
    };
  }

  async brokers(query: ListQuery, params: BrokerListParams): Promise<ListResult<AdminBrokerRowDto>> {
    const rows = await this.platform.brokerList({
      ...brokerListFilter(query, params),
      limit: query.range ? query.range.end - query.range.start + 1 : 1000,
      offset: query.range?.start ?? 0,
    });
    const items = rows.map((row) => ({
      id: row.id,
      broker: {
        id: row.id,
        firstName: row.first_name,
        lastName: row.last_name,
        email: row.email,
        subscriptionTier: row.tier,
        subscriptionStatus: row.status,
        suspendedAt: row.suspended_at ? new Date(row.suspended_at).toISOString() : null,
      },
      clientCount: row.client_count,
      monthlyRevenue: monthlyRevenueCents(row.status, row.tier, row.active_count, row.overage),
      lastActivity: row.last_activity ? new Date(row.last_activity).toISOString() : null,
    }));
    return new ListResult('brokers', items, rows[0]?.total ?? 0, query.range);
  }

  async findBroker(id: string, em: EntityManager = this.em): Promise<User> {
    const user = isUuid(id) ? await em.findOne(User, { id, isAdmin: false }) : null;
    if (!user) throw new NotFoundException('Broker not found');
    return user;
  }

  async detail(id: string): Promise<BrokerDetailDto> {
    const user = await this.findBroker(id);
    const clients = await this.platform.brokerClients(user.id);
    const actions = await this.platform.brokerAdminActions(user.id, ADMIN_ACTIONS_SHOWN);
    return {
      broker: detailBroker(user, clients.filter((c) => c.is_active).length),
      stats: await this.stats.forBroker(user),
      clients: clients.map((c) => ({
        id: c.id,
        firstName: c.first_name,
        lastName: c.last_name,
        email: c.email,
        phone: c.phone,
        isActive: c.is_active,
        createdAt: new Date(c.created_at).toISOString(),
      })),
      adminActions: actions.map((a) => ({
        id: a.id,
        action: a.action,
        notes: a.notes,
        createdAt: new Date(a.created_at).toISOString(),
        adminEmail: a.admin_email,
        before: a.before,
        after: a.after,
      })),
    };
  }

  /** Moves a trial's end forward by 1–90 days from the later of now and its current end. */
  async extendTrial(admin: User, id: string, rawDays: unknown, now = new Date()): Promise<AdminBrokerDetailBrokerDto> {
    const days = typeof rawDays === 'string' && /^\d+$/.test(rawDays.trim()) ? Number(rawDays) : rawDays;
    if (typeof days !== 'number' || !Number.isInteger(days) || days < 1 || days > 90) {
      throw new BadRequestException({ message: 'days must be a whole number from 1 to 90', field: 'days' });
    }
    return this.em.transactional(async (em) => {
      const found = await this.findBroker(id, em);
      const { broker: user, before, after } = await this.billing.extendTrial(found.id, days, em, now);
      this.audit.record(em, {
        adminId: admin.id,
        action: 'trial_extended',
        targetType: 'broker',
        targetId: user.id,
        brokerId: user.id,
        notes: `Extended by ${days} day${days === 1 ? '' : 's'}`,
        before: { trialEndsAt: before.trialEndsAt?.toISOString() ?? null },
        after: { trialEndsAt: after.trialEndsAt.toISOString() },
      });
      await em.flush();
      return detailBroker(user, await this.platform.activeClientCount(user.id, em));
    });
  }

  /**
   * Sets a trial's end directly, within a year either way of now. A moment already past ends the
   * trial at once: the broker meets Trial Expired and the Billing page on their next visit.
   */
  async setTrialEnd(admin: User, id: string, trialEndsAt: string, now = new Date()): Promise<AdminBrokerDetailBrokerDto> {
    const end = new Date(trialEndsAt);
    if (Math.abs(end.getTime() - now.getTime()) > TRIAL_END_RANGE_DAYS * DAY_MS) {
      throw new BadRequestException({ message: `trialEndsAt must be within ${TRIAL_END_RANGE_DAYS} days of today`, field: 'trialEndsAt' });
    }
    return this.em.transactional(async (em) => {
      const found = await this.findBroker(id, em);
      const { broker: user, before, after } = await this.billing.setTrialEnd(found.id, end, em);
      this.audit.record(em, {
        adminId: admin.id,
        action: 'trial_end_set',
        targetType: 'broker',
        targetId: user.id,
        brokerId: user.id,
        notes: end.getTime() <= now.getTime() ? 'Trial ended now' : 'Trial end date set',
        before: { trialEndsAt: before.trialEndsAt?.toISOString() ?? null },
        after: { trialEndsAt: after.trialEndsAt.toISOString() },
      });
      await em.flush();
      return detailBroker(user, await this.platform.activeClientCount(user.id, em));
    });
  }

  /**
   * Suspends a broker: their sign-in and API tokens are refused and their reminders and campaigns
   * are not sent from now on (see DispatcherService); their clients' own reminders go on.
   */
  async suspend(admin: User, id: string, reason: string, now = new Date()): Promise<AdminBrokerDetailBrokerDto> {
    return this.em.transactional(async (em) => {
      const user = await this.findBroker(id, em);
      if (user.suspendedAt) throw new ConflictException('This broker is already suspended');
      user.suspendedAt = now;
      user.suspensionReason = reason;
      this.audit.record(em, {
        adminId: admin.id,
        action: 'broker_suspended',
        targetType: 'broker',
        targetId: user.id,
        brokerId: user.id,
        notes: reason,
        before: { suspended: false },
        after: { suspended: true },
      });
      await em.flush();
      return detailBroker(user, await this.platform.activeClientCount(user.id, em));
    });
  }

  /** Lifts a suspension: the broker signs in again; sends that fell due meanwhile stay not sent. */
  async reactivate(admin: User, id: string): Promise<AdminBrokerDetailBrokerDto> {
    return this.em.transactional(async (em) => {
      const user = await this.findBroker(id, em);
      if (!user.suspendedAt) throw new ConflictException('This broker is not suspended');
      const reason = user.suspensionReason;
      user.suspendedAt = null;
      user.suspensionReason = null;
      this.audit.record(em, {
        adminId: admin.id,
        action: 'broker_reactivated',
        targetType: 'broker',
        targetId: user.id,
        brokerId: user.id,
        notes: reason ? `Suspended for: ${reason}` : null,
        before: { suspended: true },
        after: { suspended: false },
      });
      await em.flush();
      return detailBroker(user, await this.platform.activeClientCount(user.id, em));
    });
  }

  /** Changes only the given fields; restoring a canceled broker to active is allowed. */
  async updateSubscription(admin: User, id: string, input: AdminSubscriptionDto): Promise<AdminSubscriptionResultDto> {
    if (!input.subscriptionTier && !input.subscriptionStatus) {
      throw new BadRequestException('Choose a subscription tier, a status, or both');
    }
    return this.em.transactional(async (em) => {
      const found = await this.findBroker(id, em);
      const { broker: user, before, after } = await this.billing.setSubscription(found.id, input, em);
      const changed = Object.keys(before).filter((k) => before[k as keyof typeof before] !== after[k as keyof typeof after]);
      this.audit.record(em, {
        adminId: admin.id,
        action: 'subscription_updated',
        targetType: 'broker',
        targetId: user.id,
        brokerId: user.id,
        notes: changed.length ? `Changed ${changed.join(' and ')}` : 'No change',
        before,
        after,
      });
      await em.flush();
      const restored = before.subscriptionStatus === 'canceled' && after.subscriptionStatus === 'active';
      const notice =
        restored && this.config.billing.stripe && !user.stripeSubscriptionId
          ? 'Restored here. Stripe has no active subscription for this broker: ask them to choose a plan on the Billing page to set up payment.'
          : undefined;
      return { ...detailBroker(user, await this.platform.activeClientCount(user.id, em)), ...(notice ? { notice } : {}) };
    });
  }
}
