import { DateTime } from 'luxon';
import request from 'supertest';

import { AGENCY_LOG_EXPORT_HEADER } from '../src/agency-log/agency-log.service.js';
import { NOT_RECORDED } from '../src/agency-log/changes.js';
import { ApiTokensService } from '../src/api-tokens/api-tokens.service.js';
import type { Scope } from '../src/api-tokens/scopes.js';
import { ROLE_REFUSED } from '../src/auth/access.guard.js';
import { User } from '../src/users/user.entity.js';
import { type Agent, browser } from './helpers/browser-agent.js';
import { realNow } from './helpers/clock.js';
import { parseCsv } from './helpers/csv.js';
import { makeClient, makeInvitation } from './helpers/factories.js';
import { image } from './helpers/files.js';
import { brokerSession, memberSession } from './helpers/session.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/** The address every change below comes from, as the trusted proxy (loopback) names it. */
const ADDRESS = '203.0.113.24';

interface Entry {
  id: string;
  createdAt: string;
  member: { id: string; name: string | null; email: string | null; role: string; removed: boolean };
  viaToken: { id: string; name: string } | null;
  ipAddress: string | null;
  action: string;
  targetType: string;
  targetId: string | null;
  summary: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/** What the client portal holds that is health data (and the broker's private notes): none of it may reach the log. */
const PRIVATE = {
  medication: 'Eliquis',
  dosage: '5 mg twice daily',
  notes: 'Hates the 8am calls',
  notesAgain: 'Daughter handles mail',
  reminder: 'Bring your plan card on Tuesday',
};
const DAY_MS = 86_400_000;

let t: TestApp;
let owner: { agent: Agent; id: string; memberId: string };
let agent: { agent: Agent; memberId: string };
let reviewer: { agent: Agent; memberId: string };
let assistant: { agent: Agent; memberId: string };
let other: { agent: Agent; id: string };

const query = (params: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(params).map(([key, value]) => [key, typeof value === 'string' ? value : JSON.stringify(value)]));

async function logOf(who: Agent, params: Record<string, unknown> = {}, path = '/api/agency-log'): Promise<Entry[]> {
  const res = await who.get(path).query(query(params));
  expect({ status: res.status, body: res.status === 200 ? 'rows' : res.body }).toEqual({ status: 200, body: 'rows' });
  return res.body as Entry[];
}

/** The agency's newest entry of this action. */
async function newest(action: string): Promise<Entry> {
  const [entry] = await logOf(owner.agent, { filter: { action } });
  expect(entry).toBeDefined();
  return entry;
}

/** Sends a change as a browser behind the proxy would, from ADDRESS. */
const from = <T extends request.Test>(req: T): T => req.set('X-Forwarded-For', ADDRESS);

beforeAll(async () => {
  t = await createTestApp({ listen: true, env: { TRUST_PROXY: 'loopback' } });
  const session = await brokerSession(t, 'log.owner@agency.test', { readyForCampaigns: true });
  owner = { ...session, memberId: (await session.agent.get('/api/auth/user')).body.member.id as string };
  await t.em().nativeUpdate(User, { id: owner.id }, { timeZone: 'America/Chicago' });
  agent = await memberSession(t, owner.id, 'agent', 'log.agent@agency.test');
  reviewer = await memberSession(t, owner.id, 'read_only', 'log.reviewer@agency.test');
  assistant = await memberSession(t, owner.id, 'assistant', 'log.assistant@agency.test');
  other = await brokerSession(t, 'log.other@agency.test');
});
afterAll(() => t?.close());

describe('what the agency activity log records', () => {
  let clientId: string;
  const started = realNow();

  it('records a client added by an agent: the agent, the time, the address and the fields, notes only as written', async () => {
    const added = await from(agent.agent.post('/api/clients')).send({
      firstName: 'Rosa',
      lastName: 'Diaz',
      phone: '(615) 555-0142',
      email: 'rosa@example.com',
      notes: PRIVATE.notes,
    });
    expect(added.status).toBe(201);
    clientId = added.body.id as string;

    const entry = await newest('client_created');
    expect(entry).toMatchObject({
      member: { id: agent.memberId, email: 'log.agent@agency.test', role: 'agent', removed: false },
      viaToken: null,
      ipAddress: ADDRESS,
      targetType: 'client',
      targetId: clientId,
      summary: 'Added the client Rosa Diaz',
      before: null,
      after: { firstName: 'Rosa', lastName: 'Diaz', phone: '+16155550142', email: 'rosa@example.com', notes: NOT_RECORDED },
    });
    expect(new Date(entry.createdAt).getTime()).toBeGreaterThanOrEqual(started.getTime() - 1000);
    expect(new Date(entry.createdAt).getTime()).toBeLessThanOrEqual(realNow().getTime() + 1000);
  });

  it('records an edit with the changed fields alone, before and after, and notes only as changed', async () => {
    const edited = await from(owner.agent.put(`/api/clients/${clientId}`)).send({
      firstName: 'Rosa',
      phone: '(615) 555-0199',
      carrier: 'Humana',
      notes: PRIVATE.notesAgain,
    });
    expect(edited.status).toBe(200);
    expect(await newest('client_updated')).toMatchObject({
      member: { id: owner.memberId, role: 'owner' },
      ipAddress: ADDRESS,
      summary: 'Edited the client Rosa Diaz',
      before: { phone: '+16155550142', carrier: null, notes: NOT_RECORDED },
      after: { phone: '+16155550199', carrier: 'Humana', notes: NOT_RECORDED },
    });
    const entry = await newest('client_updated');
    expect(Object.keys(entry.after!).sort()).toEqual(['carrier', 'notes', 'phone']);

    // Nothing changed, nothing recorded.
    const count = (await logOf(owner.agent)).length;
    expect((await owner.agent.put(`/api/clients/${clientId}`).send({ firstName: 'Rosa' })).status).toBe(200);
    expect(await logOf(owner.agent)).toHaveLength(count);
  });

  it('names a deactivation, a reactivation and a deletion as such', async () => {
    expect((await from(agent.agent.put(`/api/clients/${clientId}`)).send({ isActive: false, departureReason: 'moved' })).status).toBe(200);
    expect(await newest('client_deactivated')).toMatchObject({
      member: { id: agent.memberId },
      summary: 'Deactivated the client Rosa Diaz',
      before: { isActive: true, departureReason: null },
      after: { isActive: false, departureReason: 'moved' },
    });
    expect((await from(agent.agent.put(`/api/clients/${clientId}`)).send({ isActive: true })).status).toBe(200);
    expect(await newest('client_reactivated')).toMatchObject({ after: { isActive: true, departureReason: null } });
    expect((await from(agent.agent.delete(`/api/clients/${clientId}`)).query({ reason: 'deceased' })).status).toBe(204);
    expect(await newest('client_deleted')).toMatchObject({
      member: { id: agent.memberId },
      ipAddress: ADDRESS,
      targetId: clientId,
      summary: 'Deleted the client Rosa Diaz',
      after: { departureReason: 'deceased' },
    });
  });

  it('records a bulk action once, with the clients it changed, and an invitation', async () => {
    const book = await t.em().findOneOrFail(User, owner.id);
    const one = await makeClient(t.em(), book, { firstName: 'Ana', lastName: 'One' });
    const two = await makeClient(t.em(), book, { firstName: 'Ben', lastName: 'Two' });
    const bulk = await from(agent.agent.post('/api/clients/bulk')).send({ ids: [one.id, two.id], action: 'deactivate' });
    expect(bulk.status).toBe(200);
    const entry = await newest('clients_deactivated');
    expect(entry).toMatchObject({
      member: { id: agent.memberId },
      targetType: 'clients',
      targetId: null,
      summary: 'Marked 2 clients inactive.',
      after: { count: 2, departureReason: 'other' },
    });
    expect((entry.after!.clientIds as string[]).sort()).toEqual([one.id, two.id].sort());

    expect((await agent.agent.post('/api/clients/bulk').send({ ids: [one.id, two.id], action: 'activate' })).status).toBe(200);
    expect(await newest('clients_activated')).toMatchObject({ after: { count: 2 } });
    expect((await from(agent.agent.post(`/api/clients/${one.id}/invite`)).send()).status).toBe(200);
    expect(await newest('client_invited')).toMatchObject({
      targetId: one.id,
      summary: 'Invited Ana One to the client portal by text message',
      ipAddress: ADDRESS,
    });
    expect((await agent.agent.post('/api/clients/bulk').send({ ids: [one.id, two.id], action: 'delete' })).status).toBe(200);
    expect(await newest('clients_deleted')).toMatchObject({ summary: 'Deleted 2 clients.', after: { count: 2 } });
  });

  it('records an export of the client list, and a CSV import once with its counts', async () => {
    const exported = await from(agent.agent.get('/api/clients/export.csv')).query(query({ filter: { isActive: true } }));
    expect(exported.status).toBe(200);
    expect(await newest('clients_exported')).toMatchObject({
      member: { id: agent.memberId },
      ipAddress: ADDRESS,
      summary: 'Exported the client list (CSV)',
      after: { filter: { isActive: true }, sort: null },
    });

    const csv = 'firstName,lastName,email,phone\nRuth,Alvarez,ruth@example.com,(615) 555-0101\nOtis,Granger,,615.555.0102\nNo,Phone,,\n';
    const imported = await from(assistant.agent.post('/api/clients/upload')).attach('file', Buffer.from(csv), 'October leads.csv');
    expect(imported.status).toBe(200);
    const entries = await logOf(owner.agent, { filter: { action: 'clients_imported' } });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      member: { id: assistant.memberId, role: 'assistant' },
      ipAddress: ADDRESS,
      targetType: 'import',
      targetId: imported.body.jobId,
      summary: 'Imported 2 clients from October leads.csv',
      after: { fileName: 'October leads.csv', status: 'completed', rowsRead: 3, imported: 2, rejected: 1 },
    });
  });

