import { randomUUID } from 'node:crypto';

import request from 'supertest';

import { Delivery } from '../src/delivery/delivery.entity.js';
import { User } from '../src/users/user.entity.js';
import { realNow } from './helpers/clock.js';
import { makeClient } from './helpers/factories.js';
import { brokerSession } from './helpers/session.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(realNow().getTime() - days * DAY_MS);

describe('GET /api/stats', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ listen: true });
  });
  afterAll(() => t.close());

  /** A signed-in broker whose clients were added the given numbers of days ago (active unless `active: false`). */
  async function brokerWith(label: string, clients: { daysAgo: number; active?: boolean }[]) {
    const session = await brokerSession(t, `${label}.stats@agency.test`);
    const owner = await t.em().findOneOrFail(User, session.id);
    for (const [i, client] of clients.entries()) {
      await makeClient(t.em(), owner, { firstName: `C${i}`, createdAt: daysAgo(client.daysAgo), isActive: client.active ?? true });
    }
    return session;
  }

  it('answers a retention of 0 marked "not enough history", not 100 %, for a broker whose clients all joined today', async () => {
    const broker = await brokerWith('today', [{ daysAgo: 0 }, { daysAgo: 0 }, { daysAgo: 0 }]);
    const res = await broker.agent.get('/api/stats');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      totalClients: 3,
      activeClients: 3,
      retentionRate: 0,
      retentionAvailable: false,
      callCompletionRate: 0,
    });
  });

  it('answers every figure as a number with no clients at all (SPEC: 0 when missing)', async () => {
    const broker = await brokerWith('empty', []);
    expect((await broker.agent.get('/api/stats')).body).toEqual({
      totalClients: 0,
      activeClients: 0,
      retentionRate: 0,
      retentionAvailable: false,
      callCompletionRate: 0,
    });
  });

  it('waits for a client the broker has had a full 30 days', async () => {
    const young = await brokerWith('young', [{ daysAgo: 29 }, { daysAgo: 10, active: false }]);
    expect((await young.agent.get('/api/stats')).body).toMatchObject({ retentionRate: 0, retentionAvailable: false });
    // One month in: of every client the broker has had (a book younger than 12 months), the share still active.
    const month = await brokerWith('month', [{ daysAgo: 31, active: false }, { daysAgo: 5 }, { daysAgo: 1 }, { daysAgo: 0 }]);
    expect((await month.agent.get('/api/stats')).body).toMatchObject({
      totalClients: 4,
      activeClients: 3,
      retentionRate: 75,
      retentionAvailable: true,
    });
  });

  it('keeps the 12-month cohort once the book is older than a year', async () => {
    const broker = await brokerWith('year', [
      { daysAgo: 400 },
      { daysAgo: 380, active: false },
      { daysAgo: 100, active: false },
      { daysAgo: 2 },
    ]);
    expect((await broker.agent.get('/api/stats')).body).toMatchObject({ totalClients: 4, activeClients: 2, retentionRate: 50 });
  });

  it('counts Call Completion as confirmed ÷ delivered reminders of the last 30 days, calls and texts, broker’s and clients’ own', async () => {
    const broker = await brokerWith('completion', [{ daysAgo: 60 }]);
    const other = await brokerWith('completion.other', [{ daysAgo: 60 }]);
    const em = t.em();
    const [client] = await em.find((await import('../src/clients/client.entity.js')).Client, { broker: broker.id });
    const [otherClient] = await em.find((await import('../src/clients/client.entity.js')).Client, { broker: other.id });
    const row = (fields: Partial<Delivery>) =>
      em.create(Delivery, {
        brokerId: broker.id,
        clientId: client.id,
        occurrenceAt: daysAgo(3),
        channel: 'voice',
        recipient: '+12125550100',
        status: 'completed',
        createdAt: daysAgo(3),
        reminderId: randomUUID(),
        ...fields,
      });
    const confirmed = daysAgo(3);
    row({ confirmedAt: confirmed }); // a broker reminder call, confirmed
    row({ reminderId: null, clientReminderId: randomUUID(), channel: 'sms', confirmedAt: confirmed }); // a client's own text, confirmed
    row({ reminderId: null, clientReminderId: randomUUID(), status: 'completed' }); // not confirmed
    row({ reminderId: null, clientReminderId: randomUUID(), status: 'sent' }); // delivered, still waiting
    row({ status: 'failed' }); // never delivered: not counted
    row({ status: 'skipped' }); // not sent: not counted
    row({ createdAt: daysAgo(40), confirmedAt: daysAgo(40) }); // older than 30 days
    row({ reminderId: null, campaignId: randomUUID(), channel: 'sms', confirmedAt: confirmed }); // a campaign is not a reminder
    row({ brokerId: other.id, clientId: otherClient.id, confirmedAt: confirmed }); // another broker's
    await em.flush();
    expect((await broker.agent.get('/api/stats')).body.callCompletionRate).toBe(50);
    expect((await other.agent.get('/api/stats')).body.callCompletionRate).toBe(100);
  });

  it('answers 401 signed out', async () => {
    expect((await request(t.appUrl).get('/api/stats')).status).toBe(401);
  });
});
