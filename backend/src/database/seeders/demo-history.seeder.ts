import type { EntityManager } from '@mikro-orm/postgresql';
import { DateTime } from 'luxon';

import { type BrokerMonthState, platformMonth, statusesOf } from '../../billing/platform-month.js';
import { monthlyRevenueCents, type SubscriptionStatus, type Tier } from '../../billing/pricing.js';
import { DEPARTURE_REASONS } from '../../clients/client.entity.js';
import { DeparturesRepository } from '../../clients/departures.repository.js';
import { ATTESTATIONS } from '../../consent/attestations.js';
import { User } from '../../users/user.entity.js';

/** Months of history before this one: the trends show 11 of them, and the oldest gives the next its month before. */
const HISTORY_MONTHS = 12;

const STATUS_CODES: Record<string, SubscriptionStatus> = { t: 'trial', a: 'active', p: 'past_due', c: 'canceled' };

interface DemoHistory {
  tier: Tier;
  overage?: boolean;
  /**
   * The status at the end of each month, 12 months back first and this month last: t trial, a active,
   * p past due, c canceled, - not signed up yet.
   */
  statuses: string;
  /** Active clients 12 months back (or at sign-up) and now; the months between grow evenly. */
  activeClients: [from: number, to: number];
  /** Clients no longer active, now (fewer before, in proportion). */
  inactiveClients: number;
}

interface DemoBroker extends DemoHistory {
  firstName: string;
  lastName: string;
  agencyName: string;
  agencyPhone: string;
}

/**
 * The other brokers of the demo platform, so the admin's trends have a year to show: sign-ups and
 * conversions (Tom 9 months back, Wendy 8, Lena 4, Nina this month), two brokers who left (Ruth 7
 * months back, Gary 3) and one past due. None is on trial now, so the dashboard's trial expirations
 * stay the demo trial's and the tests' own.
 */
const DEMO_BROKERS: DemoBroker[] = [
  {
    firstName: 'Priya',
    lastName: 'Natarajan',
    agencyName: 'Natarajan Medicare Partners',
    agencyPhone: '+14045550119',
    tier: 'flat',
    overage: true,
    statuses: 'aaaaaaaaaaaaa',
    activeClients: [92, 114],
    inactiveClients: 9,
  },
  {
    firstName: 'Gary',
    lastName: 'Holt',
    agencyName: 'Holt Family Insurance',
    agencyPhone: '+16025550163',
    tier: 'flat',
    statuses: 'aaaaaaaaacccc',
    activeClients: [44, 38],
    inactiveClients: 6,
  },
  {
    firstName: 'Ruth',
    lastName: 'Alvarez',
    agencyName: 'Alvarez Benefits Group',
    agencyPhone: '+13055550128',
    tier: 'pmpm',
    statuses: 'aaaaacccccccc',
    activeClients: [22, 18],
    inactiveClients: 3,
  },
  {
    firstName: 'Tom',
    lastName: 'Becker',
    agencyName: 'Becker Senior Solutions',
    agencyPhone: '+17155550174',
    tier: 'pmpm',
    statuses: '-ttaaaaaaaaaa',
    activeClients: [9, 36],
    inactiveClients: 2,
  },
  {
    firstName: 'Wendy',
    lastName: 'Park',
    agencyName: 'Park Health Advisors',
    agencyPhone: '+12065550136',
    tier: 'pmpm',
    statuses: '--ttaaaaaaapp',
    activeClients: [12, 29],
    inactiveClients: 3,
  },
  {
    firstName: 'Lena',
    lastName: 'Ortiz',
    agencyName: 'Ortiz Medicare Advisors',
    agencyPhone: '+15055550181',
    tier: 'flat',
    statuses: '------ttaaaaa',
    activeClients: [21, 57],
    inactiveClients: 4,
  },
  {
    firstName: 'Nina',
    lastName: 'Brooks',
    agencyName: 'Brooks Retirement Planning',
    agencyPhone: '+19195550152',
    tier: 'pmpm',
    statuses: '----------tta',
    activeClients: [6, 13],
    inactiveClients: 1,
  },
];

/** The existing demo broker with the active subscription: a year on PMPM with a growing book. */
const MARCUS_HISTORY: DemoHistory = { tier: 'pmpm', statuses: 'aaaaaaaaaaaaa', activeClients: [38, 64], inactiveClients: 4 };

const FIRST_NAMES = ['Edna', 'Clarence', 'Mildred', 'Howard', 'Irene', 'Leonard', 'Agnes', 'Herbert', 'Lucille', 'Chester', 'Viola'];
const LAST_NAMES = [
  'Whitaker',
  'Dunn',
  'Porter',
  'Lambert',
  'Fleming',
  'Booker',
  'Crane',
  'Holloway',
  'Mercer',
  'Tate',
  'Vaughn',
  'Pruitt',
  'Kemp',
];

