import { DateTime } from 'luxon';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import request from 'supertest';
import twilio from 'twilio';

import { ClientReminder } from '../src/client-portal/client-reminder.entity.js';
import { Delivery } from '../src/delivery/delivery.entity.js';
import { DispatcherService } from '../src/delivery/dispatcher.service.js';
import { OptOut } from '../src/messaging/opt-out.entity.js';
import { User } from '../src/users/user.entity.js';
import { browser } from './helpers/browser-agent.js';
import { TestClock } from './helpers/clock.js';
import { makeClient, makeInvitation, makeUser } from './helpers/factories.js';
import { mailHeader, mailPart, SmtpStandIn } from './helpers/smtp-stand-in.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { TwilioStandIn } from './helpers/twilio-stand-in.js';

const ACCOUNT_SID = `AC${'2'.repeat(32)}`;
const AUTH_TOKEN = 'twilio-confirmations-auth-token';
const MINUTE = 60_000;

/**
 * The clock starts on a Tuesday at 12:00 in New York and 01:00 in Tokyo, and the tests move it on
 * by a few hours in all: it stays day in one zone and night (quiet hours) in the other throughout.
 */
const START = '2026-03-10T16:00:00Z';
const DAY_ZONE = 'America/New_York';
const NIGHT_ZONE = 'Asia/Tokyo';

