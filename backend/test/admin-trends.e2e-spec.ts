import { randomUUID } from 'node:crypto';

import { DateTime } from 'luxon';

import { MonthlyAnalyticsService } from '../src/billing/monthly-analytics.service.js';
import { seedDemoData } from '../src/database/seeders/demo-data.seeder.js';
import { User } from '../src/users/user.entity.js';
import type { Agent } from './helpers/browser-agent.js';
import { makeUser } from './helpers/factories.js';
import { brokerSession } from './helpers/session.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/** The first day (UTC) of the month `back` months before this one. */
const monthStart = (back: number) => DateTime.utc().startOf('month').minus({ months: back });
const yearMonth = (back: number) => monthStart(back).toFormat('yyyy-MM');

interface PlatformMonth {
  month: string;
  mrrCents: number | null;
  activeBrokers: number | null;
  trialConversions: number | null;
  churnedBrokers: number | null;
}

const NO_DATA = { mrrCents: null, activeBrokers: null, trialConversions: null, churnedBrokers: null };

let phones = 0;

/** `count` clients of the broker, `active` of them active. */
async function addClients(t: TestApp, brokerId: string, count: number, active = count): Promise<void> {
  await t.em().execute(
    `insert into clients (id, broker_id, first_name, last_name, phone, is_active)
     select gen_random_uuid(), ?, 'C', 'N' || n, '+1404' || lpad((? + n)::text, 7, '0'), n <= ? from generate_series(1, ?) n`,
    [brokerId, phones, active, count],
  );
  phones += count;
}

/** A broker's closed month, as billing's month-end job would have written it. */
async function snapshot(
  t: TestApp,
  brokerId: string,
  back: number,
  status: string | null,
  revenueCents: number,
  clients: { active: number; total: number } = { active: 0, total: 0 },
): Promise<void> {
  await t.em().execute(
    `insert into billing_month_snapshots (broker_id, month, tier, status, active_clients, total_clients, voice_call_count, cost_cents, revenue_cents)
     values (?, ?, 'flat', ?, ?, ?, 0, 0, ?)`,
    [brokerId, monthStart(back).toISODate(), status, clients.active, clients.total, revenueCents],
  );
}