const CARRIERS = ['Humana', 'Aetna', 'UnitedHealthcare', 'Anthem', 'Cigna', 'WellCare'];
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The demo brokers' clients' facts (dates of birth, a few turning 65 within 45 days; plans, mostly
 * from 1 January; carriers), and their year of departures: each inactive client left on a day spread
 * over the last 12 months, for a reason in turn, and one active client in twelve left for three
 * weeks and came back.
 */
async function seedClientFactsAndDepartures(em: EntityManager, brokers: User[], now: Date): Promise<void> {
  const ids = `{${brokers.map((user) => user.id).join(',')}}`;
  await em.execute(
    `update clients c
        set date_of_birth = case when r.n % 17 = 0 then ?::date + (r.n % 45)::int - interval '65 years'
                                 else ?::date - make_interval(years => 66 + (r.n * 7) % 22::int, days => (r.n * 37) % 365::int) end,
            plan_type = (array['medicare_advantage', 'part_d', 'medicare_advantage', 'medigap', 'other'])[1 + r.n % 5],
            plan_effective_date = date_trunc('year', ?::date) - case when r.n % 3 = 0 then interval '1 year' else interval '0' end,
            carrier = case when r.n % 9 = 8 then null else (?::text[])[1 + r.n % ?] end
       from (select id, row_number() over (partition by broker_id order by created_at, phone)::int as n from clients where broker_id = any(?::uuid[])) r
      where c.id = r.id`,
    [now, now, now, `{${CARRIERS.join(',')}}`, CARRIERS.length, ids],
  );
  const departures = new DeparturesRepository();
  const clients = await em.execute<{ id: string; broker_id: string; created_at: string; is_active: boolean; n: number }[]>(
    `select id, broker_id, created_at, is_active, row_number() over (partition by broker_id, is_active order by created_at, phone)::int as n
       from clients where broker_id = any(?::uuid[]) order by broker_id, is_active, n`,
    [ids],
  );
  const inactive = new Map<string, number>();
  for (const row of clients) if (!row.is_active) inactive.set(row.broker_id, (inactive.get(row.broker_id) ?? 0) + 1);
  for (const row of clients) {
    const joined = new Date(row.created_at);
    const client = { id: row.id, createdAt: joined };
    const reason = DEPARTURE_REASONS[row.n % DEPARTURE_REASONS.length];
    if (!row.is_active) {
      // Spread over the year, never before the client had been there a while.
      const target = now.getTime() - (330 * row.n * DAY_MS) / (inactive.get(row.broker_id)! + 1);
      const at = new Date(Math.max(target, joined.getTime() + (now.getTime() - joined.getTime()) / 2));
      await departures.depart(em, row.broker_id, [client], reason, at);
      await em.execute('update clients set deactivated_at = ?, departure_reason = ? where id = ?', [at, reason, row.id]);
    } else if (row.n % 12 === 5) {
      const at = new Date(joined.getTime() + (now.getTime() - joined.getTime()) * 0.5);
      const back = new Date(Math.min(at.getTime() + 21 * DAY_MS, now.getTime() - DAY_MS));
      if (back <= at) continue;
      await departures.depart(em, row.broker_id, [client], reason, at);
      await departures.returned(em, [row.id], back);
    }
  }
}

/** The first day (UTC) of each month from 12 back to this one. */
function monthStarts(now: Date): DateTime[] {
  const current = DateTime.fromJSDate(now, { zone: 'utc' }).startOf('month');
  return Array.from({ length: HISTORY_MONTHS + 1 }, (_, i) => current.minus({ months: HISTORY_MONTHS - i }));
}

/** Active clients at the end of month `i` (0: 12 months back) of a book growing from its sign-up. */
function activeAt(history: DemoHistory, i: number): number {
  const first = history.statuses.search(/[^-]/);
  const [from, to] = history.activeClients;
  return Math.round(from + ((to - from) * (i - first)) / (HISTORY_MONTHS - first));
}

/**
 * A year of month-end snapshots for the demo brokers (Marcus and the brokers above, who are created
 * here with their clients), and the platform's months computed from them as the month-end job does.
 * Dana, on a fresh trial, and the admin have no history. Deterministic for a given `now`.
 */
