import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

import type { DepartureReason } from '../clients/client.entity.js';
import type { ClientBook } from '../members/book.js';

/**
 * Every client the book has had, and every time one was away, as of `b.now`:
 * - `members`: today's clients, and deleted ones (kept as their deletion's departure row);
 * - `departures`: when each left and came back (returned_at null: still gone). A client made inactive
 *   before departures were kept, who has no open departure, is gone since they were made inactive.
 * A member's book (`b.member_id`) is the clients assigned to them now, and the deleted clients who were
 * assigned to them when deleted (docs/clients.md "Retention"); null: the agency's whole book.
 * A client is active at moment t when created_at ≤ t and no departure covers t
 * (departed_at ≤ t < coalesce(returned_at, ∞)). Parameters: now, now, member id (or null), broker id.
 */
const BOOK = `b as (
    select u.id, ?::timestamptz as now, u.time_zone as tz, (?::timestamptz at time zone u.time_zone) as local_now, ?::uuid as member_id
      from users u where u.id = ?
  ),
  members as (
    select c.id as client_id, c.created_at from clients c, b
     where c.broker_id = b.id and (b.member_id is null or c.assigned_member_id = b.member_id)
    union all
    select d.client_id, d.client_created_at from client_departures d, b
     where d.broker_id = b.id and d.deleted and (b.member_id is null or d.assigned_member_id = b.member_id)
  ),
  departures as (
    select d.client_id, d.departed_at, d.returned_at, d.reason from client_departures d, b
     where d.broker_id = b.id and (b.member_id is null or d.client_id in (select m.client_id from members m))
    union all
    select c.id, coalesce(c.deactivated_at, c.updated_at), null, coalesce(c.departure_reason, 'other') from clients c, b
     where c.broker_id = b.id and not c.is_active and (b.member_id is null or c.assigned_member_id = b.member_id)
       and not exists (select 1 from client_departures d where d.client_id = c.id and d.returned_at is null)
  )`;

/** The parameters of BOOK. */
const bookParams = (book: ClientBook, now: Date) => [now, now, book.assignedTo, book.agencyId];

/** One period's figures: clients active at its start, and of them those still active at its end. */
export interface RetentionPeriodRow {
  kind: 'month' | 'aep';
  /** YYYY-MM for a month; the year for an AEP. */
  label: string;
  /** The period's first and last days (YYYY-MM-DD, the broker's time zone): an AEP's last is today while it runs. */
  start_day: string;
  end_day: string;
  start_count: number;
  retained: number;
}

export interface LostByReasonRow {
  reason: DepartureReason;
  lost: number;
}

export interface TwelveMonthRow {
  /** The broker has had a client for at least `seasonedDays`. */
  seasoned: boolean;
  /** Clients active at the window's start, and of them those active now. */
  cohort: number;
  retained: number;
}

/**
 * The book's policies that are or were in force (active, or terminated), as of `b.local_now`: each
 * with the day it took effect (its effective date, else the day it was entered in the agency's time
 * zone), its last day (the termination date, null while it runs) and why it ended. A member's book
 * is the policies of the clients assigned to them now (a deleted client's policies went with them).
 * Parameters: now, member id (or null), broker id.
 */
const POLICY_BOOK = `b as (
    select u.id, u.time_zone as tz, (?::timestamptz at time zone u.time_zone) as local_now, ?::uuid as member_id
      from users u where u.id = ?
  ),
  pol as (
    select p.status, coalesce(p.effective_date, (p.created_at at time zone b.tz)::date) as eff, p.termination_date as term,
           coalesce(p.termination_reason, 'other') as reason
      from policies p join clients c on c.id = p.client_id, b
     where p.broker_id = b.id and (b.member_id is null or c.assigned_member_id = b.member_id) and p.status in ('active', 'terminated')
  )`;

/** The parameters of POLICY_BOOK. */
const policyBookParams = (book: ClientBook, now: Date) => [now, book.assignedTo, book.agencyId];

/** The season of the latest AEP begun by `b.local_now` (15 October, the agency's time zone). */
const AEP_YEAR = `aep_year as (
    select extract(year from b.local_now)::int
           - case when b.local_now < make_timestamp(extract(year from b.local_now)::int, 10, 15, 0, 0, 0) then 1 else 0 end as y
      from b
  )`;

/** One period's figures on policies: in force at its start, and of them those not lost by its end. */
export interface PolicyPeriodRow extends RetentionPeriodRow {
  /** Of those lost, the ones to another agent (termination reason switched_agent). */
  lost_to_another_agent: number;
}

