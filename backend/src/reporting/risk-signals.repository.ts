import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

/** One active client's at-risk signals as of a moment (see clients/risk.ts RiskSignals). */
export interface RiskSignalsRow {
  id: string;
  broker_id: string;
  engagement_now: number;
  /** The last engagement point on or before the day 30 days back; null without one. */
  engagement_then: number | null;
  unanswered: number;
  opted_out: boolean;
  last_three_unopened: boolean;
  /** The latest delivered message, confirmation or portal sign-in, or when the client was added. */
  last_contact_at: Date;
  reached_recently: boolean;
  plan_effective_date: string | null;
}

/**
 * The at-risk score's reads, one statement per batch of active clients (all brokers, or one):
 * engagement (`clients`, `engagement_history`), calls and texts (`deliveries`), the consent ledger
 * (`consents`), campaign e-mails (`campaign_recipients`, `campaigns`) and portal sign-ins
 * (`client_accounts`). Everything is read as of `now`, so a run for a given moment reads the same.
 * Client reminders appear only as "a reminder confirmed in the last 30 days", a yes or no.
 */
@Injectable()
export class RiskSignalsRepository {
  constructor(private readonly em: EntityManager) {}

  /** Up to `limit` active clients with an id after `afterId` (null: from the start), by id. */
  async batch(now: Date, limit: number, afterId: string | null, brokerId?: string): Promise<RiskSignalsRow[]> {
    const rows = await this.em.execute<RiskSignalsRow[]>(
      `with p as (select ?::timestamptz as now)
       select c.id, c.broker_id, c.engagement_score as engagement_now,
              (select h.score from engagement_history h
                where h.client_id = c.id and h.day <= (p.now at time zone 'utc')::date - 30
                order by h.day desc limit 1) as engagement_then,
              (select count(*)::int from deliveries d
                where d.client_id = c.id and d.channel in ('voice', 'sms')
                  and (d.reminder_id is not null or d.campaign_id is not null)
                  and d.occurrence_at > p.now - interval '30 days' and d.occurrence_at <= p.now
                  and (d.status = 'failed'
                       or (d.status = 'completed' and d.confirm_within_minutes is not null and d.confirmed_at is null))
              ) as unanswered,
              exists (select 1 from consents k
                       where k.client_id = c.id and not k.opted_in
                         and k.recorded_at > p.now - interval '90 days' and k.recorded_at <= p.now) as opted_out,
              coalesce((select count(*) = 3 and count(last.opened_at) = 0 from (
                 select kr.opened_at from campaign_recipients kr
                   join campaigns k on k.id = kr.campaign_id and k.type = 'email'
                   join deliveries d on d.campaign_id = kr.campaign_id and d.client_id = kr.client_id and d.status in ('sent', 'completed')
                  where kr.client_id = c.id and d.occurrence_at <= p.now
                  order by d.occurrence_at desc, kr.id desc limit 3) last), false) as last_three_unopened,
              greatest(
                c.created_at,
                case when a.last_sign_in_at <= p.now then a.last_sign_in_at end,
                (select max(d.occurrence_at) from deliveries d
                  where d.client_id = c.id and d.caregiver_id is null and d.status in ('sent', 'completed') and d.occurrence_at <= p.now),
                (select max(d.confirmed_at) from deliveries d
                  where d.client_id = c.id and d.caregiver_id is null and d.confirmed_at <= p.now)
              ) as last_contact_at,
              exists (select 1 from deliveries d
                       where d.client_id = c.id and (d.reminder_id is not null or d.client_reminder_id is not null)
                         and d.confirmed_at > p.now - interval '30 days' and d.confirmed_at <= p.now) as reached_recently,
              to_char(c.plan_effective_date, 'YYYY-MM-DD') as plan_effective_date
         from p, clients c
         left join client_accounts a on a.client_id = c.id
        where c.is_active and (?::uuid is null or c.broker_id = ?::uuid) and (?::uuid is null or c.id > ?::uuid)
        order by c.id
        limit ?`,
      [now, brokerId ?? null, brokerId ?? null, afterId, afterId, limit],
    );
    return rows.map((row) => ({ ...row, last_contact_at: new Date(row.last_contact_at) }));
  }
}
