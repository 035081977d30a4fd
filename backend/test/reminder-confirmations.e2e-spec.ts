import { DateTime } from 'luxon';
import request from 'supertest';
import twilio from 'twilio';

import { ClientReminder } from '../src/client-portal/client-reminder.entity.js';
import { Delivery } from '../src/delivery/delivery.entity.js';
import { DispatcherService } from '../src/delivery/dispatcher.service.js';
import { OptOut } from '../src/messaging/opt-out.entity.js';
import { User } from '../src/users/user.entity.js';
import { browser } from './helpers/browser-agent.js';
import { makeClient, makeInvitation, makeUser } from './helpers/factories.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { TwilioStandIn } from './helpers/twilio-stand-in.js';

const ACCOUNT_SID = `AC${'2'.repeat(32)}`;
const AUTH_TOKEN = 'twilio-confirmations-auth-token';
const MINUTE = 60_000;

/** Zones spread around the clock: one of them is always in the middle of the day, another in the night. */
const ZONES = [
  'Pacific/Honolulu',
  'America/Los_Angeles',
  'America/New_York',
  'Europe/London',
  'Europe/Moscow',
  'Asia/Kolkata',
  'Asia/Tokyo',
  'Australia/Sydney',
];
function zoneWhere(day: boolean): string {
  const zone = ZONES.find((z) => {
    const hour = DateTime.now().setZone(z).hour;
    return day ? hour >= 9 && hour < 19 : hour >= 22 || hour < 6;
  });
  if (!zone) throw new Error('no zone found');
  return zone;
}

describe('closed-loop client reminders: confirmation by key or reply, retries, voicemail without health data', () => {
  let t: TestApp;
  let standIn: TwilioStandIn;
  let broker: User;
  let phoneSeq = 400;

  beforeAll(async () => {
    standIn = new TwilioStandIn();
    const base = await standIn.start();
    t = await createTestApp({
      env: {
        TWILIO_ACCOUNT_SID: ACCOUNT_SID,
        TWILIO_AUTH_TOKEN: AUTH_TOKEN,
        TWILIO_FROM_NUMBER: '+15005550006',
        TWILIO_API_BASE_URL: base,
      },
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
  });

  function signed(path: string, form: Record<string, string>) {
    return request(t.http)
      .post(path)
      .type('form')
      .set('X-Twilio-Signature', twilio.getExpectedTwilioSignature(AUTH_TOKEN, `${t.appUrl}${path}`, form))
      .send(form);
  }

  const sendsTo = (phone: string) => standIn.requests.filter((r) => r.form.get('To') === phone);

  /** A registered client's own one-time reminder, due and sent; answers the delivery and the phone number. */
  async function sentReminder(body: Record<string, unknown>, zone = zoneWhere(true)) {
    const phone = `+1212555${String(phoneSeq++).padStart(4, '0')}`;
    const em = t.em();
    const client = await makeClient(em, await em.findOneOrFail(User, broker.id), { firstName: 'Rosa', phone, timeZone: zone });
    const agent = browser(t);
    const token = await makeInvitation(em, client);
    const username = `client.${phone.slice(-4)}`;
    expect((await agent.post('/api/client/register').send({ token, username, password: 'violet-tractor-91' })).status).toBe(201);
    const created = await agent
      .post('/api/client/reminders')
      .send({ scheduledTime: new Date(Date.now() + MINUTE).toISOString(), timeZone: zone, ...body });
    expect(created.status).toBe(201);
    const reminder = await t.em().findOneOrFail(ClientReminder, created.body.id);
    await t.app.get(DispatcherService).runOnce({ now: new Date(reminder.nextOccurrenceAt!.getTime() + 1000) });
    const delivery = await t.em().findOneOrFail(Delivery, { clientReminderId: reminder.id });
    return { delivery, phone, reminderId: reminder.id, agent };
  }

  /** A dispatcher run as if `minutes` had passed. */
  const later = (minutes: number) => t.app.get(DispatcherService).runOnce({ now: new Date(Date.now() + minutes * MINUTE) });
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
    expect(answer.text).toContain('<Gather numDigits="1"');
    expect(answer.text).toContain('Take Lisinopril 10mg');
    expect(answer.text).toContain('Press 1 to confirm');

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
    expect(waiting.confirmBy!.getTime() - Date.now()).toBeGreaterThan(9 * MINUTE);

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
    expect(queued.notBefore.getTime() - Date.now()).toBeGreaterThan(14 * MINUTE);
    expect(queued.notBefore.getTime() - Date.now()).toBeLessThan(16 * MINUTE);
  });

  it('never sends a retry during the client’s quiet hours: the occurrence ends not confirmed', async () => {
    const { delivery, phone } = await sentReminder({ deliveryMethod: 'sms' }, zoneWhere(false));
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
});
