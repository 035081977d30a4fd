import { DeliveryOutcomesService } from '../src/delivery/delivery-outcomes.service.js';
import { makeClient, makeUser } from './helpers/factories.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/**
 * What a delivery's outcome does to the delivery and to what it belongs to (SPEC §4): a broker
 * reminder, or a client's one-time reminder, goes from pending to completed or failed with it;
 * a recurring client reminder stays pending; a delivery never moves back.
 */
describe('delivery outcomes', () => {
  let t: TestApp;
  let outcomes: DeliveryOutcomesService;
  let brokerId: string;
  let clientId: string;

  beforeAll(async () => {
    t = await createTestApp();
    outcomes = t.app.get(DeliveryOutcomesService);
    const em = t.em();
    const broker = await makeUser(em);
    brokerId = broker.id;
    clientId = (await makeClient(em, broker)).id;
  });
  afterAll(() => t.close());

  async function brokerReminder(): Promise<{ reminderId: string; deliveryId: string }> {
    const [reminder] = await t.em().execute<{ id: string }[]>(
      `insert into reminders (id, broker_id, client_id, scheduled_time, deliver_after, delivery_method, message, dispatched_at)
       values (gen_random_uuid(), ?, ?, now(), now(), 'sms', 'Plan review', now()) returning id`,
      [brokerId, clientId],
    );
    const deliveryId = await delivery({ reminder_id: reminder.id });
    return { reminderId: reminder.id, deliveryId };
  }

  async function clientReminder(recurring: boolean): Promise<{ reminderId: string; deliveryId: string }> {
    const [reminder] = await t.em().execute<{ id: string }[]>(
      `insert into client_reminders (id, client_id, delivery_method, scheduled_time, time_zone, is_recurring, recurrence_pattern, next_occurrence_at)
       values (gen_random_uuid(), ?, 'voice', now(), 'America/New_York', ?, ?, ?) returning id`,
      [clientId, recurring, recurring ? 'daily' : null, recurring ? new Date(Date.now() + 86_400_000) : null],
    );
    const deliveryId = await delivery({ client_reminder_id: reminder.id, channel: 'voice' });
    return { reminderId: reminder.id, deliveryId };
  }

  async function delivery(link: { reminder_id?: string; client_reminder_id?: string; channel?: string }): Promise<string> {
    const [row] = await t.em().execute<{ id: string }[]>(
      `insert into deliveries (id, broker_id, client_id, reminder_id, client_reminder_id, occurrence_at, channel, recipient, status)
       values (gen_random_uuid(), ?, ?, ?, ?, now(), ?, '+12125550190', 'sending') returning id`,
      [brokerId, clientId, link.reminder_id ?? null, link.client_reminder_id ?? null, link.channel ?? 'sms'],
    );
    return row.id;
  }

  const deliveryState = async (id: string) =>
    (
      await t
        .em()
        .execute<{ status: string; provider_id: string | null; cost_cents: number; error: string | null }[]>(
          'select status, provider_id, cost_cents, error from deliveries where id = ?',
          [id],
        )
    )[0];
  const reminderStatus = async (table: 'reminders' | 'client_reminders', id: string) =>
    (await t.em().execute<{ status: string }[]>(`select status from ${table} where id = ?`, [id]))[0]?.status;

  it('a send the provider finishes at once completes the delivery, with its cost, and its reminder', async () => {
    const { reminderId, deliveryId } = await brokerReminder();
    await outcomes.sent(deliveryId, 'outbox-1', true, 'sms');
    expect(await deliveryState(deliveryId)).toEqual({ status: 'completed', provider_id: 'outbox-1', cost_cents: 1, error: null });
    expect(await reminderStatus('reminders', reminderId)).toBe('completed');
  });

  it('a send awaiting the provider leaves the reminder pending until the outcome arrives', async () => {
    const { reminderId, deliveryId } = await brokerReminder();
    await outcomes.sent(deliveryId, 'SM123', false, 'sms');
    expect((await deliveryState(deliveryId))?.status).toBe('sent');
    expect(await reminderStatus('reminders', reminderId)).toBe('pending');
    await outcomes.failed(deliveryId, 'Undeliverable');
    expect(await deliveryState(deliveryId)).toMatchObject({ status: 'failed', error: 'Undeliverable' });
    expect(await reminderStatus('reminders', reminderId)).toBe('failed');
  });

  it('never moves a final delivery back, and still carries its outcome to a reminder left pending', async () => {
    const { reminderId, deliveryId } = await brokerReminder();
    await outcomes.skipped(deliveryId, 'The client is inactive');
    await outcomes.sent(deliveryId, 'late', true, 'sms');
    expect(await deliveryState(deliveryId)).toMatchObject({ status: 'skipped', provider_id: null, error: 'The client is inactive' });
    expect(await reminderStatus('reminders', reminderId)).toBe('failed');

    // A reminder still pending beside a final delivery (as an interrupted older version could leave it).
    await t.em().execute(`update reminders set status = 'pending' where id = ?`, [reminderId]);
    await outcomes.completed(deliveryId);
    expect(await reminderStatus('reminders', reminderId)).toBe('failed');
  });

  it("completes a client's one-time reminder; a recurring one stays pending for its next occurrence", async () => {
    const once = await clientReminder(false);
    await outcomes.sent(once.deliveryId, 'outbox-2', true, 'voice');
    expect((await deliveryState(once.deliveryId))?.cost_cents).toBe(2);
    expect(await reminderStatus('client_reminders', once.reminderId)).toBe('completed');

    const recurring = await clientReminder(true);
    await outcomes.sent(recurring.deliveryId, 'outbox-3', true, 'voice');
    expect((await deliveryState(recurring.deliveryId))?.status).toBe('completed');
    expect(await reminderStatus('client_reminders', recurring.reminderId)).toBe('pending');
  });

  it("writes a dispatcher batch's concurrent outcomes together, each as if alone, and reports them after", async () => {
    const reminders = await Promise.all(Array.from({ length: 12 }, () => brokerReminder()));
    const batch = outcomes.batch();
    // As the dispatcher's sends finish: all at about the same time, with every kind of outcome.
    await Promise.all(
      reminders.map(({ deliveryId }, index) =>
        index % 3 === 0
          ? outcomes.sent(deliveryId, `outbox-b${index}`, true, 'sms', batch)
          : index % 3 === 1
            ? outcomes.failed(deliveryId, 'Unreachable\u0000 number', batch)
            : outcomes.skipped(deliveryId, 'The client is inactive', batch),
      ),
    );
    const ids = reminders.map((reminder) => reminder.deliveryId);
    const rows = await t
      .em()
      .execute<{ id: string; status: string; error: string | null; cost_cents: number; tx: string }[]>(
        'select id, status, error, cost_cents, xmin::text as tx from deliveries where id = any(?::uuid[])',
        [`{${ids.join(',')}}`],
      );
    const byId = new Map(rows.map((row) => [row.id, row]));
    ids.forEach((id, index) =>
      expect(byId.get(id)).toMatchObject(
        index % 3 === 0
          ? { status: 'completed', error: null, cost_cents: 1 }
          : index % 3 === 1
            ? // PostgreSQL's text holds no NUL: the provider's message is kept without it.
              { status: 'failed', error: 'Unreachable number', cost_cents: 0 }
            : { status: 'skipped', error: 'The client is inactive', cost_cents: 0 },
      ),
    );
    // The first outcome is written at once; the eleven that finished meanwhile share one commit.
    expect(new Set(rows.map((row) => row.tx)).size).toBe(2);
    // Their reminders hear of them once the batch is reported.
    expect(await reminderStatus('reminders', reminders[0].reminderId)).toBe('pending');
    await outcomes.report(batch);
    expect(await reminderStatus('reminders', reminders[0].reminderId)).toBe('completed');
    expect(await reminderStatus('reminders', reminders[1].reminderId)).toBe('failed');
    expect(await reminderStatus('reminders', reminders[2].reminderId)).toBe('failed');
  });
});
