import { User } from '../src/users/user.entity.js';
import type { Agent } from './helpers/browser-agent.js';
import { realNow } from './helpers/clock.js';
import { makeClient } from './helpers/factories.js';
import { PDF } from './helpers/files.js';
import { brokerSession } from './helpers/session.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/**
 * react-admin's getMany on every list: `filter={"id":[…]}` answers exactly the rows named that the
 * caller may see (another broker's id is simply not there), in one request.
 */
describe('getMany (filter by ids) on every list', () => {
  let t: TestApp;
  let broker: { agent: Agent; id: string };
  let other: { agent: Agent; id: string };
  let admin: { agent: Agent; id: string };

  beforeAll(async () => {
    t = await createTestApp({ listen: true });
    broker = await brokerSession(t, 'many.broker@agency.test', { readyForCampaigns: true });
    other = await brokerSession(t, 'many.other@agency.test');
    admin = await brokerSession(t, 'many.admin@agency.test');
    await t.em().nativeUpdate(User, { id: admin.id }, { isAdmin: true });
  });
  afterAll(() => t.close());

  /** The ids a list answers for `filter={"id":ids}`. */
  async function many(agent: Agent, path: string, ids: string[]): Promise<string[]> {
    const answer = await agent.get(path).query({ filter: JSON.stringify({ id: ids }) });
    expect({ path, status: answer.status }).toEqual({ path, status: 200 });
    return (answer.body as { id: string }[]).map((row) => row.id).sort();
  }

  it('clients, reminders, campaigns and a campaign’s recipients: the named rows of this broker only', async () => {
    const em = t.em();
    const owner = await em.findOneOrFail(User, broker.id);
    const [a, b, c] = await Promise.all(
      ['Ada', 'Bea', 'Cy'].map((firstName, i) => makeClient(em, owner, { firstName, lastName: 'Many', email: `m${i}@example.com` })),
    );
    const theirs = await makeClient(em, await em.findOneOrFail(User, other.id), { firstName: 'Eva', lastName: 'Other' });
    expect(await many(broker.agent, '/api/clients', [a.id, c.id, theirs.id])).toEqual([a.id, c.id].sort());

    const when = new Date(realNow().getTime() + 86_400_000).toISOString();
    const reminders: string[] = [];
    for (const client of [a, b]) {
      const made = await broker.agent
        .post('/api/reminders')
        .send({ clientId: client.id, scheduledTime: when, message: 'Your agent will call you this week' });
      expect(made.body).toMatchObject({ clientId: client.id });
      reminders.push(made.body.id as string);
    }
    expect(await many(broker.agent, '/api/reminders', [reminders[1]])).toEqual([reminders[1]]);

    const campaigns = await Promise.all(
      ['One', 'Two', 'Three'].map(
        async (name) =>
          (await broker.agent.post('/api/campaigns').send({ name, type: 'email', subject: 'Hello', message: 'Hello from us.' })).body
            .id as string,
      ),
    );
    const theirCampaign = (await other.agent.post('/api/campaigns').send({ name: 'Theirs', type: 'sms', message: 'Hi' })).body.id as string;
    expect(await many(broker.agent, '/api/campaigns', [campaigns[0], campaigns[2], theirCampaign])).toEqual(
      [campaigns[0], campaigns[2]].sort(),
    );
    expect(await many(broker.agent, '/api/campaigns', [])).toEqual([]);

    expect((await broker.agent.post(`/api/campaigns/${campaigns[0]}/send`)).status).toBe(200);
    expect(await many(broker.agent, `/api/campaigns/${campaigns[0]}/recipients`, [b.id, theirs.id])).toEqual([b.id]);
  });

  it('the admin’s brokers and resources, and the broker’s resource library', async () => {
    expect(await many(admin.agent, '/api/admin/brokers', [broker.id, admin.id])).toEqual([broker.id]);
    const upload = async (title: string) =>
      (await admin.agent.post('/api/admin/resources').field('title', title).attach('file', PDF, { filename: 'guide.pdf' })).body
        .id as string;
    const [first, second] = [await upload('First guide'), await upload('Second guide')];
    expect(await many(admin.agent, '/api/admin/resources', [second])).toEqual([second]);
    expect(await many(broker.agent, '/api/resources', [first])).toEqual([first]);
  });

  it('refuses ids that are not a list of ids, with a message', async () => {
    for (const path of ['/api/campaigns', '/api/admin/brokers', '/api/admin/resources', '/api/resources']) {
      const agent = path.startsWith('/api/admin') ? admin.agent : broker.agent;
      const answer = await agent.get(path).query({ filter: JSON.stringify({ id: ['not-an-id'] }) });
      expect({ path, status: answer.status }).toEqual({ path, status: 400 });
      expect(answer.body.message).toMatch(/^filter id must be a list of at most \d+ ids$/);
    }
  });
});
