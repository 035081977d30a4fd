import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

import { bookCondition, type ClientBook } from '../members/book.js';
import type { StatementMapping } from './commission-statement.entity.js';
import { nameKey, SQL_NAME_KEY, type StatementRow } from './statement-csv.js';
import type { MatchCandidate, RowMatch } from './statement-matching.js';

/** A statement row read, with the policy it matched (null: unmatched). */
export interface MatchedStatementRow extends StatementRow {
  match: RowMatch | null;
}

/** The schedule of a policy `p`: its carrier's schedule for its plan type, else the carrier's for every type. */
const SCHEDULE_OF_POLICY = `left join lateral (
    select s.id, s.initial_annual_cents, s.renewal_annual_cents from commission_schedules s
     where s.broker_id = p.broker_id and lower(s.carrier) = lower(p.carrier) and (s.plan_type = p.plan_type or s.plan_type is null)
     order by s.plan_type nulls last limit 1) s on true`;

/** Whether policy `p` is in force on a month's first day (`m`): active or terminated, from its effective date to its end. */
const IN_FORCE = (m: string) =>
  `p.status in ('active', 'terminated') and p.effective_date <= ${m} and (p.termination_date is null or p.termination_date >= ${m})`;

/** A month's expected cents for policy `p` under schedule `s`: initial in the calendar year it took effect, renewal after. */
const MONTHLY_CENTS = (m: string) =>
  `round((case when extract(year from ${m}) = extract(year from p.effective_date) then s.initial_annual_cents else s.renewal_annual_cents end) / 12.0)::int`;

/**
 * The first letter of SQL_NAME_KEY(column), the whole key made only when the name does not start
 * with a letter of A to Z (an I too: lower case makes it ı in Turkish).
 */
const FIRST_LETTER_KEY = (column: string) =>
  `case when ascii(${column}) between 97 and 122 then left(${column}, 1)
        when ascii(${column}) between 65 and 90 and ascii(${column}) <> 73 then chr(ascii(${column}) + 32)
        else left(${SQL_NAME_KEY(column)}, 1) end`;

/** One of the agency's policies with its client's names, as `MATCH_CANDIDATES_SQL` reads it. */
export type CandidateRow = Omit<MatchCandidate, 'firstKey' | 'lastKey'> & { firstName: string; lastName: string };

/** Every policy of an agency ($1) with what the matching compares (statement-matching.ts). */
export const MATCH_CANDIDATES_SQL = `select p.id as "policyId", p.client_id as "clientId", left(p.plan_id, 9) as "planKey", lower(p.carrier) as carrier,
        upper(p.carrier_member_id) as "memberId", p.status, p.effective_date::text as "effectiveDate",
        p.termination_date::text as "terminationDate", c.first_name as "firstName", c.last_name as "lastName"
   from policies p join clients c on c.id = p.client_id
  where p.broker_id = $1`;

/** The candidates with their clients' names as the matching's keys. */
export function candidatesOf(rows: CandidateRow[]): MatchCandidate[] {
  return rows.map(({ firstName, lastName, ...policy }) => ({ ...policy, firstKey: nameKey(firstName), lastKey: nameKey(lastName) }));
}

export interface PolicyCommissionRow {
  policy_id: string;
  schedule_id: string | null;
  initial_annual_cents: number | null;
  renewal_annual_cents: number | null;
  paid_cents: string | null;
}

export interface MonthRow {
  month: string;
  expected_cents: string;
  paid_cents: string;
  policies_expected: number;
  policies_paid: number;
  policies_unpaid: number;
  unmatched_cents: string;
}

export interface StatementRowRow {
  id: string;
  line: number;
  member_id: string | null;
  member_name: string | null;
  plan_key: string | null;
  period: string | null;
  effective_date: string | null;
  amount_cents: number | null;
  problem: string | null;
  match_kind: string;
  policy_id: string | null;
  client_id: string | null;
  client_name: string | null;
  carrier: string | null;
  plan_name: string | null;
}

export interface UnpaidRow {
  policy_id: string;
  client_id: string;
  client_name: string;
  carrier: string;
  plan_name: string;
  plan_id: string | null;
  carrier_member_id: string | null;
  month: string;
  expected_cents: number;
}

export interface PolicyMonthRow {
  month: string;
  expected_cents: number;
  paid_cents: string;
  kind: 'initial' | 'renewal' | null;
}

