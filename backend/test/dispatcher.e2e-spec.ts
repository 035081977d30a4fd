import { Delivery } from '../src/delivery/delivery.entity.js';
import { DispatcherService } from '../src/delivery/dispatcher.service.js';
import { OutboxAdapter } from '../src/messaging/outbox.adapter.js';
import { OutboxMessage } from '../src/messaging/outbox-message.entity.js';
import { grantConsent, makeUser } from './helpers/factories.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

const REMINDERS = 1000;
const CLAIM_TIMEOUT_MS = 5_000;

describe('the dispatcher across several app instances on one database', () => {
  let instances: TestApp[];

  beforeEach(async () => {
    const env = { DISPATCH_BATCH_SIZE: '100', DISPATCH_CONCURRENCY: '10', DISPATCH_CLAIM_TIMEOUT_SECONDS: String(CLAIM_TIMEOUT_MS / 1000) };
    const first = await createTestApp({ env });
    instances = [
      first,
      await createTestApp({ env, databaseUrl: first.databaseUrl }),
      await createTestApp({ env, databaseUrl: first.databaseUrl }),
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
       select gen_random_uuid(), broker_id, id, now() - interval '1 minute', now() - interval '1 minute', 'sms', 'Hello from your agency'
         from clients where broker_id = ?`,
      [broker.id],
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
    const now = new Date();
    await dispatcher.queueDue(now);
    const claimed = await dispatcher.claim(now);
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

    const afterTimeout = new Date(Date.now() + CLAIM_TIMEOUT_MS + 1000);
    await Promise.all(survivors.map((instance) => instance.app.get(DispatcherService).runOnce({ now: afterTimeout })));
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