describe('admin trends', () => {
  let t: TestApp;
  let admin: { agent: Agent; id: string };
  let brokerB: User;
  let brokerC: User;

  beforeAll(async () => {
    t = await createTestApp({ listen: true });
    admin = await brokerSession(t, 'trends.admin@agency.test');
    await t.em().nativeUpdate(User, { id: admin.id }, { isAdmin: true });

    // Brokers as they are now (all created today, so the month-end job finds none to snapshot itself).
    const a = await makeUser(t.em(), { email: 'a@trends.test', subscriptionTier: 'flat', subscriptionStatus: 'canceled' });
    brokerB = await makeUser(t.em(), { email: 'b@trends.test', subscriptionTier: 'pmpm', subscriptionStatus: 'active' });
    brokerC = await makeUser(t.em(), { email: 'c@trends.test', subscriptionTier: 'pmpm', subscriptionStatus: 'active' });
    const e = await makeUser(t.em(), { email: 'e@trends.test', subscriptionTier: 'pmpm', subscriptionStatus: 'active' });
    await addClients(t, brokerB.id, 4, 3);
    await addClients(t, brokerC.id, 2);
    await addClients(t, e.id, 1);
    const gone = randomUUID(); // D: an account deleted since; its snapshots stay.

    // Six months back, statuses were not recorded yet (A's is unknown): that month stays no data.
    await snapshot(t, a.id, 6, null, 29_700);
    await snapshot(t, brokerB.id, 6, 'active', 9_500, { active: 19, total: 20 });
    // 5 back: A on trial, B and D paying.
    await snapshot(t, a.id, 5, 'trial', 0);
    await snapshot(t, brokerB.id, 5, 'active', 10_000, { active: 20, total: 22 });
    await snapshot(t, gone, 5, 'active', 29_700);
    // 4 back: A converts.
    await snapshot(t, a.id, 4, 'active', 29_700);
    await snapshot(t, brokerB.id, 4, 'active', 10_500, { active: 21, total: 23 });
    await snapshot(t, gone, 4, 'active', 29_700);
    // 3 back: B cancels and D is gone: two churned.
    await snapshot(t, a.id, 3, 'active', 29_700);
    await snapshot(t, brokerB.id, 3, 'canceled', 0, { active: 21, total: 24 });
    // 2 back: C signs up and pays within the month (a conversion); E starts a trial; an admin's row counts for nothing.
    await snapshot(t, a.id, 2, 'active', 29_700);
    await snapshot(t, brokerB.id, 2, 'canceled', 0, { active: 18, total: 24 });
    await snapshot(t, brokerC.id, 2, 'active', 5_000);
    await snapshot(t, e.id, 2, 'trial', 0);
    await snapshot(t, admin.id, 2, 'active', 99_999);
    // Last month: A past due (still paying), B restored (neither a conversion nor churn), E still on trial.
    await snapshot(t, a.id, 1, 'past_due', 29_700);
    await snapshot(t, brokerB.id, 1, 'active', 11_000, { active: 22, total: 25 });
    await snapshot(t, brokerC.id, 1, 'active', 6_000);
    await snapshot(t, e.id, 1, 'trial', 0);

    // Each month closes in turn, as the job does on the 1st (00:05 UTC) of the next.
    const job = t.app.get(MonthlyAnalyticsService);
    for (let back = 5; back >= 0; back--) {
      expect(await job.snapshotLastMonth(monthStart(back).plus({ minutes: 5 }).toJSDate())).toBe(0);
    }
  });
  afterAll(() => t.close());

  it('answers the last 12 months, oldest first, from the platform snapshots and this month live', async () => {
    const res = await admin.agent.get('/api/admin/trends');
    expect(res.status).toBe(200);
    const months = res.body.months as PlatformMonth[];
    expect(months.map((m) => m.month)).toEqual(Array.from({ length: 12 }, (_, i) => yearMonth(11 - i)));
    const at = (back: number) => months.find((m) => m.month === yearMonth(back));
    // Before the first snapshot, and the month whose statuses are unknown: no data, not zero.
    for (let back = 11; back >= 6; back--) expect(at(back)).toEqual({ month: yearMonth(back), ...NO_DATA });
    // The first month with statuses: MRR and active brokers, but nothing to compare conversions and churn with.
    expect(at(5)).toEqual({
      month: yearMonth(5),
      mrrCents: 10_000 + 29_700,
      activeBrokers: 2,
      trialConversions: null,
      churnedBrokers: null,
    });
    expect(at(4)).toEqual({
      month: yearMonth(4),
      mrrCents: 29_700 + 10_500 + 29_700,
      activeBrokers: 3,
      trialConversions: 1,
      churnedBrokers: 0,
    });
    expect(at(3)).toEqual({ month: yearMonth(3), mrrCents: 29_700, activeBrokers: 1, trialConversions: 0, churnedBrokers: 2 });
    expect(at(2)).toEqual({ month: yearMonth(2), mrrCents: 29_700 + 5_000, activeBrokers: 2, trialConversions: 1, churnedBrokers: 0 });
    expect(at(1)).toEqual({
      month: yearMonth(1),
      mrrCents: 29_700 + 11_000 + 6_000,
      activeBrokers: 2,
      trialConversions: 0,
      churnedBrokers: 0,
    });
    // Now: A canceled (churned from past due), B 3 active × $5, C 2 × $5, E converted with 1 × $5.
    expect(at(0)).toEqual({ month: yearMonth(0), mrrCents: 1_500 + 1_000 + 500, activeBrokers: 3, trialConversions: 1, churnedBrokers: 1 });
    // This month equals the dashboard's MRR and active brokers.
    const analytics = await admin.agent.get('/api/admin/analytics');
    expect({ mrr: analytics.body.mrr, activeBrokers: analytics.body.activeBrokers }).toEqual({ mrr: 3_000, activeBrokers: 3 });
  });

  it('computes the current month live, and leaves closed months as they were', async () => {
    await addClients(t, brokerC.id, 1);
    await t.em().nativeUpdate(User, { id: brokerB.id }, { subscriptionStatus: 'canceled' });
    const months = (await admin.agent.get('/api/admin/trends')).body.months as PlatformMonth[];
    expect(months[11]).toEqual({ month: yearMonth(0), mrrCents: 1_500 + 500, activeBrokers: 2, trialConversions: 1, churnedBrokers: 2 });
    expect(months[10]).toMatchObject({ mrrCents: 46_700, activeBrokers: 2 });
    await t.em().nativeUpdate(User, { id: brokerB.id }, { subscriptionStatus: 'active' });
  });

  it('answers a broker’s clients and revenue over the last 12 months, 404 for an unknown id', async () => {
    const res = await admin.agent.get(`/api/admin/brokers/${brokerB.id}/trends`);
    expect(res.status).toBe(200);
    const months = res.body.months as { month: string }[];
    expect(months.map((m) => m.month)).toEqual(Array.from({ length: 12 }, (_, i) => yearMonth(11 - i)));
    expect(months.slice(0, 5)).toEqual(
      Array.from({ length: 5 }, (_, i) => ({ month: yearMonth(11 - i), activeClients: null, totalClients: null, revenueCents: null })),
    );
    expect(months.slice(5)).toEqual([
      { month: yearMonth(6), activeClients: 19, totalClients: 20, revenueCents: 9_500 },
      { month: yearMonth(5), activeClients: 20, totalClients: 22, revenueCents: 10_000 },
      { month: yearMonth(4), activeClients: 21, totalClients: 23, revenueCents: 10_500 },
      { month: yearMonth(3), activeClients: 21, totalClients: 24, revenueCents: 0 },
      { month: yearMonth(2), activeClients: 18, totalClients: 24, revenueCents: 0 },
      { month: yearMonth(1), activeClients: 22, totalClients: 25, revenueCents: 11_000 },
      // Live: 3 active of 4, pmpm active.
      { month: yearMonth(0), activeClients: 3, totalClients: 4, revenueCents: 1_500 },
    ]);

    for (const id of [randomUUID(), 'not-an-id', admin.id]) {
      const missing = await admin.agent.get(`/api/admin/brokers/${id}/trends`);
      expect({ id, status: missing.status, message: missing.body.message }).toEqual({ id, status: 404, message: 'Broker not found' });
    }
  });

  it('answers 403 to a broker', async () => {
    const broker = await brokerSession(t, 'trends.not.admin@agency.test');
    expect((await broker.agent.get('/api/admin/trends')).status).toBe(403);
    expect((await broker.agent.get(`/api/admin/brokers/${brokerB.id}/trends`)).status).toBe(403);
    expect((await broker.agent.get(`/api/admin/brokers/${broker.id}/trends`)).status).toBe(403);
  });
});

