import { Delivery } from '../src/delivery/delivery.entity.js';
import { DeliveryOutcomesService } from '../src/delivery/delivery-outcomes.service.js';
import { TestClock } from './helpers/clock.js';
import { makeClient, makeUser } from './helpers/factories.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

const MINUTE = 60_000;

/**
 * What a delivery's outcome does to the delivery and to what it belongs to (SPEC §4): a broker
 * reminder, or a client's one-time reminder, goes from pending to completed or failed with it;
 * a recurring client reminder stays pending; a delivery never moves back.
 */
describe('delivery outcomes', () => {
  const clock = new TestClock('2026-03-10T15:00:00Z');
  let t: TestApp;
  let outcomes: DeliveryOutcomesService;
  let brokerId: string;
  let clientId: string;

  beforeAll(async () => {
    t = await createTestApp({ clock });
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
       values (gen_random_uuid(), ?, ?, ?, ?, 'sms', 'Plan review', ?) returning id`,
      [brokerId, clientId, clock.now(), clock.now(), clock.now()],
    );
    const deliveryId = await delivery({ reminder_id: reminder.id });
    return { reminderId: reminder.id, deliveryId };
  }

  async function clientReminder(recurring: boolean): Promise<{ reminderId: string; deliveryId: string }> {
    const [reminder] = await t.em().execute<{ id: string }[]>(
      `insert into client_reminders (id, client_id, delivery_method, scheduled_time, time_zone, is_recurring, recurrence_pattern, next_occurrence_at)
       values (gen_random_uuid(), ?, 'voice', ?, 'America/New_York', ?, ?, ?) returning id`,
      [clientId, clock.now(), recurring, recurring ? 'daily' : null, recurring ? new Date(clock.now().getTime() + 86_400_000) : null],
    );
    const deliveryId = await delivery({ client_reminder_id: reminder.id, channel: 'voice' });
    return { reminderId: reminder.id, deliveryId };
  }

  async function delivery(link: {
    reminder_id?: string;
    client_reminder_id?: string;
    channel?: string;
    confirm_within_minutes?: number;
  }): Promise<string> {
    const [row] = await t.em().execute<{ id: string }[]>(
      `insert into deliveries (id, broker_id, client_id, reminder_id, client_reminder_id, occurrence_at, channel, recipient, status,
                               confirm_within_minutes)
       values (gen_random_uuid(), ?, ?, ?, ?, ?, ?, '+12125550190', 'sending', ?) returning id`,
      [
        brokerId,
        clientId,
        link.reminder_id ?? null,
        link.client_reminder_id ?? null,
        clock.now(),
        link.channel ?? 'sms',
        link.confirm_within_minutes ?? null,
      ],
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

  it('waits for a confirmation, retries a busy call and records a confirmation from the Clock’s time', async () => {
    const times = async (id: string) => {
      const { status, confirmBy, notBefore, confirmedAt } = await t.em().findOneOrFail(Delivery, id);
      return { status, confirmBy, notBefore, confirmedAt };
    };
    const sentAt = clock.now();
    const call = await delivery({ channel: 'voice', confirm_within_minutes: 10 });
    await outcomes.sent(call, 'CA-clock', false, 'voice');
    expect(await times(call)).toMatchObject({ status: 'sent', confirmBy: new Date(sentAt.getTime() + 10 * MINUTE) });

    // Not confirmed: after 9 minutes it still waits; after 11 it goes again, at once.
    clock.advance(9 * MINUTE);
    expect(await outcomes.followUpUnconfirmed(clock.now())).toEqual({ again: 0, ended: 0 });
    clock.advance(2 * MINUTE);
    expect(await outcomes.followUpUnconfirmed(clock.now())).toEqual({ again: 1, ended: 0 });
    expect(await times(call)).toMatchObject({ status: 'queued', confirmBy: null, notBefore: clock.now() });
    await outcomes.confirmed(call);
    expect(await times(call)).toMatchObject({ status: 'completed', confirmedAt: clock.now() });

    // A busy call is tried again 10 minutes after the Clock's time, while attempts remain.
    const busy = await delivery({ channel: 'voice' });
    expect(await outcomes.retryLater(busy, 'busy')).toBe('retrying');
    expect(await times(busy)).toMatchObject({ status: 'queued', notBefore: new Date(clock.now().getTime() + 10 * MINUTE) });
  });
});
