import { type Client } from '../src/clients/client.entity.js';
import { InboxService } from '../src/inbox/inbox.service.js';
import { DEFAULT_AUTO_REPLY } from '../src/inbox/office-hours.service.js';
import { wholeBook } from '../src/members/book.js';
import { User } from '../src/users/user.entity.js';
import { type Agent } from './helpers/browser-agent.js';
import { realNow, TestClock } from './helpers/clock.js';
import { makeClient } from './helpers/factories.js';
import { brokerSession, memberSession } from './helpers/session.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { inboxTwilioEnv, signedWebhook, TwilioStandIn } from './helpers/twilio-stand-in.js';

const ACCOUNT_SID = `AC${'8'.repeat(32)}`;
const AUTH_TOKEN = 'twilio-office-hours-auth-token';
const PLATFORM_NUMBER = '+15005550006';

const OPEN = { open: '09:00', close: '17:00' };
const HOURS = {
  week: { mon: OPEN, tue: OPEN, wed: OPEN, thu: OPEN, fri: OPEN, sat: null, sun: null },
  // Friday 13 March 2026: the office is closed all day.
  holidays: [{ date: '2026-03-13', name: 'Staff training' }],
  autoReply: true,
  autoReplyEn: 'Thanks for your text! {agencyName} is closed now and answers on the next business day. Urgent? Call {agencyPhone}.',
  autoReplyEs: '¡Gracias por su mensaje! {agencyName} está cerrada y le responde el próximo día hábil.',
  replyPromiseDays: 1,
};

/**
 * The agency's office hours for texts (docs/messaging.md "Office hours"): owners set them; a text
 * that comes while the office is closed gets the auto-reply once a day per thread, in the client's
 * language, never after a STOP; a text left unanswered longer than the promise shows under the
 * inbox's `overdue` filter and in the weekly digest's count.
 */
