import request from 'supertest';
import twilio from 'twilio';

import { Delivery } from '../src/delivery/delivery.entity.js';
import { DispatcherService } from '../src/delivery/dispatcher.service.js';
import { OptOut } from '../src/messaging/opt-out.entity.js';
import { Reminder } from '../src/reminders/reminder.entity.js';
import { User } from '../src/users/user.entity.js';
import { realNow } from './helpers/clock.js';
import { makeClient, makeUser } from './helpers/factories.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { TwilioStandIn } from './helpers/twilio-stand-in.js';

const ACCOUNT_SID = `AC${'1'.repeat(32)}`;
const AUTH_TOKEN = 'twilio-test-auth-token';
const FROM = '+15005550006';

describe('Twilio: calls and texts through the SDK, signed callbacks, opt-outs', () => {
  let t: TestApp;
  let standIn: TwilioStandIn;
  let broker: User;

  beforeAll(async () => {
    standIn = new TwilioStandIn();
    const base = await standIn.start();
    t = await createTestApp({
      env: {
        TWILIO_ACCOUNT_SID: ACCOUNT_SID,
        TWILIO_AUTH_TOKEN: AUTH_TOKEN,
        TWILIO_FROM_NUMBER: FROM,
        A2P_HOLD_UNREGISTERED_TEXTS: 'false',
        TWILIO_API_BASE_URL: base,
      },
    });
    broker = await makeUser(t.em(), { agencyName: 'Harbor Senior Insurance', sponsorMessage: 'Harbor: here for you since 1998.' });
  });
  afterAll(async () => {
    await t.close();
    await standIn.stop();
  });

  async function dueReminder(method: 'voice' | 'sms', phone: string) {
    const em = t.em();
    const client = await makeClient(em, await em.findOneOrFail(User, broker.id), { phone });
    const reminder = em.create(Reminder, {
      broker: em.getReference(User, broker.id),
      client,
      scheduledTime: new Date(realNow().getTime() - 1000),
      deliverAfter: new Date(realNow().getTime() - 1000),
      deliveryMethod: method,
      message: 'Your annual review is on Friday.',
    });
    await em.flush();
    await t.app.get(DispatcherService).runOnce();
    return t.em().findOneOrFail(Delivery, { reminderId: reminder.id });
  }

  function signed(path: string, form: Record<string, string>) {
    const url = `${t.appUrl}${path}`;
    return request(t.http)
      .post(path)
      .type('form')
      .set('X-Twilio-Signature', twilio.getExpectedTwilioSignature(AUTH_TOKEN, url, form))
      .send(form);
  }

  it('places a call through the Twilio SDK whose answer webhook names the agency, says the message and the sponsor, and gathers one key', async () => {
    const delivery = await dueReminder('voice', '+12125550301');
    expect(delivery.status).toBe('sent');
    expect(delivery.providerId).toMatch(/^CA/);
    const call = standIn.requests.find((r) => r.path === `/2010-04-01/Accounts/${ACCOUNT_SID}/Calls.json`)!;
    expect(call.method).toBe('POST');
    expect(call.authorization).toBe(`Basic ${Buffer.from(`${ACCOUNT_SID}:${AUTH_TOKEN}`).toString('base64')}`);
    expect(call.form.get('To')).toBe('+12125550301');
    expect(call.form.get('From')).toBe(FROM);
    expect(call.form.get('MachineDetection')).toBe('DetectMessageEnd');
    expect(call.form.get('StatusCallback')).toBe(`${t.appUrl}/api/webhooks/twilio/voice-status?delivery=${delivery.id}`);
    const answerPath = `/api/webhooks/twilio/voice-answer?delivery=${delivery.id}`;
    expect(call.form.get('Url')).toBe(`${t.appUrl}${answerPath}`);
    // A broker's reminder holds no health data: a person and a machine hear the same message.
    for (const answeredBy of ['human', 'machine_end_beep']) {
      const answer = await signed(answerPath, { CallSid: delivery.providerId!, AnsweredBy: answeredBy });
      expect(answer.headers['content-type']).toContain('text/xml');
      const twiml = answer.text;
      expect(twiml).toContain('<Gather input="dtmf speech" numDigits="1"');
      expect(twiml).toContain(`/api/webhooks/twilio/voice-gather?delivery=${delivery.id}`);
      expect(twiml.indexOf('Harbor Senior Insurance')).toBeLessThan(twiml.indexOf('Your annual review is on Friday.'));
      expect(twiml.indexOf('Your annual review is on Friday.')).toBeLessThan(twiml.indexOf('Harbor: here for you since 1998.'));
      expect(twiml).toContain('Press 1 or say yes to confirm');
    }
    // A forged answer request is refused; an unknown delivery hangs up.
    expect((await request(t.http).post(answerPath).type('form').send({ AnsweredBy: 'human' })).status).toBe(403);
    const unknown = await signed('/api/webhooks/twilio/voice-answer?delivery=00000000-0000-4000-8000-000000000000', {
      AnsweredBy: 'human',
    });
    expect(unknown.text).toContain('<Hangup/>');
    const malformed = await signed('/api/webhooks/twilio/voice-answer?delivery=not-an-id', { AnsweredBy: 'human' });
    expect(malformed.status).toBe(200);
    expect(malformed.text).toContain('<Hangup/>');
    const status = await signed('/api/webhooks/twilio/voice-status?delivery=not-an-id', { CallSid: 'CA0', CallStatus: 'completed' });
    expect(status.status).toBe(204);
  });

  it('sends a text through the SDK', async () => {
    const delivery = await dueReminder('sms', '+12125550302');
    const sms = standIn.requests.find((r) => r.path.endsWith('/Messages.json') && r.form.get('To') === '+12125550302')!;
    expect(sms.form.get('Body')).toContain('Your annual review is on Friday.');
    expect(delivery).toMatchObject({ status: 'sent', costCents: 1 });
  });

  it('records a failure the provider reports when sending', async () => {
    standIn.failWith = { status: 400, code: 21211, message: "The 'To' number is not a valid phone number." };
    const delivery = await dueReminder('sms', '+12125550303');
    standIn.failWith = undefined;
    expect(delivery.status).toBe('failed');
    expect(delivery.error).toContain('not a valid phone number');
  });

  it('accepts a correctly signed status callback once, and refuses a tampered one', async () => {
    const delivery = await dueReminder('voice', '+12125550304');
    const path = `/api/webhooks/twilio/voice-status?delivery=${delivery.id}`;
    const form = { CallSid: delivery.providerId!, CallStatus: 'completed', AccountSid: ACCOUNT_SID };
    const tampered = await request(t.http)
      .post(path)
      .type('form')
      .set('X-Twilio-Signature', twilio.getExpectedTwilioSignature(AUTH_TOKEN, `${t.appUrl}${path}`, { ...form, CallStatus: 'failed' }))
      .send(form);
    expect(tampered.status).toBe(403);
    expect((await request(t.http).post(path).type('form').send(form)).status).toBe(403);
    expect((await t.em().findOneOrFail(Delivery, delivery.id)).status).toBe('sent');

    expect((await signed(path, form)).status).toBe(204);
    expect((await t.em().findOneOrFail(Delivery, delivery.id)).status).toBe('completed');
    const reminder = await t.em().findOneOrFail(Reminder, delivery.reminderId!);
    expect(reminder.status).toBe('completed');
    // A late "failed" cannot move it back.
    await signed(path, { ...form, CallStatus: 'failed' });
    expect((await t.em().findOneOrFail(Delivery, delivery.id)).status).toBe('completed');
    // The same callback again changes nothing.
    expect((await signed(path, form)).status).toBe(204);
  });

  it('retries a busy call once after 10 minutes, then fails it', async () => {
    const delivery = await dueReminder('voice', '+12125550305');
    const path = `/api/webhooks/twilio/voice-status?delivery=${delivery.id}`;
    await signed(path, { CallSid: delivery.providerId!, CallStatus: 'busy' });
    const retrying = await t.em().findOneOrFail(Delivery, delivery.id);
    expect(retrying.status).toBe('queued');
    expect(retrying.notBefore.getTime() - realNow().getTime()).toBeGreaterThan(9 * 60 * 1000);
    await t.app.get(DispatcherService).runOnce({ now: new Date(realNow().getTime() + 11 * 60 * 1000) });
    const second = await t.em().findOneOrFail(Delivery, delivery.id);
    expect(second).toMatchObject({ status: 'sent', attempts: 2 });
    await signed(path, { CallSid: second.providerId!, CallStatus: 'no-answer' });
    expect((await t.em().findOneOrFail(Delivery, delivery.id)).status).toBe('failed');
    expect((await t.em().findOneOrFail(Reminder, delivery.reminderId!)).status).toBe('failed');
  });

  it('records a confirmation on key 1 and a call opt-out on key 9', async () => {
    const delivery = await dueReminder('voice', '+12125550306');
    const gather = `/api/webhooks/twilio/voice-gather?delivery=${delivery.id}`;
    const one = await signed(gather, { CallSid: delivery.providerId!, Digits: '1', To: '+12125550306' });
    expect(one.status).toBe(200);
    expect(one.headers['content-type']).toContain('text/xml');
    expect(one.text).toContain('Thank you for confirming');
    expect((await t.em().findOneOrFail(Delivery, delivery.id)).confirmedAt).toBeInstanceOf(Date);
    const nine = await signed(gather, { CallSid: delivery.providerId!, Digits: '9', To: '+12125550306' });
    expect(nine.text).toContain('You will not receive these calls anymore');
    expect(await t.em().count(OptOut, { recipient: '+12125550306', channel: 'voice' })).toBe(1);
    // The next call to that number is skipped, not placed.
    const em = t.em();
    const client = await em.findOneOrFail((await import('../src/clients/client.entity.js')).Client, { phone: '+12125550306' });
    const again = em.create(Reminder, {
      broker: em.getReference(User, broker.id),
      client,
      scheduledTime: new Date(realNow().getTime() - 1000),
      deliverAfter: new Date(realNow().getTime() - 1000),
      deliveryMethod: 'voice',
      message: 'Checking in.',
    });
    await em.flush();
    const callsBefore = standIn.requests.length;
    await t.app.get(DispatcherService).runOnce();
    expect((await t.em().findOneOrFail(Delivery, { reminderId: again.id })).status).toBe('skipped');
    expect(standIn.requests.length).toBe(callsBefore);
  });

  it.each(['STOP', ' stop ', 'Unsubscribe', 'QUIT', 'cancel', 'optout', 'END', 'revoke', 'STOPALL'])(
    'records an SMS opt-out for the inbound text %j, and START undoes it',
    async (body) => {
      const from = '+12125550399';
      expect((await signed('/api/webhooks/twilio/sms-inbound', { From: from, To: FROM, Body: body })).status).toBe(200);
      expect(await t.em().count(OptOut, { recipient: from, channel: 'sms' })).toBe(1);
      await signed('/api/webhooks/twilio/sms-inbound', { From: from, To: FROM, Body: 'start' });
      expect(await t.em().count(OptOut, { recipient: from, channel: 'sms' })).toBe(0);
    },
  );

  it('answers HELP with the agency’s name and phone', async () => {
    await t.em().nativeUpdate(User, { id: broker.id }, { agencyPhone: '+16155550142' });
    const res = await signed('/api/webhooks/twilio/sms-inbound', { From: '+12125550302', To: FROM, Body: 'help' });
    expect(res.text).toContain(
      '<Message>Reminders from Harbor Senior Insurance. For help call us at +16155550142. Reply STOP to opt out.</Message>',
    );
  });
});