/**
 * The SQL of commissions (tables commission_schedules, commission_statements and
 * commission_statement_rows, and the policies they are about): the statement rows written and
 * matched in sets, and the figures of paid against expected. Clients are read for their names and
 * to keep a figure to the member's book.
 */
@Injectable()
export class CommissionsRepository {
  constructor(private readonly em: EntityManager) {}

  /** The mapping last used for this carrier's statements, or null. */
  async rememberedMapping(agencyId: string, carrier: string): Promise<StatementMapping | null> {
    const [row] = await this.em.execute<{ mapping: StatementMapping }[]>(
      `select mapping from commission_statements where broker_id = ? and lower(carrier) = lower(?) and mapping is not null
        order by created_at desc limit 1`,
      [agencyId, carrier],
    );
    return row?.mapping ?? null;
  }

  /** Starts a worker on a statement that is queued (or was left running): its attempts go up; false when it is over. */
  async begin(id: string): Promise<{ attempts: number } | undefined> {
    const [row] = await this.em.execute<{ attempts: number }[]>(
      `update commission_statements set status = 'running', attempts = attempts + 1, updated_at = now()
        where id = ? and status in ('queued', 'running') returning attempts`,
      [id],
    );
    return row;
  }

  /** The agency's policies with their clients' names as the matching compares them (statement-matching.ts). */
  async matchCandidates(agencyId: string): Promise<MatchCandidate[]> {
    return candidatesOf(await this.em.execute<CandidateRow[]>(MATCH_CANDIDATES_SQL.replace('$1', '?'), [agencyId]));
  }

  /** The statement's progress: rows read so far. */
  async setProgress(statementId: string, rowsDone: number): Promise<void> {
    await this.em.execute(
      `update commission_statements set rows_done = ?, updated_at = now() where id = ?`,
      [rowsDone, statementId],
      'run',
    );
  }

  async deleteRows(em: EntityManager, statementId: string): Promise<void> {
    await em.execute(`delete from commission_statement_rows where statement_id = ?`, [statementId], 'run');
  }

  /**
   * The matching's last step, for the rows the others left (statement-matching.ts): the plan and
   * names alike by trigrams (pg_trgm), among the clients on the row's plan whose last names start
   * with the same letter (fuzzy). Only the clients whose last names start with the letter of a row
   * left have their name keys made.
   */
  async matchSimilarNames(em: EntityManager, statementId: string): Promise<void> {
    await this.matchStep(
      em,
      statementId,
      `join policies p on p.broker_id = st.broker_id and left(p.plan_id, 9) = r.plan_key
       join ck on ck.id = p.client_id and left(ck.last_key, 1) = left(r.last_key, 1)
            and similarity(coalesce(r.first_key, '') || ' ' || r.last_key, ck.first_key || ' ' || ck.last_key) >= 0.5`,
      `'fuzzy'`,
    );
  }

  /**
   * One step of the matching: the pairs `join` finds for the rows still unmatched, on the row's
   * plan; per row, the strongest kind (exact before fuzzy) when a single client has it.
   */
  private async matchStep(em: EntityManager, statementId: string, join: string, kind: string): Promise<void> {
    await em.execute(
      `with st as (select id, broker_id, lower(carrier) as carrier from commission_statements where id = ?),
       letters as (
         select distinct left(r.last_key, 1) as letter from commission_statement_rows r
          where r.statement_id = (select id from st) and r.problem is null and r.match_kind = 'unmatched' and r.last_key <> ''
       ),
       ck as materialized (
         select c.id, ${SQL_NAME_KEY('c.first_name')} as first_key, ${SQL_NAME_KEY('c.last_name')} as last_key
           from clients c where c.broker_id = (select broker_id from st) and ${FIRST_LETTER_KEY('c.last_name')} in (select letter from letters)
       ),
       cand as (
         select r.id as row_id, p.id as policy_id, p.client_id, p.effective_date, (${IN_FORCE('r.period')}) as in_force, ${kind} as kind
           from st
           join commission_statement_rows r on r.statement_id = st.id and r.problem is null and r.match_kind = 'unmatched'
           ${join}
          where (r.plan_key is not null and left(p.plan_id, 9) = r.plan_key) or (r.plan_key is null and lower(p.carrier) = st.carrier)
       ),
       strongest as (select cand.*, min(kind) over (partition by row_id) as best from cand),
       ranked as (
         select row_id, policy_id, kind,
                row_number() over (partition by row_id order by in_force desc, effective_date desc nulls last) as n,
                min(client_id::text) over (partition by row_id) = max(client_id::text) over (partition by row_id) as one_client
           from strongest where kind = best
       )
       update commission_statement_rows r set policy_id = ranked.policy_id, match_kind = ranked.kind
         from ranked where r.id = ranked.row_id and ranked.n = 1 and ranked.one_client`,
      [statementId],
      'run',
    );
  }