  it('records consent recorded for one client and for many', async () => {
    const book = await t.em().findOneOrFail(User, owner.id);
    const client = await makeClient(t.em(), book, { firstName: 'Carla', lastName: 'Consent' });
    const revoked = await from(agent.agent.post(`/api/clients/${client.id}/consent`)).send({ purpose: 'marketing', granted: false });
    expect(revoked.status).toBe(200);
    expect(await newest('consent_recorded')).toMatchObject({
      member: { id: agent.memberId },
      ipAddress: ADDRESS,
      targetId: client.id,
      summary: 'Recorded that Carla Consent revoked their permission for marketing',
      after: { purpose: 'marketing', granted: false, channels: ['voice', 'sms', 'email'] },
    });
    const bulk = await from(agent.agent.post('/api/consent/bulk')).send({ clientIds: [client.id], purpose: 'marketing', attested: true });
    expect(bulk.status).toBe(200);
    expect(await newest('consent_recorded_bulk')).toMatchObject({
      summary: 'Recorded marketing permission for 1 client.',
      after: { purpose: 'marketing', clientIds: [client.id], count: 1 },
    });
  });

  it('records a campaign’s life: created, edited (the message only as changed), scheduled, sent, a sequence started to finished', async () => {
    const draft = await from(agent.agent.post('/api/campaigns')).send({
      name: 'Spring check-in',
      type: 'email',
      subject: 'Spring',
      message: 'Hello {{firstName}}',
    });
    expect(draft.status).toBe(201);
    const id = draft.body.id as string;
    expect(await newest('campaign_created')).toMatchObject({
      member: { id: agent.memberId },
      targetType: 'campaign',
      targetId: id,
      summary: 'Created the campaign “Spring check-in”',
      after: { name: 'Spring check-in', type: 'email', subject: 'Spring', message: NOT_RECORDED, status: 'draft' },
    });
    expect((await agent.agent.put(`/api/campaigns/${id}`).send({ subject: 'Spring news', message: 'New words' })).status).toBe(200);
    expect(await newest('campaign_updated')).toMatchObject({
      before: { subject: 'Spring', message: NOT_RECORDED },
      after: { subject: 'Spring news', message: NOT_RECORDED },
    });
    const date = DateTime.fromJSDate(realNow()).setZone('America/Chicago').plus({ days: 3 }).toISODate();
    expect((await agent.agent.post(`/api/campaigns/${id}/schedule`).send({ date, time: '09:00' })).status).toBe(200);
    expect(await newest('campaign_scheduled')).toMatchObject({
      summary: 'Scheduled the campaign “Spring check-in”',
      before: { status: 'draft', scheduledDate: null, scheduledTime: null },
      after: { status: 'scheduled', scheduledDate: date, scheduledTime: '09:00' },
    });
    expect((await agent.agent.post(`/api/campaigns/${id}/unschedule`).send()).status).toBe(200);
    expect(await newest('campaign_unscheduled')).toMatchObject({ after: { status: 'draft' } });
    const sent = await from(agent.agent.post(`/api/campaigns/${id}/send`)).send();
    expect(sent.status).toBe(200);
    expect(await newest('campaign_sent')).toMatchObject({
      member: { id: agent.memberId },
      ipAddress: ADDRESS,
      summary: 'Sent the campaign “Spring check-in”',
      after: { status: 'sent', recipients: sent.body.count },
    });

    const sequence = await agent.agent
      .post('/api/campaigns')
      .send({ name: 'Welcome', type: 'email', subject: 'Hi', message: 'Welcome aboard', trigger: { kind: 'joined' } });
    for (const [step, action] of [
      ['start', 'campaign_started'],
      ['pause', 'campaign_paused'],
      ['resume', 'campaign_resumed'],
      ['finish', 'campaign_finished'],
    ] as const) {
      expect((await agent.agent.post(`/api/campaigns/${sequence.body.id}/${step}`).send()).status).toBe(200);
      expect(await newest(action)).toMatchObject({ targetId: sequence.body.id, member: { id: agent.memberId } });
    }
    const copy = await agent.agent.post(`/api/campaigns/${id}/duplicate`).send();
    expect(await newest('campaign_duplicated')).toMatchObject({ targetId: copy.body.id, after: { copiedFrom: id } });
    expect((await agent.agent.delete(`/api/campaigns/${copy.body.id}`)).status).toBe(200);
    expect(await newest('campaign_deleted')).toMatchObject({ summary: 'Deleted the campaign “Copy of Spring check-in”' });
  });

