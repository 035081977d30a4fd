import { DateTime } from 'luxon';

import { CampaignRunner } from '../src/campaigns/campaign-runner.service.js';
import { Client } from '../src/clients/client.entity.js';
import { Delivery } from '../src/delivery/delivery.entity.js';
import { DispatcherService } from '../src/delivery/dispatcher.service.js';
import { OutboxMessage } from '../src/messaging/outbox-message.entity.js';
import { User } from '../src/users/user.entity.js';
import type { Agent } from './helpers/browser-agent.js';
import { TestClock } from './helpers/clock.js';
import { makeClient } from './helpers/factories.js';
import { brokerSession } from './helpers/session.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/** The moment `date` `time` is on the wall clock in `zone`. */
const at = (date: string, time: string, zone: string) => DateTime.fromISO(`${date}T${time}`, { zone }).toJSDate();
const minutes = (date: Date, n: number) => new Date(date.getTime() + n * 60_000);

describe('scheduled campaigns', () => {
  let t: TestApp;
  let broker: { agent: Agent; id: string };
  let other: { agent: Agent; id: string };
  let owner: User;
  let runner: CampaignRunner;
  let dispatcher: DispatcherService;
  // Each test starts on a Monday, 11:00 in New York; the campaigns go ten days later.
  const START = '2026-05-04T15:00:00Z';
  const clock = new TestClock(START);
  const today = DateTime.fromISO(START, { zone: 'America/New_York' });
  const date = today.plus({ days: 10 }).toISODate()!;

  beforeAll(async () => {
    t = await createTestApp({ listen: true, clock });
    broker = await brokerSession(t, 'schedule@agency.test', { readyForCampaigns: true });
    other = await brokerSession(t, 'other.schedule@agency.test', { readyForCampaigns: true });
    await t
      .em()
      .nativeUpdate(User, { id: broker.id }, { agencyName: 'Harbor Senior Insurance', agencyAddress: '12 Main St, Nashville, TN' });
    owner = await t.em().findOneOrFail(User, broker.id);
    runner = t.app.get(CampaignRunner);
    dispatcher = t.app.get(DispatcherService);
  });
  beforeEach(() => clock.set(START));
  afterAll(() => t.close());

  async function draft(fields: Record<string, unknown> = {}): Promise<string> {
    const res = await broker.agent
      .post('/api/campaigns')
      .send({ name: 'Scheduled', type: 'email', subject: 'Plan news', message: 'Open enrollment is coming.', ...fields });
    expect(res.status).toBe(201);
    return res.body.id as string;
  }

  it('sends at the time in each recipient’s own zone, and not before', async () => {
    await t.em().nativeDelete(Client, { broker: broker.id });
    const newYork = await makeClient(t.em(), owner, { email: 'ny@example.com', zip: '10001' });
    const losAngeles = await makeClient(t.em(), owner, { email: 'la@example.com', zip: '90001' });
    const id = await draft();

    const scheduled = await broker.agent.post(`/api/campaigns/${id}/schedule`).send({ date, time: '09:00' });
    expect(scheduled.status).toBe(200);
    expect(scheduled.body).toMatchObject({ status: 'scheduled', schedule: { date, time: '09:00' }, recipientCount: 0 });

    // A minute before 09:00 in New York (the earliest of the two zones): nothing goes.
    const nineInNewYork = at(date, '09:00', 'America/New_York');
    const nineInLosAngeles = at(date, '09:00', 'America/Los_Angeles');
    clock.set(minutes(nineInNewYork, -1));
    expect(await runner.run()).toMatchObject({ scheduledSent: 0 });
    expect((await broker.agent.get(`/api/campaigns/${id}`)).body.status).toBe('scheduled');
    expect(await t.em().count(Delivery, { campaignId: id })).toBe(0);

    // At 09:00 in New York the recipients are fixed; each delivery waits for 09:00 where the client lives.
    clock.set(nineInNewYork);
    expect(await runner.run()).toMatchObject({ scheduledSent: 1 });
    expect((await broker.agent.get(`/api/campaigns/${id}`)).body).toMatchObject({ status: 'sent', recipientCount: 2 });
    const deliveries = await t.em().find(Delivery, { campaignId: id });
    expect(Object.fromEntries(deliveries.map((d) => [d.clientId, d.notBefore.toISOString()]))).toEqual({
      [newYork.id]: nineInNewYork.toISOString(),
      [losAngeles.id]: nineInLosAngeles.toISOString(),
    });
    // A second run (another instance) sends nothing more.
    clock.set(minutes(nineInNewYork, 5));
    expect(await runner.run()).toMatchObject({ scheduledSent: 0 });
    expect(await t.em().count(Delivery, { campaignId: id })).toBe(2);

    await dispatcher.runOnce();
    const afterNewYork = await t.em().find(Delivery, { campaignId: id });
    expect(afterNewYork.find((d) => d.clientId === newYork.id)?.status).toBe('completed');
    expect(afterNewYork.find((d) => d.clientId === losAngeles.id)?.status).toBe('queued');

    clock.set(minutes(nineInLosAngeles, 1));
    await dispatcher.runOnce();
    const delivered = await t.em().find(Delivery, { campaignId: id }, { orderBy: { clientId: 'asc' } });
    expect(delivered.every((d) => d.status === 'completed')).toBe(true);
    const mail = await t.em().findOneOrFail(OutboxMessage, { deliveryId: delivered[0].id });
    expect(mail).toMatchObject({ subject: 'Plan news', purpose: 'campaign' });
  });

  it('holds a scheduled text until the wall time in each client’s zone', async () => {
    await t.em().nativeDelete(Client, { broker: broker.id });
    const newYork = await makeClient(t.em(), owner, { zip: '10001' });
    const losAngeles = await makeClient(t.em(), owner, { zip: '90001' });
    const id = await draft({ type: 'sms', subject: null, message: 'Annual Enrollment opens soon.' });
    expect((await broker.agent.post(`/api/campaigns/${id}/schedule`).send({ date, time: '10:30' })).status).toBe(200);
    clock.set(at(date, '10:30', 'America/New_York'));
    await runner.run();
    const deliveries = await t.em().find(Delivery, { campaignId: id });
    expect(Object.fromEntries(deliveries.map((d) => [d.clientId, d.notBefore.toISOString()]))).toEqual({
      [newYork.id]: at(date, '10:30', 'America/New_York').toISOString(),
      [losAngeles.id]: at(date, '10:30', 'America/Los_Angeles').toISOString(),
    });
    // Before its time, the dispatcher leaves the Los Angeles text alone (the New York one, due, goes).
    clock.set(minutes(at(date, '10:30', 'America/Los_Angeles'), -1));
    await dispatcher.runOnce({ campaignsOnly: true });
    expect((await t.em().findOneOrFail(Delivery, { campaignId: id, clientId: losAngeles.id })).status).toBe('queued');
  });

  it('refuses bad dates and times with a message naming the field', async () => {
    const id = await draft();
    const past = today.minus({ days: 1 }).toISODate();
    const tooFar = today.plus({ days: 400 }).toISODate();
    for (const [body, field, words] of [
      [{ date, time: '22:00' }, 'time', '08:00 and 20:59'],
      [{ date, time: '07:59' }, 'time', '08:00 and 20:59'],
      [{ date: past, time: '10:00' }, 'date', 'already passed'],
      [{ date: tooFar, time: '10:00' }, 'date', 'at most 365 days'],
      [{ date: '2027-02-30', time: '10:00' }, 'date', 'real date'],
    ] as const) {
      const res = await broker.agent.post(`/api/campaigns/${id}/schedule`).send(body);
      expect(res.status).toBe(400);
      expect(res.body.field).toBe(field);
      expect(res.body.message).toContain(words);
    }
    for (const body of [{ date: '10/15/2027', time: '10:00' }, { date, time: '9am' }, {}]) {
      const res = await broker.agent.post(`/api/campaigns/${id}/schedule`).send(body);
      expect(res.status).toBe(400);
    }
    expect((await broker.agent.get(`/api/campaigns/${id}`)).body).toMatchObject({ status: 'draft', schedule: null });
  });

  it('unschedules back to a draft; answers 409 from the wrong state and 404 for another broker', async () => {
    const id = await draft();
    expect((await broker.agent.post(`/api/campaigns/${id}/unschedule`)).status).toBe(409);
    expect((await broker.agent.post(`/api/campaigns/${id}/schedule`).send({ date, time: '12:00' })).status).toBe(200);
    expect((await other.agent.post(`/api/campaigns/${id}/unschedule`)).status).toBe(404);
    const again = await broker.agent.post(`/api/campaigns/${id}/schedule`).send({ date, time: '12:00' });
    expect(again.status).toBe(409);
    expect(again.body.message).toContain('only a draft can be scheduled');
    const edit = await broker.agent.put(`/api/campaigns/${id}`).send({ name: 'Renamed' });
    expect(edit.status).toBe(409);
    expect(edit.body.message).toContain('unschedule it');
    const send = await broker.agent.post(`/api/campaigns/${id}/send`);
    expect(send.status).toBe(409);
    expect(
      (await broker.agent.get('/api/campaigns').query({ filter: JSON.stringify({ status: 'scheduled' }) })).body.map(
        (c: { id: string }) => c.id,
      ),
    ).toContain(id);

    const back = await broker.agent.post(`/api/campaigns/${id}/unschedule`);
    expect(back.status).toBe(200);
    expect(back.body).toMatchObject({ status: 'draft', schedule: null });

    const sequence = await draft({ trigger: { kind: 'joined' } });
    const refused = await broker.agent.post(`/api/campaigns/${sequence}/schedule`).send({ date, time: '12:00' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('start it instead');
  });

  it('lists the ten templates (five in English and Spanish) before any campaign id route', async () => {
    const res = await broker.agent.get('/api/campaigns/templates');
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(10);
    expect(res.body.map((tpl: { key: string; language: string }) => `${tpl.key}/${tpl.language}`).sort()).toEqual(
      ['aep_check_in', 'anoc_review', 'birthday', 'oep_reminder', 't65_welcome'].flatMap((key) => [`${key}/en`, `${key}/es`]).sort(),
    );
    const welcome = res.body.find((tpl: { key: string; language: string }) => tpl.key === 't65_welcome' && tpl.language === 'es');
    expect(welcome).toMatchObject({ purpose: 'marketing', trigger: { kind: 'turning_65', daysBefore: 30 } });
    expect(welcome.email.subject).toBe('Prepárese para Medicare');
    expect(welcome.sms.message.length).toBeLessThanOrEqual(300);
    const anoc = res.body.find((tpl: { key: string; language: string }) => tpl.key === 'anoc_review' && tpl.language === 'en');
    expect(anoc).toMatchObject({ purpose: 'informational', trigger: { kind: 'medicare_date', date: 'anoc_review' } });
  });

  it('sends an informational campaign with reminders permission; marketing needs marketing permission', async () => {
    await t.em().nativeDelete(Client, { broker: broker.id });
    const remindersOnly = await makeClient(t.em(), owner, { email: 'reminders@example.com' }, { reminders: true, marketing: false });
    const both = await makeClient(t.em(), owner, { email: 'both@example.com' });
    const none = await makeClient(t.em(), owner, { email: 'none@example.com' }, { reminders: false, marketing: false });

    const outcomes = async (purpose: 'marketing' | 'informational') => {
      const id = await draft({ name: purpose, purpose });
      expect((await broker.agent.get(`/api/campaigns/${id}`)).body.purpose).toBe(purpose);
      expect((await broker.agent.get(`/api/campaigns/${id}/audience`)).body).toEqual({
        count: 3,
        consented: purpose === 'informational' ? 2 : 1,
      });
      expect((await broker.agent.post(`/api/campaigns/${id}/send`)).body).toEqual({ count: 3 });
      // The send starts a dispatcher run in the background: once it has ended, every message has its outcome.
      await dispatcher.idle();
      const rows = await t.em().find(Delivery, { campaignId: id });
      expect(rows.map((d) => d.status).filter((status) => status !== 'completed' && status !== 'skipped')).toEqual([]);
      return Object.fromEntries(rows.map((d) => [d.clientId, d.status === 'skipped' ? d.error : d.status]));
    };
    expect(await outcomes('informational')).toEqual({
      [remindersOnly.id]: 'completed',
      [both.id]: 'completed',
      [none.id]: 'No permission for informational e-mails',
    });
    expect(await outcomes('marketing')).toEqual({
      [remindersOnly.id]: 'No permission for marketing e-mails',
      [both.id]: 'completed',
      [none.id]: 'No permission for marketing e-mails',
    });
    const bad = await broker.agent.post('/api/campaigns').send({ name: 'X', type: 'sms', message: 'Hi', purpose: 'promotional' });
    expect(bad.status).toBe(400);
  });
});