  /** Counts the statement's rows by how they matched, onto the statement. */
  async count(em: EntityManager, statementId: string): Promise<void> {
    await em.execute(
      `update commission_statements s set
          matched_exact = k.exact, matched_fuzzy = k.fuzzy, unmatched = k.unmatched, rejected = k.rejected, rows_total = k.total,
          rows_done = k.total, updated_at = now()
         from (select count(*) filter (where match_kind in ('exact', 'manual'))::int as exact,
                      count(*) filter (where match_kind = 'fuzzy')::int as fuzzy,
                      count(*) filter (where match_kind = 'unmatched' and problem is null)::int as unmatched,
                      count(*) filter (where problem is not null)::int as rejected,
                      count(*)::int as total
                 from commission_statement_rows where statement_id = ?) k
        where s.id = ?`,
      [statementId, statementId],
      'run',
    );
  }

  /** The schedule and what has been paid, of each of these policies. */
  async ofPolicies(policyIds: string[]): Promise<PolicyCommissionRow[]> {
    if (policyIds.length === 0) return [];
    return this.em.execute<PolicyCommissionRow[]>(
      `select p.id as policy_id, s.id as schedule_id, s.initial_annual_cents, s.renewal_annual_cents,
              (select sum(r.amount_cents) from commission_statement_rows r where r.policy_id = p.id) as paid_cents
         from policies p ${SCHEDULE_OF_POLICY}
        where p.id = any(?::uuid[])`,
      [`{${policyIds.join(',')}}`],
    );
  }

  /** A policy's months from `from` to `to` (first days): expected under its schedule, and paid. */
  async policyMonths(policyId: string, from: string, to: string): Promise<PolicyMonthRow[]> {
    return this.em.execute<PolicyMonthRow[]>(
      `select to_char(m.m, 'YYYY-MM') as month,
              coalesce(case when s.id is not null and ${IN_FORCE('m.m')} then ${MONTHLY_CENTS('m.m')} end, 0) as expected_cents,
              case when s.id is null or p.effective_date is null then null
                   when extract(year from m.m) = extract(year from p.effective_date) then 'initial' else 'renewal' end as kind,
              coalesce((select sum(r.amount_cents) from commission_statement_rows r where r.policy_id = p.id and r.period = m.m), 0) as paid_cents
         from policies p ${SCHEDULE_OF_POLICY}
         cross join generate_series(?::date, ?::date, interval '1 month') as m(m)
        where p.id = ?
        order by m.m`,
      [from, to, policyId],
    );
  }

  /** The first and last months a policy was paid for, or nulls. */
  async paidSpan(policyId: string): Promise<{ first: string | null; last: string | null }> {
    const [row] = await this.em.execute<{ first: string | null; last: string | null }[]>(
      `select to_char(min(period), 'YYYY-MM-DD') as first, to_char(max(period), 'YYYY-MM-DD') as last
         from commission_statement_rows where policy_id = ?`,
      [policyId],
    );
    return row ?? { first: null, last: null };
  }

  /**
   * The book's months from `from` to `to`: expected (policies in force with a schedule), paid
   * (matched rows), how many policies were paid and not, and — for the whole book only — the
   * statements' unmatched amounts.
   */
  async months(book: ClientBook, from: string, to: string): Promise<MonthRow[]> {
    const inBook = bookCondition(book);
    return this.em.execute<MonthRow[]>(
      `with months as (select m::date as m from generate_series(?::date, ?::date, interval '1 month') as g(m)),
       expected as (
         select months.m, sum(${MONTHLY_CENTS('months.m')}) as cents, count(*)::int as policies,
                count(*) filter (where not exists (select 1 from commission_statement_rows r where r.policy_id = p.id and r.period = months.m))::int as unpaid
           from months
           join policies p on p.broker_id = ? and ${IN_FORCE('months.m')}
           join clients c on c.id = p.client_id and ${inBook.sql}
           ${SCHEDULE_OF_POLICY.replace('left join', 'join')}
          group by months.m
       ),
       paid as (
         select r.period as m, sum(r.amount_cents) as cents, count(distinct r.policy_id)::int as policies
           from commission_statement_rows r
           join policies p on p.id = r.policy_id
           join clients c on c.id = p.client_id and ${inBook.sql}
          where r.broker_id = ? and r.period between ? and ?
          group by r.period
       ),
       loose as (
         select r.period as m, sum(r.amount_cents) as cents from commission_statement_rows r
          where r.broker_id = ? and r.policy_id is null and r.problem is null and r.period between ? and ? and ?
          group by r.period
       )
       select to_char(months.m, 'YYYY-MM') as month, coalesce(expected.cents, 0) as expected_cents, coalesce(paid.cents, 0) as paid_cents,
              coalesce(expected.policies, 0) as policies_expected, coalesce(paid.policies, 0) as policies_paid,
              coalesce(expected.unpaid, 0) as policies_unpaid, coalesce(loose.cents, 0) as unmatched_cents
         from months left join expected using (m) left join paid using (m) left join loose using (m)
        order by months.m`,
      [
        from,
        to,
        book.agencyId,
        ...inBook.params,
        ...inBook.params,
        book.agencyId,
        from,
        to,
        book.agencyId,
        from,
        to,
        book.assignedTo === null,
      ],
    );
  }