describe('closed-loop client reminders: confirmation by key or reply, retries, voicemail without health data', () => {
  const clock = new TestClock(START);
  let t: TestApp;
  let standIn: TwilioStandIn;
  let smtp: SmtpStandIn;
  let broker: User;
  let phoneSeq = 400;

  beforeAll(async () => {
    standIn = new TwilioStandIn();
    const base = await standIn.start();
    smtp = new SmtpStandIn();
    const smtpUrl = await smtp.start();
    t = await createTestApp({
      env: {
        SMTP_URL: smtpUrl,
        MAIL_FROM: 'Harbor Senior Insurance <care@harbor.example>',
        TWILIO_ACCOUNT_SID: ACCOUNT_SID,
        TWILIO_AUTH_TOKEN: AUTH_TOKEN,
        // These tests are about sending; holding for A2P 10DLC has its own (a2p-registration).
        A2P_HOLD_UNREGISTERED_TEXTS: 'false',
        TWILIO_FROM_NUMBER: '+15005550006',
        TWILIO_API_BASE_URL: base,
        // The provider's send rate is real pacing (a call a second by default): nothing here measures it.
        DISPATCH_SMS_PER_SECOND: '0',
        DISPATCH_VOICE_PER_SECOND: '0',
      },
      clock,
    });
    broker = await makeUser(t.em(), {
      agencyName: 'Harbor Senior Insurance',
      agencyPhone: '(212) 555-0100',
      sponsorMessage: 'Harbor cares.',
    });
  });
  afterAll(async () => {
    await t.close();
    await standIn.stop();
    await smtp.stop();
  });

  function signed(path: string, form: Record<string, string>) {
    return request(t.http)
      .post(path)
      .type('form')
      .set('X-Twilio-Signature', twilio.getExpectedTwilioSignature(AUTH_TOKEN, `${t.appUrl}${path}`, form))
      .send(form);
  }

  const sendsTo = (phone: string) => standIn.requests.filter((r) => r.form.get('To') === phone);

  /** A registered client of the broker, with their portal session. */
  async function portalClient(zone: string) {
    const phone = `+1212555${String(phoneSeq++).padStart(4, '0')}`;
    const em = t.em();
    const client = await makeClient(em, await em.findOneOrFail(User, broker.id), {
      firstName: 'Rosa',
      lastName: 'Alvarez',
      phone,
      timeZone: zone,
    });
    const agent = browser(t);
    const token = await makeInvitation(em, client);
    const username = `client.${phone.slice(-4)}`;
    expect((await agent.post('/api/client/register').send({ token, username, password: 'violet-tractor-91' })).status).toBe(201);
    return { agent, phone };
  }

  /** A registered client's own one-time reminder, due and sent; answers the delivery and the phone number. */
  async function sentReminder(body: Record<string, unknown>, zone = DAY_ZONE, who?: Awaited<ReturnType<typeof portalClient>>) {
    const { agent, phone } = who ?? (await portalClient(zone));
    const created = await agent
      .post('/api/client/reminders')
      .send({ scheduledTime: new Date(clock.now().getTime() + MINUTE).toISOString(), timeZone: zone, ...body });
    expect(created.status).toBe(201);
    const reminder = await t.em().findOneOrFail(ClientReminder, created.body.id);
    clock.set(new Date(reminder.nextOccurrenceAt!.getTime() + 1000));
    await t.app.get(DispatcherService).runOnce();
    const delivery = await t.em().findOneOrFail(Delivery, { clientReminderId: reminder.id });
    return { delivery, phone, reminderId: reminder.id, agent };
  }

  /** A dispatcher run once `minutes` have passed. */
  const later = (minutes: number) => {
    clock.advance(minutes * MINUTE);
    return t.app.get(DispatcherService).runOnce();
  };
  const reload = (id: string) => t.em().findOneOrFail(Delivery, id);

  it('calls with an answer URL; a person hears the reminder and confirms with 1, and nothing is sent again', async () => {
    const { delivery, phone, reminderId } = await sentReminder({ message: 'Take Lisinopril 10mg' });
    const [call] = sendsTo(phone);
    expect(call.path).toBe(`/2010-04-01/Accounts/${ACCOUNT_SID}/Calls.json`);
    expect(call.form.get('Url')).toBe(`${t.appUrl}/api/webhooks/twilio/voice-answer?delivery=${delivery.id}`);
    expect(call.form.get('MachineDetection')).toBe('DetectMessageEnd');
    // The reminder's words never travel to the provider ahead of the answer.
    expect(call.form.get('Twiml')).toBeNull();
    expect([...call.form.values()].join(' ')).not.toContain('Lisinopril');

    const answer = await signed(`/api/webhooks/twilio/voice-answer?delivery=${delivery.id}`, {
      CallSid: delivery.providerId!,
      AnsweredBy: 'human',
    });
    expect(answer.status).toBe(200);
    expect(answer.text).toContain('<Gather input="dtmf speech" numDigits="1"');
    expect(answer.text).toContain('Take Lisinopril 10mg');
    expect(answer.text).toContain('Press 1 or say yes to confirm');

    await signed(`/api/webhooks/twilio/voice-gather?delivery=${delivery.id}`, { CallSid: delivery.providerId!, Digits: '1', To: phone });
    await signed(`/api/webhooks/twilio/voice-status?delivery=${delivery.id}`, { CallSid: delivery.providerId!, CallStatus: 'completed' });
    const confirmed = await reload(delivery.id);
    expect(confirmed).toMatchObject({ status: 'completed', attempts: 1, answeredBy: 'human', confirmBy: null });
    expect(confirmed.confirmedAt).toBeInstanceOf(Date);
    expect((await t.em().findOneOrFail(ClientReminder, reminderId)).status).toBe('completed');

    await later(11);
    expect(sendsTo(phone)).toHaveLength(1);
  });

  it('leaves a voicemail without health data, counts it as not confirmed, calls again after the wait, then ends it as not confirmed', async () => {
    const { delivery, phone } = await sentReminder({ message: 'Take Lisinopril 10mg' });
    const answer = await signed(`/api/webhooks/twilio/voice-answer?delivery=${delivery.id}`, {
      CallSid: delivery.providerId!,
      AnsweredBy: 'machine_end_beep',
    });
    expect(answer.text).toContain(
      'This is a reminder from Harbor Senior Insurance. Please call us back at (212) 555-0100 if you need help.',
    );
    expect(answer.text).not.toContain('Lisinopril');
    expect(answer.text).not.toContain('Gather');
    await signed(`/api/webhooks/twilio/voice-status?delivery=${delivery.id}`, { CallSid: delivery.providerId!, CallStatus: 'completed' });
    const waiting = await reload(delivery.id);
    expect(waiting).toMatchObject({ status: 'sent', answeredBy: 'machine_end_beep', confirmedAt: null });
    // Ten minutes by default: not yet after 9, again after 11.
    expect(waiting.confirmBy!.getTime() - clock.now().getTime()).toBe(10 * MINUTE);

    await later(11);
    const second = await reload(delivery.id);
    expect(second).toMatchObject({ status: 'sent', attempts: 2, channel: 'voice', costCents: 4 });
    expect(sendsTo(phone)).toHaveLength(2);

    await later(11);
    const ended = await reload(delivery.id);
    expect(ended).toMatchObject({ status: 'completed', attempts: 2, confirmedAt: null, error: 'Not confirmed' });
    expect(sendsTo(phone)).toHaveLength(2);
  });

  it('asks for a reply by text; 1 or YES from that number confirms the latest open reminder, and STOP and HELP still work', async () => {
    const { delivery, phone } = await sentReminder({ deliveryMethod: 'sms', message: 'Evening pills' });
    const [sms] = sendsTo(phone);
    expect(sms.form.get('Body')).toBe(
      'Harbor Senior Insurance: Evening pills Harbor cares. Reply 1 or YES when you have taken it. Reply STOP to opt out.',
    );
    await signed(`/api/webhooks/twilio/sms-status?delivery=${delivery.id}`, {
      MessageSid: delivery.providerId!,
      MessageStatus: 'delivered',
    });
    expect((await reload(delivery.id)).status).toBe('sent');

    const reply = await signed('/api/webhooks/twilio/sms-inbound', { From: phone, Body: ' yes ' });
    expect(reply.text).toContain('Thank you. We noted that you have taken it.');
    const confirmed = await reload(delivery.id);
    expect(confirmed.status).toBe('completed');
    expect(confirmed.confirmedAt).toBeInstanceOf(Date);

    // Nothing left to confirm: no answer, no change.
    const again = await signed('/api/webhooks/twilio/sms-inbound', { From: phone, Body: '1' });
    expect(again.text).not.toContain('Thank you');
    const help = await signed('/api/webhooks/twilio/sms-inbound', { From: phone, Body: 'HELP' });
    expect(help.text).toContain('Reminders from Harbor Senior Insurance. For help call us at (212) 555-0100.');
    await signed('/api/webhooks/twilio/sms-inbound', { From: phone, Body: 'STOP' });
    expect(await t.em().count(OptOut, { recipient: phone, channel: 'sms' })).toBe(1);
  });

  it('follows the client’s retry policy: after 5 minutes, as a call instead of a text, three sends in all', async () => {
    const { delivery, phone } = await sentReminder({ deliveryMethod: 'sms', retryAfterMinutes: 5, maxAttempts: 3, retryChannel: 'other' });
    await later(4);
    expect(sendsTo(phone)).toHaveLength(1);
    await later(6);
    const second = await reload(delivery.id);
    expect(second).toMatchObject({ status: 'sent', attempts: 2, channel: 'voice' });
    const sends = sendsTo(phone);
    expect(sends.map((r) => r.path.split('/').pop())).toEqual(['Messages.json', 'Calls.json']);
    // A reply to the first text still confirms the occurrence, and the third send never happens.
    await signed('/api/webhooks/twilio/sms-inbound', { From: phone, Body: 'Y' });
    expect((await reload(delivery.id)).status).toBe('completed');
    await later(6);
    expect(sendsTo(phone)).toHaveLength(2);
  });

  it('retries a busy call after the reminder’s own wait', async () => {
    const { delivery } = await sentReminder({ retryAfterMinutes: 15 });
    await signed(`/api/webhooks/twilio/voice-status?delivery=${delivery.id}`, { CallSid: delivery.providerId!, CallStatus: 'busy' });
    const queued = await reload(delivery.id);
    expect(queued.status).toBe('queued');
    expect(queued.notBefore.getTime() - clock.now().getTime()).toBe(15 * MINUTE);
  });

  it('never sends a retry during the client’s quiet hours: the occurrence ends not confirmed', async () => {
    const { delivery, phone } = await sentReminder({ deliveryMethod: 'sms' }, NIGHT_ZONE);
    // The client's own chosen time is kept, even at night.
    expect(sendsTo(phone)).toHaveLength(1);
    await later(11);
    const ended = await reload(delivery.id);
    expect(ended).toMatchObject({ status: 'completed', attempts: 1, confirmedAt: null });
    expect(ended.error).toContain('quiet hours');
    expect(sendsTo(phone)).toHaveLength(1);
  });

  it('does not send a retry to a number that opted out meanwhile', async () => {
    const { delivery, phone } = await sentReminder({ deliveryMethod: 'sms' });
    await signed('/api/webhooks/twilio/sms-inbound', { From: phone, Body: 'STOP' });
    await later(11);
    expect(await reload(delivery.id)).toMatchObject({ status: 'skipped', error: 'The recipient opted out of texts' });
    expect(sendsTo(phone)).toHaveLength(1);
  });

  it('shows the client their 30-day adherence and history, and prints it as a PDF that only they can get', async () => {
    const zone = DAY_ZONE;
    const who = await portalClient(zone);
    const { agent } = who;
    const { body: medication } = await agent.post('/api/client/medications').send({ name: 'Metformin 500mg' });
    const taken = await sentReminder(
      { deliveryMethod: 'sms', maxAttempts: 1, medicationId: medication.id, message: 'Morning pills' },
      zone,
      who,
    );
    await signed('/api/webhooks/twilio/sms-inbound', { From: who.phone, Body: 'YES' });
    const missed = await sentReminder({ deliveryMethod: 'sms', maxAttempts: 1, message: 'Evening pills' }, zone, who);
    await later(11);
    expect((await reload(missed.delivery.id)).status).toBe('completed');

    const history = await agent.get('/api/client/history');
    expect(history.status).toBe(200);
    const outcomes = Object.fromEntries(history.body.map((item: { message: string; outcome: string }) => [item.message, item.outcome]));
    expect(outcomes).toEqual({ 'Morning pills': 'confirmed', 'Evening pills': 'missed' });
    expect(history.body.find((item: { message: string }) => item.message === 'Morning pills').confirmedAt).toEqual(expect.any(String));

    const figures = await agent.get('/api/client/adherence');
    expect(figures.status).toBe(200);
    expect(figures.body).toMatchObject({ timeZone: zone, confirmed: 1, missed: 1, skipped: 0, percent: 50 });
    expect(figures.body.reminders).toHaveLength(2);
    const morning = figures.body.reminders.find((r: { reminderId: string }) => r.reminderId === taken.reminderId);
    expect(morning).toMatchObject({ medicationName: 'Metformin 500mg', message: 'Morning pills', confirmed: 1, missed: 0, percent: 100 });
    expect(morning.days).toHaveLength(30);
    expect(morning.days[29].date).toBe(DateTime.fromJSDate(clock.now(), { zone }).toISODate());

    const pdf = await agent
      .get('/api/client/adherence.pdf')
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain('reminder-history.pdf');
    expect(pdf.headers['cache-control']).toBe('no-store');
    const document = await getDocument({ data: new Uint8Array(pdf.body as Buffer), verbosity: 0 }).promise;
    const page = await document.getPage(1);
    const text = (await page.getTextContent()).items.map((item) => ('str' in item ? item.str : '')).join('\n');
    expect(text).toContain('Medication reminder history');
    expect(text).toContain('Rosa Alvarez');
    expect(text).toContain('All reminders: 50 % confirmed (1 of 2)');
    expect(text).toContain('Metformin 500mg — Morning pills: 100 % confirmed (1 of 1)');
    expect(text).toContain('Evening pills: 0 % confirmed (0 of 1)');

    // Another client sees only their own (nothing), and the broker's session gets neither.
    const other = await portalClient(zone);
    expect((await other.agent.get('/api/client/adherence')).body).toMatchObject({ confirmed: 0, missed: 0, percent: null, reminders: [] });
    const otherPdf = await other.agent.get('/api/client/adherence.pdf');
    expect(otherPdf.status).toBe(200);
    expect((await request(t.http).get('/api/client/adherence')).status).toBe(401);
    expect((await request(t.http).get('/api/client/adherence.pdf')).status).toBe(401);
  });

  describe('caregivers', () => {
    const textsTo = (phone: string) => sendsTo(phone).map((r) => r.form.get('Body'));

    it('invites a caregiver, alerts only after their YES, never says what the reminder was, and stops on STOP', async () => {
      const zone = DAY_ZONE;
      const who = await portalClient(zone);
      const daughter = `+1212555${String(phoneSeq++).padStart(4, '0')}`;
      const added = await who.agent
        .post('/api/client/caregivers')
        .send({ name: 'Maria Alvarez', phone: daughter.slice(2), relationship: 'Daughter' });
      expect(added.status).toBe(201);
      expect(added.body).toMatchObject({
        name: 'Maria Alvarez',
        relationship: 'Daughter',
        phone: daughter,
        status: 'invited',
        optedInAt: null,
      });
      await t.app.get(DispatcherService).runOnce();
      expect(textsTo(daughter)).toEqual([
        'Rosa added you as their caregiver for reminders from Harbor Senior Insurance. Reply YES to get a text if they miss one. Reply STOP to opt out.',
      ]);

      // Missed before she agreed: nothing is sent to her.
      const early = await sentReminder({ deliveryMethod: 'sms', maxAttempts: 1, message: 'Take Lisinopril' }, zone, who);
      await later(11);
      expect((await reload(early.delivery.id)).error).toBe('Not confirmed');
      expect(await t.em().count(Delivery, { caregiverId: added.body.id, caregiverMessage: 'alert' })).toBe(0);
      expect(textsTo(daughter)).toHaveLength(1);

      const yes = await signed('/api/webhooks/twilio/sms-inbound', { From: daughter, Body: 'Yes' });
      expect(yes.text).toContain('Thank you. You will get a text if Rosa misses a reminder. Reply STOP to opt out.');
      expect((await who.agent.get('/api/client/caregivers')).body).toEqual([
        expect.objectContaining({ id: added.body.id, status: 'active', optedInAt: expect.any(String) }),
      ]);

      // A confirmed reminder alerts nobody; a missed one alerts her once, without its content.
      const confirmed = await sentReminder({ deliveryMethod: 'sms', maxAttempts: 1, message: 'Take Lisinopril' }, zone, who);
      await signed('/api/webhooks/twilio/sms-inbound', { From: who.phone, Body: '1' });
      expect((await reload(confirmed.delivery.id)).confirmedAt).toBeInstanceOf(Date);
      const missed = await sentReminder({ deliveryMethod: 'sms', maxAttempts: 1, message: 'Take Lisinopril' }, zone, who);
      await later(11);
      await later(11);
      const time = DateTime.fromJSDate(missed.delivery.occurrenceAt, { zone }).toFormat('h:mm a');
      expect(textsTo(daughter).slice(1)).toEqual([
        `Rosa has not confirmed the ${time} reminder from Harbor Senior Insurance. Reply STOP to opt out.`,
      ]);
      expect(textsTo(daughter).join(' ')).not.toContain('Lisinopril');
      // Only to the caregivers: the broker's dev outbox and activity never see it (client's own, purpose caregiver).
      const alert = await t.em().findOneOrFail(Delivery, { caregiverId: added.body.id, occurrenceAt: missed.delivery.occurrenceAt });
      expect(alert).toMatchObject({ status: 'sent', channel: 'sms', recipient: daughter, costCents: 1 });

      await signed('/api/webhooks/twilio/sms-inbound', { From: daughter, Body: 'STOP' });
      expect((await who.agent.get('/api/client/caregivers')).body[0].status).toBe('stopped');
      const afterStop = await sentReminder({ deliveryMethod: 'sms', maxAttempts: 1 }, zone, who);
      await later(11);
      await later(11);
      expect(await reload(afterStop.delivery.id)).toMatchObject({ error: 'Not confirmed' });
      expect(textsTo(daughter)).toHaveLength(2);
    });

    it('voicemail, no confirmation, the retry unanswered too: the caregiver who agreed is alerted once', async () => {
      const zone = DAY_ZONE;
      const who = await portalClient(zone);
      const niece = `+1212555${String(phoneSeq++).padStart(4, '0')}`;
      await who.agent.post('/api/client/caregivers').send({ name: 'Elena Ruiz', phone: niece });
      await signed('/api/webhooks/twilio/sms-inbound', { From: niece, Body: 'SI' });
      const { delivery } = await sentReminder({ message: 'Take Lisinopril 10mg' }, zone, who);
      const answer = `/api/webhooks/twilio/voice-answer?delivery=${delivery.id}`;
      expect((await signed(answer, { CallSid: delivery.providerId!, AnsweredBy: 'machine_end_beep' })).text).toContain(
        'Please call us back',
      );
      await later(11);
      const retry = await reload(delivery.id);
      expect(retry).toMatchObject({ status: 'sent', attempts: 2 });
      await signed(`/api/webhooks/twilio/voice-status?delivery=${delivery.id}`, { CallSid: retry.providerId!, CallStatus: 'no-answer' });
      const ended = await reload(delivery.id);
      expect(ended).toMatchObject({ status: 'failed', confirmedAt: null });
      // The alert goes out on the next run, without the reminder's words.
      await later(0);
      const time = DateTime.fromJSDate(delivery.occurrenceAt, { zone }).toFormat('h:mm a');
      const alerts = sendsTo(niece).filter((r) => r.form.get('Body')?.includes('has not confirmed'));
      expect(alerts.map((r) => r.form.get('Body'))).toEqual([
        `Rosa has not confirmed the ${time} reminder from Harbor Senior Insurance. Reply STOP to opt out.`,
      ]);
      await later(11);
      expect(sendsTo(niece).filter((r) => r.form.get('Body')?.includes('has not confirmed'))).toHaveLength(1);
    });

    it('holds a caregiver alert during the client’s quiet hours until 08:00 there', async () => {
      const zone = NIGHT_ZONE;
      const who = await portalClient(zone);
      const son = `+1212555${String(phoneSeq++).padStart(4, '0')}`;
      const added = await who.agent.post('/api/client/caregivers').send({ name: 'Luis Alvarez', phone: son });
      await signed('/api/webhooks/twilio/sms-inbound', { From: son, Body: 'YES' });
      await sentReminder({ deliveryMethod: 'sms', maxAttempts: 1 }, zone, who);
      await later(11);
      const alert = await t.em().findOneOrFail(Delivery, { caregiverId: added.body.id, caregiverMessage: 'alert' });
      expect(alert.status).toBe('queued');
      const local = DateTime.fromJSDate(alert.notBefore, { zone });
      expect([local.hour, local.minute]).toEqual([8, 0]);
      expect(alert.notBefore.getTime()).toBeGreaterThan(clock.now().getTime());
      // Nothing about a missed reminder has reached him in the night.
      expect(sendsTo(son).every((r) => !r.form.get('Body')?.includes('has not confirmed'))).toBe(true);
    });

    it('invites a caregiver by e-mail: opening the page changes nothing, alerts go only after Yes, at any hour, and one-click unsubscribe stops them', async () => {
      // The client's night: an e-mail rings no phone, so its alert is not held until morning.
      const zone = NIGHT_ZONE;
      const who = await portalClient(zone);
      const added = await who.agent
        .post('/api/client/caregivers')
        .send({ name: 'Maria Alvarez', email: ' Maria.Alvarez@Example.com ', relationship: 'Daughter' });
      expect(added.status).toBe(201);
      expect(added.body).toMatchObject({ phone: null, email: 'maria.alvarez@example.com', status: 'invited' });
      const again = await who.agent.post('/api/client/caregivers').send({ name: 'Maria', email: 'MARIA.alvarez@example.com' });
      expect([again.status, again.body.message]).toEqual([409, 'This e-mail address is already on your list']);
      const address = 'maria.alvarez@example.com';
      await t.app.get(DispatcherService).runOnce();
      const [invite] = smtp.to(address);
      expect(mailHeader(invite, 'Subject')).toBe('Rosa added you as their caregiver');
      const inviteText = mailPart(invite, 'text/plain');
      expect(inviteText).toContain(
        'Rosa added you as their caregiver for reminders from Harbor Senior Insurance. Do you want an e-mail when Rosa does not confirm one?',
      );
      const pageUrl = /Answer: (\S+)/.exec(inviteText)![1];
      expect(pageUrl).toMatch(new RegExp(`^${t.appUrl}/api/caregiver/[0-9a-f]{64}$`));
      expect(mailHeader(invite, 'List-Unsubscribe')).toBe(`<${pageUrl}/stop>`);
      expect(mailHeader(invite, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
      expect(mailPart(invite, 'text/html')).toContain('>Answer</a>');
      const page = new URL(pageUrl).pathname;

      // Opening the link (as a mail scanner does) only shows the question.
      const opened = await request(t.http).get(page);
      expect(opened.status).toBe(200);
      expect(opened.headers['content-security-policy']).toContain("default-src 'none'");
      expect(opened.text).toContain('Rosa added you as their caregiver');
      expect(opened.text).toContain('Yes, e-mail me');
      expect((await who.agent.get('/api/client/caregivers')).body[0].status).toBe('invited');

      // Missed before she agreed: nothing is sent to her.
      await sentReminder({ deliveryMethod: 'sms', maxAttempts: 1, message: 'Take Lisinopril' }, zone, who);
      await later(11);
      expect(smtp.to(address)).toHaveLength(1);

      const agreed = await request(t.http).post(`${page}/agree`).type('form').send({});
      expect(agreed.status).toBe(200);
      expect(agreed.text).toContain('Thank you. You will get an e-mail if Rosa misses a reminder');
      expect((await who.agent.get('/api/client/caregivers')).body[0]).toMatchObject({ status: 'active', optedInAt: expect.any(String) });

      const missed = await sentReminder({ deliveryMethod: 'sms', maxAttempts: 1, message: 'Take Lisinopril' }, zone, who);
      await later(11);
      await later(11);
      const alerts = smtp.to(address).slice(1);
      expect(alerts.map((mail) => mailHeader(mail, 'Subject'))).toEqual(['Rosa has not confirmed a reminder']);
      const time = DateTime.fromJSDate(missed.delivery.occurrenceAt, { zone }).toFormat('h:mm a');
      expect(mailPart(alerts[0], 'text/plain')).toContain(`Rosa has not confirmed the ${time} reminder from Harbor Senior Insurance.`);
      expect(alerts[0].raw).not.toContain('Lisinopril');
      expect(await t.em().findOneOrFail(Delivery, { caregiverId: added.body.id, caregiverMessage: 'alert' })).toMatchObject({
        channel: 'email',
        recipient: address,
        status: 'completed',
      });

      // A mail app's one-click unsubscribe stops her e-mails; a later Yes does not undo it.
      const oneClick = await request(t.http).post(`${page}/stop`).type('form').send('List-Unsubscribe=One-Click');
      expect(oneClick.status).toBe(200);
      expect(oneClick.text).toContain('You will not get e-mails about Rosa’s reminders');
      expect((await request(t.http).post(`${page}/agree`).type('form').send({})).text).toContain('You will not get e-mails');
      expect((await who.agent.get('/api/client/caregivers')).body[0].status).toBe('stopped');
      await sentReminder({ deliveryMethod: 'sms', maxAttempts: 1 }, zone, who);
      await later(11);
      await later(11);
      expect(smtp.to(address)).toHaveLength(2);

      // Links that are not a caregiver's: a page saying so.
      expect((await request(t.http).get('/api/caregiver/not-a-token')).status).toBe(404);
      const unknown = await request(t.http)
        .post(`/api/caregiver/${'0'.repeat(64)}/stop`)
        .type('form')
        .send('List-Unsubscribe=One-Click');
      expect([unknown.status, unknown.text.includes('This link is not valid')]).toEqual([404, true]);
    });

    it('keeps at most three, refuses bad input with a message, and lets the client remove one', async () => {
      const who = await portalClient(DAY_ZONE);
      const number = () => `+1212555${String(phoneSeq++).padStart(4, '0')}`;
      const first = number();
      for (const [body, status, message] of [
        [{ phone: number() }, 400, 'name is required'],
        [{ name: '  ', phone: number() }, 400, 'Name is required'],
        [{ name: 'x'.repeat(101), phone: number() }, 400, 'Name must be at most 100 characters'],
        [{ name: 'Al', phone: '555' }, 400, 'Enter a valid US mobile number'],
        [{ name: 'Al', phone: who.phone }, 400, 'This is your own number'],
        [{ name: 'Al', phone: number(), relationship: 'r'.repeat(61) }, 400, 'Relationship must be at most 60 characters'],
        [{ name: 'Al' }, 400, 'Enter a mobile number or an e-mail address'],
        [{ name: 'Al', phone: '  ', email: '' }, 400, 'Enter a mobile number or an e-mail address'],
        [{ name: 'Al', phone: number(), email: 'al@example.com' }, 400, 'Enter a mobile number or an e-mail address, not both'],
        [{ name: 'Al', email: 'al@example' }, 400, 'Enter a valid e-mail address'],
        [{ name: 'Al', email: 42 }, 400, 'email must be text'],
      ] as const) {
        const res = await who.agent.post('/api/client/caregivers').send(body);
        expect([res.status, res.body.message]).toEqual([status, expect.stringContaining(message)]);
      }
      const kept = [];
      for (const phone of [first, number(), number()]) {
        const res = await who.agent.post('/api/client/caregivers').send({ name: `Helper ${phone.slice(-2)}`, phone });
        expect(res.status).toBe(201);
        kept.push(res.body.id);
      }
      const duplicate = await who.agent.post('/api/client/caregivers').send({ name: 'Again', phone: first });
      expect([duplicate.status, duplicate.body.message]).toEqual([409, 'This number is already on your list']);
      const fourth = await who.agent.post('/api/client/caregivers').send({ name: 'Fourth', phone: number() });
      expect([fourth.status, fourth.body.message]).toEqual([409, 'You can have at most 3 caregivers']);

      // Another client cannot remove them; the client can, and the invitation still queued is dropped.
      const other = await portalClient(DAY_ZONE);
      expect((await other.agent.delete(`/api/client/caregivers/${kept[0]}`)).status).toBe(404);
      expect((await other.agent.delete('/api/client/caregivers/not-an-id')).status).toBe(404);
      expect((await who.agent.delete(`/api/client/caregivers/${kept[0]}`)).status).toBe(204);
      expect((await who.agent.get('/api/client/caregivers')).body).toHaveLength(2);
      await t.app.get(DispatcherService).runOnce();
      expect(await t.em().findOneOrFail(Delivery, { caregiverId: kept[0] })).toMatchObject({
        status: 'skipped',
        error: 'The caregiver was removed',
      });
      expect(sendsTo(first)).toHaveLength(0);
    });
  });
});