  it('records a reminder scheduled, changed and cancelled, its message only as written', async () => {
    const book = await t.em().findOneOrFail(User, owner.id);
    const client = await makeClient(t.em(), book, { firstName: 'Remy', lastName: 'Reminder' });
    const when = new Date(realNow().getTime() + 3 * DAY_MS).toISOString();
    const made = await from(assistant.agent.post('/api/reminders')).send({
      clientId: client.id,
      scheduledTime: when,
      deliveryMethod: 'sms',
      message: PRIVATE.reminder,
    });
    expect(made.status).toBe(201);
    expect(await newest('reminder_scheduled')).toMatchObject({
      member: { id: assistant.memberId },
      ipAddress: ADDRESS,
      targetType: 'reminder',
      targetId: made.body.id,
      summary: 'Scheduled a reminder for Remy Reminder',
      before: null,
      after: { clientId: client.id, scheduledTime: when, deliveryMethod: 'sms', message: NOT_RECORDED },
    });
    const later = new Date(realNow().getTime() + 4 * DAY_MS).toISOString();
    expect((await assistant.agent.put(`/api/reminders/${made.body.id}`).send({ scheduledTime: later })).status).toBe(200);
    expect(await newest('reminder_updated')).toMatchObject({ before: { scheduledTime: when }, after: { scheduledTime: later } });
    expect((await assistant.agent.delete(`/api/reminders/${made.body.id}`)).status).toBe(200);
    expect(await newest('reminder_cancelled')).toMatchObject({
      summary: 'Cancelled a reminder for Remy Reminder',
      before: { clientId: client.id, scheduledTime: later, deliveryMethod: 'sms', message: NOT_RECORDED },
      after: null,
    });
  });