export async function seedDemoHistory(em: EntityManager, marcus: User, now: Date): Promise<void> {
  const months = monthStarts(now);
  const firstMonth = (history: DemoHistory) => months[history.statuses.search(/[^-]/)];
  const brokers: [User, DemoHistory][] = [[marcus, MARCUS_HISTORY]];
  for (const demo of DEMO_BROKERS) {
    const createdAt = firstMonth(demo)
      .minus({ days: demo.statuses.startsWith('-') ? 0 : 60 })
      .plus({ days: 4 });
    const status = STATUS_CODES[demo.statuses.at(-1)!];
    const user = em.create(User, {
      firstName: demo.firstName,
      lastName: demo.lastName,
      email: `${demo.firstName}.${demo.lastName}@example.com`.toLowerCase(),
      agencyName: demo.agencyName,
      agencyPhone: demo.agencyPhone,
      subscriptionTier: demo.tier,
      subscriptionStatus: status,
      overageEnabled: demo.overage ?? false,
      trialEndsAt: DateTime.min(createdAt.plus({ days: 30 }), DateTime.fromJSDate(now).minus({ days: 1 })).toJSDate(),
      createdAt: createdAt.toJSDate(),
      lastSignInAt: status === 'canceled' ? null : DateTime.fromJSDate(now).minus({ days: 2 }).toJSDate(),
    });
    brokers.push([user, demo]);
  }
  // Since before the earlier of the two enrollment periods the retention page shows (up to 15
  // months back, in January), so that both have clients at their start on any day.
  marcus.createdAt = months[0].minus({ months: 4 }).toJSDate();
  marcus.trialEndsAt = months[0].minus({ months: 3 }).toJSDate();
  await em.flush();

  const snapshots: Record<string, unknown>[] = [];
  const states: BrokerMonthState[][] = months.map(() => []);
  for (const [user, history] of brokers) {
    const active = activeAt(history, HISTORY_MONTHS);
    const total = active + history.inactiveClients;
    // Their clients today, joined over the broker's time with us; the inactive ones are the oldest.
    await em.execute(
      `insert into clients (id, broker_id, first_name, last_name, email, phone, time_zone, is_active, deactivated_at, created_at)
       select gen_random_uuid(), ?, c.first_name, c.last_name,
              case when c.n % 3 = 0 then null else lower(c.first_name || '.' || c.last_name || c.n) || '@example.com' end,
              ? || lpad(c.n::text, 4, '0'), 'America/New_York', c.n > ?, case when c.n <= ? then ?::timestamptz - interval '20 days' end,
              ?::timestamptz + (?::timestamptz - ?::timestamptz) * (c.n::float / ?)
         from (select n, (?::text[])[1 + n % ?] as first_name, (?::text[])[1 + (n * 7) % ?] as last_name from generate_series(1, ?) n) c`,
      [
        user.id,
        user.agencyPhone.slice(0, 8),
        history.inactiveClients,
        history.inactiveClients,
        now,
        user.createdAt,
        now,
        user.createdAt,
        total + 1,
        `{${FIRST_NAMES.join(',')}}`,
        FIRST_NAMES.length,
        `{${LAST_NAMES.join(',')}}`,
        LAST_NAMES.length,
        total,
      ],
    );
    history.statuses.split('').forEach((code, i) => {
      if (code === '-' || i === HISTORY_MONTHS) return;
      const status = STATUS_CODES[code];
      const clients = activeAt(history, i);
      const revenue = monthlyRevenueCents(status, history.tier, clients, history.overage ?? false);
      snapshots.push({
        broker_id: user.id,
        month: months[i].toISODate(),
        tier: history.tier,
        status,
        active_clients: clients,
        total_clients: clients + Math.round((history.inactiveClients * (i + 1)) / (HISTORY_MONTHS + 1)),
        voice_call_count: clients * 2,
        cost_cents: clients * 5,
        revenue_cents: revenue,
      });
      states[i].push({ brokerId: user.id, status, revenueCents: revenue });
    });
  }
  await seedClientFactsAndDepartures(
    em,
    brokers.map(([user]) => user),
    now,
  );
  // The broker's attestation when adding each of them, for reminders and marketing on every channel.
  await em.execute(
    `insert into consents (client_id, channel, purpose, opted_in, source, evidence, actor, recorded_at)
     select c.id, ch.channel, p.purpose, true, 'broker_added', case p.purpose when 'reminders' then ? else ? end,
            'broker:' || c.broker_id, c.created_at
       from clients c cross join unnest(array['voice', 'sms', 'email']) ch(channel) cross join unnest(array['reminders', 'marketing']) p(purpose)
      where c.broker_id = any(?::uuid[])`,
    [ATTESTATIONS.reminders, ATTESTATIONS.marketing, `{${brokers.map(([user]) => user.id).join(',')}}`],
  );
  await em.execute(
    `insert into billing_month_snapshots (broker_id, month, tier, status, active_clients, total_clients, voice_call_count, cost_cents, revenue_cents)
     select s.broker_id, s.month, s.tier, s.status, s.active_clients, s.total_clients, s.voice_call_count, s.cost_cents, s.revenue_cents
       from json_to_recordset(?::json) as s(broker_id uuid, month date, tier text, status text, active_clients int, total_clients int,
                                              voice_call_count int, cost_cents int, revenue_cents int)`,
    [JSON.stringify(snapshots)],
  );
  const platform = months.slice(0, HISTORY_MONTHS).map((month, i) => ({
    month: month.toISODate(),
    ...platformMonth(states[i], i === 0 ? null : statusesOf(states[i - 1])),
  }));
  await em.execute(
    `insert into platform_month_snapshots (month, mrr_cents, active_brokers, trial_brokers, trial_conversions, churned_brokers)
     select p.month, p."mrrCents", p."activeBrokers", p."trialBrokers", p."trialConversions", p."churnedBrokers"
       from json_to_recordset(?::json) as p(month date, "mrrCents" int, "activeBrokers" int, "trialBrokers" int, "trialConversions" int,
                                              "churnedBrokers" int)`,
    [JSON.stringify(platform)],
  );
}
