import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

import type { Language } from '../common/language.js';
import type { Channel } from '../messaging/outbox-message.entity.js';
import type { LapseKind, UpcomingKind } from './digest-email.js';

/** A broker whose digest is due: Monday 08:xx in their zone, none sent for that Monday yet. */
export interface DueBrokerRow {
  id: string;
  email: string;
  first_name: string | null;
  language: Language;
  /** The Monday in their zone, YYYY-MM-DD. */
  week_of: string;
}

export interface AtRiskRow {
  first_name: string;
  last_name: string;
  risk_score: number;
  risk_reasons: string[];
  total: number;
}

export interface LapsedConsentRow {
  first_name: string;
  last_name: string;
  channel: Channel;
  kind: LapseKind;
}

export interface UpcomingRow {
  first_name: string;
  last_name: string;
  kind: UpcomingKind;
  day: string;
  years: number;
}

export interface CampaignResultRow {
  name: string;
  sent: number;
  opened: number;
  clicked: number;
}

const AT_RISK_LISTED = 25;

/**
 * The weekly digest's SQL: which brokers are due (`users`, `weekly_digests`, which this module owns)
 * and what each one's digest lists, read from `clients`, `consents`, `campaigns`,
 * `campaign_recipients` and `deliveries`, always for one broker.
 */
@Injectable()
export class DigestRepository {
  constructor(private readonly em: EntityManager) {}

  /**
   * Brokers with the digest on, an e-mail address and no suspension, for whom `now` is a Monday
   * between 08:00 and 08:59 in their time zone and no digest was sent for that Monday. A zone the
   * database does not know is skipped rather than failing everyone's digest.
   */
  dueBrokers(now: Date): Promise<DueBrokerRow[]> {
    return this.em.execute<DueBrokerRow[]>(
      `select u.id, u.email, u.first_name, u.language, to_char(l.local::date, 'YYYY-MM-DD') as week_of
         from users u
         cross join lateral (select ?::timestamptz at time zone u.time_zone as local) l
        where u.weekly_digest and coalesce(u.email, '') <> '' and u.suspended_at is null and not u.is_admin
          and u.time_zone in (select name from pg_timezone_names)
          and extract(isodow from l.local) = 1 and extract(hour from l.local) = 8
          and not exists (select 1 from weekly_digests w where w.broker_id = u.id and w.week_of = l.local::date)
        order by u.id`,
      [now],
    );
  }

  /** Records the broker's digest for the week; false when it already was (another run sent it). */
  async claim(brokerId: string, weekOf: string, now: Date): Promise<boolean> {
    const rows = await this.em.execute<{ id: string }[]>(
      `insert into weekly_digests (id, broker_id, week_of, sent_at) values (gen_random_uuid(), ?, ?, ?)
       on conflict on constraint weekly_digests_broker_week_unique do nothing returning id`,
      [brokerId, weekOf, now],
    );
    return rows.length > 0;
  }

  /** Gives the week back after a send that failed, so that a later run in the hour may send it. */
  async release(brokerId: string, weekOf: string): Promise<void> {
    await this.em.execute('delete from weekly_digests where broker_id = ? and week_of = ?', [brokerId, weekOf]);
  }

  /** Active clients who became high risk in the 7 days before `now`, highest score first (the first 25, with the total). */
  newlyAtRisk(brokerId: string, now: Date): Promise<AtRiskRow[]> {
    return this.em.execute<AtRiskRow[]>(
      `select first_name, last_name, risk_score, risk_reasons, count(*) over ()::int as total
         from clients
        where broker_id = ? and is_active and risk_level = 'high'
          and risk_since > ?::timestamptz - interval '7 days' and risk_since <= ?
        order by risk_score desc, last_name, first_name, id
        limit ${AT_RISK_LISTED}`,
      [brokerId, now, now],
    );
  }

  /**
   * Active clients whose permission on a channel lapsed in the 7 days before `now`: their latest
   * event there is a revocation recorded in those days, or a marketing permission whose
   * `marketingMonths` ran out in them. One line per client and channel.
   */
  lapsedConsents(brokerId: string, now: Date, marketingMonths: number): Promise<LapsedConsentRow[]> {
    return this.em.execute<LapsedConsentRow[]>(
      `with latest as (
         select distinct on (k.client_id, k.channel, k.purpose) k.client_id, k.channel, k.purpose, k.opted_in, k.recorded_at
           from consents k join clients c on c.id = k.client_id
          where c.broker_id = ? and c.is_active and k.recorded_at <= ?
          order by k.client_id, k.channel, k.purpose, k.recorded_at desc, k.id desc
       ), lapsed as (
         select client_id, channel,
                case when not opted_in then 'revoked' else 'expired' end as kind,
                case when not opted_in then recorded_at else recorded_at + make_interval(months => ?) end as at
           from latest
          where not opted_in or purpose = 'marketing'
       )
       select distinct on (c.id, l.channel) c.first_name, c.last_name, l.channel, l.kind
         from lapsed l join clients c on c.id = l.client_id
        where l.at > ?::timestamptz - interval '7 days' and l.at <= ?
        order by c.id, l.channel, l.kind desc`,
      [brokerId, now, Math.trunc(marketingMonths), now, now],
    );
  }

  /**
   * Active clients' birthdays (the 65th as turning 65) and plan anniversaries (from the first) from
   * `today` to 30 days after it, by day. 29 February falls on 28 February in other years.
   */
  upcoming(brokerId: string, today: string): Promise<UpcomingRow[]> {
    return this.em.execute<UpcomingRow[]>(
      `select c.first_name, c.last_name,
              case when s.source = 'plan' then 'plan_anniversary' when k.years = 65 then 'turning_65' else 'birthday' end as kind,
              to_char(o.day, 'YYYY-MM-DD') as day, k.years
         from clients c
         cross join lateral (values ('birth', c.date_of_birth), ('plan', c.plan_effective_date)) s(source, d)
         cross join lateral (select (extract(year from ?::date) - extract(year from s.d))::int as n) y
         cross join lateral (
           select case when (s.d + make_interval(years => y.n))::date >= ?::date then y.n else y.n + 1 end as years
         ) k
         cross join lateral (select (s.d + make_interval(years => k.years))::date as day) o
        where c.broker_id = ? and c.is_active and s.d is not null and k.years >= 1 and o.day <= ?::date + 30
        order by o.day, c.last_name, c.first_name, c.id, kind`,
      [today, today, brokerId, today],
    );
  }

  /**
   * The broker's campaigns with messages sent in the 7 days before `now`: sent (delivered), opened
   * and clicked among those messages. A sequence's steps count under the sequence (their parent).
   */
  campaignResults(brokerId: string, now: Date): Promise<CampaignResultRow[]> {
    return this.em.execute<CampaignResultRow[]>(
      `select p.name,
              count(d.id) filter (where d.status in ('sent', 'completed'))::int as sent,
              count(kr.opened_at)::int as opened, count(kr.clicked_at)::int as clicked
         from campaign_recipients kr
         join campaigns k on k.id = kr.campaign_id
         join campaigns p on p.id = coalesce(k.parent_id, k.id)
         left join deliveries d on d.campaign_id = kr.campaign_id and d.client_id = kr.client_id
        where k.broker_id = ? and kr.created_at > ?::timestamptz - interval '7 days' and kr.created_at <= ?
        group by p.id, p.name
        order by max(kr.created_at) desc, p.id`,
      [brokerId, now, now],
    );
  }
}
