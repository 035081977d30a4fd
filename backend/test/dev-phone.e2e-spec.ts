import { DateTime } from 'luxon';
import request from 'supertest';

import { Delivery } from '../src/delivery/delivery.entity.js';
import { DispatcherService } from '../src/delivery/dispatcher.service.js';
import { OutboxMessage } from '../src/messaging/outbox-message.entity.js';
import { Reminder } from '../src/reminders/reminder.entity.js';
import { User } from '../src/users/user.entity.js';
import type { Agent } from './helpers/browser-agent.js';
import { browser } from './helpers/browser-agent.js';
import { realNow, TestClock } from './helpers/clock.js';
import { makeClient, makeInvitation } from './helpers/factories.js';
import { brokerSession } from './helpers/session.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/** Noon in New York on the test's day: inside the calling hours wherever the clients live. */
const noon = () => DateTime.fromJSDate(realNow(), { zone: 'America/New_York' }).set({ hour: 12, minute: 0 }).toJSDate();

/**
 * The development outbox's phone: without Twilio, a broker answers their own outgoing texts and
 * reminder calls as the client would, through the Twilio webhooks signed as Twilio signs them.
 */
describe('the development outbox’s phone', () => {
  let t: TestApp;
  let broker: { agent: Agent; id: string };
  let other: { agent: Agent; id: string };
  const clock = new TestClock(noon());

  beforeAll(async () => {
    t = await createTestApp({ listen: true, clock });
    [broker, other] = await Promise.all([brokerSession(t, 'phone@agency.test'), brokerSession(t, 'other.phone@agency.test')]);
  });
  afterAll(() => t.close());

  /** A broker reminder to a new client by call or text, sent now; answers the outbox message. */
  async function sentReminder(deliveryMethod: 'voice' | 'sms', phone: string): Promise<{ message: OutboxMessage; clientId: string }> {
    const client = await makeClient(t.em(), await t.em().findOneOrFail(User, broker.id), { phone, timeZone: 'America/New_York' });
    const created = await broker.agent.post('/api/reminders').send({
      clientId: client.id,
      scheduledTime: new Date(clock.now().getTime() + 60_000).toISOString(),
      message: 'Your plan review is Friday.',
      deliveryMethod,
    });
    expect(created.status).toBe(201);
    await t.em().nativeUpdate(Reminder, { id: created.body.id }, { deliverAfter: new Date(clock.now().getTime() - 1000) });
    await t.app.get(DispatcherService).runOnce({ brokerId: broker.id, now: clock.now() });
    const delivery = await t.em().findOneOrFail(Delivery, { reminderId: created.body.id });
    return { message: await t.em().findOneOrFail(OutboxMessage, { deliveryId: delivery.id }), clientId: client.id };
  }

  const answer = (agent: Agent, id: string, body: object) => agent.post(`/api/dev/outbox/${id}/answer`).send(body);
  const consentOf = async (clientId: string, channel: string) =>
    (
      (await broker.agent.get(`/api/clients/${clientId}/consent`)).body.current as { channel: string; purpose: string; state: string }[]
    ).find((entry) => entry.channel === channel && entry.purpose === 'reminders')?.state;

  it('presses 1 on a reminder call: the call is confirmed, and the phone hears the reminder and the thanks', async () => {
    const { message } = await sentReminder('voice', '+12125550931');
    expect(message.channel).toBe('voice');
    const res = await answer(broker.agent, message.id, { action: 'key', digits: '1' });
    expect(res.status).toBe(200);
    expect(res.body.heard.join(' ')).toContain('Your plan review is Friday.');
    expect(res.body.heard.at(-1)).toMatch(/thank/i);
    const delivery = await t.em().findOneOrFail(Delivery, { id: message.deliveryId! });
    expect(delivery.confirmedAt).toBeInstanceOf(Date);
  });

  it('presses 9: the client stops reminder calls, recorded in the ledger as the client’s own doing', async () => {
    const { message, clientId } = await sentReminder('voice', '+12125550932');
    expect(await consentOf(clientId, 'voice')).toBe('granted');
    const res = await answer(broker.agent, message.id, { action: 'key', digits: '9' });
    expect(res.status).toBe(200);
    expect(await consentOf(clientId, 'voice')).toBe('revoked');
    expect(await consentOf(clientId, 'sms')).toBe('granted');
  });

  it('replies to a text: an answer in the client’s own words goes through and changes nothing; STOP revokes texts', async () => {
    const { message, clientId } = await sentReminder('sms', '+12125550933');
    expect(message.channel).toBe('sms');
    const words = await answer(broker.agent, message.id, { action: 'reply', text: 'Can you call me about my plan?' });
    expect(words.status).toBe(200);
    expect(await consentOf(clientId, 'sms')).toBe('granted');
    const stop = await answer(broker.agent, message.id, { action: 'reply', text: 'STOP' });
    expect(stop.status).toBe(200);
    expect(await consentOf(clientId, 'sms')).toBe('revoked');
  });

  it('answers only the broker’s own texts and calls, with answers they can take, and the webhooks still want a signature', async () => {
    const { message } = await sentReminder('voice', '+12125550934');
    expect((await answer(other.agent, message.id, { action: 'key', digits: '1' })).status).toBe(404);
    expect((await answer(broker.agent, '00000000-0000-4000-8000-000000000000', { action: 'voicemail' })).status).toBe(404);
    for (const body of [{ action: 'reply', text: 'hi' }, { action: 'key', digits: '12' }, { action: 'dance' }, { action: 'key' }]) {
      const res = await answer(broker.agent, message.id, body);
      expect(res.status).toBe(400);
      expect(typeof res.body.message).toBe('string');
    }
    expect((await answer(broker.agent, message.id, { action: 'no-answer' })).status).toBe(200);
    // Without the phone's signature, a webhook is refused as Twilio's would be.
    const forged = await request(t.app.getHttpServer())
      .post('/api/webhooks/twilio/sms-inbound')
      .type('form')
      .send({ From: '+12125550934', Body: 'STOP' })
      .set('X-Twilio-Signature', 'forged');
    expect(forged.status).toBe(403);
  });

  it('shows a client their own messages and their caregivers’, never to the broker, and answers a caregiver’s YES', async () => {
    const owner = await t.em().findOneOrFail(User, broker.id);
    const ruth = await makeClient(t.em(), owner, { firstName: 'Ruth', phone: '+12125550941', timeZone: 'America/New_York' });
    const portal = browser(t);
    const registered = await portal
      .post('/api/client/register')
      .send({ token: await makeInvitation(t.em(), ruth), username: 'ruth.phone', password: 'violet-tractor-91' });
    expect(registered.status).toBe(201);
    const added = await portal.post('/api/client/caregivers').send({ name: 'Dana', phone: '(212) 555-0942', relationship: 'daughter' });
    expect(added.status).toBe(201);
    // The invitation text goes with the next dispatcher run (noon where Ruth lives: texts may go).
    await t.app.get(DispatcherService).runOnce({ now: clock.now() });

    const mine = await portal.get('/api/client/dev/outbox');
    expect(mine.status).toBe(200);
    const invitation = (mine.body as { id: string; recipient: string; channel: string }[]).find((m) => m.recipient === '+12125550942');
    expect(invitation).toMatchObject({ channel: 'sms' });
    // The broker's outbox never shows a caregiver's messages, nor lets the broker answer them.
    const brokers = (await broker.agent.get('/api/dev/outbox').query({ range: '[0,999]' })).body as { id: string }[];
    expect(brokers.map((m) => m.id)).not.toContain(invitation!.id);
    expect((await answer(broker.agent, invitation!.id, { action: 'reply', text: 'YES' })).status).toBe(404);
    // Another client cannot answer it either.
    const stranger = await makeClient(t.em(), owner, { firstName: 'Zed', phone: '+12125550943' });
    const other = browser(t);
    await other
      .post('/api/client/register')
      .send({ token: await makeInvitation(t.em(), stranger), username: 'zed.phone', password: 'violet-tractor-92' });
    expect((await other.post(`/api/client/dev/outbox/${invitation!.id}/answer`).send({ action: 'reply', text: 'YES' })).status).toBe(404);
    expect((await other.get('/api/client/dev/outbox')).body).toEqual([]);

    // Dana agrees by text, from the client's outbox: the caregiver is active.
    const yes = await portal.post(`/api/client/dev/outbox/${invitation!.id}/answer`).send({ action: 'reply', text: 'YES' });
    expect(yes.status).toBe(200);
    const caregivers = (await portal.get('/api/client/caregivers')).body as { phone: string; status: string }[];
    expect(caregivers.find((c) => c.phone === '+12125550942')?.status).toBe('active');
  });
});
