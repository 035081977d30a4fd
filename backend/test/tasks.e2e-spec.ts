import request from 'supertest';
import twilio from 'twilio';

import { ApiTokensService } from '../src/api-tokens/api-tokens.service.js';
import { Client } from '../src/clients/client.entity.js';
import { Member } from '../src/members/member.entity.js';
import { OutboxMessage } from '../src/messaging/outbox-message.entity.js';
import { Policy } from '../src/policies/policy.entity.js';
import { Task } from '../src/tasks/task.entity.js';
import { TaskRemindersService } from '../src/tasks/task-reminders.service.js';
import { TaskRulesService } from '../src/tasks/task-rules.service.js';
import { User } from '../src/users/user.entity.js';
import type { Agent } from './helpers/browser-agent.js';
import { realNow, TestClock } from './helpers/clock.js';
import { outboxInFull } from './helpers/outbox.js';
import { brokerSession, memberSession } from './helpers/session.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/** Tasks, follow-ups, the rules that make them, the morning e-mail and the call log (issue 51, docs/tasks.md). */
// Tuesday 27 October 2026, 10:00 in New York (EDT, UTC−4).
const TUESDAY_10_NY = '2026-10-27T14:00:00Z';
const ACCOUNT_SID = `AC${'5'.repeat(32)}`;
const AUTH_TOKEN = 'tasks-auth-token';
const FROM = '+16155550100';

let t: TestApp;
const clock = new TestClock(TUESDAY_10_NY);
beforeAll(async () => {
  t = await createTestApp({
    listen: true,
    clock,
    env: { TWILIO_ACCOUNT_SID: ACCOUNT_SID, TWILIO_AUTH_TOKEN: AUTH_TOKEN, TWILIO_FROM_NUMBER: FROM, A2P_HOLD_UNREGISTERED_TEXTS: 'false' },
  });
});
afterAll(() => t?.close());
beforeEach(() => {
  clock.set(TUESDAY_10_NY);
});

/** A signed-in owner of a subscribed agency in New York (the tests' clock runs apart from the trial's). */
async function agency(email: string): Promise<{ agent: Agent; id: string; memberId: string }> {
  const owner = await brokerSession(t, email);
  await t.em().nativeUpdate(User, { id: owner.id }, { subscriptionStatus: 'active', timeZone: 'America/New_York' });
  const memberId = (await owner.agent.get('/api/auth/user')).body.member.id as string;
  return { ...owner, memberId };
}

/** A member who joined through an invitation (an invitation runs on the real time; the clock is put back after). */
async function member(
  agencyId: string,
  role: 'agent' | 'assistant' | 'read_only',
  email: string,
): Promise<{ agent: Agent; memberId: string }> {
  const at = clock.now();
  clock.set(realNow());
  try {
    return await memberSession(t, agencyId, role, email);
  } finally {
    clock.set(at);
  }
}

async function addClient(agent: Agent, fields: Record<string, unknown>): Promise<string> {
  const res = await agent.post('/api/clients').send({ phone: `(615) 555-${String(1000 + Math.floor(Math.random() * 8999))}`, ...fields });
  if (res.status !== 201) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id as string;
}

