import { AdminAction } from '../src/audit/admin-action.entity.js';
import { Campaign } from '../src/campaigns/campaign.entity.js';
import { type Client } from '../src/clients/client.entity.js';
import { Reminder } from '../src/reminders/reminder.entity.js';
import { User } from '../src/users/user.entity.js';
import type { Agent } from './helpers/browser-agent.js';
import { realNow } from './helpers/clock.js';
import { makeClient, makeUser } from './helpers/factories.js';
import { brokerSession } from './helpers/session.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

// Records made in one go (a CSV import, a batch) share their timestamp to the microsecond.
const SAME_MOMENT = new Date('2026-11-20T10:00:00.000Z');
const COUNT = 7;
const PAGE = 3;

type Row = { id: string };

const byId = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

describe('list order: deterministic, with the id as tie-breaker', () => {
  let t: TestApp;
  let broker: { agent: Agent; id: string };
  let admin: { agent: Agent; id: string };
  let clientIds: string[];
  let campaignIds: string[];
  let tiedReminderIds: string[];
  let soonId: string;
  let laterId: string;
  let tiedBrokerIds: string[];
  let actionIds: string[];

  beforeAll(async () => {
    t = await createTestApp({ listen: true });
    broker = await brokerSession(t, 'same.moment@order.test');
    admin = await brokerSession(t, 'admin@order.test');
    const em = t.em();
    await em.nativeUpdate(User, { id: admin.id }, { isAdmin: true });
    const owner = await em.findOneOrFail(User, broker.id);

    const clients: Client[] = [];
    for (let i = 0; i < COUNT; i++) clients.push(await makeClient(em, owner, { lastName: `Import${i}`, createdAt: SAME_MOMENT }));
    clientIds = clients.map((c) => c.id);

    const campaigns = Array.from({ length: COUNT }, (_, i) =>
      em.create(Campaign, { broker: owner, name: `Batch ${i}`, type: 'email', subject: 'Hello', message: 'Hello', createdAt: SAME_MOMENT }),
    );
    const tiedTime = new Date(realNow().getTime() + 10 * 24 * 3_600_000);
    const reminder = (scheduledTime: Date, i: number) =>
      em.create(Reminder, {
        broker: owner,
        client: clients[i % COUNT],
        scheduledTime,
        deliverAfter: scheduledTime,
        deliveryMethod: 'sms',
        message: `Reminder ${i}`,
      });
    const later = reminder(new Date(tiedTime.getTime() + 24 * 3_600_000), 0);
    const tied = Array.from({ length: COUNT }, (_, i) => reminder(tiedTime, i));
    const soon = reminder(new Date(tiedTime.getTime() - 24 * 3_600_000), 1);
    await em.flush();
    campaignIds = campaigns.map((c) => c.id);
    tiedReminderIds = tied.map((r) => r.id);
    soonId = soon.id;
    laterId = later.id;

    const brokers: User[] = [];
    for (let i = 0; i < COUNT; i++) brokers.push(await makeUser(em, { email: `tied-${i}@same-moment.test`, createdAt: SAME_MOMENT }));
    tiedBrokerIds = brokers.map((b) => b.id);

    const actions = Array.from({ length: COUNT }, (_, i) =>
      em.create(AdminAction, {
        adminId: admin.id,
        action: 'note',
        targetType: 'broker',
        targetId: owner.id,
        brokerId: owner.id,
        notes: `Note ${i}`,
        createdAt: SAME_MOMENT,
      }),
    );
    await em.flush();
    actionIds = actions.map((a) => a.id);
  });
  afterAll(() => t.close());

  async function everyPage(agent: Agent, path: string, query: Record<string, string>, total: number): Promise<string[]> {
    const seen: string[] = [];
    for (let start = 0; start < total; start += PAGE) {
      const res = await agent.get(path).query({ ...query, range: JSON.stringify([start, start + PAGE - 1]) });
      expect(res.status).toBe(200);
      seen.push(...(res.body as Row[]).map((row) => row.id));
    }
    return seen;
  }

  async function expectStable(agent: Agent, path: string, query: Record<string, string>, expected: string[]) {
    const whole = await agent.get(path).query(query);
    expect(whole.status).toBe(200);
    const first = (whole.body as Row[]).map((row) => row.id);
    expect(first).toEqual(expected);
    for (let i = 0; i < 3; i++) expect(((await agent.get(path).query(query)).body as Row[]).map((row) => row.id)).toEqual(first);
    const paged = await everyPage(agent, path, query, first.length);
    expect(new Set(paged).size).toBe(paged.length);
    expect(paged).toEqual(first);
  }

  it('pages through clients imported at the same moment: the same order every time, none twice, none missing', async () => {
    await expectStable(broker.agent, '/api/clients', {}, [...clientIds].sort(byId));
    await expectStable(broker.agent, '/api/clients', { sort: '["lastName","ASC"]' }, clientIds);
  });

  it('pages through campaigns created at the same moment the same way', async () => {
    await expectStable(broker.agent, '/api/campaigns', {}, [...campaignIds].sort(byId));
  });

  it('lists reminders soonest first by default, ties by id', async () => {
    await expectStable(broker.agent, '/api/reminders', {}, [soonId, ...[...tiedReminderIds].sort(byId), laterId]);
  });

  it('pages through brokers who signed up at the same moment the same way', async () => {
    await expectStable(admin.agent, '/api/admin/brokers', { search: 'same-moment.test' }, [...tiedBrokerIds].sort(byId));
  });

  it("keeps the broker detail's clients and admin actions in one order", async () => {
    const detail = async () => (await admin.agent.get(`/api/admin/brokers/${broker.id}`)).body as { clients: Row[]; adminActions: Row[] };
    const first = await detail();
    expect(first.clients.map((c) => c.id)).toEqual([...clientIds].sort(byId));
    expect(first.adminActions.map((a) => a.id)).toEqual([...actionIds].sort(byId));
    expect(await detail()).toEqual(first);
  });
});