  it('records the team’s changes: invited, joined, role changed, removed', async () => {
    const invited = await newest('member_invited');
    expect(invited).toMatchObject({ member: { id: owner.memberId }, targetType: 'member', after: { role: 'assistant' } });
    const joined = await logOf(owner.agent, { filter: { action: 'member_joined', memberId: agent.memberId } });
    expect(joined).toHaveLength(1);
    expect(joined[0]).toMatchObject({
      member: { id: agent.memberId },
      targetId: agent.memberId,
      summary: 'log.agent@agency.test joined the agency as an agent',
      after: { email: 'log.agent@agency.test', role: 'agent' },
    });
    expect(joined[0].ipAddress).toBeTruthy();

    expect((await from(owner.agent.put(`/api/members/${assistant.memberId}`)).send({ role: 'agent' })).status).toBe(200);
    expect(await newest('member_role_changed')).toMatchObject({
      member: { id: owner.memberId },
      ipAddress: ADDRESS,
      targetId: assistant.memberId,
      before: { role: 'assistant' },
      after: { role: 'agent' },
    });
    expect((await owner.agent.put(`/api/members/${assistant.memberId}`).send({ role: 'assistant' })).status).toBe(200);

    const invitation = await owner.agent.post('/api/members').send({ email: 'log.maybe@agency.test', role: 'agent' });
    expect(invitation.status).toBe(201);
    expect((await owner.agent.delete(`/api/members/${invitation.body.id}`)).status).toBe(200);
    expect(await newest('member_removed')).toMatchObject({
      targetId: invitation.body.id,
      summary: 'Withdrew the invitation of log.maybe@agency.test',
      before: { email: 'log.maybe@agency.test', role: 'agent' },
      after: { removed: true, clientsReassigned: 0, tokensRevoked: 0 },
    });
  });