describe('tasks by hand', () => {
  let owner: { agent: Agent; id: string; memberId: string };
  let clientId: string;

  beforeAll(async () => {
    owner = await agency('tasks.owner@agency.test');
    clientId = await addClient(owner.agent, { firstName: 'Rosa', lastName: 'Diaz' });
  });

  it('adds a task about a client for the member who adds it, lists it on the client and in the views, ticks it done and undone', async () => {
    const added = await owner.agent.post('/api/tasks').send({
      title: '  Call Rosa about her Part D plan ',
      dueAt: '2026-10-27T19:00:00Z',
      clientId,
      priority: 'high',
      notes: 'Ask about the pharmacy',
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({
      title: 'Call Rosa about her Part D plan',
      clientId,
      clientName: 'Rosa Diaz',
      assigneeMemberId: owner.memberId,
      createdByMemberId: owner.memberId,
      priority: 'high',
      done: false,
      doneAt: null,
      source: 'manual',
      dueAt: '2026-10-27T19:00:00.000Z',
    });
    const free = await owner.agent.post('/api/tasks').send({ title: 'Order brochures', dueAt: '2026-10-26T13:00:00Z' });
    expect([free.status, free.body.clientId, free.body.clientName]).toEqual([201, null, null]);
    await owner.agent.post('/api/tasks').send({ title: 'Sunday prep', dueAt: '2026-11-01T15:00:00Z' });
    await owner.agent.post('/api/tasks').send({ title: 'Next week', dueAt: '2026-11-03T15:00:00Z' });

    expect((await owner.agent.get(`/api/clients/${clientId}/tasks`)).body.map((task: { id: string }) => task.id)).toEqual([added.body.id]);
    expect((await owner.agent.get(`/api/tasks/${added.body.id}`)).body).toEqual(added.body);

    const view = async (name: string) =>
      (await owner.agent.get('/api/tasks').query({ filter: JSON.stringify({ assignee: 'me', view: name }) })).body.map(
        (task: { title: string }) => task.title,
      );
    expect(await view('today')).toEqual(['Call Rosa about her Part D plan']);
    expect(await view('overdue')).toEqual(['Order brochures']);
    expect(await view('week')).toEqual(['Call Rosa about her Part D plan', 'Sunday prep']);
    const page = await owner.agent.get('/api/tasks').query({ range: '[0,1]', sort: '["dueAt","ASC"]' });
    expect([page.headers['content-range'], page.body.length]).toEqual(['tasks 0-1/4', 2]);
    const days = await owner.agent.get('/api/tasks').query({ filter: JSON.stringify({ from: '2026-11-01', to: '2026-11-07' }) });
    expect(days.body.map((task: { title: string }) => task.title)).toEqual(['Sunday prep', 'Next week']);

    const summary = await owner.agent.get('/api/tasks/summary');
    expect(summary.body).toMatchObject({ today: 1, overdue: 1, week: 2 });
    expect(summary.body.next.map((task: { title: string }) => task.title)).toEqual([
      'Order brochures',
      'Call Rosa about her Part D plan',
      'Sunday prep',
      'Next week',
    ]);

    clock.set('2026-10-27T16:30:00Z');
    const done = await owner.agent.put(`/api/tasks/${added.body.id}`).send({ done: true });
    expect(done.body).toMatchObject({ done: true, doneAt: '2026-10-27T16:30:00.000Z' });
    expect(await view('today')).toEqual([]);
    const undone = await owner.agent.put(`/api/tasks/${added.body.id}`).send({ done: false, title: 'Call Rosa again' });
    expect(undone.body).toMatchObject({ done: false, doneAt: null, title: 'Call Rosa again' });

    const deleted = await owner.agent.delete(`/api/tasks/${free.body.id}`);
    expect([deleted.status, deleted.body.id]).toEqual([200, free.body.id]);
    expect((await owner.agent.get(`/api/tasks/${free.body.id}`)).status).toBe(404);
  });

  it.each([
    [{ dueAt: '2026-10-27T19:00:00Z' }, 'title is required'],
    [{ title: '   ', dueAt: '2026-10-27T19:00:00Z' }, 'title is required'],
    [{ title: 'x'.repeat(201), dueAt: '2026-10-27T19:00:00Z' }, 'title must be at most 200 characters'],
    [{ title: 'Call', dueAt: 'tomorrow' }, 'dueAt must be a date and time'],
    [{ title: 'Call', dueAt: '2026-10-27T19:00:00Z', priority: 'urgent' }, 'priority must be one of: low, normal, high'],
    [
      { title: 'Call', dueAt: '2026-10-27T19:00:00Z', assigneeMemberId: '00000000-0000-4000-8000-000000000000' },
      'Choose a member of this agency who has joined',
    ],
  ])('answers 400 with a message for a bad task: %#', async (body, message) => {
    const res = await owner.agent.post('/api/tasks').send(body);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain(message);
  });

  it('answers 400 for a bad filter and 404 for another agency’s client or task', async () => {
    expect((await owner.agent.get('/api/tasks').query({ filter: '{"view":"month"}' })).status).toBe(400);
    expect((await owner.agent.get('/api/tasks').query({ filter: '{"assignee":"someone"}' })).status).toBe(400);
    const other = await agency('tasks.other@agency.test');
    const theirClient = await addClient(other.agent, { firstName: 'Al', lastName: 'Lee' });
    const theirs = (await other.agent.post('/api/tasks').send({ title: 'Theirs', dueAt: '2026-10-28T15:00:00Z', clientId: theirClient }))
      .body;
    expect((await owner.agent.get(`/api/tasks/${theirs.id}`)).status).toBe(404);
    expect((await owner.agent.put(`/api/tasks/${theirs.id}`).send({ done: true })).status).toBe(404);
    expect((await owner.agent.delete(`/api/tasks/${theirs.id}`)).status).toBe(404);
    expect((await owner.agent.get(`/api/clients/${theirClient}/tasks`)).status).toBe(404);
    expect((await owner.agent.post('/api/tasks').send({ title: 'x', dueAt: '2026-10-28T15:00:00Z', clientId: theirClient })).status).toBe(
      404,
    );
    expect((await owner.agent.get('/api/tasks')).body.map((task: { title: string }) => task.title)).not.toContain('Theirs');
  });

  it('keeps an agent who sees only their clients to their clients’ tasks and those assigned to them; a reviewer only reads', async () => {
    const team = await agency('tasks.team@agency.test');
    const { agent, memberId } = await member(team.id, 'agent', 'tasks.team.agent@agency.test');
    await team.agent.put('/api/team/settings').send({ agentsSeeAssignedOnly: true });
    const hers = await addClient(team.agent, { firstName: 'Hers', lastName: 'Client' });
    const notHers = await addClient(team.agent, { firstName: 'Other', lastName: 'Client' });
    await team.agent.post('/api/clients/assign').send({ ids: [hers], memberId });
    const onHers = (await team.agent.post('/api/tasks').send({ title: 'On hers', dueAt: '2026-10-28T15:00:00Z', clientId: hers })).body;
    const forHer = (
      await team.agent.post('/api/tasks').send({ title: 'For her', dueAt: '2026-10-28T15:00:00Z', assigneeMemberId: memberId })
    ).body;
    const hidden = (await team.agent.post('/api/tasks').send({ title: 'Hidden', dueAt: '2026-10-28T15:00:00Z', clientId: notHers })).body;
    const seen = (await agent.get('/api/tasks')).body.map((task: { id: string }) => task.id);
    expect(seen.sort()).toEqual([onHers.id, forHer.id].sort());
    expect((await agent.get(`/api/tasks/${hidden.id}`)).status).toBe(404);
    expect((await agent.put(`/api/tasks/${forHer.id}`).send({ done: true })).body.done).toBe(true);

    const { agent: reviewer } = await member(team.id, 'read_only', 'tasks.team.reviewer@agency.test');
    expect((await reviewer.get(`/api/tasks/${hidden.id}`)).status).toBe(200);
    expect((await reviewer.put(`/api/tasks/${hidden.id}`).send({ done: true })).status).toBe(403);
    expect((await reviewer.post('/api/tasks').send({ title: 'x', dueAt: '2026-10-28T15:00:00Z' })).status).toBe(403);
  });

  it('lets a token read tasks with tasks:read and change them only with tasks:write', async () => {
    const agencyRow = await t.em().findOneOrFail(User, owner.id);
    const asOwner = { agencyId: owner.id, memberId: owner.memberId, tokenId: null, ip: null };
    const { secret } = await t.app
      .get(ApiTokensService)
      .create(agencyRow, asOwner, { name: 'Tasks reader', scopes: ['tasks:read'], expiresInDays: 30 });
    expect((await request(t.http).get('/api/tasks').auth(secret, { type: 'bearer' })).status).toBe(200);
    const write = await request(t.http)
      .post('/api/tasks')
      .auth(secret, { type: 'bearer' })
      .send({ title: 'x', dueAt: '2026-10-28T15:00:00Z' });
    expect([write.status, write.body.message]).toEqual([403, 'POST /api/tasks needs the tasks:write scope']);
  });
});

describe('tasks from rules', () => {
  let owner: { agent: Agent; id: string; memberId: string };
  let agentId: string;
  let rules: TaskRulesService;

  async function policy(clientId: string, fields: Partial<Policy>): Promise<void> {
    const em = t.em();
    em.create(Policy, { broker: owner.id, client: clientId, carrier: 'Humana', planName: 'Gold Plus', planType: 'mapd', ...fields });
    await em.flush();
  }

  beforeAll(async () => {
    rules = t.app.get(TaskRulesService);
    owner = await agency('rules.owner@agency.test');
    ({ memberId: agentId } = await member(owner.id, 'agent', 'rules.agent@agency.test'));
  });

  it('makes nothing while the rules are off, and only owners turn them on (in the activity log)', async () => {
    const client = await addClient(owner.agent, { firstName: 'Early', lastName: 'Bird', dateOfBirth: '1962-01-10' });
    await policy(client, { status: 'pending', effectiveDate: '2026-11-15' });
    expect((await owner.agent.get('/api/tasks/rules')).body).toEqual({ welcomeCall: false, reviewCall: false, turning65: false });
    await rules.run();
    expect(await t.em().count(Task, { broker: owner.id })).toBe(0);

    const { agent: assistant } = await member(owner.id, 'assistant', 'rules.assistant@agency.test');
    expect((await assistant.put('/api/tasks/rules').send({ welcomeCall: true })).status).toBe(403);
    expect((await owner.agent.put('/api/tasks/rules').send({ welcomeCall: 'yes' })).status).toBe(400);
    const on = await owner.agent.put('/api/tasks/rules').send({ welcomeCall: true, reviewCall: true, turning65: true });
    expect(on.body).toEqual({ welcomeCall: true, reviewCall: true, turning65: true });
    expect((await owner.agent.get('/api/agency-log')).body[0]).toMatchObject({
      action: 'task_rules_changed',
      after: { welcomeCall: true, reviewCall: true, turning65: true },
    });
    await t.em().nativeDelete(Client, { id: client });
  });

  it('makes a welcome call, a review call and a turning-65 call once each, for the member who looks after the client', async () => {
    const em = t.em();
    // A policy taking effect in 19 days, written by the agent, for a client nobody is assigned to.
    const welcome = await addClient(owner.agent, { firstName: 'Wanda', lastName: 'Welcome' });
    await policy(welcome, { status: 'pending', effectiveDate: '2026-11-15', writingMemberId: agentId });
    await owner.agent.post('/api/clients/assign').send({ ids: [welcome], memberId: null });
    // Too far off (49 days), and declined: no welcome call.
    const later = await addClient(owner.agent, { firstName: 'Larry', lastName: 'Later' });
    await policy(later, { status: 'pending', effectiveDate: '2026-12-15' });
    await policy(later, { status: 'declined', effectiveDate: '2026-11-10' });
    // An active MAPD plan: a review call before the plan year ends, for the owner (nobody else named).
    const review = await addClient(owner.agent, { firstName: 'Rita', lastName: 'Review' });
    await policy(review, { status: 'active', effectiveDate: '2026-01-01' });
    // Turning 65 on 10 January 2027 (75 days off), assigned to the agent; another in 134 days.
    const turning = await addClient(owner.agent, { firstName: 'Tom', lastName: 'Turning', dateOfBirth: '1962-01-10' });
    await owner.agent.post('/api/clients/assign').send({ ids: [turning], memberId: agentId });
    await addClient(owner.agent, { firstName: 'Tess', lastName: 'Too-Soon', dateOfBirth: '1962-03-10' });

    expect(await rules.run()).toEqual({ welcomeCall: 1, reviewCall: 1, turning65: 1 });
    const made = await em.find(Task, { broker: owner.id }, { orderBy: { title: 'asc' } });
    expect(
      made.map((task) => ({
        title: task.title,
        source: task.source,
        client: task.client,
        due: task.dueAt.toISOString(),
        to: task.assigneeMemberId,
      })),
    ).toEqual([
      {
        title: 'Plan review call: Rita Review',
        source: 'rule_review_call',
        client: review,
        due: '2026-11-01T15:00:00.000Z',
        to: owner.memberId,
      },
      { title: 'Turning 65 call: Tom Turning', source: 'rule_turning_65', client: turning, due: '2026-11-11T15:00:00.000Z', to: agentId },
      { title: 'Welcome call: Wanda Welcome', source: 'rule_welcome_call', client: welcome, due: '2026-11-08T15:00:00.000Z', to: agentId },
    ]);

    // Idempotent: again the same day, the next day, and after one was ticked done.
    expect(await rules.run()).toEqual({ welcomeCall: 0, reviewCall: 0, turning65: 0 });
    await owner.agent.put(`/api/tasks/${made[0].id}`).send({ done: true });
    clock.set('2026-10-28T14:00:00Z');
    expect(await rules.run()).toEqual({ welcomeCall: 0, reviewCall: 0, turning65: 0 });
    expect(await em.count(Task, { broker: owner.id })).toBe(3);

    // Seventeen days on, the later policy comes within 30 days: its welcome call, due a week before it.
    clock.set('2026-11-16T15:00:00Z');
    expect(await rules.run()).toMatchObject({ welcomeCall: 1 });
    const [larry] = await em.find(Task, { broker: owner.id, client: later });
    expect([larry.title, larry.dueAt.toISOString()]).toEqual(['Welcome call: Larry Later', '2026-12-08T15:00:00.000Z']);
  });

  it('makes no review call outside October 25 to December 7', async () => {
    const other = await agency('rules.summer@agency.test');
    await other.agent.put('/api/tasks/rules').send({ reviewCall: true });
    const client = await addClient(other.agent, { firstName: 'Sam', lastName: 'Summer' });
    const em = t.em();
    em.create(Policy, { broker: other.id, client, carrier: 'Aetna', planName: 'PDP', planType: 'pdp', status: 'active' });
    await em.flush();
    clock.set('2026-07-01T15:00:00Z');
    await rules.run();
    expect(await t.em().count(Task, { broker: other.id })).toBe(0);
    clock.set('2026-12-07T15:00:00Z');
    await rules.run();
    expect(await t.em().count(Task, { broker: other.id, source: 'rule_review_call' })).toBe(1);
  });
});

describe('tasks from the at-risk list and from a client’s text', () => {
  let owner: { agent: Agent; id: string; memberId: string };

  beforeAll(async () => {
    owner = await agency('risk.owner@agency.test');
  });

  it('makes one high-priority Call before AEP task, due the day before AEP opens, or in two days during AEP', async () => {
    const clientId = await addClient(owner.agent, { firstName: 'Ada', lastName: 'Atrisk' });
    clock.set('2026-09-01T14:00:00Z');
    const first = await owner.agent.post(`/api/clients/${clientId}/tasks/call-before-aep`);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      title: 'Call before AEP: Ada Atrisk',
      source: 'at_risk',
      priority: 'high',
      dueAt: '2026-10-14T14:00:00.000Z',
      assigneeMemberId: owner.memberId,
    });
    const again = await owner.agent.post(`/api/clients/${clientId}/tasks/call-before-aep`);
    expect(again.body.id).toBe(first.body.id);
    await owner.agent.put(`/api/tasks/${first.body.id}`).send({ done: true });
    clock.set('2026-10-20T14:00:00Z');
    const inAep = await owner.agent.post(`/api/clients/${clientId}/tasks/call-before-aep`);
    expect(inAep.body.dueAt).toBe('2026-10-22T14:00:00.000Z');
    expect((await owner.agent.post('/api/clients/00000000-0000-4000-8000-000000000000/tasks/call-before-aep')).status).toBe(404);
  });

  it('makes a task to answer a client who texts in their own words, once while it is open, and none for a keyword', async () => {
    const clientId = await addClient(owner.agent, { firstName: 'Rita', lastName: 'Replies', phone: '(615) 555-0199' });
    const signed = (form: Record<string, string>) =>
      request(t.http)
        .post('/api/webhooks/twilio/sms-inbound')
        .type('form')
        .set('X-Twilio-Signature', twilio.getExpectedTwilioSignature(AUTH_TOKEN, `${t.appUrl}/api/webhooks/twilio/sms-inbound`, form))
        .send(form);
    for (const body of ['HELP', 'START', 'YES']) expect((await signed({ From: '+16155550199', To: FROM, Body: body })).status).toBe(200);
    expect(await t.em().count(Task, { client: clientId })).toBe(0);

    await signed({ From: '+16155550199', To: FROM, Body: 'Can you call me about my drug costs?' });
    await signed({ From: '+16155550199', To: FROM, Body: 'Any time after 2' });
    const tasks = await t.em().find(Task, { client: clientId });
    expect(tasks.map((task) => [task.title, task.source, task.priority, task.assigneeMemberId])).toEqual([
      ['Answer Rita’s text', 'client_reply', 'high', owner.memberId],
    ]);
    await owner.agent.put(`/api/tasks/${tasks[0].id}`).send({ done: true });
    await signed({ From: '+16155550199', To: FROM, Body: 'Thanks!' });
    expect(await t.em().count(Task, { client: clientId, source: 'client_reply' })).toBe(2);
  });
});

