import { ClientReminder } from '../src/client-portal/client-reminder.entity.js';
import { Delivery } from '../src/delivery/delivery.entity.js';
import { DispatcherService } from '../src/delivery/dispatcher.service.js';
import { OutboxMessage } from '../src/messaging/outbox-message.entity.js';
import { type Agent, browser } from './helpers/browser-agent.js';
import { realNow } from './helpers/clock.js';
import { makeClient, makeInvitation, makeUser } from './helpers/factories.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

describe('client portal care: editing a medication, pausing and resuming a reminder, the agency’s phone', () => {
  let t: TestApp;
  let clientA: Agent;
  let clientB: Agent;
  let clientC: Agent;

  beforeAll(async () => {
    t = await createTestApp();
    const em = t.em();
    const broker = await makeUser(em, { agencyName: 'Sunrise Benefits', agencyPhone: '+16155550142' });
    const bare = await makeUser(em, { agencyName: 'Quiet Agency', agencyPhone: '' });
    const register = async (owner: typeof broker, username: string) => {
      const agent = browser(t);
      const token = await makeInvitation(em, await makeClient(em, owner, { firstName: username }));
      expect((await agent.post('/api/client/register').send({ token, username, password: 'violet-tractor-91' })).status).toBe(201);
      return agent;
    };
    clientA = await register(broker, 'care.a');
    clientB = await register(broker, 'care.b');
    clientC = await register(bare, 'care.c');
  });
  afterAll(() => t.close());

  const dispatcher = () => t.app.get(DispatcherService);
  const deliveriesOf = (reminderId: string) =>
    t.em().find(Delivery, { clientReminderId: reminderId }, { orderBy: { occurrenceAt: 'asc' } });

  /** A daily text reminder, sent once per occurrence, in UTC (no daylight saving to mind), five minutes from now. */
  async function dailyReminder(agent: Agent, extra: Record<string, unknown> = {}) {
    const res = await agent.post('/api/client/reminders').send({
      scheduledTime: new Date(realNow().getTime() + 5 * MINUTE).toISOString(),
      timeZone: 'UTC',
      isRecurring: true,
      recurrencePattern: 'daily',
      deliveryMethod: 'sms',
      maxAttempts: 1,
      ...extra,
    });
    expect(res.status).toBe(201);
    return res.body as { id: string; nextOccurrenceAt: string; pausedAt: string | null };
  }

  /** Moves a reminder two days back: its first time, and what is due, as if it had been made then. */
  async function madeTwoDaysAgo(id: string, fields: Partial<ClientReminder> = {}) {
    const reminder = await t.em().findOneOrFail(ClientReminder, id);
    const start = new Date(reminder.nextOccurrenceAt!.getTime() - 2 * DAY);
    await t.em().nativeUpdate(ClientReminder, { id }, { scheduledTime: start, nextOccurrenceAt: start, ...fields });
    return { start, todays: reminder.nextOccurrenceAt! };
  }

  describe('editing a medication', () => {
    it('saves the new values, keeps its reminders pointing at it, and a reminder says the new name', async () => {
      const created = await clientA.post('/api/client/medications').send({ name: 'Amlodipine 5mg', dosage: '5 mg' });
      expect(created.status).toBe(201);
      const reminder = await dailyReminder(clientA, { medicationId: created.body.id, sayMedicationName: true });

      const edited = await clientA
        .put(`/api/client/medications/${created.body.id}`)
        .send({ name: 'Amlodipine 10mg', dosage: '10 mg', frequency: 'Every morning', instructions: 'With water' });
      expect(edited.status).toBe(200);
      const expected = {
        id: created.body.id,
        name: 'Amlodipine 10mg',
        dosage: '10 mg',
        frequency: 'Every morning',
        instructions: 'With water',
      };
      expect(edited.body).toMatchObject(expected);
      expect((await clientA.get('/api/client/medications')).body).toEqual([expect.objectContaining(expected)]);
      expect((await clientA.get('/api/client-portal/my-info')).body.medications).toEqual([expect.objectContaining(expected)]);
      // Clearing an optional field.
      const cleared = await clientA.put(`/api/client/medications/${created.body.id}`).send({ instructions: '' });
      expect(cleared.body).toMatchObject({ name: 'Amlodipine 10mg', dosage: '10 mg', instructions: null });

      const reminders = (await clientA.get('/api/client/reminders')).body as { id: string; medicationId: string }[];
      expect(reminders.find((r) => r.id === reminder.id)?.medicationId).toBe(created.body.id);
      // The name is read when the reminder goes out: the new one.
      await dispatcher().runOnce({ now: new Date(new Date(reminder.nextOccurrenceAt).getTime() + 1000) });
      const [delivery] = await deliveriesOf(reminder.id);
      const sms = await t.em().findOneOrFail(OutboxMessage, { deliveryId: delivery.id });
      expect(sms.body).toContain('Amlodipine 10mg');
      expect(sms.body).not.toContain('Amlodipine 5mg');
    });

    it('answers 404 for another client’s medication (and leaves it as it was), and for an id that is not one', async () => {
      const { body: medication } = await clientA.post('/api/client/medications').send({ name: 'Metformin' });
      const foreign = await clientB.put(`/api/client/medications/${medication.id}`).send({ name: 'Changed by B' });
      expect(foreign.status).toBe(404);
      expect(foreign.body.message).toBe('Medication not found');
      expect((await clientA.get('/api/client/medications')).body.map((m: { name: string }) => m.name)).toContain('Metformin');
      expect((await clientA.put('/api/client/medications/not-an-id').send({ name: 'x' })).status).toBe(404);
    });

    it.each([
      ['an empty name', { name: '' }, 'name is required'],
      ['a blank name', { name: '   ' }, 'name is required'],
      ['a name too long', { name: 'x'.repeat(121) }, 'name must be at most 120 characters'],
      ['a dosage too long', { name: 'Aspirin', dosage: 'd'.repeat(121) }, 'dosage must be at most 120 characters'],
      ['instructions too long', { name: 'Aspirin', instructions: 'i'.repeat(501) }, 'instructions must be at most 500 characters'],
      ['a NUL byte', { name: 'Aspi\u0000rin' }, 'name contains a NUL character, which is not allowed'],
      ['no pills a day', { name: 'Aspirin', pillsPerDay: 0 }, 'pillsPerDay must be a whole number from 1 to 24'],
    ])('refuses %s with the message adding gives', async (_label, body, message) => {
      const { body: medication } = await clientA.post('/api/client/medications').send({ name: 'Atorvastatin' });
      const edit = await clientA.put(`/api/client/medications/${medication.id}`).send(body);
      const add = await clientA.post('/api/client/medications').send(body);
      expect(edit.status).toBe(400);
      expect(add.status).toBe(400);
      expect(JSON.stringify(edit.body.message)).toContain(message);
      expect(edit.body.message).toEqual(add.body.message);
      expect((await clientA.get('/api/client/medications')).body.find((m: { id: string }) => m.id === medication.id)?.name).toBe(
        'Atorvastatin',
      );
    });
  });

  describe('pausing and resuming a reminder', () => {
    it('sends none of a paused reminder’s occurrences, while an active one in the same state is sent', async () => {
      const paused = await dailyReminder(clientA, { message: 'Paused pills' });
      const active = await dailyReminder(clientA, { message: 'Active pills' });
      const res = await clientA.post(`/api/client/reminders/${paused.id}/pause`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: paused.id, status: 'pending', pausedAt: expect.any(String) });
      expect(Math.abs(new Date(res.body.pausedAt).getTime() - realNow().getTime())).toBeLessThan(MINUTE);
      expect(res.body.nextOccurrenceAt).toBe(paused.nextOccurrenceAt);

      // Both due two days ago and never sent; the dispatcher runs now and on each of the next two days.
      const { todays } = await madeTwoDaysAgo(paused.id);
      await madeTwoDaysAgo(active.id);
      for (const at of [realNow().getTime(), todays.getTime() + 1000, todays.getTime() + DAY + 1000])
        await dispatcher().runOnce({ now: new Date(at) });
      expect(await deliveriesOf(paused.id)).toHaveLength(0);
      expect((await deliveriesOf(active.id)).length).toBeGreaterThanOrEqual(2);
      const stored = await t.em().findOneOrFail(ClientReminder, paused.id);
      expect(stored.pausedAt).not.toBeNull();
      expect(stored.status).toBe('pending');
    });

    it('resumes from its next time still to come: the times missed while paused are not sent late, the next is sent at its time', async () => {
      const reminder = await dailyReminder(clientA, { message: 'Evening pills' });
      expect((await clientA.post(`/api/client/reminders/${reminder.id}/pause`)).status).toBe(200);
      // Paused two days ago, before its first time: two daily times have passed since.
      const { start, todays } = await madeTwoDaysAgo(reminder.id, { pausedAt: new Date(realNow().getTime() - 2 * DAY - MINUTE) });
      await dispatcher().runOnce({ now: realNow() });
      expect(await deliveriesOf(reminder.id)).toHaveLength(0);

      const before = realNow().getTime();
      const resumed = await clientA.post(`/api/client/reminders/${reminder.id}/resume`);
      expect(resumed.status).toBe(200);
      expect(resumed.body.pausedAt).toBeNull();
      const next = new Date(resumed.body.nextOccurrenceAt).getTime();
      expect(next).toBeGreaterThan(before);
      // Today's time, at the same time of day as the first: start + 2 days.
      expect(next).toBe(start.getTime() + 2 * DAY);
      expect(next).toBe(todays.getTime());

      // Nothing goes out in a burst for the two missed days.
      await dispatcher().runOnce({ now: realNow() });
      expect(await deliveriesOf(reminder.id)).toHaveLength(0);
      // At its time, that one occurrence is sent, and the reminder moves on to tomorrow.
      await dispatcher().runOnce({ now: new Date(next + 1000) });
      const sent = await deliveriesOf(reminder.id);
      expect(sent).toHaveLength(1);
      expect(sent[0].occurrenceAt.getTime()).toBe(next);
      expect((await t.em().findOneOrFail(ClientReminder, reminder.id)).nextOccurrenceAt!.getTime()).toBe(next + DAY);
    });

    it('does not send the retry of a call or text made before the pause', async () => {
      const reminder = await dailyReminder(clientA, { maxAttempts: 2, retryAfterMinutes: 10 });
      const due = new Date(reminder.nextOccurrenceAt).getTime();
      await dispatcher().runOnce({ now: new Date(due + 1000) });
      const [first] = await deliveriesOf(reminder.id);
      expect(first.status).toBe('sent');
      expect((await clientA.post(`/api/client/reminders/${reminder.id}/pause`)).status).toBe(200);
      // Not confirmed: the retry falls due, and is not sent.
      await t.em().nativeUpdate(Delivery, { id: first.id }, { confirmBy: new Date(realNow().getTime() - 1000) });
      await dispatcher().runOnce({ now: new Date(realNow().getTime() + 11 * MINUTE) });
      const [after] = await deliveriesOf(reminder.id);
      expect(after).toMatchObject({ status: 'skipped', error: 'Paused by the client' });
      expect(await t.em().count(OutboxMessage, { deliveryId: first.id })).toBe(1);
    });

    it('is idempotent: pausing a paused reminder or resuming an active one answers 200 with it unchanged', async () => {
      const reminder = await dailyReminder(clientA);
      const active = await clientA.post(`/api/client/reminders/${reminder.id}/resume`);
      expect(active.status).toBe(200);
      expect(active.body).toMatchObject({ id: reminder.id, pausedAt: null, nextOccurrenceAt: reminder.nextOccurrenceAt });

      const first = await clientA.post(`/api/client/reminders/${reminder.id}/pause`);
      const again = await clientA.post(`/api/client/reminders/${reminder.id}/pause`);
      expect(again.status).toBe(200);
      expect(again.body).toEqual(first.body);
      const stored = await t.em().findOneOrFail(ClientReminder, reminder.id);
      expect(stored.pausedAt!.toISOString()).toBe(first.body.pausedAt);

      const resumed = await clientA.post(`/api/client/reminders/${reminder.id}/resume`);
      const resumedAgain = await clientA.post(`/api/client/reminders/${reminder.id}/resume`);
      expect(resumedAgain.status).toBe(200);
      expect(resumedAgain.body).toEqual(resumed.body);
      expect(resumed.body).toMatchObject({ pausedAt: null, nextOccurrenceAt: reminder.nextOccurrenceAt });
    });

    it('answers 404 for another client’s reminder (leaving it as it was) and for an id that is not one', async () => {
      const reminder = await dailyReminder(clientA);
      for (const action of ['pause', 'resume']) {
        const res = await clientB.post(`/api/client/reminders/${reminder.id}/${action}`);
        expect(res.status).toBe(404);
        expect(res.body.message).toBe('Reminder not found');
        expect((await clientA.post(`/api/client/reminders/not-an-id/${action}`)).status).toBe(404);
      }
      expect((await t.em().findOneOrFail(ClientReminder, reminder.id)).pausedAt).toBeNull();
      expect((await clientA.post(`/api/client/reminders/${reminder.id}/pause`)).status).toBe(200);
      expect((await clientB.post(`/api/client/reminders/${reminder.id}/resume`)).status).toBe(404);
      expect((await t.em().findOneOrFail(ClientReminder, reminder.id)).pausedAt).not.toBeNull();
    });

    it('pauses a one-time reminder too; refuses a finished one, and a one-time one whose time passed while paused', async () => {
      const once = await clientA.post('/api/client/reminders').send({ scheduledTime: new Date(realNow().getTime() + DAY).toISOString() });
      expect((await clientA.post(`/api/client/reminders/${once.body.id}/pause`)).body.pausedAt).toEqual(expect.any(String));
      await t.em().nativeUpdate(ClientReminder, { id: once.body.id }, { nextOccurrenceAt: new Date(realNow().getTime() - MINUTE) });
      const late = await clientA.post(`/api/client/reminders/${once.body.id}/resume`);
      expect(late.status).toBe(409);
      expect(late.body.message).toBe('This reminder has no time left to ring: please schedule a new one');
      expect((await t.em().findOneOrFail(ClientReminder, once.body.id)).pausedAt).not.toBeNull();
      // Still the client's to delete.
      expect((await clientA.delete(`/api/client/reminders/${once.body.id}`)).status).toBe(204);

      const done = await clientA.post('/api/client/reminders').send({ scheduledTime: new Date(realNow().getTime() + DAY).toISOString() });
      await t.em().nativeUpdate(ClientReminder, { id: done.body.id }, { status: 'completed', nextOccurrenceAt: null });
      const refused = await clientA.post(`/api/client/reminders/${done.body.id}/pause`);
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe('Only a reminder that has a time still to come can be paused');
      const spanish = await clientA.post(`/api/client/reminders/${done.body.id}/pause`).set('Accept-Language', 'es');
      expect(spanish.body.message).toBe('Solo se puede pausar un recordatorio que todavía tiene una hora por delante');
    });

    it('lists a paused reminder among the upcoming ones as paused, after those still to ring', async () => {
      const agent = clientB;
      const ringing = await dailyReminder(agent, { message: 'Still ringing' });
      const paused = await dailyReminder(agent, { message: 'On hold' });
      await agent.post(`/api/client/reminders/${paused.id}/pause`);
      // Even once its time has passed, it stays listed while paused.
      await t.em().nativeUpdate(ClientReminder, { id: paused.id }, { nextOccurrenceAt: new Date(realNow().getTime() - DAY) });
      const { upcomingReminders } = (await agent.get('/api/client-portal/my-info')).body as {
        upcomingReminders: { id: string; message: string; pausedAt: string | null }[];
      };
      const mine = upcomingReminders.filter((r) => [ringing.id, paused.id].includes(r.id));
      expect(mine).toEqual([
        expect.objectContaining({ id: ringing.id, message: 'Still ringing', pausedAt: null }),
        expect.objectContaining({ id: paused.id, message: 'On hold', pausedAt: expect.any(String) }),
      ]);
      const listed = (await agent.get('/api/client/reminders')).body as { id: string; pausedAt: string | null }[];
      expect(listed.find((r) => r.id === paused.id)?.pausedAt).toEqual(expect.any(String));
      expect(listed.find((r) => r.id === ringing.id)?.pausedAt).toBeNull();
    });
  });

  describe('the agency’s phone for Call my agent', () => {
    it('comes with the portal branding, or null when the agency has none', async () => {
      expect((await clientA.get('/api/client-portal/branding')).body).toMatchObject({
        agencyName: 'Sunrise Benefits',
        agencyPhone: '+16155550142',
      });
      expect((await clientC.get('/api/client-portal/branding')).body).toMatchObject({ agencyName: 'Quiet Agency', agencyPhone: null });
    });
  });
});
