import { Reminder } from '../src/reminders/reminder.entity.js';
import { User } from '../src/users/user.entity.js';
import { type Agent } from './helpers/browser-agent.js';
import { realNow } from './helpers/clock.js';
import { makeClient } from './helpers/factories.js';
import { brokerSession } from './helpers/session.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

const HOUR = 60 * 60 * 1000;
const inHours = (hours: number) => new Date(realNow().getTime() + hours * HOUR).toISOString();

/** The Reminders page's tools: filters and search, a reminder's edit and cancel, and getMany. */
describe('managing the broker’s reminders', () => {
  let t: TestApp;
  let broker: { agent: Agent; id: string };
  let other: { agent: Agent; id: string };
  let rosa: string;
  let alvin: string;

  beforeAll(async () => {
    t = await createTestApp({ listen: true });
    broker = await brokerSession(t, 'manage.reminders@agency.test');
    other = await brokerSession(t, 'manage.other@agency.test');
    const em = t.em();
    const owner = await em.findOneOrFail(User, broker.id);
    rosa = (await makeClient(em, owner, { firstName: 'Rosa', lastName: 'Delgado', phone: '+12125550171' })).id;
    alvin = (await makeClient(em, owner, { firstName: 'Alvin', lastName: 'Brooks', phone: '+12125550172' })).id;
  });
  afterAll(() => t.close());

  async function schedule(clientId: string, hours: number, message: string, deliveryMethod: 'voice' | 'sms' = 'voice') {
    const res = await broker.agent.post('/api/reminders').send({ clientId, scheduledTime: inHours(hours), deliveryMethod, message });
    expect(res.status).toBe(201);
    return res.body as { id: string; scheduledTime: string };
  }

  async function list(filter: Record<string, unknown>) {
    const res = await broker.agent.get('/api/reminders').query({ filter: JSON.stringify(filter), range: '[0,24]' });
    expect(res.status).toBe(200);
    return (res.body as { message: string }[]).map((r) => r.message);
  }

  it('filters by status, method, client, dates and searches message and client name', async () => {
    await schedule(rosa, 24, 'Annual review call with Rosa');
    await schedule(alvin, 48, 'Enrolment deadline is near', 'sms');
    await schedule(alvin, 24 * 20, 'Plan letter follow-up');
    const sent = await schedule(rosa, 30, 'Already went out');
    await t.em().nativeUpdate(Reminder, { id: sent.id }, { status: 'completed', dispatchedAt: realNow() });

    expect(await list({ deliveryMethod: 'sms' })).toEqual(['Enrolment deadline is near']);
    expect(await list({ status: 'completed' })).toEqual(['Already went out']);
    expect(await list({ clientId: alvin })).toEqual(['Enrolment deadline is near', 'Plan letter follow-up']);
    expect(await list({ q: 'brooks' })).toEqual(['Enrolment deadline is near', 'Plan letter follow-up']);
    expect(await list({ q: 'review' })).toEqual(['Annual review call with Rosa']);
    expect(await list({ q: '%' })).toEqual([]);
    const tomorrow = new Date(realNow().getTime() + 12 * HOUR).toISOString();
    const inThreeDays = new Date(realNow().getTime() + 72 * HOUR).toISOString().slice(0, 10);
    expect(await list({ scheduledFrom: tomorrow, scheduledTo: inThreeDays, status: 'pending' })).toEqual([
      'Annual review call with Rosa',
      'Enrolment deadline is near',
    ]);

    for (const [filter, message] of [
      [{ status: 'sent' }, 'filter status must be one of: pending, completed, failed'],
      [{ deliveryMethod: 'fax' }, 'filter deliveryMethod must be one of: voice, sms'],
      [{ scheduledFrom: 'next week' }, 'filter scheduledFrom must be a date (YYYY-MM-DD or an ISO date-time)'],
      [{ scheduledTo: '99999-01-01' }, 'filter scheduledTo must be a date (YYYY-MM-DD or an ISO date-time)'],
    ] as const) {
      const res = await broker.agent.get('/api/reminders').query({ filter: JSON.stringify(filter) });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    }
    // Another broker's client in the client filter is not found.
    expect((await other.agent.get('/api/reminders').query({ filter: JSON.stringify({ clientId: rosa }) })).status).toBe(404);
  });

  it('answers getMany by ids, only the broker’s own', async () => {
    const mine = await schedule(rosa, 26, 'Checking in about your plan');
    const theirs = await other.agent.post('/api/reminders').send({
      clientId: (await makeClient(t.em(), await t.em().findOneOrFail(User, other.id), { phone: '+12125550179' })).id,
      scheduledTime: inHours(5),
      message: 'Theirs',
    });
    const res = await broker.agent.get('/api/reminders').query({ filter: JSON.stringify({ id: [mine.id, theirs.body.id] }) });
    expect(res.status).toBe(200);
    expect((res.body as { id: string }[]).map((r) => r.id)).toEqual([mine.id]);
  });

  it('edits a pending reminder with the same checks as a new one, and moves its sending time with it', async () => {
    const created = await schedule(rosa, 24, 'Call me about the plan change');
    const one = await broker.agent.get(`/api/reminders/${created.id}`);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ clientId: rosa, message: 'Call me about the plan change', status: 'pending' });

    const later = inHours(72);
    const edited = await broker.agent
      .put(`/api/reminders/${created.id}`)
      .send({ clientId: alvin, scheduledTime: later, deliveryMethod: 'sms', message: '  Your annual review is next week  ' });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      clientId: alvin,
      scheduledTime: later,
      deliveryMethod: 'sms',
      message: 'Your annual review is next week',
    });
    const row = await t.em().findOneOrFail(Reminder, created.id);
    expect(row.deliverAfter.getTime()).toBeGreaterThanOrEqual(new Date(later).getTime());

    for (const [body, field, message] of [
      [{ scheduledTime: '2020-01-01T10:00:00Z' }, 'scheduledTime', 'Scheduled time must be in the future'],
      [{ message: '   ' }, 'message', 'Message is required'],
      [{ message: 'Take your Metformin' }, 'message', undefined],
    ] as const) {
      const refused = await broker.agent.put(`/api/reminders/${created.id}`).send(body);
      expect(refused.status).toBe(400);
      expect(Object.keys(refused.body.errors)).toEqual([field]);
      if (message) expect(refused.body.errors[field]).toBe(message);
    }
    // Nothing of a refused edit was kept.
    expect((await broker.agent.get(`/api/reminders/${created.id}`)).body.message).toBe('Your annual review is next week');
  });

  it('cancels a pending reminder; a sent one can be neither edited nor cancelled; another broker gets 404', async () => {
    const created = await schedule(alvin, 24, 'A reminder to cancel');
    expect((await other.agent.get(`/api/reminders/${created.id}`)).status).toBe(404);
    expect((await other.agent.put(`/api/reminders/${created.id}`).send({ message: 'Mine now' })).status).toBe(404);
    expect((await other.agent.delete(`/api/reminders/${created.id}`)).status).toBe(404);
    expect((await broker.agent.get('/api/reminders/not-an-id')).status).toBe(404);

    const cancelled = await broker.agent.delete(`/api/reminders/${created.id}`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ id: created.id, message: 'A reminder to cancel' });
    expect((await broker.agent.get(`/api/reminders/${created.id}`)).status).toBe(404);

    const taken = await schedule(alvin, 24, 'Taken by the dispatcher');
    await t.em().nativeUpdate(Reminder, { id: taken.id }, { dispatchedAt: realNow() });
    const edit = await broker.agent.put(`/api/reminders/${taken.id}`).send({ message: 'Too late' });
    expect(edit.status).toBe(409);
    expect(edit.body.message).toBe('This reminder has already been sent, so it can no longer be changed or cancelled.');
    expect((await broker.agent.delete(`/api/reminders/${taken.id}`)).status).toBe(409);
    expect((await t.em().findOneOrFail(Reminder, taken.id)).message).toBe('Taken by the dispatcher');
  });
});
