import { randomBytes, randomUUID } from 'node:crypto';

import request from 'supertest';

import { ClientAccount } from '../src/auth/client-account.entity.js';
import { ClientReminder } from '../src/client-portal/client-reminder.entity.js';
import { Client } from '../src/clients/client.entity.js';
import { ClientInvitation } from '../src/clients/client-invitation.entity.js';
import { Delivery } from '../src/delivery/delivery.entity.js';
import { DispatcherService } from '../src/delivery/dispatcher.service.js';
import { OutboxMessage } from '../src/messaging/outbox-message.entity.js';
import { Reminder } from '../src/reminders/reminder.entity.js';
import { User } from '../src/users/user.entity.js';
import { type Agent, browser } from './helpers/browser-agent.js';
import { realNow } from './helpers/clock.js';
import { makeClient, makeInvitation } from './helpers/factories.js';
import { brokerSession } from './helpers/session.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

const MINUTE = 60_000;
const CALL = 'Reminder call made';
const TEXT = 'Reminder text sent';
const CALL_CONFIRMED = 'Reminder call confirmed';
const OWN_SENT = 'Medication reminder sent';
const CAMPAIGN = 'Campaign sent';
const ENGAGED = 'Client engagement recorded';
const INVITED = 'Invitation sent';
const REGISTERED = 'Client registered';
const SECRETS = {
  brokerMessage: 'Plan-review-note-5521',
  clientMessage: 'Evening-pill-note-8830',
  medication: 'Quixolamab-3307',
};

