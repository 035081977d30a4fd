import { DateTime } from 'luxon';

import type { Client } from '../src/clients/client.entity.js';
import { Delivery } from '../src/delivery/delivery.entity.js';
import { DispatcherService } from '../src/delivery/dispatcher.service.js';
import { OutboxAdapter } from '../src/messaging/outbox.adapter.js';
import { OutboxMessage } from '../src/messaging/outbox-message.entity.js';
import { User } from '../src/users/user.entity.js';
import type { Agent } from './helpers/browser-agent.js';
import { TestClock } from './helpers/clock.js';
import { grantConsent, makeClient, makeUser } from './helpers/factories.js';
import { brokerSession } from './helpers/session.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

const REMINDERS = 1000;
const CLAIM_TIMEOUT_MS = 5_000;
// A Tuesday, 11:00 in New York: within the hours for any message.
const START = '2026-03-10T15:00:00Z';

describe('the dispatcher across several app instances on one database', () => {
  let instances: TestApp[];
  // One clock for the three instances, as they would share the real one.
  let clock: TestClock;

  beforeEach(async () => {
    clock = new TestClock(START);
    const env = { DISPATCH_BATCH_SIZE: '100', DISPATCH_CONCURRENCY: '10', DISPATCH_CLAIM_TIMEOUT_SECONDS: String(CLAIM_TIMEOUT_MS / 1000) };
    const first = await createTestApp({ env, clock });
    instances = [
      first,
      await createTestApp({ env, clock, databaseUrl: first.databaseUrl }),
      await createTestApp({ env, clock, databaseUrl: first.databaseUrl }),
    ];
    const em = first.em();
    const broker = await makeUser(em, { agencyName: 'Many Reminders Agency' });
    await em.execute(
      `insert into clients (id, broker_id, first_name, last_name, phone, time_zone)
       select gen_random_uuid(), ?, 'Client', 'N' || n, '+1646' || lpad(n::text, 7, '0'), 'America/New_York' from generate_series(1, ?) n`,
      [broker.id, REMINDERS],
    );
    await grantConsent(
      em,
      (await em.execute<{ id: string }[]>(`select id from clients where broker_id = ?`, [broker.id])).map((r) => r.id),
      ['reminders'],
    );
    await em.execute(
      `insert into reminders (id, broker_id, client_id, scheduled_time, deliver_after, delivery_method, message)
       select gen_random_uuid(), broker_id, id, ?::timestamptz - interval '1 minute', ?::timestamptz - interval '1 minute', 'sms', 'Hello from your agency'
         from clients where broker_id = ?`,
      [clock.now(), clock.now(), broker.id],
    );
  });

  afterEach(async () => {
    for (const instance of [...instances].reverse()) await instance.close();
  });

  async function counts() {
    const em = instances[0].em();
    const [row] = await em.execute<
      { deliveries: number; distinct_reminders: number; outbox: number; completed: number; pending: number }[]
    >(
      `select (select count(*)::int from deliveries) as deliveries,
              (select count(distinct reminder_id)::int from deliveries) as distinct_reminders,
              (select count(*)::int from outbox_messages where purpose = 'reminder') as outbox,
              (select count(*)::int from deliveries where status = 'completed') as completed,
              (select count(*)::int from reminders where status = 'pending') as pending`,
    );
    return row;
  }

  it('sends 1,000 due reminders exactly once with three dispatchers racing', async () => {
    const summaries = await Promise.all(instances.map((instance) => instance.app.get(DispatcherService).runOnce()));
    expect(summaries.reduce((sum, s) => sum + s.sent, 0)).toBe(REMINDERS);
    expect(summaries.filter((s) => s.sent > 0).length).toBeGreaterThan(1);
    expect(await counts()).toEqual({
      deliveries: REMINDERS,
      distinct_reminders: REMINDERS,
      outbox: REMINDERS,
      completed: REMINDERS,
      pending: 0,
    });
  });

  it('still sends exactly 1,000 when one dispatcher dies mid-batch, after the claim timeout', async () => {
    const [doomed, ...survivors] = instances;
    const dispatcher = doomed.app.get(DispatcherService);
    await dispatcher.queueDue(clock.now());
    const claimed = await dispatcher.claim(clock.now());
    expect(claimed).toHaveLength(100);
    // It got 40 texts out, then died before recording anything.
    const outbox = doomed.app.get(OutboxAdapter);
    for (const delivery of claimed.slice(0, 40)) {
      await outbox.sendSms({
        to: delivery.recipient,
        body: 'Hello from your agency',
        purpose: 'reminder',
        brokerId: delivery.broker_id,
        deliveryId: delivery.id,
      });
    }

    await Promise.all(survivors.map((instance) => instance.app.get(DispatcherService).runOnce()));
    expect((await counts()).completed).toBe(REMINDERS - 100);
    expect(await instances[0].em().count(Delivery, { status: 'sending' })).toBe(100);

    clock.advance(CLAIM_TIMEOUT_MS + 1000);
    await Promise.all(survivors.map((instance) => instance.app.get(DispatcherService).runOnce()));
    expect(await counts()).toEqual({
      deliveries: REMINDERS,
      distinct_reminders: REMINDERS,
      outbox: REMINDERS,
      completed: REMINDERS,
      pending: 0,
    });
    const retried = await instances[0].em().find(Delivery, { id: claimed.map((d) => d.id) });
    expect(retried.every((d) => d.attempts === 2)).toBe(true);
    expect(await instances[0].em().count(OutboxMessage, { deliveryId: claimed.map((d) => d.id) })).toBe(100);
  });
});

