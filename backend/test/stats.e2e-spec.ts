import request from 'supertest';

import { User } from '../src/users/user.entity.js';
import { makeClient } from './helpers/factories.js';
import { brokerSession } from './helpers/session.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);

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

  it('answers null retention, not 100 %, for a broker whose clients all joined today', async () => {
    const broker = await brokerWith('today', [{ daysAgo: 0 }, { daysAgo: 0 }, { daysAgo: 0 }]);
    const res = await broker.agent.get('/api/stats');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ totalClients: 3, activeClients: 3, retentionRate: null, callCompletionRate: 0 });
  });

  it('answers null retention with no clients at all', async () => {
    const broker = await brokerWith('empty', []);
    expect((await broker.agent.get('/api/stats')).body).toEqual({
      totalClients: 0,
      activeClients: 0,
      retentionRate: null,
      callCompletionRate: 0,
    });
  });

  it('waits for a client the broker has had a full 30 days', async () => {
    const young = await brokerWith('young', [{ daysAgo: 29 }, { daysAgo: 10, active: false }]);
    expect((await young.agent.get('/api/stats')).body.retentionRate).toBeNull();
    // One month in: the share of all clients still active (book younger than 12 months).
    const month = await brokerWith('month', [{ daysAgo: 31, active: false }, { daysAgo: 5 }, { daysAgo: 1 }, { daysAgo: 0 }]);
    expect((await month.agent.get('/api/stats')).body).toMatchObject({ totalClients: 4, activeClients: 3, retentionRate: 75 });
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

  it('answers 401 signed out', async () => {
    expect((await request(t.appUrl).get('/api/stats')).status).toBe(401);
  });
});