describe('the month-end job', () => {
  let t: TestApp;
  let admin: { agent: Agent; id: string };

  beforeAll(async () => {
    t = await createTestApp({ listen: true });
    admin = await brokerSession(t, 'job.admin@agency.test');
    await t.em().nativeUpdate(User, { id: admin.id }, { isAdmin: true });
  });
  afterAll(() => t.close());

  it('writes the platform’s month with the brokers’ snapshots, their statuses, once', async () => {
    const paying = await makeUser(t.em(), { subscriptionTier: 'pmpm', subscriptionStatus: 'active' });
    const trial = await makeUser(t.em(), { subscriptionTier: 'flat', subscriptionStatus: 'trial' });
    const overdue = await makeUser(t.em(), { subscriptionTier: 'flat', subscriptionStatus: 'past_due' });
    await addClients(t, paying.id, 3, 2);
    await t.em().execute(`update users set created_at = now() - interval '90 days' where id in (?)`, [[paying.id, trial.id, overdue.id]]);

    const job = t.app.get(MonthlyAnalyticsService);
    expect(await job.snapshotLastMonth()).toBe(3);
    const month = monthStart(1).toISODate();
    const brokers = await t
      .em()
      .execute<{ broker_id: string; status: string; revenue_cents: number }[]>(
        `select broker_id, status, revenue_cents from billing_month_snapshots where month = ? order by revenue_cents`,
        [month],
      );
    expect(brokers).toEqual([
      { broker_id: trial.id, status: 'trial', revenue_cents: 0 },
      { broker_id: paying.id, status: 'active', revenue_cents: 1_000 },
      { broker_id: overdue.id, status: 'past_due', revenue_cents: 29_700 },
    ]);
    const platform = `select to_char(month, 'YYYY-MM-DD') as month, mrr_cents, active_brokers, trial_brokers, trial_conversions, churned_brokers
                        from platform_month_snapshots`;
    const expected = [{ month, mrr_cents: 30_700, active_brokers: 1, trial_brokers: 1, trial_conversions: null, churned_brokers: null }];
    expect(await t.em().execute(platform)).toEqual(expected);

    // A second run (another instance starting, the 1st's schedule) changes nothing.
    await t.em().nativeUpdate(User, { id: trial.id }, { subscriptionStatus: 'active' });
    expect(await job.snapshotLastMonth()).toBe(0);
    expect(await t.em().execute(platform)).toEqual(expected);

    const months = (await admin.agent.get('/api/admin/trends')).body.months as PlatformMonth[];
    expect(months[10]).toEqual({ month: yearMonth(1), mrrCents: 30_700, activeBrokers: 1, trialConversions: null, churnedBrokers: null });
    // Now that last month's statuses are on record, this month counts the trial that converted since.
    expect(months[11]).toEqual({
      month: yearMonth(0),
      mrrCents: 30_700 + 29_700,
      activeBrokers: 2,
      trialConversions: 1,
      churnedBrokers: 0,
    });
    expect(months.slice(0, 10).every((m) => m.mrrCents === null && m.activeBrokers === null)).toBe(true);
  });
});

