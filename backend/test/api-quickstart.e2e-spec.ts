import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

import { Client } from '../src/clients/client.entity.js';
import { Reminder } from '../src/reminders/reminder.entity.js';
import { User } from '../src/users/user.entity.js';
import { makeClient } from './helpers/factories.js';
import { brokerSession } from './helpers/session.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

interface QuickstartResult {
  me: { id: string; email: string };
  clients: { id: string }[];
  client: { id: string; language: string };
  reminder: { id: string; clientId: string; deliveryMethod: string };
  job: { status: string; imported: number; rejected: number };
}
type Quickstart = (options: { baseUrl: string; token: string; log?: (line: string) => void }) => Promise<QuickstartResult>;

/**
 * docs/api.md's quick start, run as written: `docs/examples/quickstart.mjs` uses only `fetch` and a
 * token made on the API access page, against the real server. It lists the book page by page
 * (here 30 clients, so two pages), adds a client, schedules a reminder and imports a CSV.
 */
describe('the API quick start in docs/api.md', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ listen: true });
  });
  afterAll(() => t.close());

  it('runs end to end with only fetch and a token', async () => {
    const broker = await brokerSession(t, 'quickstart.broker@agency.test');
    const em = t.em();
    const owner = await em.findOneOrFail(User, broker.id);
    for (let i = 0; i < 30; i++) await makeClient(em, owner, { firstName: `Client${i}`, lastName: `Book${String(i).padStart(2, '0')}` });
    const created = await broker.agent
      .post('/api/tokens')
      .send({ name: 'Quick start', scopes: ['clients:read', 'clients:write', 'reminders:write'], expiresInDays: 30 });
    expect(created.status).toBe(201);

    const script = pathToFileURL(join(import.meta.dirname, '..', '..', 'docs', 'examples', 'quickstart.mjs')).href;
    const { quickstart } = (await import(script)) as { quickstart: Quickstart };
    const lines: string[] = [];
    const result = await quickstart({ baseUrl: t.appUrl, token: created.body.token as string, log: (line) => lines.push(line) });

    expect(result.me).toMatchObject({ id: broker.id, email: 'quickstart.broker@agency.test' });
    expect(result.clients).toHaveLength(30);
    expect(lines.slice(0, 3)).toEqual(['Signed in as quickstart.broker@agency.test', 'Clients 1–25 of 30', 'Clients 26–30 of 30']);
    const added = await em.findOneOrFail(Client, result.client.id, { populate: ['broker'] });
    expect(added.broker.id).toBe(broker.id);
    expect(added.language).toBe('es');
    const reminder = await em.findOneOrFail(Reminder, result.reminder.id, { populate: ['client'] });
    expect(reminder.client.id).toBe(added.id);
    expect(result.job).toMatchObject({ status: 'completed', imported: 2, rejected: 0 });
    expect(await em.count(Client, { broker: broker.id })).toBe(33);
  });
});