describe('GET /api/activity', () => {
  let t: TestApp;
  let broker: { agent: Agent; id: string };
  let other: { agent: Agent; id: string };
  let portal: Agent;
  /** Broker A's events, newest first: [id, title, client name, minutes ago, detail]. */
  let expected: [string, string, string | null, number, string?][];
  let clientReminderDelivery: string;

  const ago = (minutes: number) => new Date(realNow().getTime() - minutes * MINUTE);

  async function delivery(fields: {
    brokerId: string;
    clientId: string;
    status: Delivery['status'];
    minutesAgo: number;
    channel?: Delivery['channel'];
    kind?: 'reminder' | 'client-reminder' | 'campaign';
    campaignId?: string;
    confirmedMinutesAgo?: number;
  }): Promise<string> {
    const id = randomUUID();
    const kind = fields.kind ?? 'reminder';
    await t.em().execute(
      `insert into deliveries (id, broker_id, client_id, reminder_id, client_reminder_id, campaign_id, occurrence_at, channel, recipient, status, confirmed_at, created_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, '+16155550000', ?, ?, ?)`,
      [
        id,
        fields.brokerId,
        fields.clientId,
        kind === 'reminder' ? randomUUID() : null,
        kind === 'client-reminder' ? randomUUID() : null,
        kind === 'campaign' ? (fields.campaignId ?? randomUUID()) : null,
        ago(fields.minutesAgo),
        fields.channel ?? 'voice',
        fields.status,
        fields.confirmedMinutesAgo === undefined ? null : ago(fields.confirmedMinutesAgo),
        ago(fields.minutesAgo),
      ],
    );
    return id;
  }

  /** A campaign sent that many minutes ago to that many clients, or a draft (null). */
  async function campaign(brokerId: string, name: string, sent: { minutesAgo: number; recipients: number } | null): Promise<string> {
    const id = randomUUID();
    await t
      .em()
      .execute(
        `insert into campaigns (id, broker_id, name, type, subject, message, status, recipient_count, sent_at) values (?, ?, ?, 'email', 'News', ?, ?, ?, ?)`,
        [
          id,
          brokerId,
          name,
          `Hello ${SECRETS.brokerMessage}`,
          sent ? 'sent' : 'draft',
          sent?.recipients ?? 0,
          sent ? ago(sent.minutesAgo) : null,
        ],
      );
    return id;
  }

  async function recipient(
    campaignId: string,
    clientId: string,
    opened: number | null,
    clicked: number | null,
    machineOpens = 0,
  ): Promise<string> {
    const id = randomUUID();
    // One clock reading for both: an open and a click "50 minutes ago" are the same instant.
    const now = realNow().getTime();
    const at = (minutes: number | null) => (minutes === null ? null : new Date(now - minutes * MINUTE));
    await t
      .em()
      .execute(
        `insert into campaign_recipients (id, campaign_id, client_id, token, opened_at, clicked_at, machine_opens) values (?, ?, ?, ?, ?, ?, ?)`,
        [id, campaignId, clientId, randomBytes(32).toString('hex'), at(opened), at(clicked), machineOpens],
      );
    return id;
  }

  beforeAll(async () => {
    t = await createTestApp({ listen: true });
    broker = await brokerSession(t, 'activity@agency.test');
    other = await brokerSession(t, 'other.activity@agency.test');
    const em = t.em();
    const owner = await em.findOneOrFail(User, broker.id);
    const rosa = await makeClient(em, owner, { firstName: 'Rosa', lastName: 'Alvarez' });
    const walter = await makeClient(em, owner, { firstName: 'Walter', lastName: 'Brooks' });
    const gone = await makeClient(em, owner, { firstName: 'Gone', lastName: 'Away' });
    const stranger = await makeClient(em, await em.findOneOrFail(User, other.id), { firstName: 'Other', lastName: 'Brokers-Client' });

    // A broker reminder sent for real (development outbox), then confirmed with 1 on the call.
    const created = await broker.agent
      .post('/api/reminders')
      .send({ clientId: rosa.id, scheduledTime: new Date(realNow().getTime() + 2000).toISOString(), message: SECRETS.brokerMessage });
    expect(created.status).toBe(201);
    await t.em().nativeUpdate(Reminder, { id: created.body.id }, { deliverAfter: new Date(realNow().getTime() - 1000) });
    await t.app.get(DispatcherService).runOnce({ brokerId: broker.id });
    const brokerReminder = await t.em().findOneOrFail(Delivery, { reminderId: created.body.id });
    expect(brokerReminder.status).toBe('completed');
    await t.em().execute(`update deliveries set created_at = ?, confirmed_at = ? where id = ?`, [ago(10), ago(9), brokerReminder.id]);

    // Walter's own reminder, naming his medication, sent for real through his portal.
    portal = browser(t);
    const token = await makeInvitation(em, walter);
    expect(
      (await portal.post('/api/client/register').send({ token, username: 'walter.brooks', password: 'violet-tractor-91' })).status,
    ).toBe(201);
    await t.em().execute(`update client_invitations set created_at = ? where client_id = ?`, [ago(110), walter.id]);
    await t.em().execute(`update client_accounts set created_at = ? where client_id = ?`, [ago(100), walter.id]);
    const medication = await portal.post('/api/client/medications').send({ name: SECRETS.medication });
    expect(medication.status).toBe(201);
    const own = await portal.post('/api/client/reminders').send({
      medicationId: medication.body.id,
      sayMedicationName: true,
      scheduledTime: new Date(realNow().getTime() + MINUTE).toISOString(),
      message: SECRETS.clientMessage,
      timeZone: 'America/New_York',
    });
    expect(own.status).toBe(201);
    const next = (await t.em().findOneOrFail(ClientReminder, own.body.id)).nextOccurrenceAt!;
    await t.app.get(DispatcherService).runOnce({ now: new Date(next.getTime() + 1000) });
    const clientReminder = await t.em().findOneOrFail(Delivery, { clientReminderId: own.body.id });
    clientReminderDelivery = clientReminder.id;
    // Sent, and waiting for Walter's confirmation.
    expect(clientReminder.status).toBe('sent');
    // The message really went out with the medication's name: the feed must still not carry it.
    expect((await t.em().findOneOrFail(OutboxMessage, { deliveryId: clientReminder.id })).body).toContain(SECRETS.medication);
    await t.em().execute(`update deliveries set created_at = ? where id = ?`, [ago(30), clientReminder.id]);

    const textSent = await delivery({ brokerId: broker.id, clientId: rosa.id, status: 'sent', channel: 'sms', minutesAgo: 20 });
    const goneSent = await delivery({ brokerId: broker.id, clientId: gone.id, status: 'completed', minutesAgo: 60 });
    // A client's own reminder, confirmed: their private schedule, never in the broker's feed.
    await delivery({
      brokerId: broker.id,
      clientId: walter.id,
      status: 'completed',
      kind: 'client-reminder',
      minutesAgo: 7,
      confirmedMinutesAgo: 6,
    });
    await t.em().nativeDelete(Client, { id: gone.id });
    // Not sent (or not a reminder): never in the feed, however recent.
    for (const [status, minutesAgo] of [
      ['failed', 5],
      ['queued', 4],
      ['sending', 3],
      ['skipped', 2],
    ] as const) {
      await delivery({ brokerId: broker.id, clientId: rosa.id, status, minutesAgo });
    }
    const news = await campaign(broker.id, 'Fall news', { minutesAgo: 45, recipients: 2 });
    await campaign(broker.id, 'Draft news', null); // Never sent: not an event.
    await delivery({
      brokerId: broker.id,
      clientId: walter.id,
      status: 'completed',
      channel: 'email',
      kind: 'campaign',
      campaignId: news,
      minutesAgo: 1,
    });
    await delivery({ brokerId: broker.id, clientId: rosa.id, status: 'completed', channel: 'sms', kind: 'campaign', minutesAgo: 1.5 });
    const walterOpened = await recipient(news, walter.id, 40, null);
    // A click without an open seen by the pixel records both at once: one event.
    const rosaClicked = await recipient(news, rosa.id, 50, 50);
    const follow = await campaign(broker.id, 'Follow-up', { minutesAgo: 75, recipients: 1 });
    const rosaOpenedThenClicked = await recipient(follow, rosa.id, 70, 65);
    await recipient(follow, walter.id, null, null, 3); // Only a mail scanner opened it.

    // The other broker's activity is the newest of all, and must never show.
    const theirs = await campaign(other.id, 'Their news', { minutesAgo: 0.7, recipients: 1 });
    await delivery({ brokerId: other.id, clientId: stranger.id, status: 'completed', minutesAgo: 0.5, confirmedMinutesAgo: 0.4 });
    await delivery({
      brokerId: other.id,
      clientId: stranger.id,
      status: 'completed',
      kind: 'client-reminder',
      channel: 'sms',
      minutesAgo: 0.6,
    });
    await recipient(theirs, stranger.id, 0.3, 0.2);

    expected = [
      [`confirmation:${brokerReminder.id}`, CALL_CONFIRMED, 'Rosa Alvarez', 9],
      [`reminder:${brokerReminder.id}`, CALL, 'Rosa Alvarez', 10],
      [`reminder:${textSent}`, TEXT, 'Rosa Alvarez', 20],
      [`open:${walterOpened}`, ENGAGED, 'Walter Brooks', 40, 'Opened “Fall news”'],
      [`campaign:${news}`, CAMPAIGN, null, 45, '“Fall news” to 2 clients'],
      [`click:${rosaClicked}`, ENGAGED, 'Rosa Alvarez', 50, 'Clicked a link in “Fall news”'],
      [`reminder:${goneSent}`, CALL, null, 60],
      [`click:${rosaOpenedThenClicked}`, ENGAGED, 'Rosa Alvarez', 65, 'Clicked a link in “Follow-up”'],
      [`open:${rosaOpenedThenClicked}`, ENGAGED, 'Rosa Alvarez', 70, 'Opened “Follow-up”'],
      [`campaign:${follow}`, CAMPAIGN, null, 75, '“Follow-up” to 1 client'],
      [`registration:${(await t.em().findOneOrFail(ClientAccount, { client: walter.id })).id}`, REGISTERED, 'Walter Brooks', 100],
      [`invitation:${(await t.em().findOneOrFail(ClientInvitation, { client: walter.id })).id}`, INVITED, 'Walter Brooks', 110],
    ];
  });
  afterAll(() => t.close());

  function shape(body: { id: string; title: string; clientName: string | null; detail?: string }[]) {
    return body.map((item) => [item.id, item.title, item.clientName, item.detail]);
  }
  const expectedShape = (events: typeof expected) => events.map(([id, title, name, , detail]) => [id, title, name, detail]);

  it('answers the broker’s latest 5 events by default, newest first', async () => {
    const res = await broker.agent.get('/api/activity');
    expect(res.status).toBe(200);
    expect(shape(res.body)).toEqual(expectedShape(expected.slice(0, 5)));
    expect(res.body[0]).toEqual({
      id: expected[0][0],
      kind: 'reminder_confirmed',
      title: CALL_CONFIRMED,
      clientName: 'Rosa Alvarez',
      occurredAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    expect(res.body[1]).toMatchObject({ kind: 'reminder_call', title: CALL });
    const times = res.body.map((item: { occurredAt: string }) => Date.parse(item.occurredAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(Math.abs(times[0] - ago(9).getTime())).toBeLessThan(MINUTE);
  });

  it('names each event by what it was: a broker’s text is a text, not a medication reminder; campaigns are listed', async () => {
    const all = await broker.agent.get('/api/activity?limit=20');
    const byId = (id: string) => all.body.find((item: { id: string }) => item.id === id);
    expect(byId(expected[2][0])).toMatchObject({ kind: 'reminder_text', title: TEXT, clientName: 'Rosa Alvarez' });
    expect(byId(expected[1][0])).toMatchObject({ kind: 'reminder_call', title: CALL });
    expect(byId(expected[0][0])).toMatchObject({ kind: 'reminder_confirmed', title: CALL_CONFIRMED });
    expect(byId(expected[4][0])).toEqual({
      id: expected[4][0],
      kind: 'campaign_sent',
      title: CAMPAIGN,
      clientName: null,
      occurredAt: expect.any(String),
      detail: '“Fall news” to 2 clients',
    });
    expect(byId(expected[3][0])).toMatchObject({ kind: 'campaign_opened', title: ENGAGED });
    expect(byId(expected[5][0])).toMatchObject({ kind: 'campaign_clicked', title: ENGAGED });
    expect(byId(expected[10][0])).toMatchObject({ kind: 'client_registered', title: REGISTERED });
    expect(byId(expected[11][0])).toMatchObject({ kind: 'invitation_sent', title: INVITED });
    // A broker's generic check-in is never called a medication reminder.
    expect(all.body.filter((item: { title: string }) => item.title === OWN_SENT)).toEqual([]);
  });

  it('honours limit, and holds exactly these events, nothing else', async () => {
    const two = await broker.agent.get('/api/activity?limit=2');
    expect(shape(two.body)).toEqual(expectedShape(expected.slice(0, 2)));
    const all = await broker.agent.get('/api/activity').query({ limit: 20 });
    expect(all.status).toBe(200);
    expect(shape(all.body)).toEqual(expectedShape(expected));
    all.body.forEach((item: { occurredAt: string }, i: number) =>
      expect(Math.abs(Date.parse(item.occurredAt) - ago(expected[i][3]).getTime())).toBeLessThan(MINUTE),
    );
  });

  it('never shows another broker’s events, and each broker sees their own', async () => {
    const mine = await broker.agent.get('/api/activity?limit=20');
    expect(mine.text).not.toContain('Brokers-Client');
    const theirs = await other.agent.get('/api/activity?limit=20');
    expect(theirs.status).toBe(200);
    expect(theirs.body.map((item: { title: string; clientName: string }) => [item.title, item.clientName])).toEqual([
      [ENGAGED, 'Other Brokers-Client'], // click
      [ENGAGED, 'Other Brokers-Client'], // open, before the click
      [CALL_CONFIRMED, 'Other Brokers-Client'],
      [CALL, 'Other Brokers-Client'],
      [CAMPAIGN, null],
    ]);
    const ids = new Set(mine.body.map((item: { id: string }) => item.id));
    expect(theirs.body.filter((item: { id: string }) => ids.has(item.id))).toEqual([]);
  });

  it('never carries a message, a medication or any other health data', async () => {
    const res = await broker.agent.get('/api/activity?limit=20');
    for (const secret of [...Object.values(SECRETS), 'phi1:', 'walter.brooks']) expect(res.text).not.toContain(secret);
    for (const item of res.body) {
      // Only the broker's own campaigns carry a detail (their name).
      const keys = ['clientName', 'id', 'kind', 'occurredAt', 'title', ...(item.kind.startsWith('campaign_') ? ['detail'] : [])];
      expect(Object.keys(item).sort()).toEqual(keys.sort());
    }
    // A client's own reminders (sent, confirmed) are their private schedule: never listed.
    expect(res.text).not.toContain(clientReminderDelivery);
    expect(
      res.body
        .filter((item: { clientName: string | null }) => item.clientName === 'Walter Brooks')
        .map((item: { kind: string }) => item.kind),
    ).toEqual(['campaign_opened', 'client_registered', 'invitation_sent']);
  });

  it.each(['0', 'abc', '21', '2.5', '-1', '', '05'])('refuses limit=%j with 400', async (limit) => {
    const res = await broker.agent.get('/api/activity').query({ limit });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('limit must be a whole number from 1 to 20');
  });

  it('answers 401 signed out and to a client session; an admin gets their own (empty) feed', async () => {
    const anonymous = await request(t.appUrl).get('/api/activity');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ statusCode: 401, message: 'Unauthorized' });
    expect((await portal.get('/api/activity')).status).toBe(401);
    const admin = await brokerSession(t, 'activity.admin@agency.test');
    await t.em().nativeUpdate(User, { id: admin.id }, { isAdmin: true });
    const res = await admin.agent.get('/api/activity');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });

  it('stays readable without a usable subscription (it is a read)', async () => {
    await t.em().nativeUpdate(User, { id: other.id }, { subscriptionStatus: 'canceled', trialEndsAt: ago(60 * 24) });
    const res = await other.agent.get('/api/activity');
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(5);
  });

  it('answers an empty list for a broker with no activity', async () => {
    const fresh = await brokerSession(t, 'quiet.activity@agency.test');
    expect((await fresh.agent.get('/api/activity')).body).toEqual([]);
  });
});