export interface PolicyLostRow {
  reason: DepartureReason;
  lost: number;
}

/** The SQL of retention (docs/clients.md "Retention"): reads `clients`, `client_departures` and the broker's time zone. */
@Injectable()
export class RetentionRepository {
  constructor(private readonly em: EntityManager) {}

  /**
   * The last 12 calendar months of the broker's time zone (the current one up to now) and the last
   * two AEPs (15 October – 7 December; the current one up to now while it runs, a future one never),
   * oldest first within each kind, in one statement.
   */
  periods(book: ClientBook, now: Date): Promise<RetentionPeriodRow[]> {
    return this.em.execute<RetentionPeriodRow[]>(
      `with ${BOOK},
       aep_year as (
         select extract(year from b.local_now)::int
                - case when b.local_now < make_timestamp(extract(year from b.local_now)::int, 10, 15, 0, 0, 0) then 1 else 0 end as y
           from b
       ),
       periods as (
         select 'month' as kind, to_char(m, 'YYYY-MM') as label, to_char(m, 'YYYY-MM-DD') as start_day,
                to_char(least((m + interval '1 month' - interval '1 day'), b.local_now), 'YYYY-MM-DD') as end_day,
                m at time zone b.tz as start_at, least((m + interval '1 month') at time zone b.tz, b.now) as end_at
           from b, generate_series(date_trunc('month', b.local_now) - interval '11 months', date_trunc('month', b.local_now), interval '1 month') m
         union all
         select 'aep', s::text, to_char(make_date(s, 10, 15), 'YYYY-MM-DD'), to_char(least(make_date(s, 12, 7), b.local_now::date), 'YYYY-MM-DD'),
                make_timestamp(s, 10, 15, 0, 0, 0) at time zone b.tz, least(make_timestamp(s, 12, 8, 0, 0, 0) at time zone b.tz, b.now)
           from b, aep_year a, generate_series(a.y - 1, a.y) s
       ),
       per_client as (
         select p.kind, p.label, m.client_id,
                coalesce(bool_or(d.departed_at <= p.start_at and (d.returned_at is null or d.returned_at > p.start_at)), false) as gone_at_start,
                coalesce(bool_or(d.departed_at <= p.end_at and (d.returned_at is null or d.returned_at > p.end_at)), false) as gone_at_end
           from periods p
           join members m on m.created_at <= p.start_at
           left join departures d on d.client_id = m.client_id and d.departed_at <= p.end_at
                                 and (d.returned_at is null or d.returned_at > p.start_at)
          group by p.kind, p.label, m.client_id
       )
       select p.kind, p.label, p.start_day, p.end_day,
              count(pc.client_id) filter (where not pc.gone_at_start)::int as start_count,
              count(pc.client_id) filter (where not pc.gone_at_start and not pc.gone_at_end)::int as retained
         from periods p left join per_client pc on pc.kind = p.kind and pc.label = p.label
        group by p.kind, p.label, p.start_day, p.end_day, p.start_at
        order by p.kind desc, p.start_at`,
      bookParams(book, now),
    );
  }

  /**
   * Departures of the last 12 calendar months (the broker's time zone) by reason; a client back
   * before the end of the month they left in was not lost.
   */
  lostByReason(book: ClientBook, now: Date): Promise<LostByReasonRow[]> {
    return this.em.execute<LostByReasonRow[]>(
      `with ${BOOK}
       select d.reason, count(*)::int as lost
         from departures d, b
        where d.departed_at >= (date_trunc('month', b.local_now) - interval '11 months') at time zone b.tz
          and d.departed_at <= b.now
          and (d.returned_at is null or d.returned_at >= (date_trunc('month', d.departed_at at time zone b.tz) + interval '1 month') at time zone b.tz)
        group by d.reason`,
      bookParams(book, now),
    );
  }