  it('names the API token a change came through, and records the token made and revoked', async () => {
    const made = await from(owner.agent.post('/api/tokens')).send({ name: 'CRM sync', scopes: ['clients:write'], expiresInDays: 30 });
    expect(made.status).toBe(201);
    expect(await newest('token_created')).toMatchObject({
      member: { id: owner.memberId },
      targetType: 'token',
      targetId: made.body.id,
      summary: 'Created the API token “CRM sync”',
      after: { name: 'CRM sync', scopes: ['clients:write'] },
    });
    const viaToken = await from(request(t.http).post('/api/clients'))
      .auth(made.body.token as string, { type: 'bearer' })
      .send({ firstName: 'Tom', lastName: 'Token', phone: '(615) 555-0177' });
    expect(viaToken.status).toBe(201);
    expect(await newest('client_created')).toMatchObject({
      member: { id: owner.memberId },
      viaToken: { id: made.body.id, name: 'CRM sync' },
      ipAddress: ADDRESS,
      summary: 'Added the client Tom Token',
    });
    expect((await owner.agent.delete(`/api/tokens/${made.body.id}`)).status).toBe(204);
    expect(await newest('token_revoked')).toMatchObject({ targetId: made.body.id, summary: 'Revoked the API token “CRM sync”' });
  });

  it('records branding (the fields changed, the logo as its address), the settings and billing', async () => {
    expect((await from(owner.agent.put('/api/branding')).send({ primaryColor: '#112233', agencyName: 'Sunrise' })).status).toBe(200);
    const branding = await newest('branding_updated');
    expect(branding).toMatchObject({ targetType: 'agency', targetId: null, after: { primaryColor: '#112233', agencyName: 'Sunrise' } });
    expect(Object.keys(branding.after!).sort()).toEqual(['agencyName', 'primaryColor']);

    const logo = await owner.agent.post('/api/branding/logo').attach('logo', await image('png', 64, 64), 'logo.png');
    expect(logo.status).toBe(200);
    expect(await newest('logo_uploaded')).toMatchObject({ before: { logoUrl: null }, after: { logoUrl: logo.body.logoUrl } });

    expect((await owner.agent.put('/api/profile').send({ weeklyDigest: false })).status).toBe(200);
    expect(await newest('profile_updated')).toMatchObject({ before: { weeklyDigest: true }, after: { weeklyDigest: false } });

    expect((await owner.agent.post('/api/billing/overage/enable').send()).status).toBe(200);
    expect(await newest('overage_enabled')).toMatchObject({ before: { overageEnabled: false }, after: { overageEnabled: true } });
    expect((await owner.agent.post('/api/subscription').send({ subscriptionTier: 'pmpm' })).status).toBe(200);
    expect(await newest('plan_changed')).toMatchObject({
      summary: 'Chose the PMPM plan for after the trial',
      before: { subscriptionTier: 'flat', overageEnabled: true },
      after: { subscriptionTier: 'pmpm', overageEnabled: false },
    });
    const price = (await owner.agent.get('/api/subscription')).body.monthlyPriceCents as number;
    expect((await owner.agent.post('/api/subscription/start').send({ confirmMonthlyPriceCents: price })).status).toBe(200);
    expect(await newest('subscription_started')).toMatchObject({
      member: { id: owner.memberId },
      before: { subscriptionStatus: 'trial' },
      after: { subscriptionStatus: 'active', monthlyPriceCents: price },
    });
  });
});