describe('the morning e-mail of tasks', () => {
  it('e-mails each member at 07:00 in the agency’s zone the tasks due that day and overdue, once, and nobody without tasks', async () => {
    const owner = await agency('morning.owner@agency.test');
    const { memberId: agentId } = await member(owner.id, 'agent', 'morning.agent@agency.test');
    await t.em().nativeUpdate(Member, { id: agentId }, { language: 'es' });
    const clientId = await addClient(owner.agent, { firstName: 'Mona', lastName: 'Morning' });
    await owner.agent.post('/api/tasks').send({ title: 'Call Mona', dueAt: '2026-10-28T15:00:00Z', clientId });
    await owner.agent.post('/api/tasks').send({ title: 'Late one', dueAt: '2026-10-26T15:00:00Z' });
    await owner.agent.post('/api/tasks').send({ title: 'Tomorrow', dueAt: '2026-10-29T15:00:00Z' });
    await owner.agent.post('/api/tasks').send({ title: 'Llamar a Mona', dueAt: '2026-10-28T18:00:00Z', assigneeMemberId: agentId });
    const reminders = t.app.get(TaskRemindersService);
    const mails = () => t.em().find(OutboxMessage, { purpose: 'task-reminder', brokerId: owner.id });

    // Other tests' agencies have tasks too: only this agency's e-mails are counted.
    clock.set('2026-10-28T10:30:00Z'); // 06:30 in New York
    await reminders.runDue();
    expect(await mails()).toHaveLength(0);
    clock.set('2026-10-28T11:15:00Z'); // 07:15
    await reminders.runDue();
    await reminders.runDue();
    expect(await mails()).toHaveLength(2);
    const sent = await outboxInFull(t, { purpose: 'task-reminder', brokerId: owner.id });
    const mine = sent.find((mail) => mail.recipient === 'morning.owner@agency.test')!;
    expect(mine.subject).toBe('Your tasks for today: 2 tasks');
    expect(mine.body).toContain('Late one');
    expect(mine.body).toContain('11:00 AM — Call Mona (Mona Morning)');
    expect(mine.body).not.toContain('Tomorrow');
    const hers = sent.find((mail) => mail.recipient === 'morning.agent@agency.test')!;
    expect(hers.subject).toBe('Sus tareas de hoy: 1 tarea');

    // The next morning each still has open tasks (today's, and yesterday's now overdue): one more e-mail each.
    clock.set('2026-10-29T11:15:00Z');
    await reminders.runDue();
    expect((await mails()).map((mail) => mail.recipient).sort()).toEqual([
      'morning.agent@agency.test',
      'morning.agent@agency.test',
      'morning.owner@agency.test',
      'morning.owner@agency.test',
    ]);
  });
});

