import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { DateTime } from 'luxon';

import { registrationCostsByMonth } from '../a2p/a2p-fees.js';
import { A2pReads } from '../a2p/a2p-reads.repository.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { JobsService } from '../jobs/jobs.service.js';
import { MonthlyFiguresRepository } from '../reporting/monthly-figures.repository.js';
import { TrendsRepository } from '../reporting/trends.repository.js';
import type { User } from '../users/user.entity.js';
import type { MonthlyAnalyticsDto } from './dto/billing.dto.js';
import { MonthSnapshotsRepository } from './month-snapshots.repository.js';
import { type BrokerMonthState, platformMonth, statusesOf } from './platform-month.js';
import type { SubscriptionStatus, Tier } from './pricing.js';
import { monthlyRevenueCents, profitMarginPercent } from './pricing.js';

const MONTHS_SHOWN = 12;

interface MonthFigures {
  month: string;
  voiceCallCount: number;
  clientCount: number;
  costCents: number;
  revenueCents: number;
}

function toDto(f: MonthFigures): MonthlyAnalyticsDto {
  return {
    month: f.month.slice(0, 7),
    voiceCallCount: f.voiceCallCount,
    clientCount: f.clientCount,
    totalCost: f.costCents,
    textingRegistrationCost: 0,
    revenue: f.revenueCents,
    profit: f.revenueCents - f.costCents,
    profitMargin: profitMarginPercent(f.revenueCents, f.costCents),
  };
}

/**
 * Monthly cost and profit per broker: costs from recorded deliveries (each priced when sent, pricing.ts),
 * revenue from the plan and active clients. Closed months come from month-end snapshots (taken on
 * the 1st for the month before, and at start-up for any month missed); the current month is live.
 * The live figures are read through reporting/ (`MonthlyFiguresRepository`); the snapshots are billing's
 * own tables (`MonthSnapshotsRepository`). With the brokers' month it closes the platform's month
 * (`platform_month_snapshots`, docs/admin.md "Trends"), in the same transaction.
 */
@Injectable()
export class MonthlyAnalyticsService implements OnApplicationBootstrap {
  private readonly logger = new Logger('MonthlyAnalytics');

  constructor(
    private readonly figures: MonthlyFiguresRepository,
    private readonly snapshots: MonthSnapshotsRepository,
    private readonly trends: TrendsRepository,
    private readonly em: EntityManager,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly jobs: JobsService,
    private readonly a2p: A2pReads,
  ) {}

  async forBroker(broker: User, now = new Date()): Promise<MonthlyAnalyticsDto[]> {
    const monthStart = DateTime.fromJSDate(now, { zone: 'utc' }).startOf('month');
    const [current] = await this.live([broker.id], monthStart.toJSDate(), monthStart.plus({ months: 1 }).toJSDate());
    const history = await this.snapshots.history(broker.id, monthStart.toISODate()!, MONTHS_SHOWN - 1);
    const rows = [
      ...(current ? [toDto(current)] : []),
      ...history.map((row) =>
        toDto({
          month: row.month,
          voiceCallCount: row.voice_call_count,
          clientCount: row.active_clients,
          costCents: row.cost_cents,
          revenueCents: row.revenue_cents,
        }),
      ),
    ];
    // The text messaging registration's fees, month by month (A2P 10DLC, docs/billing.md).
    const texting = registrationCostsByMonth(
      await this.a2p.registrationRow(broker.id),
      await this.a2p.activeNumbers(broker.id),
      rows.map((row) => row.month),
    );
    return rows.map((row) => ({ ...row, textingRegistrationCost: texting.get(row.month) ?? 0 }));
  }

  /** Figures for [from, to) for these brokers, with today's clients and plan. */
  private async live(
    brokerIds: string[],
    from: Date,
    to: Date,
  ): Promise<(MonthFigures & { brokerId: string; tier: Tier; status: SubscriptionStatus; total: number })[]> {
    if (brokerIds.length === 0) return [];
    const rows = await this.figures.brokerMonths(brokerIds, from, to);
    return rows.map((row) => ({
      brokerId: row.id,
      tier: row.tier,
      status: row.status,
      total: row.total,
      month: DateTime.fromJSDate(from, { zone: 'utc' }).toISODate()!,
      voiceCallCount: row.voice,
      clientCount: row.active,
      costCents: row.cost,
      revenueCents: monthlyRevenueCents(row.status, row.tier, row.active, row.overage),
    }));
  }

  /**
   * Snapshots the month before `now` for every broker who existed then and has none yet, and then the
   * platform's month from those snapshots, all in one transaction. Answers how many brokers it snapshotted.
   */
  async snapshotLastMonth(now = new Date()): Promise<number> {
    const end = DateTime.fromJSDate(now, { zone: 'utc' }).startOf('month');
    const start = end.minus({ months: 1 });
    const brokerIds = await this.figures.brokersWithoutSnapshot(end.toJSDate(), start.toISODate()!);
    const figures = await this.live(brokerIds, start.toJSDate(), end.toJSDate());
    await this.em.transactional(async (em) => {
      await this.snapshots.insertMissing(
        figures.map((f) => ({
          broker_id: f.brokerId,
          month: f.month,
          tier: f.tier,
          status: f.status,
          active_clients: f.clientCount,
          total_clients: f.total,
          voice_call_count: f.voiceCallCount,
          cost_cents: f.costCents,
          revenue_cents: f.revenueCents,
        })),
        em,
      );
      await this.snapshotPlatformMonth(start, em);
    });
    return figures.length;
  }

  /**
   * The platform's month starting at `start`, from its brokers' snapshots and the month before's.
   * Not written when it has one already, when no broker had a snapshot that month, or when a broker's
   * status is unknown (a month closed before statuses were recorded): the month stays "no data".
   */
  private async snapshotPlatformMonth(start: DateTime, em: EntityManager): Promise<void> {
    const month = start.toISODate()!;
    const previousMonth = start.minus({ months: 1 }).toISODate()!;
    const closed = await this.trends.platformMonths(previousMonth, start.plus({ months: 1 }).toISODate()!, em);
    if (closed.some((row) => row.month === month)) return;
    const states = await this.trends.monthStates(month, em);
    const known = states.filter((state): state is BrokerMonthState => state.status !== null);
    if (known.length === 0 || known.length < states.length) return;
    // Conversions and churn compare with the month before, when its statuses are on record.
    const previous = closed.some((row) => row.month === previousMonth)
      ? statusesOf(await this.trends.monthStates(previousMonth, em))
      : null;
    await this.snapshots.insertPlatformMonth(month, platformMonth(known, previous), em);
  }

  /**
   * At 00:05 UTC on the 1st, once across the cluster; and at start, for a month that ended while
   * nothing ran (the snapshot skips brokers who have one, so a second run changes nothing).
   */
  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.jobs.schedules) return;
    const run = async () => {
      const count = await this.snapshotLastMonth();
      if (count) this.logger.log(`Snapshotted last month for ${count} broker(s)`);
    };
    void run().catch((error: unknown) => this.logger.error({ err: error }, 'Month-end snapshot failed'));
    await this.jobs.schedule('month-end-snapshot', '5 0 1 * *', run);
  }
}
