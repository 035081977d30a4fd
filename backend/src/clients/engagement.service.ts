import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';

import { JobsService } from '../jobs/jobs.service.js';
import { engagementScore } from './engagement.js';

const CHUNK = 5000;

/**
 * Keeps clients' engagement scores current. Signals are read in one query per batch of clients and
 * scored by `engagementScore`; called when a signal changes (registration, portal sign-in, a
 * reminder sent, a campaign opened or clicked) and nightly for everyone whose deliveries changed
 * that day (provider callbacks).
 */
@Injectable()
export class EngagementService implements OnApplicationBootstrap {
  private readonly logger = new Logger('Engagement');

  constructor(
    private readonly em: EntityManager,
    private readonly jobs: JobsService,
  ) {}

  async recompute(clientId: string): Promise<number> {
    const [score] = await this.recomputeMany([clientId]);
    return score ?? 0;
  }

  async recomputeMany(clientIds: string[]): Promise<number[]> {
    const scores: number[] = [];
    for (let i = 0; i < clientIds.length; i += CHUNK) {
      const ids = clientIds.slice(i, i + CHUNK);
      const rows = await this.em.execute<
        { id: string; registered: boolean; recent: boolean; completed: number; failed: number; opens: number; clicks: number }[]
      >(
        `select c.id,
                a.id is not null as registered,
                coalesce(a.last_sign_in_at > now() - interval '30 days', false) as recent,
                coalesce(d.completed, 0)::int as completed,
                coalesce(d.failed, 0)::int as failed,
                coalesce(k.opens, 0)::int as opens, coalesce(k.clicks, 0)::int as clicks
           from clients c
           left join client_accounts a on a.client_id = c.id
           left join lateral (
             select count(*) filter (where status = 'completed') as completed,
                    count(*) filter (where status = 'failed') as failed
               from deliveries
              where client_id = c.id and (reminder_id is not null or client_reminder_id is not null)
                and created_at > now() - interval '90 days'
           ) d on true
           left join lateral (
             select count(opened_at) as opens, count(clicked_at) as clicks
               from campaign_recipients
              where client_id = c.id and created_at > now() - interval '90 days'
           ) k on true
          where c.id in (?)`,
        [ids],
      );
      const updates = rows.map((row) => ({
        id: row.id,
        score: engagementScore({
          registered: row.registered,
          signedInLast30Days: row.recent,
          remindersCompleted: row.completed,
          remindersFailed: row.failed,
          campaignOpens: row.opens,
          campaignClicks: row.clicks,
        }),
      }));
      if (updates.length) {
        await this.em.execute(
          `update clients c set engagement_score = u.score
             from json_to_recordset(?::json) as u(id uuid, score int)
            where c.id = u.id and c.engagement_score <> u.score`,
          [JSON.stringify(updates)],
        );
      }
      const byId = new Map(updates.map((u) => [u.id, u.score]));
      scores.push(...ids.map((id) => byId.get(id) ?? 0));
    }
    return scores;
  }

  /** Everyone whose reminders changed in the last day (callbacks arrive after the send). */
  async recomputeRecent(): Promise<number> {
    const rows = await this.em.execute<{ client_id: string }[]>(
      `select distinct client_id from deliveries where updated_at > now() - interval '1 day'`,
    );
    await this.recomputeMany(rows.map((row) => row.client_id));
    return rows.length;
  }

  /** Nightly at 03:30 UTC, once across the cluster. */
  async onApplicationBootstrap(): Promise<void> {
    await this.jobs.schedule('engagement-nightly', '30 3 * * *', async () =>
      this.logger.log(`Recomputed engagement for ${await this.recomputeRecent()} client(s)`),
    );
  }
}