describe('the call and meeting log', () => {
  it('logs calls and meetings on the client, newest first, counts one the client took part in toward engagement, and lets its author take it back', async () => {
    const owner = await agency('calls.owner@agency.test');
    const clientId = await addClient(owner.agent, { firstName: 'Carl', lastName: 'Caller' });
    const score = async () => (await owner.agent.get(`/api/clients/${clientId}`)).body.engagementScore as number;
    const before = await score();

    const voicemail = await owner.agent
      .post(`/api/clients/${clientId}/interactions`)
      .send({ kind: 'call', outcome: 'voicemail', at: '2026-10-26T15:00:00Z', durationMinutes: 1 });
    expect(voicemail.status).toBe(201);
    expect(await score()).toBe(before);
    const reached = await owner.agent
      .post(`/api/clients/${clientId}/interactions`)
      .send({ kind: 'call', outcome: 'reached', notes: 'Reviewed the plan', durationMinutes: 12 });
    expect(reached.body).toMatchObject({
      kind: 'call',
      outcome: 'reached',
      durationMinutes: 12,
      at: '2026-10-27T14:00:00.000Z',
      memberId: owner.memberId,
    });
    expect(await score()).toBe(before + 15);
    const listed = await owner.agent.get(`/api/clients/${clientId}/interactions`);
    expect(listed.body.map((row: { id: string }) => row.id)).toEqual([reached.body.id, voicemail.body.id]);

    for (const [body, message] of [
      [{ kind: 'visit', outcome: 'reached' }, 'kind must be one of: call, meeting'],
      [{ kind: 'call', outcome: 'reached', durationMinutes: -1 }, 'durationMinutes must be 0 or more'],
      [{ kind: 'call', outcome: 'reached', at: '2026-12-01T15:00:00Z' }, 'cannot be in the future'],
    ] as const) {
      const res = await owner.agent.post(`/api/clients/${clientId}/interactions`).send(body);
      expect([res.status, JSON.stringify(res.body).includes(message)]).toEqual([400, true]);
    }

    const { agent: assistant } = await member(owner.id, 'assistant', 'calls.assistant@agency.test');
    expect((await assistant.delete(`/api/clients/${clientId}/interactions/${reached.body.id}`)).status).toBe(403);
    clock.set('2026-10-28T15:00:00Z');
    expect((await owner.agent.delete(`/api/clients/${clientId}/interactions/${reached.body.id}`)).status).toBe(403);
    clock.set('2026-10-27T20:00:00Z');
    expect((await owner.agent.delete(`/api/clients/${clientId}/interactions/${reached.body.id}`)).status).toBe(200);
    expect(await score()).toBe(before);
  });
});