  /** A statement's rows of a kind (unread rows count as unmatched), by line, kept to the book for matched ones. */
  async statementRows(book: ClientBook, statementId: string, kinds: string[], limit: number): Promise<StatementRowRow[]> {
    const inBook = bookCondition(book);
    return this.em.execute<StatementRowRow[]>(
      `select r.id, r.line, r.member_id, r.member_name, r.plan_key, to_char(r.period, 'YYYY-MM') as period,
              to_char(r.effective_date, 'YYYY-MM-DD') as effective_date, r.amount_cents, r.problem, r.match_kind, r.policy_id,
              c.id as client_id, case when c.id is null then null else c.first_name || ' ' || c.last_name end as client_name,
              p.carrier, p.plan_name
         from commission_statement_rows r
         left join policies p on p.id = r.policy_id
         left join clients c on c.id = p.client_id
        where r.statement_id = ? and r.broker_id = ? and r.match_kind = any(?::text[])
          and (r.policy_id is null and ? or ${inBook.sql})
        order by r.line limit ?`,
      [statementId, book.agencyId, `{${kinds.join(',')}}`, book.assignedTo === null, ...inBook.params, limit],
    );
  }

  /**
   * The statement's carrier's policies in the book, in force with a schedule in a month the
   * statement pays for, that no statement paid for that month.
   */
  async unpaid(book: ClientBook, statementId: string, limit: number): Promise<UnpaidRow[]> {
    const inBook = bookCondition(book);
    return this.em.execute<UnpaidRow[]>(
      `with st as (select id, broker_id, lower(carrier) as carrier from commission_statements where id = ? and broker_id = ?),
       months as (select distinct r.period as m from commission_statement_rows r join st on r.statement_id = st.id where r.period is not null)
       select p.id as policy_id, c.id as client_id, c.first_name || ' ' || c.last_name as client_name, p.carrier, p.plan_name, p.plan_id,
              p.carrier_member_id, to_char(months.m, 'YYYY-MM') as month, ${MONTHLY_CENTS('months.m')} as expected_cents
         from st cross join months
         join policies p on p.broker_id = st.broker_id and lower(p.carrier) = st.carrier and ${IN_FORCE('months.m')}
         join clients c on c.id = p.client_id and ${inBook.sql}
         ${SCHEDULE_OF_POLICY.replace('left join', 'join')}
        where not exists (select 1 from commission_statement_rows r where r.policy_id = p.id and r.period = months.m)
        order by months.m, c.last_name, c.first_name, p.id
        limit ?`,
      [statementId, book.agencyId, ...inBook.params, limit],
    );
  }

  /** The row's statement, when the row is the agency's. */
  async rowStatement(agencyId: string, rowId: string): Promise<{ statement_id: string; policy_id: string | null } | undefined> {
    const [row] = await this.em.execute<{ statement_id: string; policy_id: string | null }[]>(
      `select statement_id, policy_id from commission_statement_rows where id = ? and broker_id = ? and problem is null`,
      [rowId, agencyId],
    );
    return row;
  }

  /** Matches a row by hand to a policy (null: no policy), and counts its statement again. */
  async setRowPolicy(em: EntityManager, rowId: string, policyId: string | null): Promise<void> {
    await em.execute(
      `update commission_statement_rows set policy_id = ?, match_kind = case when ?::uuid is null then 'unmatched' else 'manual' end where id = ?`,
      [policyId, policyId, rowId],
      'run',
    );
  }
}