describe('who reads the agency activity log', () => {
  it('lets the owner and a read-only member read it and export it; an agent and an assistant get 403', async () => {
    const seen = await logOf(reviewer.agent);
    expect(seen.length).toBeGreaterThan(20);
    expect(seen).toEqual(await logOf(owner.agent));
    const csv = await reviewer.agent.get('/api/agency-log/export.csv');
    expect(csv.status).toBe(200);
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="activity-log-\d{4}-\d{2}-\d{2}\.csv"$/);
    for (const who of [agent, assistant]) {
      for (const path of ['/api/agency-log', '/api/agency-log/export.csv']) {
        const res = await who.agent.get(path);
        expect([res.status, res.body]).toEqual([403, { statusCode: 403, message: ROLE_REFUSED, permission: 'activity:read' }]);
      }
    }
  });

  it('lets a token read it with analytics:read, within its member’s role', async () => {
    const tokens = t.app.get(ApiTokensService);
    const agency = await t.em().findOneOrFail(User, owner.id);
    const read = async (memberId: string, scopes: Scope[]) => {
      const actor = { agencyId: owner.id, memberId, tokenId: null, ip: null };
      const { secret } = await tokens.create(agency, actor, { name: 'Reader', scopes, expiresInDays: 30 });
      return request(t.http).get('/api/agency-log').auth(secret, { type: 'bearer' });
    };
    expect((await read(owner.memberId, ['analytics:read'])).status).toBe(200);
    expect((await read(reviewer.memberId, ['analytics:read'])).status).toBe(200);
    const narrow = await read(owner.memberId, ['clients:read']);
    expect([narrow.status, narrow.body.message]).toEqual([403, 'GET /api/agency-log needs the analytics:read scope']);
    const agentToken = await read(agent.memberId, ['analytics:read']);
    expect([agentToken.status, agentToken.body.permission]).toEqual([403, 'activity:read']);
  });

  it('shows an agency its own entries only', async () => {
    expect((await other.agent.post('/api/clients').send({ firstName: 'Olga', lastName: 'Other', phone: '(615) 555-0188' })).status).toBe(
      201,
    );
    const theirs = await logOf(other.agent);
    expect(theirs.map((entry) => entry.summary)).toEqual(['Added the client Olga Other']);
    const ours = (await logOf(owner.agent)).map((entry) => entry.id);
    expect(await logOf(other.agent, { filter: { id: ours.slice(0, 5) } })).toEqual([]);
    expect(await logOf(other.agent, { filter: { memberId: agent.memberId } })).toEqual([]);
    expect((await logOf(owner.agent)).some((entry) => entry.summary.includes('Olga'))).toBe(false);
  });
});

