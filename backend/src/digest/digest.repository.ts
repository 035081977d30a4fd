import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

import type { Language } from '../common/language.js';
import { bookCondition, type ClientBook } from '../members/book.js';
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

/**
 * An agent whose agency keeps agents to their own clients, with the digest of their own clients due:
 * Monday 08:xx in the agency's zone, none sent to them for that Monday yet.
 */
export interface DueMemberRow {
  id: string;
  agency_id: string;
  email: string;
  first_name: string | null;
  language: Language;
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
 * The weekly digest's SQL: which brokers and agents are due (`users`, `members`, and
 * `weekly_digests` and `member_weekly_digests`, which this module owns) and what each one's digest
 * lists, read from `clients`, `consents`, `campaigns`, `campaign_recipients` and `deliveries`,
 * always for one book: an agency's whole book, or one agent's clients.
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

  /**
   * Agents who joined, are still members and have an e-mail address, in agencies that keep agents to
   * their own clients and have the digest on (the agency's setting governs all its digests), for whom
   * `now` is Monday 08:xx in the agency's zone and no digest was sent to them for that Monday. An
   * agent who shares the agency's address gets the agency's digest only.
   */
  dueMembers(now: Date): Promise<DueMemberRow[]> {
    return this.em.execute<DueMemberRow[]>(
      `select m.id, u.id as agency_id, m.email, m.first_name, coalesce(m.language, u.language) as language,
              to_char(l.local::date, 'YYYY-MM-DD') as week_of
         from members m
         join users u on u.id = m.agency_id
         cross join lateral (select ?::timestamptz at time zone u.time_zone as local) l
        where m.role = 'agent' and m.removed_at is null and m.invitation_hash is null and coalesce(m.email, '') <> ''
          and lower(m.email) <> lower(coalesce(u.email, ''))
          and u.agents_see_assigned_only and u.weekly_digest and u.suspended_at is null and not u.is_admin
          and u.time_zone in (select name from pg_timezone_names)
          and extract(isodow from l.local) = 1 and extract(hour from l.local) = 8
          and not exists (select 1 from member_weekly_digests w where w.member_id = m.id and w.week_of = l.local::date)
        order by m.id`,
      [now],
    );
  }

  /** Records the agent's digest for the week; false when it already was. */
  async claimMember(memberId: string, weekOf: string, now: Date): Promise<boolean> {
    const rows = await this.em.execute<{ id: string }[]>(
      `insert into member_weekly_digests (id, member_id, week_of, sent_at) values (gen_random_uuid(), ?, ?, ?)
       on conflict on constraint member_weekly_digests_member_week_unique do nothing returning id`,
      [memberId, weekOf, now],
    );
    return rows.length > 0;
  }

  /** Gives the agent's week back after a send that failed. */
  async releaseMember(memberId: string, weekOf: string): Promise<void> {
    await this.em.execute('delete from member_weekly_digests where member_id = ? and week_of = ?', [memberId, weekOf]);
  }

  /** Active clients who became high risk in the 7 days before `now`, highest score first (the first 25, with the total). */
  newlyAtRisk(book: ClientBook, now: Date): Promise<AtRiskRow[]> {
    const inBook = bookCondition(book);
    return this.em.execute<AtRiskRow[]>(
      `select c.first_name, c.last_name, c.risk_score, c.risk_reasons, count(*) over ()::int as total
         from clients c
        where ${inBook.sql} and c.is_active and c.risk_level = 'high'
          and c.risk_since > ?::timestamptz - interval '7 days' and c.risk_since <= ?
        order by c.risk_score desc, c.last_name, c.first_name, c.id
        limit ${AT_RISK_LISTED}`,
      [...inBook.params, now, now],
    );
  }

  /**
   * Active clients whose permission on a channel lapsed in the 7 days before `now`: their latest
   * event there is a revocation recorded in those days, or a marketing permission whose
   * `marketingMonths` ran out in them. One line per client and channel.
   */
  lapsedConsents(book: ClientBook, now: Date, marketingMonths: number): Promise<LapsedConsentRow[]> {
    const inBook = bookCondition(book);
    return this.em.execute<LapsedConsentRow[]>(
      `with latest as (
         select distinct on (k.client_id, k.channel, k.purpose) k.client_id, k.channel, k.purpose, k.opted_in, k.recorded_at
           from consents k join clients c on c.id = k.client_id
          where ${inBook.sql} and c.is_active and k.recorded_at <= ?
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
      [...inBook.params, now, Math.trunc(marketingMonths), now, now],
    );
  }

  /**
   * Active clients' birthdays (the 65th as turning 65) and plan anniversaries (from the first) from
   * `today` to 30 days after it, by day. 29 February falls on 28 February in other years.
   */
  upcoming(book: ClientBook, today: string): Promise<UpcomingRow[]> {
    const inBook = bookCondition(book);
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
        where ${inBook.sql} and c.is_active and s.d is not null and k.years >= 1 and o.day <= ?::date + 30
        order by o.day, c.last_name, c.first_name, c.id, kind`,
      [today, today, ...inBook.params, today],
    );
  }

  /**
   * The broker's campaigns with messages sent in the 7 days before `now`: sent (delivered), opened
   * and clicked among those messages. A sequence's steps count under the sequence (their parent). For an
   * agent's book, the messages to their clients only.
   */
  campaignResults(book: ClientBook, now: Date): Promise<CampaignResultRow[]> {
    const ofMember = book.assignedTo ? 'and exists (select 1 from clients c where c.id = kr.client_id and c.assigned_member_id = ?)' : '';
    return this.em.execute<CampaignResultRow[]>(
      `select p.name,
              count(d.id) filter (where d.status in ('sent', 'completed'))::int as sent,
              count(kr.opened_at)::int as opened, count(kr.clicked_at)::int as clicked
         from campaign_recipients kr
         join campaigns k on k.id = kr.campaign_id
         join campaigns p on p.id = coalesce(k.parent_id, k.id)
         left join deliveries d on d.campaign_id = kr.campaign_id and d.client_id = kr.client_id
        where k.broker_id = ? and kr.created_at > ?::timestamptz - interval '7 days' and kr.created_at <= ? ${ofMember}
        group by p.id, p.name
        order by max(kr.created_at) desc, p.id`,
      [book.agencyId, now, now, ...(book.assignedTo ? [book.assignedTo] : [])],
    );
  }
}
