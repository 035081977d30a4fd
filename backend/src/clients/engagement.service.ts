import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleInit } from '@nestjs/common';

import { DeliveryReads } from '../delivery/delivery-reads.repository.js';
import { DispatcherService } from '../delivery/dispatcher.service.js';
import { JobsService } from '../jobs/jobs.service.js';
import { engagementScore } from './engagement.js';
import { EngagementRepository } from './engagement.repository.js';

const CHUNK = 5000;

/** Counts, by client, the logged calls and meetings of the last 90 days in which the client took part. */
export type ConversationsReader = (clientIds: string[]) => Promise<Map<string, number>>;
const ONE_DAY_MS = 24 * 60 * 60 * 1000;
const NINETY_DAYS_MS = 90 * ONE_DAY_MS;
/** How far back the client page's engagement line goes, and how long its points are kept. */
export const HISTORY_DAYS = 90;
const KEEP_DAYS = 400;
const utcDay = (at: number) => new Date(at).toISOString().slice(0, 10);

/**
 * Keeps clients' engagement scores current. Signals are read in one query per batch of clients and
 * scored by `engagementScore`; called when a signal changes (registration, portal sign-in, a
 * reminder sent, a campaign opened or clicked) and nightly for everyone whose deliveries changed
 * that day (provider callbacks).
 */
@Injectable()
export class EngagementService implements OnApplicationBootstrap, OnModuleInit {
  private readonly logger = new Logger('Engagement');
  private conversations: ConversationsReader | undefined;

  constructor(
    private readonly engagement: EngagementRepository,
    private readonly jobs: JobsService,
    private readonly deliveries: DeliveryReads,
    private readonly dispatcher: DispatcherService,
  ) {}

  /** The tasks module tells how many calls and meetings in the last 90 days each client took part in. */
  readConversationsWith(reader: ConversationsReader): void {
    this.conversations = reader;
  }

  async recompute(clientId: string): Promise<number> {
    const [score] = await this.recomputeMany([clientId]);
    return score ?? 0;
  }

  async recomputeMany(clientIds: string[]): Promise<number[]> {
    const scores: number[] = [];
    for (let i = 0; i < clientIds.length; i += CHUNK) {
      const ids = clientIds.slice(i, i + CHUNK);
      const rows = await this.engagement.signals(ids);
      const reminders = await this.deliveries.reminderOutcomes(ids, new Date(Date.now() - NINETY_DAYS_MS));
      const conversations = (await this.conversations?.(ids)) ?? new Map<string, number>();
      const updates = rows.map((row) => ({
        id: row.id,
        score: engagementScore({
          registered: row.registered,
          signedInLast30Days: row.recent,
          remindersCompleted: reminders.get(row.id)?.completed ?? 0,
          remindersFailed: reminders.get(row.id)?.failed ?? 0,
          remindersConfirmed: reminders.get(row.id)?.confirmed ?? 0,
          campaignOpens: row.opens,
          campaignClicks: row.clicks,
          conversations: conversations.get(row.id) ?? 0,
        }),
      }));
      await this.engagement.saveScores(updates);
      const byId = new Map(updates.map((u) => [u.id, u.score]));
      scores.push(...ids.map((id) => byId.get(id) ?? 0));
    }
    return scores;
  }

  /** Everyone whose reminders changed in the last day (callbacks arrive after the send). */
  async recomputeRecent(): Promise<number> {
    const clientIds = await this.deliveries.clientsChangedSince(new Date(Date.now() - ONE_DAY_MS));
    await this.recomputeMany(clientIds);
    return clientIds.length;
  }

  /**
   * The score's line over the last 90 days: a point on each day it changed, the first one on the
   * window's first day (the score it had then), and today's.
   */
  async history(clientId: string, current: number, now = Date.now()): Promise<{ day: string; score: number }[]> {
    const since = utcDay(now - (HISTORY_DAYS - 1) * ONE_DAY_MS);
    const rows = await this.engagement.history(clientId, since);
    const points = rows.map((row) => ({ day: row.day < since ? since : row.day, score: Number(row.score) }));
    const today = utcDay(now);
    if (points.at(-1)?.day !== today) points.push({ day: today, score: current });
    return points;
  }

  /** Every batch the dispatcher sends changes its clients' reminder signals. */
  onModuleInit(): void {
    this.dispatcher.onBatchSent((clientIds) => this.recomputeMany(clientIds));
  }

  /** Nightly at 03:30 UTC, once across the cluster. */
  async onApplicationBootstrap(): Promise<void> {
    await this.jobs.schedule('engagement-nightly', '30 3 * * *', async () => {
      this.logger.log(`Recomputed engagement for ${await this.recomputeRecent()} client(s)`);
      await this.engagement.prune(utcDay(Date.now() - KEEP_DAYS * ONE_DAY_MS));
    });
  }
}
