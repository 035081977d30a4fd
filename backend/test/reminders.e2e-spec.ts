import { ClientReminder } from '../src/client-portal/client-reminder.entity.js';
import { Client } from '../src/clients/client.entity.js';
import { Delivery } from '../src/delivery/delivery.entity.js';
import { DispatcherService } from '../src/delivery/dispatcher.service.js';
import { OutboxMessage } from '../src/messaging/outbox-message.entity.js';
import { Reminder } from '../src/reminders/reminder.entity.js';
import { User } from '../src/users/user.entity.js';
import { type Agent, browser } from './helpers/browser-agent.js';
import { realNow } from './helpers/clock.js';
import { makeClient, makeInvitation } from './helpers/factories.js';
import { listRoutes } from './helpers/routes.js';
import { brokerSession } from './helpers/session.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { daytimeZone } from './helpers/zones.js';

const HOUR = 60 * 60 * 1000;

describe('broker reminders and client reminders', () => {
  let t: TestApp;
  let broker: { agent: Agent; id: string };
  let other: { agent: Agent; id: string };
  let clientId: string;

  beforeAll(async () => {
    t = await createTestApp({ listen: true });
    broker = await brokerSession(t, 'reminders@agency.test');
    other = await brokerSession(t, 'other.reminders@agency.test');
    await t
      .em()
      .nativeUpdate(User, { id: broker.id }, { agencyName: 'Sunrise Benefits', sponsorMessage: 'Sponsored by Sunrise Benefits.' });
    const em = t.em();
    const client = await makeClient(em, await em.findOneOrFail(User, broker.id), {
      firstName: 'Rosa',
      phone: '+12125550111',
      timeZone: 'America/New_York',
    });
    clientId = client.id;
  });
  afterAll(() => t.close());

  function inHours(hours: number): string {
    return new Date(realNow().getTime() + hours * HOUR).toISOString();
  }

  it.each([
    [{ scheduledTime: '2099-01-01T15:00:00Z', message: 'Hi' }, 'Please select a client'],
    [{ clientId: 'x', scheduledTime: 'not a date', message: 'Hi' }, 'Invalid date or time'],
    [{ clientId: 'x', message: 'Hi' }, 'Invalid date or time'],
    [{ clientId: 'x', scheduledTime: '2020-01-01T10:00:00Z', message: 'Hi' }, 'Scheduled time must be in the future'],
    [{ clientId: 'x', scheduledTime: '2099-01-01T15:00:00Z', message: '  ' }, 'Message is required'],
  ])('refuses %j with "%s"', async (body, message) => {
    const res = await broker.agent.post('/api/reminders').send(body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it('refuses a message that names a medication or condition', async () => {
    const res = await broker.agent
      .post('/api/reminders')
      .send({ clientId, scheduledTime: inHours(30), deliveryMethod: 'voice', message: 'Remember to take your Lisinopril' });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('must be generic');
    expect(res.body.term).toBe('Lisinopril');
  });

  it('schedules a generic reminder and lists only the broker’s own', async () => {
    const res = await broker.agent.post('/api/reminders').send({
      clientId,
      scheduledTime: '2099-06-01T15:00:00Z',
      deliveryMethod: 'sms',
      message: 'Your plan review is next week',
      status: 'pending',
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      clientId,
      scheduledTime: '2099-06-01T15:00:00.000Z',
      deliveryMethod: 'sms',
      message: 'Your plan review is next week',
      status: 'pending',
      notSentReason: null,
    });
    const list = await broker.agent.get('/api/reminders').query({ range: '[0,9]' });
    expect(list.body.map((r: { id: string }) => r.id)).toContain(res.body.id);
    expect(list.headers['content-range']).toMatch(/^reminders 0-\d+\/\d+$/);
    expect((await other.agent.get('/api/reminders')).body).toEqual([]);
    const foreign = await other.agent.post('/api/reminders').send({ clientId, scheduledTime: inHours(30), message: 'Hello' });
    expect(foreign.status).toBe(404);
  });

  it('holds a reminder due in quiet hours until 08:00 in the client’s zone', async () => {
    const res = await broker.agent
      .post('/api/reminders')
      .send({ clientId, scheduledTime: '2099-06-02T02:00:00Z', message: 'Call us back' }); // 22:00 EDT
    const reminder = await t.em().findOneOrFail(Reminder, res.body.id);
    expect(reminder.deliverAfter.toISOString()).toBe('2099-06-02T12:00:00.000Z');
  });

  it('sends due reminders on execute: the call script opens with the agency and carries the sponsor message', async () => {
    const res = await broker.agent
      .post('/api/reminders')
      .send({ clientId, scheduledTime: new Date(realNow().getTime() + 2000).toISOString(), message: 'Open enrollment starts soon' });
    // Due now, and the client where it is daytime, so that the sponsor message is inside the
    // marketing calling hours whenever the test runs.
    await t.em().nativeUpdate(Reminder, { id: res.body.id }, { deliverAfter: new Date(realNow().getTime() - 1000) });
    await t.em().nativeUpdate(Client, { id: clientId }, { timeZone: daytimeZone() });
    // A body on this route is a mistake, not a request: nothing is sent for it.
    expect((await broker.agent.post('/api/reminders/execute').send({ junk: true })).status).toBe(400);
    expect((await t.em().findOneOrFail(Reminder, res.body.id)).status).toBe('pending');
    const executed = await broker.agent.post('/api/reminders/execute');
    await t.em().nativeUpdate(Client, { id: clientId }, { timeZone: 'America/New_York' });
    expect(executed.status).toBe(200);
    expect(executed.body.count).toBeGreaterThanOrEqual(1);
    const reminder = await t.em().findOneOrFail(Reminder, res.body.id);
    expect(reminder.status).toBe('completed');
    const delivery = await t.em().findOneOrFail(Delivery, { reminderId: res.body.id });
    expect(delivery).toMatchObject({ channel: 'voice', status: 'completed', costCents: 2, recipient: '+12125550111' });
    // A completed reminder is an engagement signal: 20 points for reaching the client once out of
    // once (a confirmation would add 15).
    expect((await t.em().findOneOrFail(Client, clientId)).engagementScore).toBe(20);
    const script = await t.em().findOneOrFail(OutboxMessage, { deliveryId: delivery.id });
    expect(script.body.split('\n')).toEqual([
      'Hello, this is a reminder from Sunrise Benefits.',
      'Open enrollment starts soon',
      'Sponsored by Sunrise Benefits.',
      'Press 1 or say yes to confirm you got this message. Press 9 to stop these calls.',
    ]);
  });

  it('answers execute with 403 trialExpired once the trial has ended', async () => {
    await t.em().nativeUpdate(User, { id: broker.id }, { trialEndsAt: new Date(realNow().getTime() - 1000) });
    const res = await broker.agent.post('/api/reminders/execute');
    expect(res.status).toBe(403);
    expect(res.body.trialExpired).toBe(true);
    expect(res.body.message).toContain('trial has expired');
    await t.em().nativeUpdate(User, { id: broker.id }, { trialEndsAt: new Date(realNow().getTime() + 30 * 24 * HOUR) });
  });

  describe('client reminders', () => {
    let client: Agent;
    beforeAll(async () => {
      const em = t.em();
      const token = await makeInvitation(em, await em.findOneOrFail((await import('../src/clients/client.entity.js')).Client, clientId));
      client = browser(t);
      expect((await client.post('/api/client/register').send({ token, username: 'rosa.r', password: 'violet-tractor-91' })).status).toBe(
        201,
      );
    });

    it('schedules a recurring reminder in the client’s zone and lists it for the client only', async () => {
      const res = await client.post('/api/client/reminders').send({
        scheduledTime: '2099-03-02T14:00:00.000Z',
        message: 'Metformin with breakfast',
        timeZone: 'America/New_York',
        isRecurring: true,
        recurrencePattern: 'weekly',
        recurrenceInterval: 1,
        recurrenceDays: [4, 1],
      });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        message: 'Metformin with breakfast',
        // The follow-up of an unconfirmed reminder, by default.
        retryAfterMinutes: 10,
        maxAttempts: 2,
        retryChannel: 'same',
        isRecurring: true,
        recurrencePattern: 'weekly',
        recurrenceDays: [1, 4],
        status: 'pending',
        timeZone: 'America/New_York',
      });
      expect((await client.get('/api/client/reminders')).body.map((r: { id: string }) => r.id)).toContain(res.body.id);
      // The broker never sees it.
      const brokerList = await broker.agent.get('/api/reminders').query({ range: '[0,999]' });
      expect(JSON.stringify(brokerList.body)).not.toContain('Metformin');
      expect((await broker.agent.get('/api/client/reminders')).status).toBe(401);
    });

    it.each([
      [{ message: 'x' }, 'Date and time are required'],
      [{ scheduledTime: 'nope' }, 'Invalid date or time'],
      [{ scheduledTime: '2001-01-01T00:00:00Z' }, 'Scheduled time must be in the future'],
      [{ scheduledTime: '2099-01-01T00:00:00Z', timeZone: 'Mars/Olympus' }, 'timeZone must be an IANA time zone'],
      [{ scheduledTime: '2099-01-01T00:00:00Z', isRecurring: true, recurrenceInterval: 0 }, 'recurrenceInterval must be at least 1'],
      [
        { scheduledTime: '2099-01-01T00:00:00Z', isRecurring: true, recurrencePattern: 'daily', recurrenceDays: [1] },
        'weekly reminders only',
      ],
      [{ scheduledTime: '2099-01-01T00:00:00Z', isRecurring: true, recurrencePattern: 'weekly', recurrenceDays: [7] }, 'weekdays from 0'],
      [{ scheduledTime: '2099-01-10T15:00:00Z', isRecurring: true, recurrenceEndDate: '2099-01-01' }, 'recurrenceEndDate must be a date'],
      [{ scheduledTime: '2099-01-01T00:00:00Z', retryAfterMinutes: 3 }, 'retryAfterMinutes must be a whole number from 5 to 120'],
      [{ scheduledTime: '2099-01-01T00:00:00Z', retryAfterMinutes: '10' }, 'retryAfterMinutes must be a whole number from 5 to 120'],
      [{ scheduledTime: '2099-01-01T00:00:00Z', maxAttempts: 9 }, 'maxAttempts must be a whole number from 1 to 5'],
      [{ scheduledTime: '2099-01-01T00:00:00Z', maxAttempts: null }, 'maxAttempts'],
      [{ scheduledTime: '2099-01-01T00:00:00Z', retryChannel: 'fax' }, 'retryChannel must be same or other'],
    ])('refuses %j with "%s"', async (body, message) => {
      const res = await client.post('/api/client/reminders').send(body);
      expect(res.status).toBe(400);
      expect(res.body.message).toContain(message);
    });

    it('keeps the client’s own time zone when a relative schedules from a device in another state', async () => {
      const res = await client.post('/api/client/reminders').send({
        scheduledTime: '2099-03-05T15:00:00.000Z',
        message: 'Evening walk',
        timeZone: 'America/Los_Angeles',
      });
      expect(res.status).toBe(201);
      // The reminder rings at the time chosen on that device…
      expect(res.body.timeZone).toBe('America/Los_Angeles');
      // …and the client's zone (calling hours, the agency's sends) stays theirs: only Settings changes it.
      expect((await t.em().findOneOrFail(Client, clientId)).timeZone).toBe('America/New_York');
      expect((await client.get('/api/client/settings')).body).toMatchObject({ timeZone: 'America/New_York', timeZoneFrom: 'portal' });
    });

    it('sends each occurrence once and moves to the next, in the client’s own words', async () => {
      const asked = realNow().getTime() + 60_000;
      const created = await client.post('/api/client/reminders').send({
        scheduledTime: new Date(asked).toISOString(),
        timeZone: 'America/New_York',
        isRecurring: true,
        recurrencePattern: 'daily',
        deliveryMethod: 'sms',
        // One send per occurrence: an unconfirmed text is not sent again.
        maxAttempts: 1,
      });
      const reminder = await t.em().findOneOrFail(ClientReminder, created.body.id);
      const first = reminder.nextOccurrenceAt!;
      // On the minute asked for (its seconds dropped), not a day later.
      expect(first.getTime()).toBe(Math.floor(asked / 60_000) * 60_000);
      const dispatcher = t.app.get(DispatcherService);
      const later = new Date(first.getTime() + 1000);
      await dispatcher.runOnce({ now: later });
      // Sent, and waiting for the client's reply until ten minutes after the send.
      const waiting = await t.em().findOneOrFail(Delivery, { clientReminderId: reminder.id });
      expect(waiting).toMatchObject({ status: 'sent', confirmWithinMinutes: 10, maxAttempts: 1 });
      expect(waiting.confirmBy!.getTime() - realNow().getTime()).toBeGreaterThan(9 * 60_000);
      // A run after the wait: not confirmed, it ends without another send.
      await dispatcher.runOnce({ now: new Date(realNow().getTime() + 11 * 60_000) });
      const deliveries = await t.em().find(Delivery, { clientReminderId: reminder.id });
      expect(deliveries).toHaveLength(1);
      expect(deliveries[0]).toMatchObject({ status: 'completed', channel: 'sms', costCents: 1, attempts: 1, error: 'Not confirmed' });
      const sms = await t.em().findOneOrFail(OutboxMessage, { deliveryId: deliveries[0].id });
      expect(sms.body).toContain("It's time to take your medication");
      expect(sms.brokerId).toBeNull();
      const advanced = await t.em().findOneOrFail(ClientReminder, reminder.id);
      expect(advanced.nextOccurrenceAt!.getTime() - first.getTime()).toBe(24 * HOUR);
      expect(advanced.status).toBe('pending');
      // The dev outbox shows the broker their own messages, never the client's.
      const outbox = await broker.agent.get('/api/dev/outbox').query({ range: '[0,99]' });
      expect(outbox.status).toBe(200);
      expect(outbox.body.every((m: { purpose: string }) => m.purpose !== 'client-reminder')).toBe(true);
    });

    it('says the medication’s name only when the client asked for it', async () => {
      const { body: med } = await client.post('/api/client/medications').send({ name: 'Amlodipine 5mg' });
      const sent: string[] = [];
      for (const say of [true, false]) {
        const created = await client.post('/api/client/reminders').send({
          medicationId: med.id,
          sayMedicationName: say,
          scheduledTime: new Date(realNow().getTime() + 60_000).toISOString(),
          deliveryMethod: 'sms',
        });
        expect(created.body.sayMedicationName).toBe(say);
        const reminder = await t.em().findOneOrFail(ClientReminder, created.body.id);
        await t.app.get(DispatcherService).runOnce({ now: new Date(reminder.nextOccurrenceAt!.getTime() + 1000) });
        const delivery = await t.em().findOneOrFail(Delivery, { clientReminderId: reminder.id });
        sent.push((await t.em().findOneOrFail(OutboxMessage, { deliveryId: delivery.id })).body);
      }
      expect(sent[0]).toContain("It's time to take your medication: Amlodipine 5mg");
      expect(sent[1]).not.toContain('Amlodipine');
    });

    it('deletes pending reminders only', async () => {
      const created = await client.post('/api/client/reminders').send({ scheduledTime: inHours(48) });
      expect((await client.delete(`/api/client/reminders/${created.body.id}`)).status).toBe(204);
      const done = await client.post('/api/client/reminders').send({ scheduledTime: inHours(48) });
      await t.em().nativeUpdate(ClientReminder, { id: done.body.id }, { status: 'completed' });
      const res = await client.delete(`/api/client/reminders/${done.body.id}`);
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('Only pending reminders can be deleted');
      expect((await client.delete('/api/client/reminders/not-an-id')).status).toBe(404);
    });

    it('keeps every /api/client route closed to a broker session', async () => {
      for (const route of listRoutes(t.app).filter((r) => r.access === 'client')) {
        const method = route.method.toLowerCase() as 'get' | 'post' | 'delete';
        expect([401, 403]).toContain((await broker.agent[method](route.path)).status);
      }
    });
  });

  it('skips opted-out recipients and records why', async () => {
    const em = t.em();
    const c = await makeClient(em, await em.findOneOrFail(User, broker.id), { phone: '+12125550999' });
    await em.execute(`insert into opt_outs (recipient, channel, source) values ('+12125550999', 'sms', 'sms-keyword')`);
    const res = await broker.agent
      .post('/api/reminders')
      .send({ clientId: c.id, scheduledTime: inHours(1), deliveryMethod: 'sms', message: 'Hello' });
    await t.em().nativeUpdate(Reminder, { id: res.body.id }, { deliverAfter: new Date(realNow().getTime() - 1000) });
    await t.app.get(DispatcherService).runOnce();
    const delivery = await t.em().findOneOrFail(Delivery, { reminderId: res.body.id });
    expect(delivery).toMatchObject({ status: 'skipped', error: 'The recipient opted out of texts', costCents: 0 });
    expect(await t.em().count(OutboxMessage, { deliveryId: delivery.id })).toBe(0);
    expect((await t.em().findOneOrFail(Reminder, res.body.id)).status).toBe('failed');
  });
});
