import { randomBytes, randomUUID } from 'node:crypto';

import { type Client } from '../src/clients/client.entity.js';
import { User } from '../src/users/user.entity.js';
import type { Agent } from './helpers/browser-agent.js';
import { realNow } from './helpers/clock.js';
import { makeClient } from './helpers/factories.js';
import { brokerSession, memberSession } from './helpers/session.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/**
 * The dashboard's "My clients / The agency's" (?scope=mine|agency on /api/stats, /api/stats/retention
 * and /api/activity): mine is the clients assigned to the signed-in member; an agent kept to their
 * own clients gets theirs whatever the scope says.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ listen: true });
});
afterAll(() => t?.close());

const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(realNow().getTime() - days * DAY);

describe('the dashboard’s figures for my clients or the agency’s', () => {
  let owner: { agent: Agent; id: string };
  let ownerMemberId: string;
  let agent: Agent;
  let agentId: string;
  const clients: Record<string, Client> = {};

  /** A reminder call to the client some days ago, delivered, and confirmed when `confirmed`. */
  async function call(client: Client, days: number, confirmed: boolean): Promise<void> {
    const at = daysAgo(days);
    await t.em().execute(
      `insert into deliveries (id, broker_id, client_id, reminder_id, occurrence_at, channel, recipient, status, confirmed_at, created_at)
       values (?, ?, ?, ?, ?, 'voice', '+16155550000', 'completed', ?, ?)`,
      [randomUUID(), owner.id, client.id, randomUUID(), at, confirmed ? at : null, at],
    );
  }

  beforeAll(async () => {
    owner = await brokerSession(t, 'scope.owner@agency.test');
    ownerMemberId = (await owner.agent.get('/api/auth/user')).body.member.id as string;
    ({ agent, memberId: agentId } = await memberSession(t, owner.id, 'agent', 'scope.agent@agency.test'));
    const agency = await t.em().findOneOrFail(User, owner.id);
    const add = async (firstName: string, assignedMemberId: string | null) => {
      clients[firstName] = await makeClient(t.em(), agency, { firstName, lastName: 'Scope', createdAt: daysAgo(60), assignedMemberId });
    };
    // The agent's three (one will leave, one be deleted), the owner's two, and one nobody's.
    await add('Alma', null);
    await add('Anton', null);
    await add('Ada', null);
    await add('Olga', null);
    await add('Oscar', null);
    await add('Nina', null);
    for (const [names, memberId] of [
      [['Alma', 'Anton', 'Ada'], agentId],
      [['Olga', 'Oscar'], ownerMemberId],
    ] as const) {
      const ids = names.map((name) => clients[name].id);
      expect((await owner.agent.post('/api/clients/assign').send({ ids, memberId })).status).toBe(200);
    }
    expect((await owner.agent.put(`/api/clients/${clients.Anton.id}`).send({ isActive: false, departureReason: 'moved' })).status).toBe(
      200,
    );
    expect((await owner.agent.delete(`/api/clients/${clients.Ada.id}`).query({ reason: 'deceased' })).status).toBe(204);
    await call(clients.Alma, 3, true);
    await call(clients.Olga, 4, false);
    // A campaign that went to Alma, Olga and Nina.
    const campaignId = randomUUID();
    await t
      .em()
      .execute(
        `insert into campaigns (id, broker_id, name, type, subject, message, status, recipient_count, sent_at) values (?, ?, 'Fall news', 'email', 'News', 'Hello', 'sent', 3, ?)`,
        [campaignId, owner.id, daysAgo(1)],
      );
    for (const name of ['Alma', 'Olga', 'Nina']) {
      await t
        .em()
        .execute(`insert into campaign_recipients (id, campaign_id, client_id, token) values (?, ?, ?, ?)`, [
          randomUUID(),
          campaignId,
          clients[name].id,
          randomBytes(32).toString('hex'),
        ]);
    }
  });

  const stats = async (who: Agent, scope?: string) => {
    const res = await who.get('/api/stats').query(scope ? { scope } : {});
    expect(res.status).toBe(200);
    return res.body;
  };
  const lost = async (who: Agent, scope?: string) => {
    const res = await who.get('/api/stats/retention').query(scope ? { scope } : {});
    expect(res.status).toBe(200);
    return res.body.lostByReason;
  };
  const activity = async (who: Agent, scope?: string) => {
    const res = await who.get('/api/activity').query({ limit: 20, ...(scope ? { scope } : {}) });
    expect(res.status).toBe(200);
    return (res.body as { title: string; clientName: string | null; detail?: string }[]).map((item) =>
      [item.title, item.clientName, item.detail].filter(Boolean).join(' · '),
    );
  };

  it('gives an owner the agency’s figures by default and their own clients’ with scope=mine', async () => {
    const agency = {
      totalClients: 5,
      activeClients: 4,
      // Of the 6 clients the agency has had (Ada deleted, Anton gone), 4 are still active.
      retentionRate: 67,
      retentionAvailable: true,
      callCompletionRate: 50,
    };
    expect(await stats(owner.agent)).toEqual(agency);
    expect(await stats(owner.agent, 'agency')).toEqual(agency);
    expect(await stats(owner.agent, 'mine')).toEqual({
      totalClients: 2,
      activeClients: 2,
      retentionRate: 100,
      retentionAvailable: true,
      callCompletionRate: 0,
    });

    expect(await lost(owner.agent)).toEqual({ switched_agent: 0, moved: 1, deceased: 1, other: 0 });
    expect(await lost(owner.agent, 'mine')).toEqual({ switched_agent: 0, moved: 0, deceased: 0, other: 0 });

    expect(await activity(owner.agent)).toEqual([
      'Campaign sent · “Fall news” to 3 clients',
      'Reminder call confirmed · Alma Scope',
      'Reminder call made · Alma Scope',
      'Reminder call made · Olga Scope',
    ]);
    expect(await activity(owner.agent, 'mine')).toEqual(['Campaign sent · “Fall news” to 1 client', 'Reminder call made · Olga Scope']);
  });

  it('counts a client deleted while assigned to an agent as lost in that agent’s retention', async () => {
    expect(await stats(agent, 'mine')).toEqual({
      totalClients: 2,
      activeClients: 1,
      // Alma, Anton (made inactive) and Ada (deleted): one of three is still active.
      retentionRate: 33,
      retentionAvailable: true,
      callCompletionRate: 100,
    });
    expect(await lost(agent, 'mine')).toEqual({ switched_agent: 0, moved: 1, deceased: 1, other: 0 });
    // An agent who sees the whole book may still look at the agency's figures.
    expect(await stats(agent)).toMatchObject({ totalClients: 5, activeClients: 4 });
  });

  it('keeps an agent who sees only their own clients to their figures, whatever the scope says', async () => {
    expect((await owner.agent.put('/api/team/settings').send({ agentsSeeAssignedOnly: true })).status).toBe(200);
    const own = await stats(agent, 'mine');
    expect(own).toMatchObject({ totalClients: 2, activeClients: 1, retentionRate: 33, callCompletionRate: 100 });
    expect(await stats(agent)).toEqual(own);
    expect(await stats(agent, 'agency')).toEqual(own);
    expect(await lost(agent, 'agency')).toEqual({ switched_agent: 0, moved: 1, deceased: 1, other: 0 });
    const theirs = ['Campaign sent · “Fall news” to 1 client', 'Reminder call confirmed · Alma Scope', 'Reminder call made · Alma Scope'];
    expect(await activity(agent)).toEqual(theirs);
    expect(await activity(agent, 'agency')).toEqual(theirs);
    // The owner's choice is unchanged by the setting.
    expect(await stats(owner.agent)).toMatchObject({ totalClients: 5 });
    expect((await owner.agent.put('/api/team/settings').send({ agentsSeeAssignedOnly: false })).status).toBe(200);
  });

  it.each(['/api/stats', '/api/stats/retention', '/api/activity'])('refuses an unknown scope on %s with 400', async (path) => {
    for (const scope of ['everyone', 'MINE', '']) {
      const res = await owner.agent.get(path).query({ scope });
      expect([res.status, res.body.message, res.body.errors]).toEqual([
        400,
        'scope must be mine or agency',
        { scope: 'scope must be mine or agency' },
      ]);
    }
  });
});