describe('the dispatcher on the test clock: what is due, and the hours, on both sides of each boundary', () => {
  // Tampa, Florida (EDT, UTC−4, in the week of Tuesday 10 March 2026): Florida's calling hours for marketing are 08:00–20:00.
  const ZONE = 'America/New_York';
  const local = (time: string, date = '2026-03-10') => DateTime.fromISO(`${date}T${time}`, { zone: ZONE }).toJSDate();
  const clock = new TestClock(local('06:00'));
  let t: TestApp;
  let broker: { agent: Agent; id: string };
  let client: Client;
  let dispatcher: DispatcherService;

  beforeAll(async () => {
    t = await createTestApp({ clock, listen: true });
    broker = await brokerSession(t, 'clock@agency.test', { readyForCampaigns: true });
    await t
      .em()
      .nativeUpdate(
        User,
        { id: broker.id },
        { agencyName: 'Harbor Senior Insurance', sponsorMessage: 'Harbor: compare plans with us.', timeZone: ZONE },
      );
    const owner = await t.em().findOneOrFail(User, broker.id);
    client = await makeClient(t.em(), owner, { phone: '+18135550100', zip: '33602', state: 'FL', timeZone: ZONE });
    dispatcher = t.app.get(DispatcherService);
  });
  afterAll(() => t.close());

  const texts = async () =>
    (await t.em().find(OutboxMessage, { recipient: client.phone }, { orderBy: { createdAt: 'asc' } })).map((m) => m.body);
  async function remind(at: Date, message: string): Promise<void> {
    const res = await broker.agent
      .post('/api/reminders')
      .send({ clientId: client.id, scheduledTime: at.toISOString(), deliveryMethod: 'sms', message });
    expect(res.status).toBe(201);
  }

  it('sends a reminder due at 09:00 where the client lives at 09:00 by the clock, not at 08:59', async () => {
    clock.set(local('08:00'));
    await remind(local('09:00'), 'Your annual review is on Friday.');
    clock.set(local('08:59'));
    expect(await dispatcher.runOnce()).toMatchObject({ queued: 0, sent: 0 });
    expect(await texts()).toEqual([]);
    clock.set(local('09:00'));
    expect(await dispatcher.runOnce()).toMatchObject({ queued: 1, sent: 1 });
    expect(await texts()).toEqual([expect.stringContaining('Your annual review is on Friday.')]);
  });

  it('holds a reminder set in the quiet hours until 08:00, not a minute before', async () => {
    clock.set(local('06:00', '2026-03-11'));
    await remind(local('07:30', '2026-03-11'), 'Call us about your plan.');
    clock.set(local('07:59', '2026-03-11'));
    expect(await dispatcher.runOnce()).toMatchObject({ sent: 0 });
    clock.set(local('08:00', '2026-03-11'));
    expect(await dispatcher.runOnce()).toMatchObject({ sent: 1 });
    expect((await texts()).at(-1)).toContain('Call us about your plan.');
  });

  it('adds the sponsor message (marketing) to a reminder at 19:59 in Florida, and leaves it out at 20:00', async () => {
    clock.set(local('19:00', '2026-03-11'));
    await remind(local('19:59', '2026-03-11'), 'First reminder.');
    await remind(local('20:00', '2026-03-11'), 'Second reminder.');
    clock.set(local('19:59', '2026-03-11'));
    expect(await dispatcher.runOnce()).toMatchObject({ sent: 1 });
    clock.set(local('20:00', '2026-03-11'));
    expect(await dispatcher.runOnce()).toMatchObject({ sent: 1 });
    const [first, second] = (await texts()).slice(-2);
    expect(first).toContain('First reminder.');
    expect(first).toContain('Harbor: compare plans with us.');
    expect(second).toContain('Second reminder.');
    expect(second).not.toContain('Harbor: compare plans with us.');
  });

  it('sends a marketing text at 19:59 in Florida; one sent at 20:00 waits for 08:00 the next day, not a minute less', async () => {
    const send = async (name: string) => {
      const draft = await broker.agent.post('/api/campaigns').send({
        name,
        type: 'sms',
        message: `${name}: open enrollment ends December 7.`,
        audience: { kind: 'clients', clientIds: [client.id] },
      });
      expect(draft.status).toBe(201);
      expect((await broker.agent.post(`/api/campaigns/${draft.body.id}/send`)).status).toBe(200);
      // The send starts its dispatcher run in the background.
      await dispatcher.idle();
      return t.em().findOneOrFail(Delivery, { campaignId: draft.body.id as string });
    };
    clock.set(local('19:59', '2026-03-12'));
    expect(await send('Before eight')).toMatchObject({ status: 'completed' });

    clock.set(local('20:00', '2026-03-12'));
    const deferred = await send('At eight');
    expect(deferred).toMatchObject({ status: 'queued', notBefore: local('08:00', '2026-03-13') });
    clock.set(local('07:59', '2026-03-13'));
    await dispatcher.runOnce();
    expect(await t.em().findOneOrFail(Delivery, deferred.id)).toMatchObject({ status: 'queued' });
    clock.set(local('08:00', '2026-03-13'));
    await dispatcher.runOnce();
    expect(await t.em().findOneOrFail(Delivery, deferred.id)).toMatchObject({ status: 'completed' });
    expect((await texts()).at(-1)).toContain('At eight: open enrollment ends December 7.');
  });
});