describe('the list: filters, sort, pages and the export', () => {
  it('filters by member and by action, and answers pages with the total', async () => {
    const byAgent = await logOf(owner.agent, { filter: { memberId: agent.memberId } });
    expect(byAgent.length).toBeGreaterThan(10);
    expect(byAgent.every((entry) => entry.member.id === agent.memberId)).toBe(true);
    const sent = await logOf(owner.agent, { filter: { action: 'campaign_sent' } });
    expect(sent.map((entry) => entry.action)).toEqual(['campaign_sent']);

    const all = await logOf(owner.agent);
    const page = await owner.agent.get('/api/agency-log').query(query({ range: [0, 4] }));
    expect(page.headers['content-range']).toBe(`agency-log 0-4/${all.length}`);
    expect(page.body).toEqual(all.slice(0, 5));
    const times = all.map((entry) => entry.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    const byAction = await logOf(owner.agent, { sort: ['action', 'ASC'] });
    const actions = byAction.map((entry) => entry.action);
    expect(actions).toEqual([...actions].sort());
  });

  it('takes from and to as whole days in the agency’s time zone', async () => {
    const all = await logOf(owner.agent);
    // The days the entries fall on where the agency is (Chicago), whatever the server's zone.
    const day = (entry: Entry, shift = 0) =>
      DateTime.fromISO(entry.createdAt).setZone('America/Chicago').plus({ days: shift }).toISODate()!;
    const [first, last] = [all[all.length - 1], all[0]];
    expect(await logOf(owner.agent, { filter: { from: day(first), to: day(last) } })).toEqual(all);
    expect(await logOf(owner.agent, { filter: { from: day(last, 1) } })).toEqual([]);
    expect(await logOf(owner.agent, { filter: { to: day(first, -1) } })).toEqual([]);

    // 03:30 UTC on 10 March is the evening of 9 March in New York (another agency's zone).
    const zoned = await brokerSession(t, 'log.zone@agency.test');
    const memberId = (await zoned.agent.get('/api/auth/user')).body.member.id as string;
    await t.em().execute(
      `insert into agency_events (id, agency_id, member_id, action, target_type, summary, created_at)
       values (gen_random_uuid(), ?, ?, 'profile_updated', 'agency', 'Changed the settings', '2026-03-10T03:30:00Z')`,
      [zoned.id, memberId],
    );
    expect(await logOf(zoned.agent, { filter: { from: '2026-03-09', to: '2026-03-09' } })).toHaveLength(1);
    expect(await logOf(zoned.agent, { filter: { from: '2026-03-10', to: '2026-03-10' } })).toEqual([]);
  });

  it.each([
    [{ filter: { memberId: 'alex' } }, 'filter memberId must be an id (a UUID)'],
    [{ filter: { action: 'client_frobbed' } }, 'filter action must be one of the log’s actions'],
    [{ filter: { from: '2026-02-30' } }, 'filter from must be a date such as 2026-11-30'],
    [{ filter: { from: '2026-03-02', to: '2026-03-01' } }, 'filter from must not be after to'],
    [{ filter: { q: 'rosa' } }, 'filter has unknown field(s): q'],
    [{ sort: ['summary', 'ASC'] }, 'sort field "summary" is not one of: createdAt, action'],
  ])('refuses %j with 400', async (params, message) => {
    const res = await owner.agent.get('/api/agency-log').query(query(params));
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(message);
  });

  it('exports the list under its filter as CSV, every entry, newest first', async () => {
    const filter = { memberId: agent.memberId };
    const listed = await logOf(owner.agent, { filter });
    const res = await owner.agent.get('/api/agency-log/export.csv').query(query({ filter }));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const [header, ...rows] = parseCsv(res.text.replace(/^\uFEFF/, ''));
    expect(header).toEqual(AGENCY_LOG_EXPORT_HEADER);
    expect(rows).toHaveLength(listed.length);
    const created = listed.find((entry) => entry.action === 'client_created')!;
    expect(rows.find((row) => row[3] === created.summary)).toEqual([
      created.createdAt,
      'log.agent@agency.test',
      'client_created',
      'Added the client Rosa Diaz',
      `client ${created.targetId}`,
      '',
      JSON.stringify(created.after),
      '',
      ADDRESS,
    ]);
  });
});

describe('what the log never holds, and never lets go of', () => {
  it('carries no health data and no notes, whatever the client and the broker wrote', async () => {
    const book = await t.em().findOneOrFail(User, owner.id);
    const client = await makeClient(t.em(), book, { firstName: 'Pia', lastName: 'Portal', notes: PRIVATE.notes });
    const portal = browser(t);
    const token = await makeInvitation(t.em(), client);
    expect((await portal.post('/api/client/register').send({ token, username: 'pia.portal', password: 'violet-tractor-91' })).status).toBe(
      201,
    );
    const medication = await portal.post('/api/client/medications').send({ name: PRIVATE.medication, dosage: PRIVATE.dosage });
    expect(medication.status).toBe(201);
    // The broker edits the registered client: a new phone waits for the client, the notes change.
    const edited = await owner.agent.put(`/api/clients/${client.id}`).send({ phone: '(615) 555-0166', notes: PRIVATE.notesAgain });
    expect(edited.status).toBe(200);
    expect(await newest('client_updated')).toMatchObject({
      targetId: client.id,
      before: { notes: NOT_RECORDED },
      after: { notes: NOT_RECORDED, awaitingClientConfirmation: ['phone'] },
    });
    expect((await owner.agent.delete(`/api/clients/${client.id}/contact-changes/phone`)).status).toBe(200);
    expect(await newest('client_contact_change_withdrawn')).toMatchObject({ targetId: client.id });
    expect((await owner.agent.delete(`/api/clients/${client.id}`)).status).toBe(204);

    const admin = await brokerSession(t, 'log.admin@agency.test');
    await t.em().nativeUpdate(User, { id: admin.id }, { isAdmin: true });
    const everything = [
      JSON.stringify(await logOf(owner.agent)),
      (await owner.agent.get('/api/agency-log/export.csv')).text,
      JSON.stringify(await logOf(admin.agent, {}, `/api/admin/brokers/${owner.id}/agency-log`)),
      JSON.stringify(await t.em().execute('select * from agency_events')),
    ].join('\n');
    for (const secret of Object.values(PRIVATE)) expect(everything).not.toContain(secret);
  });

  it('cannot be changed or removed, whoever asks the database; the agency’s deletion takes its log with it', async () => {
    const connection = t.em().getConnection();
    const [entry] = await logOf(owner.agent);
    await expect(connection.execute(`update agency_events set summary = 'Nothing happened' where id = ?`, [entry.id])).rejects.toThrow(
      /agency_events is append-only: UPDATE of an activity entry is not allowed/,
    );
    await expect(connection.execute('delete from agency_events where id = ?', [entry.id])).rejects.toThrow(
      /agency_events is append-only: DELETE of an activity entry is not allowed/,
    );
    await expect(connection.execute('delete from agency_events')).rejects.toThrow(/append-only/);
    expect((await logOf(owner.agent))[0]).toEqual(entry);

    const gone = await brokerSession(t, 'log.gone@agency.test');
    expect((await gone.agent.post('/api/clients').send({ firstName: 'Gus', lastName: 'Gone', phone: '(615) 555-0190' })).status).toBe(201);
    const count = async () =>
      (await connection.execute<{ n: number }[]>('select count(*)::int as n from agency_events where agency_id = ?', [gone.id]))[0].n;
    expect(await count()).toBe(1);
    await connection.execute('delete from users where id = ?', [gone.id]);
    expect(await count()).toBe(0);
  });
});

describe('the back office', () => {
  it('shows a platform admin an agency’s log, with the same filters; a broker gets 403, an unknown agency 404', async () => {
    const admin = await brokerSession(t, 'log.admin@agency.test');
    await t.em().nativeUpdate(User, { id: admin.id }, { isAdmin: true });
    const path = `/api/admin/brokers/${owner.id}/agency-log`;
    expect(await logOf(admin.agent, {}, path)).toEqual(await logOf(owner.agent));
    const byAgent = await logOf(admin.agent, { filter: { memberId: agent.memberId, action: 'client_created' } }, path);
    expect(byAgent.map((entry) => entry.summary)).toEqual(['Added the client Rosa Diaz']);
    expect((await owner.agent.get(path)).status).toBe(403);
    expect((await admin.agent.get(`/api/admin/brokers/${crypto.randomUUID()}/agency-log`)).status).toBe(404);
  });
});