describe('the demo data', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ listen: true });
    await seedDemoData(t.em());
  });
  afterAll(() => t.close());

  it('gives the demo admin a year of trends, and the demo broker with a subscription a year of clients', async () => {
    const admin = await brokerSession(t, 'admin@example.com');
    const months = (await admin.agent.get('/api/admin/trends')).body.months as PlatformMonth[];
    expect(months.every((m) => m.mrrCents !== null && m.activeBrokers !== null && m.trialConversions !== null)).toBe(true);
    // Tom converts 9 months back, Wendy 8, Lena 4 and Nina this month; Ruth leaves 7 months back and Gary 3.
    expect(months.map((m) => m.trialConversions)).toEqual([0, 0, 1, 1, 0, 0, 0, 1, 0, 0, 0, 1]);
    expect(months.map((m) => m.churnedBrokers)).toEqual([0, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0]);
    const analytics = (await admin.agent.get('/api/admin/analytics')).body as { mrr: number; activeBrokers: number };
    expect(months[11]).toMatchObject({ mrrCents: analytics.mrr, activeBrokers: analytics.activeBrokers });
    expect(months[10].mrrCents).toBeGreaterThan(months[0].mrrCents!);

    const marcus = await t.em().findOneOrFail(User, { email: 'marcus.reyes@example.com' });
    const clients = (await admin.agent.get(`/api/admin/brokers/${marcus.id}/trends`)).body.months as { activeClients: number | null }[];
    expect(clients.map((m) => m.activeClients)).toEqual([40, 42, 45, 47, 49, 51, 53, 55, 58, 60, 62, 64]);
  });
});