  /**
   * The dashboard's rate: clients active 12 months ago and of them those active now. In a book
   * younger than 12 months each client's period starts when they joined: of every client the
   * broker has had, those active now.
   */
  async twelveMonths(book: ClientBook, now: Date, seasonedDays: number): Promise<TwelveMonthRow> {
    const [row] = await this.em.execute<TwelveMonthRow[]>(
      `with ${BOOK},
       w as (
         select b.now - interval '12 months' as start_at,
                coalesce((select min(m.created_at) from members m) > b.now - interval '12 months', true) as young,
                exists (select 1 from members m where m.created_at <= b.now - make_interval(days => ?)) as seasoned
           from b
       ),
       -- Only clients who ever left are grouped (few); every other member counts as there throughout.
       gone as (
         select d.client_id,
                bool_or(not w.young and d.departed_at <= w.start_at and (d.returned_at is null or d.returned_at > w.start_at)) as gone_at_start,
                bool_or(d.departed_at <= b.now and (d.returned_at is null or d.returned_at > b.now)) as gone_now
           from departures d, w, b
          where d.departed_at <= b.now
          group by d.client_id
       ),
       counts as (
         select count(*) filter (where not coalesce(g.gone_at_start, false))::int as cohort,
                count(*) filter (where not coalesce(g.gone_at_start or g.gone_now, false))::int as retained
           from w
           join members m on w.young or m.created_at <= w.start_at
           left join gone g on g.client_id = m.client_id
       )
       select w.seasoned, c.cohort, c.retained from w, counts c`,
      [...bookParams(book, now), seasonedDays],
    );
    return row ?? { seasoned: false, cohort: 0, retained: 0 };
  }

  /** Whether the book has a policy that is or was in force: then the dashboard's retention is measured on policies. */
  async hasPolicies(book: ClientBook, now: Date): Promise<boolean> {
    const [row] = await this.em.execute<{ any: boolean }[]>(`with ${POLICY_BOOK} select exists (select 1 from pol) as any`, [
      ...policyBookParams(book, now),
    ]);
    return row?.any === true;
  }

  /**
   * The periods of `periods` on policies (docs/clients.md "Retention on policies"): the policies in
   * force on a period's first day, and of them those not lost by its last — a policy is lost when it
   * was marked terminated with a termination date (its last day) up to then, unless it ended for a
   * change of plan within the agency (`switched_plan`). A month ends on its last day (the current
   * month too: a termination already recorded for later in it counts); an AEP's choices take effect
   * on 1 January, so a season counts the terminations dated from 15 October through 1 January.
   */
  policyPeriods(book: ClientBook, now: Date): Promise<PolicyPeriodRow[]> {
    return this.em.execute<PolicyPeriodRow[]>(
      `with ${POLICY_BOOK}, ${AEP_YEAR},
       periods as (
         select 'month' as kind, to_char(m, 'YYYY-MM') as label, m::date as first_day,
                (m + interval '1 month' - interval '1 day')::date as last_day,
                least((m + interval '1 month' - interval '1 day')::date, b.local_now::date) as end_day
           from b, generate_series(date_trunc('month', b.local_now) - interval '11 months', date_trunc('month', b.local_now), interval '1 month') m
         union all
         select 'aep', s::text, make_date(s, 10, 15), make_date(s + 1, 1, 1), least(make_date(s, 12, 7), b.local_now::date)
           from b, aep_year a, generate_series(a.y - 1, a.y) s
       )
       select p.kind, p.label, to_char(p.first_day, 'YYYY-MM-DD') as start_day, to_char(p.end_day, 'YYYY-MM-DD') as end_day,
              count(x.status)::int as start_count,
              count(x.status) filter (where not (x.status = 'terminated' and x.term <= p.last_day and x.reason <> 'switched_plan'))::int
                as retained,
              count(x.status) filter (where x.status = 'terminated' and x.term <= p.last_day and x.reason = 'switched_agent')::int
                as lost_to_another_agent
         from periods p
         left join pol x on x.eff <= p.first_day and (x.term is null or x.term >= p.first_day)
        group by p.kind, p.label, p.first_day, p.last_day, p.end_day
        order by p.kind desc, p.first_day`,
      policyBookParams(book, now),
    );
  }

  /**
   * Policies lost in the last 12 calendar months (terminated with a termination date from the first
   * day of the month 11 months ago through the last day of this one), by reason; a change of plan
   * within the agency is not a loss, and nonpayment is counted as other.
   */
  policiesLostByReason(book: ClientBook, now: Date): Promise<PolicyLostRow[]> {
    return this.em.execute<PolicyLostRow[]>(
      `with ${POLICY_BOOK}
       select case when x.reason in ('switched_agent', 'moved', 'deceased') then x.reason else 'other' end as reason, count(*)::int as lost
         from pol x, b
        where x.status = 'terminated' and x.reason <> 'switched_plan'
          and x.term >= (date_trunc('month', b.local_now) - interval '11 months')::date
          and x.term <= (date_trunc('month', b.local_now) + interval '1 month' - interval '1 day')::date
        group by 1`,
      policyBookParams(book, now),
    );
  }
}
