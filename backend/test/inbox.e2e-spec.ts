import { A2pRegistration } from '../src/a2p/a2p-registration.entity.js';
import { AgencyNumber } from '../src/a2p/agency-number.entity.js';
import { ClientReminder } from '../src/client-portal/client-reminder.entity.js';
import { Client } from '../src/clients/client.entity.js';
import { APP_CONFIG, type AppConfig } from '../src/config/config.js';
import { Delivery } from '../src/delivery/delivery.entity.js';
import { DispatcherService } from '../src/delivery/dispatcher.service.js';
import { REPLY_HELD_MESSAGE } from '../src/inbox/inbox.service.js';
import { InboxMessage } from '../src/inbox/inbox-message.entity.js';
import { InboxThread } from '../src/inbox/inbox-thread.entity.js';
import { OptOut } from '../src/messaging/opt-out.entity.js';
import { User } from '../src/users/user.entity.js';
import { approvedRegistration } from './helpers/a2p.js';
import { type Agent, browser } from './helpers/browser-agent.js';
import { realNow, TestClock } from './helpers/clock.js';
import { makeClient, makeInvitation } from './helpers/factories.js';
import { brokerSession, memberSession } from './helpers/session.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { inboxTwilioEnv, signedWebhook, TwilioStandIn } from './helpers/twilio-stand-in.js';

const ACCOUNT_SID = `AC${'7'.repeat(32)}`;
const AUTH_TOKEN = 'twilio-inbox-auth-token';
const HOUR = 3600_000;
/** A Tuesday, 12:00 in New York (EDT). */
const START = '2026-03-10T16:00:00Z';

/**
 * The agency's text inbox (docs/messaging.md "Inbox"): signed inbound texts become threads, members
 * answer them within consent and calling hours (a response within 24 h at any hour), STOP refuses a
 * reply, health words are refused, books keep agents to their clients, and a client's answers to
 * their own reminder never reach the agency.
 */

