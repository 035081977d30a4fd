import { DateTime } from 'luxon';
import request from 'supertest';
import twilio from 'twilio';

import { Campaign } from '../src/campaigns/campaign.entity.js';
import { CampaignEnrollment } from '../src/campaigns/campaign-enrollment.entity.js';
import { CampaignRunner } from '../src/campaigns/campaign-runner.service.js';
import { Client } from '../src/clients/client.entity.js';
import { Delivery } from '../src/delivery/delivery.entity.js';
import { DispatcherService } from '../src/delivery/dispatcher.service.js';
import { OutboxMessage } from '../src/messaging/outbox-message.entity.js';
import { User } from '../src/users/user.entity.js';
import type { Agent } from './helpers/browser-agent.js';
import { realNow, TestClock } from './helpers/clock.js';
import { makeClient } from './helpers/factories.js';
import { brokerSession } from './helpers/session.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { TwilioStandIn } from './helpers/twilio-stand-in.js';

const ACCOUNT_SID = `AC${'3'.repeat(32)}`;
const AUTH_TOKEN = 'sequences-test-auth-token';
const FROM = '+15005550006';
const DAY = 24 * 60 * 60 * 1000;

/** The next `hour`:00 in `zone` after `after`. */
function nextHourIn(zone: string, hour: number, after: Date): Date {
  const local = DateTime.fromJSDate(after, { zone });
  const today = local.set({ hour, minute: 0, second: 0, millisecond: 0 });
  return (today > local ? today : today.plus({ days: 1 })).toJSDate();
}

interface Steps {
  step: number;
  sent: number;
  opened: number;
  clicked: number;
  replied: number;
  skipped: number;
}

