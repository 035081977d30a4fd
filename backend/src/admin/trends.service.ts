import { Injectable } from '@nestjs/common';
import { DateTime } from 'luxon';

import { platformMonth, statusesOf } from '../billing/platform-month.js';
import { monthlyRevenueCents } from '../billing/pricing.js';
import { PlatformRepository } from '../reporting/platform.repository.js';
import { TrendsRepository } from '../reporting/trends.repository.js';
import { AdminService } from './admin.service.js';
import type { BrokerTrendsDto, PlatformTrendsDto } from './dto/trends.dto.js';

/** The months a trend shows: this one and the 11 before. */
export const TREND_MONTHS = 12;

/** The first days (UTC) of the last TREND_MONTHS months, oldest first; the last is this month. */
function trendMonths(now: Date): DateTime[] {
  const current = DateTime.fromJSDate(now, { zone: 'utc' }).startOf('month');
  return Array.from({ length: TREND_MONTHS }, (_, i) => current.minus({ months: TREND_MONTHS - 1 - i }));
}

const yearMonth = (month: DateTime | string) => (typeof month === 'string' ? month : month.toISODate()!).slice(0, 7);

/**
 * The platform's and a broker's last 12 months (docs/admin.md "Trends"): closed months from the
 * month-end snapshots billing/ writes, this month live with the same definitions as the dashboard.
 * A month without a snapshot is no data (null), never zero.
 */
@Injectable()
export class TrendsService {
  constructor(
    private readonly admin: AdminService,
    private readonly platform: PlatformRepository,
    private readonly trends: TrendsRepository,
  ) {}

  async platformTrends(now = new Date()): Promise<PlatformTrendsDto> {
    const months = trendMonths(now);
    const current = months[months.length - 1];
    const previousMonth = current.minus({ months: 1 }).toISODate()!;
    const [closed, brokers] = await Promise.all([
      this.trends.platformMonths(months[0].toISODate()!, current.toISODate()!),
      this.platform.brokerFigures(),
    ]);
    const byMonth = new Map(closed.map((row) => [yearMonth(row.month), row]));
    // This month's conversions and churn compare with last month's statuses, once it is closed.
    const previous = byMonth.has(yearMonth(previousMonth)) ? statusesOf(await this.trends.monthStates(previousMonth)) : null;
    const live = platformMonth(
      brokers.map((b) => ({ brokerId: b.id, status: b.status, revenueCents: monthlyRevenueCents(b.status, b.tier, b.active, b.overage) })),
      previous,
    );
    return {
      months: months.map((start) => {
        const month = yearMonth(start);
        if (start === current) {
          const { mrrCents, activeBrokers, trialConversions, churnedBrokers } = live;
          return { month, mrrCents, activeBrokers, trialConversions, churnedBrokers };
        }
        const row = byMonth.get(month);
        return row
          ? {
              month,
              mrrCents: row.mrr_cents,
              activeBrokers: row.active_brokers,
              trialConversions: row.trial_conversions,
              churnedBrokers: row.churned_brokers,
            }
          : { month, mrrCents: null, activeBrokers: null, trialConversions: null, churnedBrokers: null };
      }),
    };
  }

  /** The broker's months; an unknown id (or an admin's) is 404, as for the detail. */
  async brokerTrends(id: string, now = new Date()): Promise<BrokerTrendsDto> {
    const broker = await this.admin.findBroker(id);
    const months = trendMonths(now);
    const current = months[months.length - 1];
    const [closed, clients] = await Promise.all([
      this.trends.brokerMonths(broker.id, months[0].toISODate()!, current.toISODate()!),
      this.trends.clientCounts(broker.id),
    ]);
    const byMonth = new Map(closed.map((row) => [yearMonth(row.month), row]));
    return {
      months: months.map((start) => {
        const month = yearMonth(start);
        if (start === current) {
          return {
            month,
            activeClients: clients.active,
            totalClients: clients.total,
            revenueCents: monthlyRevenueCents(broker.subscriptionStatus, broker.subscriptionTier, clients.active, broker.overageEnabled),
          };
        }
        const row = byMonth.get(month);
        return row
          ? { month, activeClients: row.active_clients, totalClients: row.total_clients, revenueCents: row.revenue_cents }
          : { month, activeClients: null, totalClients: null, revenueCents: null };
      }),
    };
  }
}