describe('the text inbox', () => {
  // Sign-ins happen at the real time; the tests then pin the clock.
  const clock = new TestClock(realNow());
  let t: TestApp;
  let standIn: TwilioStandIn;
  let owner: { agent: Agent; id: string };
  let agent: Agent;
  let agentId: string;
  let readOnly: Agent;
  let other: { agent: Agent; id: string };
  let phoneSeq = 100;

  beforeAll(async () => {
    standIn = new TwilioStandIn();
    const base = await standIn.start();
    t = await createTestApp({
      listen: true,
      clock,
      // Replies go from the platform's number here; one test turns the A2P 10DLC hold on.
      env: inboxTwilioEnv(base, ACCOUNT_SID, AUTH_TOKEN, '+15005550006'),
    });
    owner = await brokerSession(t, 'inbox.owner@agency.test');
    await owner.agent.put('/api/branding').send({ agencyName: 'Harbor Senior Insurance' });
    ({ agent, memberId: agentId } = await memberSession(t, owner.id, 'agent', 'inbox.agent@agency.test'));
    ({ agent: readOnly } = await memberSession(t, owner.id, 'read_only', 'inbox.reviewer@agency.test'));
    other = await brokerSession(t, 'inbox.other@agency.test');
    clock.set(START);
  });
  afterAll(async () => {
    await t?.close();
    await standIn.stop();
  });

  function inbound(from: string, body: string, to = '+15005550006') {
    const form = { From: from, To: to, Body: body, MessageSid: `SM${String(phoneSeq++).padStart(32, '0')}` };
    return signedWebhook(t, AUTH_TOKEN, '/api/webhooks/twilio/sms-inbound', form);
  }

  async function client(agencyId = owner.id, fields: Partial<Client> = {}): Promise<Client> {
    const em = t.em();
    return makeClient(em, await em.findOneOrFail(User, agencyId), {
      firstName: 'Rosa',
      lastName: 'Alvarez',
      phone: `+1212555${String(phoneSeq++).padStart(4, '0')}`,
      ...fields,
    });
  }

  const threadOf = async (phone: string, who: Agent = owner.agent) => {
    const list = await who.get('/api/inbox/threads').query({ filter: JSON.stringify({ q: phone.slice(-7) }) });
    expect(list.status).toBe(200);
    return list.body.find((thread: { phone: string }) => thread.phone === phone) as Record<string, unknown> & { id: string };
  };
  const sentTo = (phone: string) => standIn.requests.filter((r) => r.form.get('To') === phone && r.path.endsWith('/Messages.json'));

  it('makes a thread of a text, unread until read, beside what the agency sent; a number of no agency is kept nowhere', async () => {
    const rosa = await client();
    expect((await inbound(rosa.phone, 'Can you call me about my plan?')).status).toBe(200);
    const thread = await threadOf(rosa.phone);
    expect(thread).toMatchObject({
      sender: 'client',
      clientId: rosa.id,
      clientName: 'Rosa Alvarez',
      status: 'open',
      unreadCount: 1,
      preview: 'Can you call me about my plan?',
      needsReplySince: START.replace('Z', '.000Z'),
      optedOut: false,
    });
    expect((await owner.agent.get('/api/inbox/unread')).body.threads).toBeGreaterThanOrEqual(1);
    const unread = await owner.agent.get('/api/inbox/threads').query({ filter: JSON.stringify({ unread: true }) });
    expect(unread.body.map((row: { id: string }) => row.id)).toContain(thread.id);
    expect(unread.headers['content-range']).toMatch(/^threads 0-\d+\/\d+$/);

    const messages = await owner.agent.get(`/api/inbox/threads/${thread.id}/messages`);
    expect(messages.body[0]).toMatchObject({ source: 'inbox', direction: 'in', kind: 'text', body: 'Can you call me about my plan?' });

    // A read-only member reads, but does not change the thread.
    expect((await readOnly.get(`/api/inbox/threads/${thread.id}`)).status).toBe(200);
    expect((await readOnly.put(`/api/inbox/threads/${thread.id}`).send({ read: true })).status).toBe(403);
    const read = await owner.agent.put(`/api/inbox/threads/${thread.id}`).send({ read: true });
    expect(read.body.unreadCount).toBe(0);

    // The same text again a day later: one thread, unread again.
    clock.advance(HOUR);
    await inbound(rosa.phone, 'Still there?');
    expect(await t.em().count(InboxThread, { phone: rosa.phone })).toBe(1);

    const before = await t.em().count(InboxMessage, {});
    expect((await inbound('+12125559999', 'Who is this?')).status).toBe(200);
    expect(await t.em().count(InboxMessage, {})).toBe(before);
    expect(t.logs.some((line) => line.includes('number of no agency') && !line.includes('Who is this?'))).toBe(true);
    clock.set(START);
  });

  it('files a text to an agency’s own number (A2P 10DLC) with that agency, a stranger’s as "Not a client"', async () => {
    const agencyNumber = '+16155550142';
    const third = await brokerSession(t, 'inbox.third@agency.test');
    const em = t.em();
    em.create(AgencyNumber, { broker: third.id, e164: agencyNumber });
    await em.flush();
    // The same person is a client of both agencies: the number texted decides whose thread it is.
    const ofOwner = await client(owner.id, { phone: '+12125550177' });
    const ofOther = await client(third.id, { phone: '+12125550177' });
    expect(ofOwner.phone).toBe(ofOther.phone);
    await inbound('+12125550177', 'This is Rosa, about my Humana plan', agencyNumber);
    expect(await threadOf('+12125550177', third.agent)).toMatchObject({ sender: 'client', clientId: ofOther.id });
    expect(await threadOf('+12125550177')).toBeUndefined();

    await inbound('+12125550178', 'Do you sell dental plans?', agencyNumber);
    expect(await threadOf('+12125550178', third.agent)).toMatchObject({ sender: 'other', clientId: null, unreadCount: 1 });
    expect(await threadOf('+12125550178')).toBeUndefined();
  });

  it('holds replies while the agency’s texts wait for its carrier registration, and sends them through its messaging service once approved', async () => {
    const rosa = await client();
    await inbound(rosa.phone, 'Are you open Saturday?');
    const thread = await threadOf(rosa.phone);
    const a2p = t.app.get<AppConfig>(APP_CONFIG).messaging.a2p;
    a2p.holdUnregisteredTexts = true;
    try {
      const held = await owner.agent.post(`/api/inbox/threads/${thread.id}/replies`).send({ body: 'Yes, 9 to noon.' });
      expect([held.status, held.body.reason, held.body.message]).toEqual([409, 'registration', REPLY_HELD_MESSAGE]);
      expect(sentTo(rosa.phone)).toHaveLength(0);
      await t.em().insertMany(A2pRegistration, [approvedRegistration(owner.id, 'MG00000000000000000000000000000042', realNow())]);
      const sent = await owner.agent.post(`/api/inbox/threads/${thread.id}/replies`).send({ body: 'Yes, 9 to noon.' });
      expect(sent.status).toBe(201);
      expect(sentTo(rosa.phone).map((r) => r.form.get('MessagingServiceSid'))).toEqual(['MG00000000000000000000000000000042']);
    } finally {
      a2p.holdUnregisteredTexts = false;
    }
  });

  it('answers within calling hours, at any hour within 24 h of their text, and holds to the hours after that', async () => {
    clock.set(START);
    const rosa = await client();
    await inbound(rosa.phone, 'Please call me back');
    const thread = await threadOf(rosa.phone);

    const now = await owner.agent.post(`/api/inbox/threads/${thread.id}/replies`).send({ body: 'Hi {firstName}, this is {agencyName}.' });
    expect(now.status).toBe(201);
    expect(now.body).toMatchObject({ direction: 'out', body: 'Hi Rosa, this is Harbor Senior Insurance.', status: 'sent' });
    expect(sentTo(rosa.phone).map((r) => r.form.get('Body'))).toEqual(['Hi Rosa, this is Harbor Senior Insurance.']);
    expect((await threadOf(rosa.phone)).needsReplySince).toBeNull();

    // 22:00 in New York, 10 hours after their text: a response, sent at once.
    clock.set('2026-03-11T02:00:00Z');
    expect((await owner.agent.post(`/api/inbox/threads/${thread.id}/replies`).send({ body: 'Calling you tomorrow.' })).status).toBe(201);

    // 22:00 the next day, 34 hours after: outside calling hours, refused with when it may go.
    clock.set('2026-03-12T02:00:00Z');
    const late = await owner.agent.post(`/api/inbox/threads/${thread.id}/replies`).send({ body: 'Are you free tomorrow?' });
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ reason: 'calling_hours', allowedFrom: '2026-03-12T12:00:00.000Z' });
    expect(sentTo(rosa.phone)).toHaveLength(2);

    clock.set('2026-03-12T14:00:00Z');
    expect((await owner.agent.post(`/api/inbox/threads/${thread.id}/replies`).send({ body: 'Are you free today?' })).status).toBe(201);
    const log = await owner.agent.get('/api/agency-log');
    const replied = log.body.filter((entry: { action: string }) => entry.action === 'inbox_replied');
    expect(replied.length).toBeGreaterThanOrEqual(3);
    expect(JSON.stringify(replied)).not.toContain('free today');
    clock.set(START);
  });

  it('refuses a reply after STOP (the stop is honoured as before, and shown as an event), and a reply with a health word', async () => {
    clock.set(START);
    const rosa = await client();
    await inbound(rosa.phone, 'Hello?');
    const thread = await threadOf(rosa.phone);
    const health = await owner.agent.post(`/api/inbox/threads/${thread.id}/replies`).send({ body: 'Did you take your Metformin?' });
    expect(health.status).toBe(400);
    expect(health.body).toMatchObject({ field: 'body', term: 'Metformin' });

    clock.advance(60_000);
    await inbound(rosa.phone, 'STOP');
    expect(await t.em().count(OptOut, { recipient: rosa.phone, channel: 'sms' })).toBe(1);
    const stopped = await threadOf(rosa.phone);
    expect(stopped).toMatchObject({ optedOut: true, preview: 'Opted out of texts' });
    const events = await owner.agent.get(`/api/inbox/threads/${thread.id}/messages`);
    expect(events.body[0]).toMatchObject({ direction: 'event', kind: 'opted_out', body: null, channels: ['sms'] });

    const refused = await owner.agent.post(`/api/inbox/threads/${thread.id}/replies`).send({ body: 'Sorry to see you go' });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ reason: 'opted_out' });
    expect(refused.body.message).toContain('STOP');
    expect(sentTo(rosa.phone)).toHaveLength(0);
  });

  it('assigns, filters mine, marks done (reopened by a new text), makes a task; an agent kept to their clients gets 404 elsewhere', async () => {
    clock.set(START);
    const mine = await client(owner.id, { firstName: 'Alma', assignedMemberId: agentId });
    const theirs = await client(owner.id, { firstName: 'Bruno' });
    await inbound(mine.phone, 'Question about my card');
    await inbound(theirs.phone, 'Question about dental');
    const mineThread = await threadOf(mine.phone);
    const theirThread = await threadOf(theirs.phone);

    const bad = await owner.agent
      .put(`/api/inbox/threads/${mineThread.id}`)
      .send({ assignedMemberId: '00000000-0000-4000-8000-000000000000' });
    expect(bad.status).toBe(400);
    const assigned = await owner.agent.put(`/api/inbox/threads/${mineThread.id}`).send({ assignedMemberId: agentId });
    expect(assigned.body).toMatchObject({ assignedMemberId: agentId });
    const mineList = await agent.get('/api/inbox/threads').query({ filter: JSON.stringify({ mine: true }) });
    expect(mineList.body.map((row: { id: string }) => row.id)).toEqual([mineThread.id]);

    const done = await agent.put(`/api/inbox/threads/${mineThread.id}`).send({ status: 'done' });
    expect(done.body).toMatchObject({ status: 'done', needsReplySince: null, unreadCount: 0 });
    clock.advance(60_000);
    await inbound(mine.phone, 'One more thing');
    expect(await threadOf(mine.phone)).toMatchObject({ status: 'open', unreadCount: 1 });

    const task = await agent.post(`/api/inbox/threads/${mineThread.id}/tasks`).send({});
    expect(task.status).toBe(201);
    expect(task.body).toMatchObject({ clientId: mine.id, title: 'Answer Alma’s text' });

    const actions = (await owner.agent.get('/api/agency-log')).body.map((entry: { action: string }) => entry.action);
    expect(actions).toEqual(expect.arrayContaining(['inbox_thread_assigned', 'inbox_thread_done']));

    // The owner keeps agents to their own clients.
    expect((await owner.agent.put('/api/team/settings').send({ agentsSeeAssignedOnly: true })).status).toBe(200);
    expect((await agent.get(`/api/inbox/threads/${theirThread.id}`)).status).toBe(404);
    expect((await agent.get(`/api/inbox/threads/${theirThread.id}/messages`)).status).toBe(404);
    expect((await agent.post(`/api/inbox/threads/${theirThread.id}/replies`).send({ body: 'Hi' })).status).toBe(404);
    expect((await agent.get(`/api/inbox/threads/${mineThread.id}`)).status).toBe(200);
    const seen = (await agent.get('/api/inbox/threads').query({ range: '[0,99]' })).body.map((row: { id: string }) => row.id);
    expect(seen).toContain(mineThread.id);
    expect(seen).not.toContain(theirThread.id);
    expect((await owner.agent.put('/api/team/settings').send({ agentsSeeAssignedOnly: false })).status).toBe(200);

    // Another agency's thread is not there at all.
    expect((await other.agent.get(`/api/inbox/threads/${theirThread.id}`)).status).toBe(404);
    expect((await other.agent.put(`/api/inbox/threads/${theirThread.id}`).send({ read: true })).status).toBe(404);
    expect((await other.agent.get('/api/inbox/threads')).body).toEqual([]);
  });

  it('keeps templates per agency, with merge fields and without health words', async () => {
    const bad = await owner.agent.post('/api/inbox/templates').send({ name: 'Meds', body: 'Take your insulin' });
    expect(bad.status).toBe(400);
    const unknownField = await owner.agent.post('/api/inbox/templates').send({ name: 'X', body: 'Hi {nickname}' });
    expect(unknownField.status).toBe(400);
    const made = await owner.agent
      .post('/api/inbox/templates')
      .send({ name: 'Call back', body: 'Hi {firstName}, {agentName} here. When can I call?' });
    expect(made.status).toBe(201);
    expect((await other.agent.get('/api/inbox/templates')).body).toEqual([]);
    expect((await other.agent.put(`/api/inbox/templates/${made.body.id}`).send({ name: 'Mine', body: 'Hi' })).status).toBe(404);
    const changed = await owner.agent.put(`/api/inbox/templates/${made.body.id}`).send({ name: 'Call back', body: 'Hi {firstName}!' });
    expect(changed.body.body).toBe('Hi {firstName}!');
    expect((await owner.agent.get('/api/inbox/templates')).body.map((row: { name: string }) => row.name)).toEqual(['Call back']);
    expect((await owner.agent.delete(`/api/inbox/templates/${made.body.id}`)).status).toBe(200);
    expect((await owner.agent.get('/api/inbox/templates')).body).toEqual([]);
  });

  it('shows a client’s YES to their own medication reminder only as "Confirmed a reminder", and keeps their answer to it from the agency', async () => {
    clock.set(START);
    const em = t.em();
    const rosa = await client(owner.id, { timeZone: 'America/New_York' });
    const portal = browser(t);
    const token = await makeInvitation(em, await em.findOneOrFail(Client, rosa.id));
    const registered = await portal.post('/api/client/register').send({ token, username: 'rosa.inbox', password: 'violet-tractor-91' });
    expect(registered.status).toBe(201);
    // The invitation is checked against the real time; the timeline shows it when the clock says it went.
    await em.execute('update client_invitations set created_at = ? where client_id = ?', [new Date(clock.now().getTime() - HOUR), rosa.id]);
    const created = await portal.post('/api/client/reminders').send({
      scheduledTime: new Date(clock.now().getTime() + 60_000).toISOString(),
      timeZone: 'America/New_York',
      deliveryMethod: 'sms',
      message: 'Take Lisinopril 10mg',
    });
    expect(created.status).toBe(201);
    const reminder = await t.em().findOneOrFail(ClientReminder, created.body.id);
    clock.set(new Date(reminder.nextOccurrenceAt!.getTime() + 1000));
    await t.app.get(DispatcherService).runOnce();
    await t.em().findOneOrFail(Delivery, { clientReminderId: reminder.id });

    expect((await inbound(rosa.phone, 'YES')).status).toBe(200);
    const thread = await threadOf(rosa.phone);
    expect(thread).toMatchObject({ preview: 'Confirmed a reminder', unreadCount: 0 });
    const confirmed = await owner.agent.get(`/api/inbox/threads/${thread.id}/messages`);
    expect(confirmed.body[0]).toMatchObject({ direction: 'event', kind: 'confirmed', body: null });

    // Words of theirs right after their own reminder answer it: the client's, not the agency's.
    clock.advance(5 * 60_000);
    await inbound(rosa.phone, 'The Lisinopril makes me dizzy');
    const after = await owner.agent.get(`/api/inbox/threads/${thread.id}/messages`);
    const everything = JSON.stringify([
      after.body,
      (await owner.agent.get('/api/inbox/threads').query({ range: '[0,99]' })).body,
      (await owner.agent.get('/api/inbox/threads').query({ filter: JSON.stringify({ q: 'dizzy' }) })).body,
      (await owner.agent.get('/api/tasks')).body,
    ]);
    expect(everything).not.toMatch(/lisinopril|dizzy/i);
    const kept = await t.em().find(InboxMessage, { thread: thread.id, private: true });
    expect(kept).toHaveLength(1);
    expect(kept[0].body).toBeNull();
    expect(kept[0].privateBody).toBe('The Lisinopril makes me dizzy');
    // Stored encrypted: the column does not hold the words.
    const [raw] = await t.em().execute<{ private_body: string }[]>('select private_body from inbox_messages where id = ?', [kept[0].id]);
    expect(raw.private_body).not.toContain('dizzy');

    // Theirs to read in their portal.
    const own = await portal.get('/api/client/texts');
    expect(own.body).toEqual([{ id: kept[0].id, body: 'The Lisinopril makes me dizzy', at: expect.any(String) }]);
    expect((await owner.agent.get('/api/client/texts')).status).toBe(401);

    // A day later they write to the agency: shown.
    clock.advance(25 * HOUR);
    await inbound(rosa.phone, 'Can we talk about my plan?');
    const later = await owner.agent.get(`/api/inbox/threads/${thread.id}/messages`);
    expect(later.body[0]).toMatchObject({ direction: 'in', body: 'Can we talk about my plan?' });
    clock.set(START);
  });

  it('shows beside the texts what the agency sent them: its reminder, with its own words', async () => {
    clock.set(START);
    const rosa = await client();
    const reminder = await owner.agent.post('/api/reminders').send({
      clientId: rosa.id,
      scheduledTime: new Date(clock.now().getTime() + 60_000).toISOString(),
      deliveryMethod: 'sms',
      message: 'Your annual review is next week',
    });
    expect(reminder.status).toBe(201);
    clock.advance(2 * 60_000);
    await t.app.get(DispatcherService).runOnce();
    clock.advance(60_000);
    await inbound(rosa.phone, 'What time is the review?');
    const thread = await threadOf(rosa.phone);
    const timeline = (await owner.agent.get(`/api/inbox/threads/${thread.id}/messages`)).body;
    expect(timeline.map((entry: { source: string; body: string }) => [entry.source, entry.body])).toEqual([
      ['inbox', 'What time is the review?'],
      ['reminder', 'Your annual review is next week'],
    ]);
    clock.set(START);
  });

  it('answers 400 to bad input', async () => {
    const rosa = await client();
    await inbound(rosa.phone, 'Hi');
    const thread = await threadOf(rosa.phone);
    const reply = (body: unknown) => owner.agent.post(`/api/inbox/threads/${thread.id}/replies`).send(body as object);
    expect((await reply({ body: 'Hi\u0000there' })).status).toBe(400);
    expect((await reply({ body: 'x'.repeat(1601) })).status).toBe(400);
    expect((await reply({ body: 42 })).status).toBe(400);
    expect((await reply({ body: '   ' })).status).toBe(400);
    expect((await reply({})).status).toBe(400);
    expect((await owner.agent.put(`/api/inbox/threads/${thread.id}`).send({ status: 'maybe' })).status).toBe(400);
    expect((await owner.agent.put(`/api/inbox/threads/${thread.id}`).send({ read: 'yes' })).status).toBe(400);
    expect((await owner.agent.get('/api/inbox/threads').query({ filter: JSON.stringify({ unread: 'yes' }) })).status).toBe(400);
    expect((await owner.agent.get('/api/inbox/threads').query({ filter: JSON.stringify({ color: 'red' }) })).status).toBe(400);
    expect((await owner.agent.get('/api/inbox/threads').query({ filter: JSON.stringify({ status: 'later' }) })).status).toBe(400);
    expect((await owner.agent.get('/api/inbox/threads/not-an-id')).status).toBe(404);
    expect((await owner.agent.post(`/api/inbox/threads/${thread.id}/tasks`).send({ messageId: 'nope' })).status).toBe(400);
    expect((await owner.agent.post('/api/inbox/templates').send({ name: 'x'.repeat(101), body: 'Hi' })).status).toBe(400);
  });
});
