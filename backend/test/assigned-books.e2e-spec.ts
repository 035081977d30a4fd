import { ROLE_REFUSED } from '../src/auth/access.guard.js';
import { Campaign } from '../src/campaigns/campaign.entity.js';
import { Client } from '../src/clients/client.entity.js';
import type { Agent } from './helpers/browser-agent.js';
import { brokerSession, memberSession } from './helpers/session.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/**
 * An agency that keeps each agent to the clients assigned to them (Team → "Agents see only their
 * own clients"): the access guard decides the member's book once, and every read of clients for
 * the request is kept to it; another agent's client answers 404 as another agency's does.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ listen: true });
});
afterAll(() => t?.close());

const LATER = '2099-01-05T15:00:00.000Z';

describe('agents who see only the clients assigned to them', () => {
  let owner: { agent: Agent; id: string };
  let agent: Agent;
  let agentId: string;
  let assistant: Agent;
  let mine: string;
  let unassigned: string;
  let owners: string;
  let theirReminder: string;

  const add = async (firstName: string, phone: string): Promise<string> => {
    const res = await owner.agent.post('/api/clients').send({ firstName, lastName: 'Book', phone });
    expect(res.status).toBe(201);
    return res.body.id as string;
  };
  const names = async (who: Agent, path = '/api/clients'): Promise<string[]> => {
    const res = await who.get(path);
    expect(res.status).toBe(200);
    return (res.body as { firstName: string }[]).map((client) => client.firstName).sort();
  };
  const setting = (who: Agent, agentsSeeAssignedOnly: unknown) => who.put('/api/team/settings').send({ agentsSeeAssignedOnly });

  beforeAll(async () => {
    owner = await brokerSession(t, 'books.owner@agency.test', { readyForCampaigns: true });
    ({ agent, memberId: agentId } = await memberSession(t, owner.id, 'agent', 'books.agent@agency.test'));
    ({ agent: assistant } = await memberSession(t, owner.id, 'assistant', 'books.assistant@agency.test'));
    mine = await add('Alma', '(615) 555-0181');
    unassigned = await add('Bruno', '(615) 555-0182');
    owners = await add('Celia', '(615) 555-0183');
    expect((await owner.agent.post('/api/clients/assign').send({ ids: [mine], memberId: agentId })).status).toBe(200);
    expect((await owner.agent.post('/api/clients/assign').send({ ids: [unassigned], memberId: null })).status).toBe(200);
    const reminder = await owner.agent
      .post('/api/reminders')
      .send({ clientId: owners, scheduledTime: LATER, deliveryMethod: 'sms', message: 'Your annual review is next week' });
    expect(reminder.status).toBe(201);
    theirReminder = reminder.body.id as string;
  });

  it('shows the whole book to every member until the owner turns the setting on, which only an owner may', async () => {
    expect((await owner.agent.get('/api/team/settings')).body).toEqual({ agentsSeeAssignedOnly: false });
    expect(await names(agent)).toEqual(['Alma', 'Bruno', 'Celia']);
    expect((await agent.get('/api/auth/user')).body.member).toMatchObject({ role: 'agent', seesOnlyAssigned: false });

    const refused = await setting(agent, true);
    expect([refused.status, refused.body]).toEqual([403, { statusCode: 403, message: ROLE_REFUSED, permission: 'members:manage' }]);
    const bad = await setting(owner.agent, 'yes');
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('agentsSeeAssignedOnly must be true or false');

    const on = await setting(owner.agent, true);
    expect([on.status, on.body]).toEqual([200, { agentsSeeAssignedOnly: true }]);
    expect((await agent.get('/api/team/settings')).body).toEqual({ agentsSeeAssignedOnly: true });
    const log = await owner.agent.get('/api/agency-log');
    expect(log.body[0]).toMatchObject({ action: 'team_settings_changed', summary: 'Agents now see only the clients assigned to them' });
  });

  it('keeps the agent to their own clients: the list, the export, each client’s pages and actions', async () => {
    expect((await agent.get('/api/auth/user')).body.member).toMatchObject({ role: 'agent', seesOnlyAssigned: true });
    const list = await agent.get('/api/clients');
    expect(list.body.map((client: { firstName: string }) => client.firstName)).toEqual(['Alma']);
    expect(list.headers['content-range']).toBe('clients 0-0/1');
    const csv = await agent.get('/api/clients/export.csv');
    expect(csv.text).toContain('Alma');
    expect(csv.text).not.toMatch(/Bruno|Celia/);
    expect((await agent.get(`/api/clients/${mine}`)).status).toBe(200);

    for (const other of [unassigned, owners]) {
      expect((await agent.get(`/api/clients/${other}`)).status).toBe(404);
      expect((await agent.get(`/api/clients/${other}/timeline`)).status).toBe(404);
      expect((await agent.get(`/api/clients/${other}/engagement`)).status).toBe(404);
      expect((await agent.get(`/api/clients/${other}/consent`)).status).toBe(404);
      expect((await agent.put(`/api/clients/${other}`).send({ firstName: 'Taken' })).status).toBe(404);
      expect((await agent.post(`/api/clients/${other}/invite-link`)).status).toBe(404);
      expect((await agent.delete(`/api/clients/${other}`)).status).toBe(404);
    }
    expect((await agent.post('/api/clients/bulk').send({ ids: [mine, owners], action: 'deactivate' })).status).toBe(404);
    expect((await agent.post('/api/clients/assign').send({ ids: [owners], memberId: agentId })).status).toBe(404);
    expect((await agent.post('/api/consent/bulk').send({ clientIds: [owners], purpose: 'marketing', attested: true })).status).toBe(404);
    // Nothing of theirs changed.
    const untouched = await t.em().find(Client, { id: { $in: [unassigned, owners] } }, { orderBy: { firstName: 'asc' } });
    expect(untouched.map((client) => [client.firstName, client.isActive, client.assignedMemberId ?? null])).toEqual([
      ['Bruno', true, null],
      ['Celia', true, expect.any(String)],
    ]);
  });

  it('keeps the agent’s reminders and campaign audiences to their own clients', async () => {
    const theirs = await agent
      .post('/api/reminders')
      .send({ clientId: owners, scheduledTime: LATER, deliveryMethod: 'sms', message: 'Your annual review is next week' });
    expect(theirs.status).toBe(404);
    const own = await agent
      .post('/api/reminders')
      .send({ clientId: mine, scheduledTime: LATER, deliveryMethod: 'sms', message: 'Your annual review is next week' });
    expect(own.status).toBe(201);
    expect((await agent.get('/api/reminders')).body.map((reminder: { id: string }) => reminder.id)).toEqual([own.body.id]);
    expect((await agent.get(`/api/reminders/${theirReminder}`)).status).toBe(404);
    expect((await agent.put(`/api/reminders/${theirReminder}`).send({ message: 'Changed' })).status).toBe(404);
    expect((await agent.delete(`/api/reminders/${theirReminder}`)).status).toBe(404);
    expect((await owner.agent.get('/api/reminders')).body).toHaveLength(2);

    const draft = await agent.post('/api/campaigns').send({ name: 'AEP', type: 'sms', message: 'Open enrollment starts soon' });
    expect(draft.status).toBe(201);
    const stored = await t.em().findOneOrFail(Campaign, { id: draft.body.id as string });
    expect(stored.audience).toEqual({ kind: 'filter', filter: { assignedTo: agentId } });
    expect((await agent.get(`/api/campaigns/${draft.body.id}/audience`)).body).toMatchObject({ count: 1 });
    expect((await agent.post(`/api/campaigns/${draft.body.id}/clients`).send({ ids: [owners] })).status).toBe(404);
    // The owner's campaign to everyone, opened by the agent, counts only the agent's clients.
    const everyone = await owner.agent.post('/api/campaigns').send({ name: 'All', type: 'sms', message: 'Open enrollment starts soon' });
    expect((await owner.agent.get(`/api/campaigns/${everyone.body.id}/audience`)).body).toMatchObject({ count: 3 });
    expect((await agent.get(`/api/campaigns/${everyone.body.id}/audience`)).body).toMatchObject({ count: 1 });
    // Once sent, its recipients' names too.
    expect((await owner.agent.post(`/api/campaigns/${everyone.body.id}/send`)).status).toBe(200);
    const recipients = (who: Agent) => who.get(`/api/campaigns/${everyone.body.id}/recipients`);
    expect((await recipients(owner.agent)).headers['content-range']).toBe('campaign-recipients 0-2/3');
    const seen = await recipients(agent);
    expect([seen.headers['content-range'], seen.body.map((row: { name: string }) => row.name)]).toEqual([
      'campaign-recipients 0-0/1',
      ['Alma Book'],
    ]);
  });

  it('leaves owners and assistants with the whole book, and gives it back to agents when the setting is off', async () => {
    expect(await names(owner.agent)).toEqual(['Alma', 'Bruno', 'Celia']);
    expect(await names(assistant)).toEqual(['Alma', 'Bruno', 'Celia']);
    expect((await setting(owner.agent, false)).body).toEqual({ agentsSeeAssignedOnly: false });
    expect(await names(agent)).toEqual(['Alma', 'Bruno', 'Celia']);
    expect((await agent.get(`/api/clients/${owners}`)).status).toBe(200);
  });
});