describe('office hours for texts', () => {
  // Sign-ins happen at the real time; the tests then pin the clock (the agency is in New York).
  const clock = new TestClock(realNow());
  let t: TestApp;
  let standIn: TwilioStandIn;
  let owner: { agent: Agent; id: string };
  let agent: Agent;
  let phoneSeq = 300;

  beforeAll(async () => {
    standIn = new TwilioStandIn();
    const base = await standIn.start();
    t = await createTestApp({
      listen: true,
      clock,
      env: inboxTwilioEnv(base, ACCOUNT_SID, AUTH_TOKEN, PLATFORM_NUMBER),
    });
    owner = await brokerSession(t, 'hours.owner@agency.test');
    await owner.agent.put('/api/branding').send({ agencyName: 'Harbor Senior Insurance', agencyPhone: '+12125550100' });
    ({ agent } = await memberSession(t, owner.id, 'agent', 'hours.agent@agency.test'));
  });
  afterAll(async () => {
    await t?.close();
    await standIn.stop();
  });

  function inbound(from: string, body: string) {
    const form = { From: from, To: PLATFORM_NUMBER, Body: body, MessageSid: `SM${String(phoneSeq++).padStart(32, '0')}` };
    return signedWebhook(t, AUTH_TOKEN, '/api/webhooks/twilio/sms-inbound', form);
  }

  async function client(fields: Partial<Client> = {}): Promise<Client> {
    const em = t.em();
    return makeClient(em, await em.findOneOrFail(User, owner.id), {
      firstName: 'Rosa',
      lastName: 'Alvarez',
      phone: `+1212555${String(phoneSeq++).padStart(4, '0')}`,
      ...fields,
    });
  }

  const autoRepliesTo = (phone: string) =>
    standIn.requests.filter((r) => r.form.get('To') === phone && r.path.endsWith('/Messages.json')).map((r) => r.form.get('Body'));

  async function threadOf(phone: string) {
    const list = await owner.agent.get('/api/inbox/threads').query({ filter: JSON.stringify({ q: phone.slice(-7) }) });
    return list.body.find((thread: { phone: string }) => thread.phone === phone) as { id: string; needsReplySince: string | null };
  }

  const overdue = async () =>
    (await owner.agent.get('/api/inbox/threads').query({ filter: JSON.stringify({ overdue: true }) })).body.map(
      (thread: { phone: string }) => thread.phone,
    );

  it('shows the defaults until the owner saves; refuses bad hours and texts with a 400 that names the field, changing nothing', async () => {
    clock.set('2026-03-10T16:00:00Z'); // Tuesday 12:00 in New York
    const defaults = await agent.get('/api/inbox/office-hours');
    expect(defaults.status).toBe(200);
    expect(defaults.body).toMatchObject({
      saved: false,
      timeZone: 'America/New_York',
      openNow: true,
      autoReply: false,
      replyPromiseDays: 1,
      autoReplyEn: DEFAULT_AUTO_REPLY.en,
      holidays: [],
    });
    expect(defaults.body.week).toMatchObject({ mon: OPEN, fri: OPEN, sat: null, sun: null });

    // Agents read the hours; owners set them.
    expect((await agent.put('/api/inbox/office-hours').send(HOURS)).status).toBe(403);

    const bad: [Record<string, unknown>, string][] = [
      [{ week: { ...HOURS.week, mon: { open: '17:00', close: '09:00' } } }, 'week.mon'],
      [{ week: { ...HOURS.week, tue: { open: '25:00', close: '26:00' } } }, 'week'],
      [{ autoReplyEn: 'Remember to take your insulin' }, 'autoReplyEn'],
      [{ autoReplyEs: 'Hola {firstName}' }, 'autoReplyEs'],
      [{ autoReplyEn: '' }, 'autoReplyEn'],
      [{ holidays: [HOURS.holidays[0], HOURS.holidays[0]] }, 'holidays'],
      [{ holidays: [{ date: '2026-02-30', name: 'No such day' }] }, 'holidays'],
      [{ replyPromiseDays: 9 }, 'replyPromiseDays'],
      [{ replyPromiseDays: '1' }, 'replyPromiseDays'],
      [{ week: null }, 'week'],
    ];
    for (const [change, field] of bad) {
      const refused = await owner.agent.put('/api/inbox/office-hours').send({ ...HOURS, ...change });
      expect([refused.status, JSON.stringify(change)]).toEqual([400, JSON.stringify(change)]);
      expect(typeof refused.body.message).toBe('string');
      if (refused.body.field) expect(refused.body.field).toContain(field.split('.')[0]);
    }
    expect((await owner.agent.get('/api/inbox/office-hours')).body.saved).toBe(false);

    const saved = await owner.agent.put('/api/inbox/office-hours').send(HOURS);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ ...HOURS, saved: true, openNow: true });
    const log = await owner.agent.get('/api/agency-log');
    expect(log.body.map((entry: { action: string }) => entry.action)).toContain('inbox_hours_changed');
  });

  it('answers a text that comes while the office is closed once a day per thread, in the client’s language, never inside the hours', async () => {
    const rosa = await client();
    clock.set('2026-03-10T16:00:00Z'); // Tuesday 12:00: open
    await inbound(rosa.phone, 'Can you call me about my plan?');
    expect(autoRepliesTo(rosa.phone)).toEqual([]);

    clock.set('2026-03-11T00:30:00Z'); // Tuesday 20:30: closed
    // Two texts at the same moment: one auto-reply (decided with the thread locked).
    await Promise.all([inbound(rosa.phone, 'Are you there?'), inbound(rosa.phone, 'Hello?')]);
    const english =
      'Thanks for your text! Harbor Senior Insurance is closed now and answers on the next business day. Urgent? Call (212) 555-0100.';
    expect(autoRepliesTo(rosa.phone)).toEqual([english]);
    const thread = await threadOf(rosa.phone);
    const timeline = await owner.agent.get(`/api/inbox/threads/${thread.id}/messages`);
    expect(timeline.body.find((m: { kind: string }) => m.kind === 'auto_reply')).toMatchObject({
      direction: 'out',
      body: english,
      status: 'sent',
      memberName: null,
    });
    // An auto-reply is no answer from the agency: the thread still waits for one.
    expect(thread.needsReplySince).toBe('2026-03-10T16:00:00.000Z');

    clock.set('2026-03-11T12:00:00Z'); // Wednesday 08:00, a new day, still closed
    await inbound(rosa.phone, 'Good morning');
    expect(autoRepliesTo(rosa.phone)).toEqual([english, english]);

    // Friday is the agency's holiday; a Spanish client is answered in Spanish.
    const lucia = await client({ firstName: 'Lucía', language: 'es' });
    clock.set('2026-03-13T15:00:00Z'); // Friday 11:00, a holiday
    await inbound(lucia.phone, '¿Pueden llamarme?');
    expect(autoRepliesTo(lucia.phone)).toEqual([
      '¡Gracias por su mensaje! Harbor Senior Insurance está cerrada y le responde el próximo día hábil.',
    ]);
  });

  it('sends no auto-reply after a STOP, nor when the agency has it off', async () => {
    clock.set('2026-03-11T01:00:00Z'); // Tuesday 21:00: closed
    const stopped = await client();
    await inbound(stopped.phone, 'STOP');
    const before = autoRepliesTo(stopped.phone).length;
    await inbound(stopped.phone, 'Who is this?');
    expect(autoRepliesTo(stopped.phone)).toHaveLength(before);

    await owner.agent.put('/api/inbox/office-hours').send({ ...HOURS, autoReply: false });
    const quiet = await client();
    await inbound(quiet.phone, 'Hello?');
    expect(autoRepliesTo(quiet.phone)).toEqual([]);
    await owner.agent.put('/api/inbox/office-hours').send(HOURS);
  });

  it('lists a text as overdue once it has waited longer than the promise in business days, and counts it for the digest', async () => {
    const waiting = await client({ firstName: 'Walter' });
    const answered = await client({ firstName: 'Ana' });
    clock.set('2026-03-16T14:00:00Z'); // Monday 10:00 (EDT)
    await inbound(waiting.phone, 'Please call me');
    await inbound(answered.phone, 'Please call me too');
    const thread = await threadOf(answered.phone);

    clock.set('2026-03-17T13:59:00Z'); // Tuesday 09:59
    expect(await overdue()).not.toContain(waiting.phone);
    clock.set('2026-03-17T14:01:00Z'); // Tuesday 10:01: one business day has gone by
    expect(await overdue()).toEqual(expect.arrayContaining([waiting.phone, answered.phone]));
    const book = wholeBook(owner.id);
    const counted = await t.app.get(InboxService).overdue(book, clock.now());
    expect(counted).toMatchObject({ promiseDays: 1 });
    expect(counted.threads).toBeGreaterThanOrEqual(2);

    expect((await owner.agent.post(`/api/inbox/threads/${thread.id}/replies`).send({ body: 'Calling you at 3.' })).status).toBe(201);
    expect(await overdue()).not.toContain(answered.phone);
    expect((await t.app.get(InboxService).overdue(book, clock.now())).threads).toBe(counted.threads - 1);

    // A promise of two business days: not overdue yet.
    await owner.agent.put('/api/inbox/office-hours').send({ ...HOURS, replyPromiseDays: 2 });
    expect(await overdue()).not.toContain(waiting.phone);
    await owner.agent.put('/api/inbox/office-hours').send(HOURS);
  });
});
