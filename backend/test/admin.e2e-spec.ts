import { AdminService } from '../src/admin/admin.service.js';
import { AdminAction } from '../src/audit/admin-action.entity.js';
import { User } from '../src/users/user.entity.js';
import type { Agent } from './helpers/browser-agent.js';
import { realNow } from './helpers/clock.js';
import { makeClient, makeUser } from './helpers/factories.js';
import { listRoutes } from './helpers/routes.js';
import { brokerSession } from './helpers/session.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

const DAY_MS = 86_400_000;

describe('admin back office', () => {
  let t: TestApp;
  let admin: { agent: Agent; id: string };

  async function brokerWith(fields: Partial<User>, active: number, inactive = 0): Promise<User> {
    const em = t.em();
    const user = await makeUser(em, fields);
    await em.execute(
      `insert into clients (id, broker_id, first_name, last_name, phone, is_active)
       select gen_random_uuid(), ?, 'C', 'N' || n, '+1303' || lpad(n::text, 7, '0'), n <= ? from generate_series(1, ?) n`,
      [user.id, active, active + inactive],
    );
    return user;
  }

  beforeAll(async () => {
    t = await createTestApp({ listen: true, env: { OPERATING_COSTS_MONTHLY_CENTS: '50000' } });
    admin = await brokerSession(t, 'platform.admin@agency.test');
    await t.em().nativeUpdate(User, { id: admin.id }, { isAdmin: true });
  });
  afterAll(() => t.close());

  describe('analytics against a hand-computed fixture', () => {
    beforeAll(async () => {
      const later = (days: number) => new Date(realNow().getTime() + days * DAY_MS);
      const a = await brokerWith({ email: 'a@flat.test', subscriptionTier: 'flat', subscriptionStatus: 'active' }, 50);
      await brokerWith({ email: 'b@overage.test', subscriptionTier: 'flat', subscriptionStatus: 'active', overageEnabled: true }, 130, 5);
      await brokerWith({ email: 'c@pmpm.test', subscriptionTier: 'pmpm', subscriptionStatus: 'active' }, 80);
      await brokerWith({ email: 'd@pastdue.test', subscriptionTier: 'pmpm', subscriptionStatus: 'past_due' }, 10);
      await brokerWith({ email: 'e@canceled.test', subscriptionTier: 'flat', subscriptionStatus: 'canceled' }, 20);
      for (const days of [3, 7, 29, 31])
        await brokerWith({ email: `t${days}@trial.test`, subscriptionStatus: 'trial', trialEndsAt: later(days) }, 5);
      const clientId = (await t.em().execute<{ id: string }[]>(`select id from clients where broker_id = ? limit 1`, [a.id]))[0].id;
      const record = (channel: string, cost: number, at: Date) =>
        t.em().execute(
          `insert into deliveries (id, broker_id, client_id, occurrence_at, channel, recipient, status, cost_cents, created_at)
           values (gen_random_uuid(), ?, ?, now(), ?, '+13030000001', 'completed', ?, ?)`,
          [a.id, clientId, channel, cost, at],
        );
      const now = realNow();
      for (let i = 0; i < 3; i++) await record('voice', 2, now);
      for (let i = 0; i < 2; i++) await record('sms', 1, now);
      await record('voice', 2, new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 10)));
    });

    it('computes MRR, ARR, broker counts, profit, tier distribution and trial expirations', async () => {
      const res = await admin.agent.get('/api/admin/analytics');
      expect(res.status).toBe(200);
      // Flat 297 + flat 297 with 30 over (120) + pmpm 80 × 5 + pmpm past due 10 × 5; trials and canceled bring nothing.
      const mrr = 29_700 + 41_700 + 40_000 + 5_000;
      const totalCosts = 3 * 2 + 2 * 1 + 50_000;
      expect(res.body).toMatchObject({
        mrr,
        arr: mrr * 12,
        activeBrokers: 3,
        totalBrokers: 9,
        trialBrokers: 4,
        totalRevenue: mrr,
        totalCosts,
        netProfit: mrr - totalCosts,
        tierDistribution: [
          { tier: 'pmpm', count: 2, revenue: 45_000 },
          { tier: 'flat', count: 3, revenue: 71_400 },
          { tier: 'trial', count: 4, revenue: 0 },
        ],
      });
      expect(res.body.trialExpirations.map((e: { email: string; daysRemaining: number }) => [e.email, e.daysRemaining])).toEqual([
        ['t3@trial.test', 3],
        ['t7@trial.test', 7],
        ['t29@trial.test', 29],
      ]);
    });

    it('gives a trial broker no monthly revenue in the list and the detail, and the dashboard total is the sum over the list', async () => {
      const list = (await admin.agent.get('/api/admin/brokers')).body as {
        id: string;
        broker: { email: string };
        monthlyRevenue: number;
      }[];
      const revenue = Object.fromEntries(list.map((row) => [row.broker.email, row.monthlyRevenue]));
      expect(revenue).toMatchObject({
        'a@flat.test': 29_700,
        'b@overage.test': 29_700 + 30 * 400,
        'c@pmpm.test': 80 * 500,
        'd@pastdue.test': 10 * 500,
        'e@canceled.test': 0,
        't3@trial.test': 0,
        't31@trial.test': 0,
      });
      const trial = list.find((row) => row.broker.email === 't3@trial.test')!;
      const detail = await admin.agent.get(`/api/admin/brokers/${trial.id}`);
      expect(detail.status).toBe(200);
      expect(detail.body.broker).toMatchObject({ subscriptionStatus: 'trial', subscriptionTier: 'flat', monthlyRevenue: 0 });
      const overage = list.find((row) => row.broker.email === 'b@overage.test')!;
      expect((await admin.agent.get(`/api/admin/brokers/${overage.id}`)).body.broker.monthlyRevenue).toBe(overage.monthlyRevenue);

      const analytics = (await admin.agent.get('/api/admin/analytics')).body as {
        mrr: number;
        totalRevenue: number;
        tierDistribution: { revenue: number }[];
      };
      const sum = list.reduce((total, row) => total + row.monthlyRevenue, 0);
      expect(analytics.totalRevenue).toBe(sum);
      expect(analytics.mrr).toBe(sum);
      expect(analytics.tierDistribution.reduce((total, share) => total + share.revenue, 0)).toBe(sum);
    });

    it('lists brokers with search, tier and status filters and the row shape of the spec', async () => {
      const all = await admin.agent.get('/api/admin/brokers');
      expect(all.body).toHaveLength(9);
      const b = (await admin.agent.get('/api/admin/brokers').query({ search: 'OVERAGE' })).body;
      expect(b).toHaveLength(1);
      expect(b[0]).toMatchObject({
        broker: { email: 'b@overage.test', subscriptionTier: 'flat', subscriptionStatus: 'active' },
        clientCount: 135,
        monthlyRevenue: 29_700 + 30 * 400,
      });
      expect((await admin.agent.get('/api/admin/brokers').query({ tier: 'pmpm' })).body).toHaveLength(2);
      expect((await admin.agent.get('/api/admin/brokers').query({ status: 'trial', tier: 'all' })).body).toHaveLength(4);
      const page = await admin.agent
        .get('/api/admin/brokers')
        .query({ range: '[0,1]', sort: '["clientCount","DESC"]', filter: '{"status":"active"}' });
      expect(page.headers['content-range']).toBe('brokers 0-1/3');
      expect(page.body[0].broker.email).toBe('b@overage.test');
      expect((await admin.agent.get('/api/admin/brokers').query({ status: 'paused' })).status).toBe(400);
    });
  });

  describe("this month's telephony costs", () => {
    // A month of its own, far from the other tests' deliveries; the service is asked with its own clock.
    const at = (iso: string) => new Date(iso);
    const record = (cents: number, createdAt: string) =>
      t.em().execute(
        `insert into deliveries (id, broker_id, client_id, occurrence_at, channel, recipient, status, cost_cents, created_at)
         values (gen_random_uuid(), ?, gen_random_uuid(), now(), 'voice', '+13030000002', 'completed', ?, ?)`,
        [admin.id, cents, at(createdAt)],
      );
    const telephony = async (now: string) => (await t.app.get(AdminService).analytics(at(now))).totalCosts - 50_000;

    it('sums the deliveries created this month up to now; settled days are reused for an hour, recent ones are live', async () => {
      await record(160, '2031-02-28T23:59:00Z'); // last month
      await record(10, '2031-03-01T00:00:00Z');
      await record(20, '2031-03-18T23:00:00Z'); // settled: before the start of yesterday
      await record(40, '2031-03-19T01:00:00Z'); // yesterday
      await record(80, '2031-03-20T11:00:00Z'); // today
      await record(320, '2031-03-20T23:00:00Z'); // after now
      expect(await telephony('2031-03-20T12:00:00Z')).toBe(150);

      // Priced late: a delivery of a settled day, and one of today.
      await record(5, '2031-03-03T08:00:00Z');
      await record(7, '2031-03-20T11:30:00Z');
      expect(await telephony('2031-03-20T12:01:00Z')).toBe(157);
      expect(await telephony('2031-03-20T13:01:00Z')).toBe(162);
      // At midnight yesterday becomes settled, and the settled sum is taken afresh.
      expect(await telephony('2031-03-21T00:00:01Z')).toBe(162 + 320);
      // A new month starts from nothing.
      expect(await telephony('2031-04-01T00:00:01Z')).toBe(0);
    });
  });

  describe('trials, subscriptions and the audit log', () => {
    it('extends a trial from its current end, 1–90 days, trial only, with one audit entry', async () => {
      const end = new Date(realNow().getTime() + 5 * DAY_MS);
      const broker = await makeUser(t.em(), { email: 'extend.me@agency.test', subscriptionStatus: 'trial', trialEndsAt: end });
      for (const days of [0, 91, 2.5, 'seven', null]) {
        expect((await admin.agent.post(`/api/admin/brokers/${broker.id}/trial`).send({ days })).status).toBe(400);
      }
      const res = await admin.agent.post(`/api/admin/brokers/${broker.id}/trial`).send({ days: 14 });
      expect(res.status).toBe(200);
      expect(new Date(res.body.trialEndsAt).getTime()).toBe(end.getTime() + 14 * DAY_MS);
      const entries = await t.em().find(AdminAction, { brokerId: broker.id });
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({
        adminId: admin.id,
        action: 'trial_extended',
        notes: 'Extended by 14 days',
        before: { trialEndsAt: end.toISOString() },
        after: { trialEndsAt: res.body.trialEndsAt },
      });
      const expired = await makeUser(t.em(), { subscriptionStatus: 'trial', trialEndsAt: new Date(realNow().getTime() - 10 * DAY_MS) });
      const fromNow = await admin.agent.post(`/api/admin/brokers/${expired.id}/trial`).send({ days: 7 });
      expect(Math.abs(new Date(fromNow.body.trialEndsAt).getTime() - (realNow().getTime() + 7 * DAY_MS))).toBeLessThan(60_000);
    });

    it('refuses to extend a broker who is not on trial with 409', async () => {
      const broker = await makeUser(t.em(), { subscriptionStatus: 'active' });
      const res = await admin.agent.post(`/api/admin/brokers/${broker.id}/trial`).send({ days: 7 });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('Only brokers on trial can be extended');
      expect(await t.em().count(AdminAction, { brokerId: broker.id })).toBe(0);
    });

    it('changes only the given subscription fields, restores canceled, and audits each change once', async () => {
      const broker = await makeUser(t.em(), { subscriptionTier: 'flat', subscriptionStatus: 'canceled' });
      expect((await admin.agent.post(`/api/admin/brokers/${broker.id}/subscription`).send({})).status).toBe(400);
      const status = await admin.agent.post(`/api/admin/brokers/${broker.id}/subscription`).send({ subscriptionStatus: 'active' });
      expect(status.body).toMatchObject({ subscriptionTier: 'flat', subscriptionStatus: 'active' });
      const tier = await admin.agent.post(`/api/admin/brokers/${broker.id}/subscription`).send({ subscriptionTier: 'pmpm' });
      expect(tier.body).toMatchObject({ subscriptionTier: 'pmpm', subscriptionStatus: 'active' });
      const entries = await t.em().find(AdminAction, { brokerId: broker.id }, { orderBy: { createdAt: 'asc' } });
      expect(entries.map((e) => [e.before, e.after])).toEqual([
        [
          { subscriptionTier: 'flat', subscriptionStatus: 'canceled' },
          { subscriptionTier: 'flat', subscriptionStatus: 'active' },
        ],
        [
          { subscriptionTier: 'flat', subscriptionStatus: 'active' },
          { subscriptionTier: 'pmpm', subscriptionStatus: 'active' },
        ],
      ]);
      expect((await admin.agent.post(`/api/admin/brokers/${broker.id}/subscription`).send({ subscriptionStatus: 'paused' })).status).toBe(
        400,
      );
    });

    it('shows a broker’s detail: stats, client rows without health data, and the last 20 actions newest first', async () => {
      const broker = await makeUser(t.em(), {
        email: 'detail@agency.test',
        subscriptionStatus: 'trial',
        trialEndsAt: new Date(realNow().getTime() + DAY_MS),
      });
      await makeClient(t.em(), broker, { firstName: 'Ruth', email: 'ruth@example.com' });
      for (let i = 1; i <= 22; i++) await admin.agent.post(`/api/admin/brokers/${broker.id}/trial`).send({ days: 1 });
      const res = await admin.agent.get(`/api/admin/brokers/${broker.id}`);
      expect(res.status).toBe(200);
      expect(res.body.broker).toMatchObject({ id: broker.id, email: 'detail@agency.test', subscriptionStatus: 'trial' });
      // A client added today is no history: no retention rate yet (0, marked unavailable), rather than a made-up 100 %.
      expect(res.body.stats).toEqual({
        totalClients: 1,
        activeClients: 1,
        retentionRate: 0,
        retentionAvailable: false,
        callCompletionRate: 0,
      });
      expect(Object.keys(res.body.clients[0]).sort()).toEqual(['createdAt', 'email', 'firstName', 'id', 'isActive', 'lastName', 'phone']);
      expect(res.body.adminActions).toHaveLength(20);
      const times = res.body.adminActions.map((a: { createdAt: string }) => a.createdAt);
      expect([...times].sort().reverse()).toEqual(times);
      expect(res.body.adminActions[0]).toMatchObject({
        action: 'trial_extended',
        notes: 'Extended by 1 day',
        adminEmail: 'platform.admin@agency.test',
      });
      expect((await admin.agent.get('/api/admin/brokers/00000000-0000-4000-8000-000000000000')).status).toBe(404);
      expect((await admin.agent.get(`/api/admin/brokers/${admin.id}`)).status).toBe(404);
    });
  });

  it('answers 403 to a broker on every admin route', async () => {
    const broker = await brokerSession(t, 'not.an.admin@agency.test');
    const routes = listRoutes(t.app).filter((r) => r.path.startsWith('/api/admin'));
    expect(routes.length).toBeGreaterThanOrEqual(11);
    for (const route of routes) {
      const method = route.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
      expect({ route: `${route.method} ${route.path}`, status: (await broker.agent[method](route.path)).status }).toEqual({
        route: `${route.method} ${route.path}`,
        status: 403,
      });
    }
  });
});