describe('lifecycle campaigns (sequences)', () => {
  let t: TestApp;
  let twilioStandIn: TwilioStandIn;
  let broker: { agent: Agent; id: string };
  let other: { agent: Agent; id: string };
  let owner: User;
  let runner: CampaignRunner;
  let dispatcher: DispatcherService;
  // The app's clock: each test starts at the real time; one about the hours of the day sets it.
  const clock = new TestClock(realNow());

  beforeAll(async () => {
    twilioStandIn = new TwilioStandIn();
    t = await createTestApp({
      listen: true,
      clock,
      env: {
        TWILIO_ACCOUNT_SID: ACCOUNT_SID,
        TWILIO_AUTH_TOKEN: AUTH_TOKEN,
        // These tests are about sending; holding for A2P 10DLC has its own (a2p-registration).
        A2P_HOLD_UNREGISTERED_TEXTS: 'false',
        TWILIO_FROM_NUMBER: FROM,
        TWILIO_API_BASE_URL: await twilioStandIn.start(),
        DISPATCH_SMS_PER_SECOND: '0',
      },
    });
    [broker, other] = await Promise.all([
      brokerSession(t, 'sequences@agency.test', { readyForCampaigns: true }),
      brokerSession(t, 'other.sequences@agency.test', { readyForCampaigns: true }),
    ]);
    await t
      .em()
      // Subscribed: the tests' clock runs past the trial's end.
      .nativeUpdate(
        User,
        { id: broker.id },
        { agencyName: 'Harbor Senior Insurance', agencyAddress: '12 Main St, Nashville, TN', subscriptionStatus: 'active' },
      );
    owner = await t.em().findOneOrFail(User, broker.id);
    runner = t.app.get(CampaignRunner);
    dispatcher = t.app.get(DispatcherService);
  });
  beforeEach(() => {
    clock.set(realNow());
  });
  afterAll(async () => {
    await t.close();
    await twilioStandIn.stop();
  });

  function signed(path: string, form: Record<string, string>) {
    return request(t.http)
      .post(path)
      .type('form')
      .set('X-Twilio-Signature', twilio.getExpectedTwilioSignature(AUTH_TOKEN, `${t.appUrl}${path}`, form))
      .send(form);
  }

  async function sequence(fields: Record<string, unknown>): Promise<string> {
    const res = await broker.agent.post('/api/campaigns').send({
      name: 'Sequence',
      type: 'email',
      subject: 'Welcome to Medicare',
      message: 'Turning 65 opens your Medicare enrollment window.',
      ...fields,
    });
    expect(res.status).toBe(201);
    return res.body.id as string;
  }

  /** Sequences of earlier tests stop running, so each test's runner figures are its own. */
  const finishOthers = () => t.em().nativeUpdate(Campaign, { broker: broker.id, status: 'active' }, { status: 'finished' });

  const view = async (id: string) =>
    (await broker.agent.get(`/api/campaigns/${id}`)).body as { steps: Steps[]; enrolledCount: number; status: string };

  it('starts a turning-65 sequence 30 days before the 65th birthday, never for 65 in 90 days or for 70', async () => {
    await t.em().nativeDelete(Client, { broker: broker.id });
    // 10:00 in New York on March 10, 2027.
    const now = new Date('2027-03-10T15:00:00Z');
    const in30Days = await makeClient(t.em(), owner, { email: 'soon@example.com', zip: '10001', dateOfBirth: '1962-04-09' });
    const in90Days = await makeClient(t.em(), owner, { email: 'later@example.com', zip: '10001', dateOfBirth: '1962-06-08' });
    const turning70 = await makeClient(t.em(), owner, { email: 'seventy@example.com', zip: '10001', dateOfBirth: '1957-04-09' });
    void in90Days;
    void turning70;
    const id = await sequence({
      purpose: 'marketing',
      templateKey: 't65_welcome',
      trigger: { kind: 'turning_65', daysBefore: 30 },
      followUps: [{ delayDays: 7, subject: 'Any questions about Medicare?', message: 'We are here to help.', skipIfEngaged: true }],
    });
    const created = (await broker.agent.get(`/api/campaigns/${id}`)).body;
    expect(created).toMatchObject({
      status: 'draft',
      templateKey: 't65_welcome',
      trigger: { kind: 'turning_65', daysBefore: 30 },
      followUps: [{ delayDays: 7, subject: 'Any questions about Medicare?', message: 'We are here to help.', skipIfEngaged: true }],
      enrolledCount: 0,
      steps: [
        { step: 1, sent: 0, opened: 0, clicked: 0, replied: 0, skipped: 0 },
        { step: 2, sent: 0, opened: 0, clicked: 0, replied: 0, skipped: 0 },
      ],
    });

    // A draft with a trigger is started, not sent.
    const send = await broker.agent.post(`/api/campaigns/${id}/send`);
    expect(send.status).toBe(409);
    expect(send.body.message).toContain('start it instead');
    // Nothing runs for a draft.
    await runner.run(now);
    expect(await t.em().count(CampaignEnrollment, { campaign: id })).toBe(0);

    expect((await broker.agent.post(`/api/campaigns/${id}/start`)).body.status).toBe('active');
    // While the subscription is not usable (a trial that has ended), the sequence waits.
    await t.em().nativeUpdate(User, { id: broker.id }, { subscriptionStatus: 'trial', trialEndsAt: new Date(now.getTime() - 60_000) });
    expect(await runner.run(now)).toMatchObject({ enrolled: 0, stepsSent: 0 });
    await t.em().nativeUpdate(User, { id: broker.id }, { subscriptionStatus: 'active' });
    expect(await runner.run(now)).toMatchObject({ enrolled: 1, stepsSent: 1 });
    // A second run (or another instance's) sends nothing twice.
    expect(await runner.run(new Date(now.getTime() + 5 * 60_000))).toMatchObject({ enrolled: 0, stepsSent: 0 });
    const enrollments = await t.em().find(CampaignEnrollment, { campaign: id });
    expect(enrollments.map((e) => [e.client.id, e.occurrence, e.nextStep])).toEqual([[in30Days.id, '2027-04-09', 2]]);

    await dispatcher.runOnce({ now, maxMs: 5000 });
    const [delivery] = await t.em().find(Delivery, { clientId: in30Days.id });
    expect(delivery.status).toBe('completed');
    expect(await t.em().findOneOrFail(OutboxMessage, { deliveryId: delivery.id })).toMatchObject({ subject: 'Welcome to Medicare' });
    expect(await t.em().count(Delivery, { clientId: { $in: [in90Days.id, turning70.id] } })).toBe(0);

    // The step's row is part of the sequence: never listed, never found on its own.
    const child = await t.em().findOneOrFail(Campaign, { parentId: id });
    expect(child).toMatchObject({ step: 1, season: 2027, status: 'sent', purpose: 'marketing' });
    const list = (await broker.agent.get('/api/campaigns').query({ range: '[0,99]' })).body.map((c: { id: string }) => c.id);
    expect(list).toContain(id);
    expect(list).not.toContain(child.id);
    expect((await broker.agent.get(`/api/campaigns/${child.id}`)).status).toBe(404);
    expect((await broker.agent.post(`/api/campaigns/${child.id}/duplicate`)).status).toBe(404);

    // Step 2 goes seven days later.
    expect(await runner.run(new Date(now.getTime() + 6 * DAY))).toMatchObject({ stepsSent: 0 });
    expect(await runner.run(new Date(now.getTime() + 7 * DAY))).toMatchObject({ stepsSent: 1 });
    await dispatcher.runOnce({ now: new Date(now.getTime() + 7 * DAY), maxMs: 5000 });
    const second = await t.em().findOneOrFail(Campaign, { parentId: id, step: 2 });
    const secondDelivery = await t.em().findOneOrFail(Delivery, { campaignId: second.id });
    expect(await t.em().findOneOrFail(OutboxMessage, { deliveryId: secondDelivery.id })).toMatchObject({
      subject: 'Any questions about Medicare?',
    });
    expect(await view(id)).toMatchObject({
      enrolledCount: 1,
      steps: [
        { step: 1, sent: 1, skipped: 0 },
        { step: 2, sent: 1, skipped: 0 },
      ],
    });
    expect((await t.em().findOneOrFail(CampaignEnrollment, { campaign: id })).status).toBe('finished');
  });

  it('skips step 2 for a client who replied to step 1 and sends it to one who did not; a STOP stops it by consent', async () => {
    await finishOthers();
    await t.em().nativeDelete(Client, { broker: broker.id });
    const zone = 'America/Phoenix';
    const replied = await makeClient(t.em(), owner, { timeZone: zone });
    const quiet = await makeClient(t.em(), owner, { timeZone: zone });
    const stopped = await makeClient(t.em(), owner, { timeZone: zone });
    const id = await sequence({
      type: 'sms',
      subject: null,
      message: 'Annual Enrollment is open. Want a free plan review?',
      trigger: { kind: 'joined' },
      followUps: [{ delayDays: 3, subject: null, message: 'Still time for a plan review before December 7.', skipIfEngaged: true }],
    });
    // Midday where the clients live: texts may go.
    const now = nextHourIn(zone, 12, clock.now());
    clock.set(now);
    expect((await broker.agent.post(`/api/campaigns/${id}/start`)).status).toBe(200);
    expect(await runner.run(now)).toMatchObject({ enrolled: 3, stepsSent: 3 });
    await dispatcher.runOnce({ maxMs: 10_000 });
    const first = await t.em().findOneOrFail(Campaign, { parentId: id, step: 1 });
    const firstDeliveries = await t.em().find(Delivery, { campaignId: first.id });
    expect(firstDeliveries.map((d) => d.status)).toEqual(['sent', 'sent', 'sent']);

    // A minute later, any words count as a reply; a STOP does not, but stops the texts.
    clock.advance(60_000);
    const reply = await signed('/api/webhooks/twilio/sms-inbound', { From: replied.phone, To: FROM, Body: 'Sounds good, call me Tuesday' });
    expect(reply.status).toBe(200);
    await signed('/api/webhooks/twilio/sms-inbound', { From: stopped.phone, To: FROM, Body: 'STOP' });
    expect((await view(id)).steps[0]).toMatchObject({ step: 1, sent: 3, replied: 1 });

    // Step 2 is due three days after step 1.
    const later = new Date(now.getTime() + 3 * DAY + 60_000);
    clock.set(later);
    expect(await runner.run(later)).toMatchObject({ stepsSent: 2, skipped: 1 });
    const second = await t.em().findOneOrFail(Campaign, { parentId: id, step: 2 });
    expect(second.message).toBe('Still time for a plan review before December 7.');
    const secondDeliveries = await t.em().find(Delivery, { campaignId: second.id });
    expect(secondDeliveries.map((d) => d.clientId).sort()).toEqual([quiet.id, stopped.id].sort());
    await dispatcher.runOnce({ now: later, maxMs: 10_000 });
    const outcomes = Object.fromEntries(
      (await t.em().find(Delivery, { campaignId: second.id })).map((d) => [d.clientId, d.status === 'skipped' ? d.error : 'went']),
    );
    expect(outcomes[stopped.id]).toBe('The recipient opted out of texts');
    expect(outcomes[quiet.id]).toBe('went');

    expect(await view(id)).toMatchObject({
      enrolledCount: 3,
      steps: [
        { step: 1, sent: 3, replied: 1, skipped: 0 },
        { step: 2, sent: 2, replied: 0, skipped: 1 },
      ],
    });
    const stops = await t.em().find(CampaignEnrollment, { campaign: id, status: 'stopped' });
    expect(stops.map((e) => [e.client.id, e.stopReason, e.nextStep])).toEqual([[replied.id, 'engaged', 2]]);
  });

  it('pauses, resumes and finishes; a paused sequence sends nothing and each wrong move is a 409', async () => {
    await finishOthers();
    await t.em().nativeDelete(Client, { broker: broker.id });
    const now = new Date('2027-05-03T15:00:00Z');
    const first = await makeClient(t.em(), owner, { email: 'first@example.com' });
    const id = await sequence({
      trigger: { kind: 'joined' },
      followUps: [
        { delayDays: 2, subject: null, message: 'A second note.', skipIfEngaged: false },
        { delayDays: 2, subject: null, message: 'A third note.', skipIfEngaged: false },
      ],
    });
    for (const action of ['pause', 'resume', 'finish', 'unschedule']) {
      const res = await broker.agent.post(`/api/campaigns/${id}/${action}`);
      expect(res.status).toBe(409);
      expect(res.body.message).toContain('draft');
    }
    expect((await other.agent.post(`/api/campaigns/${id}/start`)).status).toBe(404);
    expect((await broker.agent.post(`/api/campaigns/${id}/start`)).body.status).toBe('active');
    expect((await broker.agent.post(`/api/campaigns/${id}/start`)).status).toBe(409);
    expect((await broker.agent.put(`/api/campaigns/${id}`).send({ name: 'Renamed' })).status).toBe(409);
    expect((await broker.agent.delete(`/api/campaigns/${id}`)).status).toBe(409);
    expect((await broker.agent.post(`/api/campaigns/${id}/resume`)).status).toBe(409);
    expect(await runner.run(now)).toMatchObject({ enrolled: 1, stepsSent: 1 });

    expect((await other.agent.post(`/api/campaigns/${id}/pause`)).status).toBe(404);
    expect((await broker.agent.post(`/api/campaigns/${id}/pause`)).body.status).toBe('paused');
    expect((await broker.agent.post(`/api/campaigns/${id}/pause`)).status).toBe(409);
    // While paused: nobody enters, and the step due meanwhile waits.
    const joinedLater = await makeClient(t.em(), owner, { email: 'later@example.com' });
    expect(await runner.run(new Date(now.getTime() + 3 * DAY))).toMatchObject({ enrolled: 0, stepsSent: 0 });
    expect((await view(id)).steps[1].sent).toBe(0);

    // Resumed: the step that fell due goes once, and the client who joined meanwhile enters.
    expect((await broker.agent.post(`/api/campaigns/${id}/resume`)).body.status).toBe('active');
    expect(await runner.run(new Date(now.getTime() + 3 * DAY))).toMatchObject({ enrolled: 1, stepsSent: 2 });
    expect((await view(id)).steps.map((s) => s.sent)).toEqual([2, 1, 0]);
    const enrollments = await t.em().find(CampaignEnrollment, { campaign: id }, { orderBy: { createdAt: 'asc' } });
    expect(Object.fromEntries(enrollments.map((e) => [e.client.id, e.nextStep]))).toEqual({ [first.id]: 3, [joinedLater.id]: 2 });

    const finished = await broker.agent.post(`/api/campaigns/${id}/finish`);
    expect(finished.body).toMatchObject({ status: 'finished', enrolledCount: 2 });
    const stopped = await t.em().find(CampaignEnrollment, { campaign: id });
    expect(stopped.map((e) => [e.status, e.stopReason])).toEqual([
      ['stopped', 'finished'],
      ['stopped', 'finished'],
    ]);
    expect(await runner.run(new Date(now.getTime() + 30 * DAY))).toMatchObject({ stepsSent: 0 });
    for (const action of ['pause', 'resume', 'finish', 'start'])
      expect((await broker.agent.post(`/api/campaigns/${id}/${action}`)).status).toBe(409);
    const finishedList = (await broker.agent.get('/api/campaigns').query({ filter: JSON.stringify({ status: 'finished' }) })).body as {
      id: string;
      status: string;
    }[];
    expect(finishedList.map((c) => c.id)).toContain(id);
    expect(finishedList.every((c) => c.status === 'finished')).toBe(true);

    const oneOff = await sequence({ trigger: null });
    const refused = await broker.agent.post(`/api/campaigns/${oneOff}/start`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('no trigger');
  });

  it('starts a birthday sequence on the day where the client lives, its e-mail held until 08:00 there', async () => {
    await finishOthers();
    await t.em().nativeDelete(Client, { broker: broker.id });
    const client = await makeClient(t.em(), owner, { email: 'birthday@example.com', zip: '10001', dateOfBirth: '1950-06-01' });
    const id = await sequence({ name: 'Birthday', purpose: 'informational', trigger: { kind: 'birthday', daysBefore: 0 } });
    expect((await broker.agent.post(`/api/campaigns/${id}/start`)).status).toBe(200);
    // 23:55 on May 31 in New York: not yet the day.
    expect(await runner.run(new Date('2027-06-01T03:55:00Z'))).toMatchObject({ enrolled: 0 });
    // 00:05 on June 1 in New York: it starts, and the e-mail waits for 08:00 (EDT, UTC−4).
    expect(await runner.run(new Date('2027-06-01T04:05:00Z'))).toMatchObject({ enrolled: 1, stepsSent: 1 });
    const delivery = await t.em().findOneOrFail(Delivery, { clientId: client.id });
    expect(delivery.notBefore.toISOString()).toBe('2027-06-01T12:00:00.000Z');
    expect((await t.em().findOneOrFail(CampaignEnrollment, { campaign: id })).occurrence).toBe('2027-06-01');
  });

  it('refuses bad triggers and follow-ups with a message naming the field', async () => {
    const followUp = { delayDays: 3, subject: null, message: 'Later', skipIfEngaged: true };
    for (const [fields, field, words] of [
      [{ trigger: { kind: 'anniversary_of_signup' } }, 'trigger', 'trigger kind must be one of'],
      [{ trigger: { kind: 'birthday', daysBefore: 400 } }, 'trigger', 'daysBefore'],
      [{ trigger: { kind: 'birthday' } }, 'trigger', 'daysBefore'],
      [{ trigger: { kind: 'medicare_date', date: 'halloween' } }, 'trigger', 'trigger date'],
      [{ trigger: { kind: 'joined' }, followUps: [1, 2, 3, 4, 5].map(() => followUp) }, 'followUps', 'at most 4'],
      [{ trigger: { kind: 'joined' }, followUps: [{ ...followUp, delayDays: 0 }] }, 'followUps', 'delayDays'],
      [{ trigger: { kind: 'joined' }, followUps: [{ ...followUp, message: ' ' }] }, 'followUps', 'message is required'],
      [{ followUps: [followUp] }, 'followUps', 'need a trigger'],
    ] as const) {
      const res = await broker.agent.post('/api/campaigns').send({ name: 'Bad', type: 'email', subject: 'S', message: 'M', ...fields });
      expect(res.status).toBe(400);
      expect(res.body.field).toBe(field);
      expect(res.body.message).toContain(words);
    }
    for (const body of [
      { name: 'Bad', type: 'sms', message: 'M', trigger: 'joined' },
      { name: 'Bad', type: 'sms', message: 'M', followUps: 'later' },
      { name: 'Bad', type: 'sms', message: 'M', templateKey: 'black_friday' },
    ]) {
      expect((await broker.agent.post('/api/campaigns').send(body)).status).toBe(400);
    }
    // A draft's trigger and steps change with an edit.
    const id = await sequence({ trigger: { kind: 'joined' } });
    const edited = await broker.agent
      .put(`/api/campaigns/${id}`)
      .send({ trigger: { kind: 'medicare_date', date: 'aep_start' }, followUps: [followUp], purpose: 'informational' });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      trigger: { kind: 'medicare_date', date: 'aep_start' },
      purpose: 'informational',
      followUps: [followUp],
    });
    const oneOff = await broker.agent.put(`/api/campaigns/${id}`).send({ trigger: null });
    expect(oneOff.body).toMatchObject({ trigger: null, followUps: [], steps: [] });
  });
});
