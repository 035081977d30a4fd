import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

/** A client's engagement signals other than reminder outcomes (those are DeliveryReads'). */
export interface EngagementSignalsRow {
  id: string;
  registered: boolean;
  /** Signed in to the portal in the last 30 days. */
  recent: boolean;
  /** Campaign messages of the last 90 days opened, and clicked. */
  opens: number;
  clicks: number;
}

/**
 * The engagement score's SQL: the signals, read from `clients`, `client_accounts` (auth/'s) and
 * `campaign_recipients` (campaigns/'), and the scores, written to `clients`.
 */
@Injectable()
export class EngagementRepository {
  constructor(private readonly em: EntityManager) {}

  signals(clientIds: string[]): Promise<EngagementSignalsRow[]> {
    return this.em.execute<EngagementSignalsRow[]>(
      `select c.id,
              a.id is not null as registered,
              coalesce(a.last_sign_in_at > now() - interval '30 days', false) as recent,
              coalesce(k.opens, 0)::int as opens, coalesce(k.clicks, 0)::int as clicks
         from clients c
         left join client_accounts a on a.client_id = c.id
         left join lateral (
           select count(opened_at) as opens, count(clicked_at) as clicks
             from campaign_recipients
            where client_id = c.id and created_at > now() - interval '90 days'
         ) k on true
        where c.id in (?)`,
      [clientIds],
    );
  }

  /**
   * Stores the scores in one statement; a client whose score has not changed is not written. Each
   * change is also today's (UTC) point of the client's history, the day's last score winning.
   */
  async saveScores(scores: { id: string; score: number }[]): Promise<void> {
    if (scores.length === 0) return;
    await this.em.execute(
      `with changed as (
         update clients c set engagement_score = u.score
           from json_to_recordset(?::json) as u(id uuid, score int)
          where c.id = u.id and c.engagement_score <> u.score
         returning c.id, c.engagement_score
       )
       insert into engagement_history (id, client_id, day, score)
       select gen_random_uuid(), id, (now() at time zone 'utc')::date, engagement_score from changed
       on conflict (client_id, day) do update set score = excluded.score`,
      [JSON.stringify(scores)],
    );
  }

  /** A client's points since a day (YYYY-MM-DD), oldest first, and the last one before it (the line's start). */
  history(clientId: string, since: string): Promise<{ day: string; score: number }[]> {
    return this.em.execute<{ day: string; score: number }[]>(
      `(select to_char(day, 'YYYY-MM-DD') as day, score from engagement_history
         where client_id = ? and day < ?::date order by day desc limit 1)
       union all
       (select to_char(day, 'YYYY-MM-DD') as day, score from engagement_history
         where client_id = ? and day >= ?::date)
       order by day`,
      [clientId, since, clientId, since],
    );
  }

  /** Points older than a day are dropped (nightly); the newest before it stays as the line's start. */
  async prune(before: string): Promise<void> {
    await this.em.execute(
      `delete from engagement_history h
        where h.day < ?::date
          and exists (select 1 from engagement_history n where n.client_id = h.client_id and n.day > h.day and n.day <= ?::date)`,
      [before, before],
    );
  }
}
