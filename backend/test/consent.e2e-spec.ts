import { createHmac } from 'node:crypto';

import { DateTime } from 'luxon';
import request from 'supertest';
import twilio from 'twilio';

import { Client } from '../src/clients/client.entity.js';
import { ATTESTATIONS, ATTESTATIONS_ES } from '../src/consent/attestations.js';
import { Consent } from '../src/consent/consent.entity.js';
import { ConsentLedger } from '../src/consent/consent-ledger.service.js';
import { Delivery } from '../src/delivery/delivery.entity.js';
import { DispatcherService } from '../src/delivery/dispatcher.service.js';
import { OptOut } from '../src/messaging/opt-out.entity.js';
import { Reminder } from '../src/reminders/reminder.entity.js';
import { User } from '../src/users/user.entity.js';
import type { Agent } from './helpers/browser-agent.js';
import { browser } from './helpers/browser-agent.js';
import { realNow, TestClock } from './helpers/clock.js';
import { grantConsent, makeClient, makeInvitation, makeUser } from './helpers/factories.js';
import { brokerSession } from './helpers/session.js';
import { SmtpStandIn } from './helpers/smtp-stand-in.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { TwilioStandIn } from './helpers/twilio-stand-in.js';

const ACCOUNT_SID = `AC${'2'.repeat(32)}`;
const AUTH_TOKEN = 'consent-test-auth-token';
const FROM = '+15005550006';

/**
 * The app's clock stands still at the real time the file starts: every decision about calling hours
 * is taken at this one instant, while what the app stamps with the real time (consent events,
 * sessions, the compliance report's period) stays on the same day.
 */
const clock = new TestClock(realNow());

/**
 * A fixed-offset zone where it is `hour`:xx by the clock — at 20, the federal hours allow a call and
 * Florida's do not; at 11, every state's allow it.
 */
function zoneAtHour(hour: number, now = DateTime.fromJSDate(clock.now(), { zone: 'utc' })): string {
  for (let offset = -12; offset <= 14; offset += 1) {
    // Etc/GMT+5 is UTC-5: the sign is reversed.
    const zone = offset === 0 ? 'Etc/GMT' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
    if (now.setZone(zone).hour === hour) return zone;
  }
  throw new Error(`No zone is at ${hour}:00 now`);
}

describe('consent ledger and calling hours at send time', () => {
  let t: TestApp;
  let twilioStandIn: TwilioStandIn;
  const smtp = new SmtpStandIn();
  let broker: { agent: Agent; id: string };
  let owner: User;

  beforeAll(async () => {
    twilioStandIn = new TwilioStandIn();
    const twilioBase = await twilioStandIn.start();
    t = await createTestApp({
      listen: true,
      env: {
        TWILIO_ACCOUNT_SID: ACCOUNT_SID,
        TWILIO_AUTH_TOKEN: AUTH_TOKEN,
        // These tests are about sending; holding for A2P 10DLC has its own (a2p-registration).
        A2P_HOLD_UNREGISTERED_TEXTS: 'false',
        TWILIO_FROM_NUMBER: FROM,
        TWILIO_API_BASE_URL: twilioBase,
        SMTP_URL: await smtp.start(),
        MAIL_FROM: 'Harbor <news@harbor.example>',
        EMAIL_WEBHOOK_SECRET: 'email-webhook-secret',
        // Every send in these tests is paced by nothing but the test.
        DISPATCH_SMS_PER_SECOND: '0',
        DISPATCH_VOICE_PER_SECOND: '0',
      },
      clock,
    });
    broker = await brokerSession(t, 'consent@agency.test', { readyForCampaigns: true });
    await t.em().nativeUpdate(
      User,
      { id: broker.id },
      {
        agencyName: 'Harbor Senior Insurance',
        sponsorMessage: 'Harbor: compare plans with us this fall.',
        agencyAddress: '12 Main St, Tampa, FL',
      },
    );
    owner = await t.em().findOneOrFail(User, broker.id);
  });
  afterAll(async () => {
    await t.close();
    await twilioStandIn.stop();
    await smtp.stop();
  });

  const dispatch = () => t.app.get(DispatcherService).runOnce({ maxMs: 10_000 });

  /**
   * A campaign's delivery to the client once the dispatcher has dealt with it: sent, ended, or
   * deferred to a later minute. A send starts its own run in the background; once it has ended, a
   * run of the test's own takes anything it left.
   */
  async function settled(campaignId: string, clientId: string): Promise<Delivery> {
    await t.app.get(DispatcherService).idle();
    await dispatch();
    const delivery = await t.em().findOneOrFail(Delivery, { campaignId, clientId });
    const deferred = delivery.status === 'queued' && delivery.notBefore.getTime() > clock.now().getTime();
    expect(deferred || !['queued', 'sending'].includes(delivery.status)).toBe(true);
    return delivery;
  }

  function signed(path: string, form: Record<string, string>) {
    const url = `${t.appUrl}${path}`;
    return request(t.http)
      .post(path)
      .type('form')
      .set('X-Twilio-Signature', twilio.getExpectedTwilioSignature(AUTH_TOKEN, url, form))
      .send(form);
  }

  async function sendCampaign(type: 'email' | 'sms', audience: string[]): Promise<string> {
    const { body: draft } = await broker.agent.post('/api/campaigns').send({
      name: `To ${audience.length}`,
      type,
      ...(type === 'email' ? { subject: 'Plan news' } : {}),
      message: 'Open enrollment ends December 7. Call us to compare plans.',
      audience: { kind: 'clients', clientIds: audience },
    });
    expect((await broker.agent.post(`/api/campaigns/${draft.id}/send`)).status).toBe(200);
    for (const clientId of audience) await settled(draft.id as string, clientId);
    return draft.id as string;
  }

  it('sends a campaign only to the clients with marketing permission and reports the rest by reason', async () => {
    const consented = await makeClient(t.em(), owner, { email: 'given@example.com' });
    const unknown = await makeClient(t.em(), owner, { email: 'unknown@example.com' }, { reminders: true });
    const revoked = await makeClient(t.em(), owner, { email: 'revoked@example.com' });
    await t
      .em()
      .execute(
        `insert into consents (client_id, channel, purpose, opted_in, source, evidence, actor) values (?, 'email', 'marketing', false, 'admin', 'Asked by phone', 'admin:x')`,
        [revoked.id],
      );
    const expired = await makeClient(t.em(), owner, { email: 'expired@example.com' }, { reminders: true });
    await grantConsent(t.em(), [expired.id], ['marketing'], DateTime.fromJSDate(clock.now()).minus({ months: 13 }).toJSDate());

    const audience = [consented, unknown, revoked, expired].map((c) => c.id);
    const { body: draft } = await broker.agent.post('/api/campaigns').send({
      name: 'Mixed',
      type: 'email',
      subject: 'Plan news',
      message: 'Open enrollment ends December 7.',
      audience: { kind: 'clients', clientIds: audience },
    });
    expect((await broker.agent.get(`/api/campaigns/${draft.id}/audience`)).body).toEqual({ count: 4, consented: 1 });
    const sent = await broker.agent.post(`/api/campaigns/${draft.id}/send`);
    expect(sent.body).toEqual({ count: 4 });
    for (const clientId of audience) await settled(draft.id as string, clientId);

    const deliveries = await t.em().find(Delivery, { campaignId: draft.id });
    const byClient = Object.fromEntries(deliveries.map((d) => [d.clientId, [d.status, d.error ?? null]]));
    expect(byClient).toEqual({
      [consented.id]: ['completed', null],
      [unknown.id]: ['skipped', 'No permission for marketing e-mails'],
      [revoked.id]: ['skipped', 'Permission for marketing e-mails revoked'],
      [expired.id]: ['skipped', 'Permission for marketing e-mails lapsed'],
    });
    expect(smtp.to('given@example.com')).toHaveLength(1);
    // Kept as sent, for ten years: deleting the client leaves the record.
    const archived = () =>
      t
        .em()
        .execute<{ recipient: string; subject: string; body: string }[]>(
          `select recipient, subject, body from marketing_messages where campaign_id = ?`,
          [draft.id],
        );
    expect(await archived()).toEqual([
      { recipient: 'given@example.com', subject: 'Plan news', body: expect.stringContaining('Open enrollment ends December 7.') },
    ]);
    expect((await broker.agent.delete(`/api/clients/${consented.id}`)).status).toBeLessThan(300);
    expect(await archived()).toHaveLength(1);
    expect(smtp.to('unknown@example.com')).toHaveLength(0);
    expect(smtp.to('expired@example.com')).toHaveLength(0);

    expect((await broker.agent.get(`/api/campaigns/${draft.id}/skipped`)).body).toEqual([
      { reason: 'No permission for marketing e-mails', count: 1 },
      { reason: 'Permission for marketing e-mails lapsed', count: 1 },
      { reason: 'Permission for marketing e-mails revoked', count: 1 },
    ]);
    const page = await broker.agent.get(`/api/campaigns/${draft.id}/recipients`);
    const rows = page.body as { clientId: string; status: string; reason: string | null }[];
    expect(rows.find((row) => row.clientId === expired.id)).toMatchObject({
      status: 'skipped',
      reason: 'Permission for marketing e-mails lapsed',
    });
    expect((await broker.agent.get(`/api/campaigns/${draft.id}/audience`)).body).toEqual({ count: 4, consented: 1 });
  });

  it('defers a marketing text to a Florida client at 20:30 local to 8:00, and sends it to a New York client at the same hour', async () => {
    const zone = zoneAtHour(20);
    const florida = await makeClient(t.em(), owner, { phone: '+12125550701', zip: '33602', state: 'FL', timeZone: zone });
    const newYork = await makeClient(t.em(), owner, { phone: '+12125550702', zip: '10001', state: 'NY', timeZone: zone });
    const id = await sendCampaign('sms', [florida.id, newYork.id]);

    const fl = await t.em().findOneOrFail(Delivery, { campaignId: id, clientId: florida.id });
    expect(fl.status).toBe('queued');
    const opens = DateTime.fromJSDate(clock.now(), { zone }).plus({ days: 1 }).set({ hour: 8, minute: 0, second: 0, millisecond: 0 });
    expect(fl.notBefore.toISOString()).toBe(opens.toUTC().toISO());
    expect(await t.em().findOneOrFail(Delivery, { campaignId: id, clientId: newYork.id })).toMatchObject({ status: 'sent' });
  });

  it('also applies the hours of the state of the number’s area code', async () => {
    const zone = zoneAtHour(20);
    // Lives in New York, keeps a Miami number: Florida's hours apply too.
    const client = await makeClient(t.em(), owner, { phone: '+13055550703', zip: '10001', timeZone: zone });
    const id = await sendCampaign('sms', [client.id]);
    expect(await t.em().findOneOrFail(Delivery, { campaignId: id, clientId: client.id })).toMatchObject({ status: 'queued' });
  });

  it('revokes on “please stop texting me”: the next marketing text is skipped, and the reply is answered', async () => {
    const client = await makeClient(t.em(), owner, { phone: '+12125550711', zip: '10001' });
    const reply = await signed('/api/webhooks/twilio/sms-inbound', { From: client.phone, To: FROM, Body: 'please stop texting me' });
    expect(reply.status).toBe(200);
    expect(reply.text).toContain('<Message>You will not receive more texts from us. Reply START to receive texts again.</Message>');

    const events = await t.em().find(Consent, { clientId: client.id, optedIn: false }, { orderBy: { recordedAt: 'asc' } });
    expect(events.map((e) => `${e.channel}/${e.purpose}/${e.source}`).sort()).toEqual([
      'email/marketing/free_text',
      'sms/marketing/free_text',
      'sms/reminders/free_text',
      'voice/marketing/free_text',
    ]);
    expect(events.find((e) => e.channel === 'sms')).toMatchObject({ evidence: 'Replied: please stop texting me', actor: 'recipient' });
    expect(await t.em().count(OptOut, { recipient: client.phone, channel: 'sms' })).toBe(1);

    const id = await sendCampaign('sms', [client.id]);
    expect(await t.em().findOneOrFail(Delivery, { campaignId: id, clientId: client.id })).toMatchObject({
      status: 'skipped',
      error: 'The recipient opted out of texts',
    });
  });

  it('says ALTO in Spanish and it stops texts like STOP, with one confirmation text however often it is sent', async () => {
    const client = await makeClient(t.em(), owner, { phone: '+12125550712' });
    const first = await signed('/api/webhooks/twilio/sms-inbound', { From: client.phone, To: FROM, Body: 'Alto' });
    expect(first.text).toMatch(/<Message>[^<]+<\/Message>/);
    const latest = await t
      .em()
      .findOneOrFail(Consent, { clientId: client.id, channel: 'sms', purpose: 'reminders' }, { orderBy: { recordedAt: 'desc' } });
    expect(latest).toMatchObject({ optedIn: false, source: 'keyword' });
    // The TCPA rule permits one confirmation of an opt-out: a second ALTO is honoured without another text.
    const again = await signed('/api/webhooks/twilio/sms-inbound', { From: client.phone, To: FROM, Body: 'ALTO' });
    expect(again.status).toBe(200);
    expect(again.text).not.toContain('<Message>');
  });

  it('leaves the sponsor message out of a reminder to a client without marketing permission; the reminder still goes', async () => {
    const remind = async (client: Client) => {
      const em = t.em();
      const reminder = em.create(Reminder, {
        broker: em.getReference(User, broker.id),
        client: em.getReference(Client, client.id),
        scheduledTime: new Date(clock.now().getTime() - 1000),
        deliverAfter: new Date(clock.now().getTime() - 1000),
        deliveryMethod: 'sms',
        message: 'Your annual review is on Friday.',
      });
      await em.flush();
      await dispatch();
      const delivery = await t.em().findOneOrFail(Delivery, { reminderId: reminder.id });
      expect(delivery.status).toBe('sent');
      return twilioStandIn.requests
        .filter((r) => r.path.endsWith('/Messages.json') && r.form.get('To') === client.phone)
        .at(-1)!
        .form.get('Body')!;
    };
    // 11:00 where they are: inside every state's hours.
    const zone = zoneAtHour(11);
    const without = await makeClient(t.em(), owner, { phone: '+12125550721', timeZone: zone }, { reminders: true });
    const withIt = await makeClient(t.em(), owner, { phone: '+12125550722', timeZone: zone });
    const plain = await remind(without);
    expect(plain).toContain('Your annual review is on Friday.');
    expect(plain).not.toContain('compare plans with us');
    expect(await remind(withIt)).toContain('Harbor: compare plans with us this fall.');
  });

  it('skips a broker reminder to a client who never gave permission for reminders', async () => {
    const client = await makeClient(t.em(), owner, { phone: '+12125550731' }, {});
    const em = t.em();
    const reminder = em.create(Reminder, {
      broker: em.getReference(User, broker.id),
      client: em.getReference(Client, client.id),
      scheduledTime: new Date(clock.now().getTime() - 1000),
      deliverAfter: new Date(clock.now().getTime() - 1000),
      deliveryMethod: 'sms',
      message: 'Your annual review is on Friday.',
    });
    await em.flush();
    await dispatch();
    expect(await t.em().findOneOrFail(Delivery, { reminderId: reminder.id })).toMatchObject({
      status: 'skipped',
      error: 'No permission for reminder texts',
    });
    // The broker sees why on the reminder.
    expect((await broker.agent.get(`/api/reminders/${reminder.id}`)).body).toMatchObject({
      status: 'failed',
      notSentReason: 'No permission for reminder texts',
    });
    const page = (await broker.agent.get(`/api/reminders?filter=${encodeURIComponent(JSON.stringify({ clientId: client.id }))}`)).body as {
      id: string;
      notSentReason: string | null;
    }[];
    expect(page.find((row) => row.id === reminder.id)?.notSentReason).toBe('No permission for reminder texts');
  });

  it('suppresses an address the mail server refuses (a hard bounce): its client is not e-mailed again', async () => {
    smtp.unknownMailboxes.add('nobody@example.com');
    const client = await makeClient(t.em(), owner, { email: 'nobody@example.com' });
    const first = await sendCampaign('email', [client.id]);
    const failed = await t.em().findOneOrFail(Delivery, { campaignId: first, clientId: client.id });
    expect(failed.status).toBe('failed');
    expect(failed.error).toContain('nobody@example.com');
    expect(await t.em().findOne(OptOut, { recipient: 'nobody@example.com', channel: 'email' })).toMatchObject({ source: 'email-bounce' });
    expect(
      await t
        .em()
        .findOneOrFail(Consent, { clientId: client.id, channel: 'email', purpose: 'marketing' }, { orderBy: { recordedAt: 'desc' } }),
    ).toMatchObject({
      optedIn: false,
      source: 'bounce',
    });

    const second = await sendCampaign('email', [client.id]);
    expect(await t.em().findOneOrFail(Delivery, { campaignId: second, clientId: client.id })).toMatchObject({ status: 'skipped' });
  });

  it('records the broker’s attestation word for word when a client is added, and only reminders without the marketing box', async () => {
    const added = await broker.agent
      .post('/api/clients')
      .send({ firstName: 'Ana', lastName: 'Ruiz', phone: '(212) 555-0741', zip: '33602', marketingConsent: false });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ zip: '33602', state: 'FL' });
    const events = await t.em().find(Consent, { clientId: added.body.id });
    expect(new Set(events.map((e) => e.purpose))).toEqual(new Set(['reminders']));
    expect(events).toHaveLength(3);
    expect(events[0]).toMatchObject({ source: 'broker_added', actor: `broker:${broker.id}`, optedIn: true });
    expect(events[0].evidence).toBe(
      'The client gave my agency this phone number and e-mail address to receive reminder calls, texts and e-mails.',
    );

    const bad = await broker.agent
      .post('/api/clients')
      .send({ firstName: 'Al', lastName: 'B', phone: '(212) 555-0742', zip: '10001', state: 'FL' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ zip: 'ZIP code 10001 is in NY, not FL' });
  });

  it('records the attestations in Spanish, as they were shown, for a broker who works in Spanish', async () => {
    const spanish = await brokerSession(t, 'consent.es@agency.test', { readyForCampaigns: true });
    expect((await spanish.agent.put('/api/profile').send({ language: 'es' })).status).toBe(200);
    const evidence = async (clientId: string, purpose: string) =>
      (await t.em().find(Consent, { clientId, purpose: purpose as Consent['purpose'] })).map((event) => event.evidence);

    const added = await spanish.agent
      .post('/api/clients')
      .send({ firstName: 'Rosa', lastName: 'Díaz', phone: '(212) 555-0761', marketingConsent: true });
    expect(added.status).toBe(201);
    expect(new Set(await evidence(added.body.id, 'reminders'))).toEqual(new Set([ATTESTATIONS_ES.reminders]));
    expect(new Set(await evidence(added.body.id, 'marketing'))).toEqual(new Set([ATTESTATIONS_ES.marketing]));

    const imported = await spanish.agent
      .post('/api/clients/upload?marketingConsent=true')
      .attach('file', Buffer.from('firstName,lastName,email,phone\nLuz,Ortega,,(212) 555-0762\n'), 'clientes.csv');
    expect(imported.status).toBe(200);
    const luz = await t.em().findOneOrFail(Client, { phone: '+12125550762' });
    expect(new Set(await evidence(luz.id, 'reminders'))).toEqual(new Set([ATTESTATIONS_ES.importReminders]));
    expect(new Set(await evidence(luz.id, 'marketing'))).toEqual(new Set([ATTESTATIONS_ES.importMarketing]));

    const plain = await makeClient(
      t.em(),
      await t.em().findOneOrFail(User, { id: spanish.id }),
      { phone: '+12125550763' },
      { reminders: true },
    );
    const granted = await spanish.agent.post(`/api/clients/${plain.id}/consent`).send({ purpose: 'marketing', granted: true });
    expect(granted.status).toBe(200);
    expect(granted.body.events[0].evidence).toBe(ATTESTATIONS_ES.marketing);
    // The English attestation stays what an English-speaking broker records.
    expect(ATTESTATIONS_ES.marketing).not.toBe(ATTESTATIONS.marketing);
  });

  it('shows a client’s permissions and their history to their broker only, and records the broker’s attestation', async () => {
    const client = await makeClient(t.em(), owner, { phone: '+12125550751' }, { reminders: true });
    const view = await broker.agent.get(`/api/clients/${client.id}/consent`);
    expect(view.status).toBe(200);
    const current = view.body.current as { channel: string; purpose: string; state: string }[];
    expect(current).toHaveLength(6);
    expect(current.find((c) => c.channel === 'sms' && c.purpose === 'marketing')).toMatchObject({ state: 'unknown' });
    expect(current.find((c) => c.channel === 'sms' && c.purpose === 'reminders')).toMatchObject({
      state: 'granted',
      source: 'broker_added',
    });

    const other = await brokerSession(t, 'consent.other@agency.test', { readyForCampaigns: true });
    expect((await other.agent.get(`/api/clients/${client.id}/consent`)).status).toBe(404);
    expect((await other.agent.post(`/api/clients/${client.id}/consent`).send({ purpose: 'marketing', granted: true })).status).toBe(404);

    const granted = await broker.agent.post(`/api/clients/${client.id}/consent`).send({ purpose: 'marketing', granted: true });
    expect(granted.status).toBe(200);
    const marketing = (granted.body.current as { purpose: string; state: string; expiresAt: string }[]).filter(
      (c) => c.purpose === 'marketing',
    );
    expect(marketing.map((c) => c.state)).toEqual(['granted', 'granted', 'granted']);
    expect(new Date(marketing[0].expiresAt).getTime()).toBeGreaterThan(DateTime.fromJSDate(clock.now()).plus({ months: 11 }).toMillis());
    expect(granted.body.events[0]).toMatchObject({ purpose: 'marketing', granted: true, actor: 'broker', source: 'broker_added' });
    expect(granted.body.events[0].evidence).toContain('written permission');

    const bad = await broker.agent.post(`/api/clients/${client.id}/consent`).send({ purpose: 'sales', granted: 'yes' });
    expect(bad.status).toBe(400);
  });

  it('records marketing permission for many clients at once, each with the attestation, and all or none', async () => {
    const [ada, ben, cy] = await Promise.all(
      ['+12125550861', '+12125550862', '+12125550863'].map((phone) =>
        makeClient(t.em(), owner, { phone }, { reminders: true, marketing: false }),
      ),
    );
    const other = await brokerSession(t, 'consent.bulk.other@agency.test');
    const stranger = await makeClient(t.em(), await t.em().findOneOrFail(User, other.id), { phone: '+12125550864' }, {});
    const marketingEvents = async (clientId: string, agent = broker.agent) =>
      ((await agent.get(`/api/clients/${clientId}/consent`)).body.events as { purpose: string; evidence: string }[]).filter(
        (event) => event.purpose === 'marketing',
      );

    // Another broker's client among them: 404, and nobody's permission is recorded.
    const mixed = await broker.agent
      .post('/api/consent/bulk')
      .send({ clientIds: [ada.id, stranger.id], purpose: 'marketing', attested: true });
    expect(mixed.status).toBe(404);
    expect(await marketingEvents(ada.id)).toEqual([]);
    // Not attested, or junk: 400 with a message, nothing recorded.
    for (const body of [
      { clientIds: [ada.id], purpose: 'marketing', attested: false },
      { clientIds: [ada.id], purpose: 'marketing' },
      { clientIds: [], purpose: 'marketing', attested: true },
      { clientIds: ['not-an-id'], purpose: 'marketing', attested: true },
      { clientIds: [ada.id], purpose: 'sales', attested: true },
      [ada.id],
    ]) {
      const res = await broker.agent.post('/api/consent/bulk').send(body);
      expect(res.status).toBe(400);
      expect(typeof res.body.message).toBe('string');
    }
    expect(await marketingEvents(ada.id)).toEqual([]);

    const res = await broker.agent
      .post('/api/consent/bulk')
      .send({ clientIds: [ada.id, ben.id, cy.id, ben.id], purpose: 'marketing', attested: true });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ recorded: 3, message: 'Recorded marketing permission for 3 clients.' });
    for (const client of [ada, ben, cy]) {
      const events = await marketingEvents(client.id);
      expect(events).toHaveLength(3);
      for (const event of events) {
        expect(event).toMatchObject({
          granted: true,
          actor: 'broker',
          source: 'broker_added',
          evidence:
            'Each of the clients selected gave my agency written permission to contact them about Medicare plans by call, text and e-mail, and I can produce it for each of them.',
        });
      }
    }
    expect(await marketingEvents(stranger.id, other.agent)).toEqual([]);
  });

  it('takes the event appended last as the state when two are recorded at the same instant, and lists it first', async () => {
    const client = await makeClient(t.em(), owner, { phone: '+12125550752' }, { reminders: true });
    const ledger = t.app.get(ConsentLedger);
    // A week before the app's today: marketing permission recorded then is still current.
    const at = DateTime.fromJSDate(clock.now()).minus({ days: 7 }).startOf('minute').toJSDate();
    const event = { clientIds: [client.id], channels: ['sms' as const], purposes: ['marketing' as const], source: 'admin' as const, at };
    for (const [first, second] of [
      [true, false],
      [false, true],
      [true, false],
    ]) {
      await ledger.record({ ...event, optedIn: first, evidence: 'first' });
      await ledger.record({ ...event, optedIn: second, evidence: 'second' });
      const view = await broker.agent.get(`/api/clients/${client.id}/consent`);
      const sms = (view.body.current as { channel: string; purpose: string; state: string }[]).find(
        (c) => c.channel === 'sms' && c.purpose === 'marketing',
      );
      expect(sms?.state).toBe(second ? 'granted' : 'revoked');
      const sameInstant = (view.body.events as { channel: string; evidence: string; recordedAt: string; id: string }[]).filter(
        (e) => e.channel === 'sms' && e.recordedAt === at.toISOString(),
      );
      expect(sameInstant[0].evidence).toBe('second');
      expect(Number(sameInstant[0].id)).toBeGreaterThan(Number(sameInstant[1].id));
    }
  });

  it('lists lapsing marketing permission and renews it when the client replies YES to the request', async () => {
    const zone = zoneAtHour(11);
    const client = await makeClient(t.em(), owner, { phone: '+12125550761', zip: '10001', timeZone: zone }, { reminders: true });
    await grantConsent(
      t.em(),
      [client.id],
      ['marketing'],
      DateTime.fromJSDate(clock.now()).minus({ months: 12 }).plus({ days: 10 }).toJSDate(),
    );
    const fresh = await makeClient(t.em(), owner, { phone: '+12125550762' });

    const lapsing = (await broker.agent.get('/api/consent/lapsing')).body as { clientId: string; expiresAt: string }[];
    expect(lapsing.map((row) => row.clientId)).toContain(client.id);
    expect(lapsing.map((row) => row.clientId)).not.toContain(fresh.id);

    const sent = await broker.agent.post('/api/consent/renewals').send({ clientIds: [client.id, fresh.id] });
    expect(sent.status).toBe(200);
    expect(sent.body.sent).toBe(1);
    expect(sent.body.notSent).toEqual(['Martha Jones: their marketing permission is not about to lapse']);
    const text = twilioStandIn.requests.filter((r) => r.path.endsWith('/Messages.json') && r.form.get('To') === client.phone).at(-1)!;
    expect(text.form.get('Body')).toMatch(
      /^Harbor Senior Insurance: Your permission for us to contact you about Medicare plans ends on .+ reply YES or open http/,
    );
    expect((await broker.agent.post('/api/consent/renewals').send({ clientIds: [client.id] })).body.notSent).toEqual([
      'Martha Jones: a request was already sent this week',
    ]);

    const reply = await signed('/api/webhooks/twilio/sms-inbound', { From: client.phone, To: FROM, Body: 'Yes' });
    expect(reply.text).toContain('Thank you. Harbor Senior Insurance may keep contacting you about Medicare plans.');
    const latest = await t
      .em()
      .findOneOrFail(Consent, { clientId: client.id, channel: 'email', purpose: 'marketing' }, { orderBy: { recordedAt: 'desc' } });
    expect(latest).toMatchObject({ optedIn: true, source: 'renewal', actor: 'recipient' });
    expect(latest.evidence).toMatch(/^Replied YES to: Harbor Senior Insurance: Your permission/);
    expect(((await broker.agent.get('/api/consent/lapsing')).body as { clientId: string }[]).map((row) => row.clientId)).not.toContain(
      client.id,
    );
  });

  it('renews by the one-click page of an e-mailed request, with the address it came from', async () => {
    const client = await makeClient(t.em(), owner, { phone: '+12125550771', email: 'renew@example.com' }, { reminders: true });
    await grantConsent(t.em(), [client.id], ['marketing'], DateTime.fromJSDate(clock.now()).minus({ months: 13 }).toJSDate());
    // Texts stopped: the request goes by e-mail.
    await t.em().execute(`insert into opt_outs (recipient, channel, source) values (?, 'sms', 'sms-keyword')`, [client.phone]);
    expect((await broker.agent.post('/api/consent/renewals').send({ clientIds: [client.id] })).body).toEqual({ sent: 1, notSent: [] });
    const mail = smtp.to('renew@example.com').at(-1)!;
    expect(mail.raw).toContain('ended on');
    const link = /(http:\/\/127\.0\.0\.1:\d+\/api\/consent\/renew\/[A-Za-z0-9_-]{43})/.exec(mail.raw)![1];
    const path = new URL(link).pathname;

    const page = await request(t.http).get(path);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Keep hearing from Harbor Senior Insurance?');
    const yes = await request(t.http).post(path).type('form').send('');
    expect(yes.status).toBe(200);
    expect(yes.text).toContain('may keep contacting you');
    const latest = await t
      .em()
      .findOneOrFail(Consent, { clientId: client.id, channel: 'sms', purpose: 'marketing' }, { orderBy: { recordedAt: 'desc' } });
    expect(latest).toMatchObject({ optedIn: true, source: 'renewal' });
    expect(latest.ip).toMatch(/127\.0\.0\.1/);
    // Used once.
    expect((await request(t.http).post(path).type('form').send('')).status).toBe(404);
    expect((await request(t.http).get('/api/consent/renew/not-a-token')).status).toBe(404);
  });

  it('carries the TPMO disclaimer in marketing e-mails and texts once the agency says it sells plans', async () => {
    const before = await makeClient(t.em(), owner, { email: 'tpmo.before@example.com' });
    await sendCampaign('email', [before.id]);
    expect(smtp.to('tpmo.before@example.com').at(-1)!.raw).not.toContain('We do not offer every plan');

    const saved = await broker.agent.put('/api/branding').send({ sellsPlans: true, tpmoOrganizations: 4, tpmoPlans: 27 });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ sellsPlans: true, tpmoOrganizations: 4, tpmoPlans: 27, tpmoDisclaimer: null });
    const generated =
      'We do not offer every plan available in your area. Currently we represent 4 organizations which offer 27 products in your area. Please contact Medicare.gov, 1-800-MEDICARE, or your local State Health Insurance Program (SHIP) to get information on all of your options.';

    const client = await makeClient(t.em(), owner, { email: 'tpmo@example.com', phone: '+12125550781', zip: '10001' });
    await sendCampaign('email', [client.id]);
    const mail = smtp.to('tpmo@example.com').at(-1)!;
    expect(mail.raw.replace(/=\r?\n/g, '')).toContain('Currently we represent 4 organizations which offer 27 products in your area.');

    const morning = await makeClient(t.em(), owner, { phone: '+12125550782', zip: '10001', timeZone: zoneAtHour(11) });
    await sendCampaign('sms', [morning.id]);
    const text = twilioStandIn.requests.filter((r) => r.path.endsWith('/Messages.json') && r.form.get('To') === morning.phone).at(-1)!;
    const link = `${t.appUrl}/api/public/disclaimer/${broker.id}`;
    expect(text.form.get('Body')).toContain(`We do not offer every plan available in your area. Info: ${link}`);
    const page = await request(t.http).get(`/api/public/disclaimer/${broker.id}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain(generated);

    // The broker's own wording, and back to the generated one.
    await broker.agent.put('/api/branding').send({ tpmoDisclaimer: 'Harbor represents several carriers; not all plans are offered.' });
    expect((await request(t.http).get(`/api/public/disclaimer/${broker.id}`)).text).toContain('Harbor represents several carriers');
    const reset = await broker.agent.put('/api/branding').send({ tpmoDisclaimer: null });
    expect(reset.body.tpmoDisclaimer).toBeNull();
    expect((await broker.agent.put('/api/branding').send({ tpmoPlans: 0 })).body.errors).toEqual({
      tpmoPlans: 'tpmoPlans must be at least 1',
    });
    expect((await broker.agent.put('/api/branding').send({ tpmoDisclaimer: 'x'.repeat(1001) })).status).toBe(400);

    await broker.agent.put('/api/branding').send({ sellsPlans: false });
    expect((await request(t.http).get(`/api/public/disclaimer/${broker.id}`)).status).toBe(404);
    expect((await request(t.http).get('/api/public/disclaimer/not-an-id')).status).toBe(404);
  });

  it('suppresses an address the e-mail provider reports as a complaint or a hard bounce, over a signed webhook', async () => {
    const client = await makeClient(t.em(), owner, { email: 'Complains@Example.com' });
    /** Signed as the provider signs: HMAC-SHA256 of `<timestamp>.<body>`, the timestamp from the app's clock. */
    const nowSeconds = () => String(Math.floor(clock.now().getTime() / 1000));
    const signed = (raw: string, timestamp = nowSeconds()) => ({
      timestamp,
      signature: createHmac('sha256', 'email-webhook-secret').update(`${timestamp}.${raw}`).digest('hex'),
    });
    const send = (raw: string, headers: { timestamp?: string; signature?: string }) => {
      const req = request(t.http).post('/api/webhooks/email').set('Content-Type', 'application/json');
      if (headers.timestamp !== undefined) req.set('X-Timestamp', headers.timestamp);
      if (headers.signature !== undefined) req.set('X-Signature', headers.signature);
      return req.send(raw);
    };
    let nextId = 0;
    /** Each event gets an id of its own unless it brings one. */
    const withIds = (body: unknown): unknown =>
      Array.isArray(body)
        ? body.map(withIds)
        : body && typeof body === 'object' && !('id' in body)
          ? { id: `evt-${(nextId += 1)}`, ...(body as object) }
          : body;
    const post = (body: unknown, signature?: string) => {
      const raw = JSON.stringify(withIds(body));
      const headers = signed(raw);
      return send(raw, { ...headers, signature: signature ?? headers.signature });
    };
    expect((await post({ type: 'complaint', email: 'complains@example.com' }, 'ab'.repeat(32))).status).toBe(403);
    // The body alone signed (the old way), or no timestamp: refused.
    const complaint = JSON.stringify({ id: 'evt-replayed', type: 'complaint', email: 'complains@example.com' });
    const bodyOnly = createHmac('sha256', 'email-webhook-secret').update(complaint).digest('hex');
    expect((await send(complaint, { signature: bodyOnly })).body.message).toBe(
      'X-Timestamp must be the Unix time (in seconds) the notice was signed',
    );
    expect((await send(complaint, { timestamp: nowSeconds(), signature: bodyOnly })).status).toBe(403);
    // Signed 6 minutes ago (a captured request replayed later), or 6 minutes ahead: refused, nothing written.
    for (const offset of [-360, 360]) {
      const stale = await send(complaint, signed(complaint, String(Number(nowSeconds()) + offset)));
      expect(stale.status).toBe(403);
      expect(stale.body.message).toBe('The notice was signed more than 5 minutes from now: send it again with a fresh signature');
    }
    expect(await t.em().count(OptOut, { recipient: 'complains@example.com' })).toBe(0);
    // Bad input answers 4xx with a message and writes nothing.
    const deep = JSON.parse(`${'['.repeat(200)}1${']'.repeat(200)}`) as unknown;
    for (const bad of [
      { type: 'complaint', email: 42 },
      { type: 'complaint', email: 'a\u0000b@example.com' },
      { id: '', type: 'complaint', email: 'x@example.com' },
      { id: 'a\u0000b', type: 'complaint', email: 'x@example.com' },
      { id: 'x'.repeat(201), type: 'complaint', email: 'x@example.com' },
      { id: { deep: true }, type: 'complaint', email: 'x@example.com' },
      [],
      deep,
      Array(1001).fill({ type: 'bounce', email: 'x@example.com' }),
    ]) {
      const res = await post(bad);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(typeof res.body.message).toBe('string');
    }
    expect(await t.em().count(OptOut, { recipient: 'x@example.com' })).toBe(0);
    // A bad event in a list: nothing of the list is applied.
    const bad = await post([
      { type: 'complaint', email: 'complains@example.com' },
      { type: 'delivered', email: 'x@example.com' },
    ]);
    expect(bad.status).toBe(400);
    expect(await t.em().count(OptOut, { recipient: 'complains@example.com' })).toBe(0);

    const ok = await post([
      { type: 'complaint', email: 'Complains@Example.com', reason: 'abuse report' },
      { type: 'bounce', bounceType: 'soft', email: 'full@example.com' },
    ]);
    expect(ok.body).toEqual({ suppressed: 1, alreadyApplied: 0 });
    expect(await t.em().findOne(OptOut, { recipient: 'complains@example.com', channel: 'email' })).toMatchObject({
      source: 'email-complaint',
    });
    expect(await t.em().count(OptOut, { recipient: 'full@example.com' })).toBe(0);
    const latest = await t
      .em()
      .findOneOrFail(Consent, { clientId: client.id, channel: 'sms', purpose: 'marketing' }, { orderBy: { recordedAt: 'desc' } });
    expect(latest).toMatchObject({
      optedIn: false,
      source: 'complaint',
      evidence: 'Marked as spam: abuse report — marketing revoked on every channel',
    });

    // The provider delivers the same event again (a retry, or a request replayed within the 5
    // minutes): it takes effect once, and the ledger gets no second revocation. (Another agency's
    // client: this agency's compliance report, next, counts one complaint.)
    const elsewhere = await makeClient(t.em(), await makeUser(t.em(), { email: 'consent.elsewhere@agency.test' }), {
      email: 'twice@example.com',
    });
    const events = () => t.em().count(Consent, { clientId: elsewhere.id, source: 'complaint' });
    const again = { id: 'evt-delivered-twice', type: 'complaint', email: 'twice@example.com' };
    expect((await post(again)).body).toEqual({ suppressed: 1, alreadyApplied: 0 });
    const after = await events();
    expect(after).toBeGreaterThan(0);
    expect((await post(again)).body).toEqual({ suppressed: 0, alreadyApplied: 1 });
    const raw = JSON.stringify(again);
    expect((await send(raw, signed(raw, String(Number(nowSeconds()) - 240)))).body).toEqual({ suppressed: 0, alreadyApplied: 1 });
    expect(await events()).toBe(after);
  });

  it('reports consents, revocations, skipped sends and calling hours with totals that match the records', async () => {
    const res = await broker.agent.get('/api/compliance/report');
    expect(res.status).toBe(200);
    const report = res.body as {
      from: string;
      to: string;
      consentsByState: { state: string | null; granted: number; revoked: number; expired: number; unknown: number }[];
      eventsBySource: { source: string; granted: number; revoked: number }[];
      revocations: { count: number; sendsAfterRevocation: number };
      skippedByReason: { reason: string; count: number }[];
      marketingSent: { channel: string; count: number }[];
      callingHours: { checked: number; outside: number };
    };
    const em = t.em();
    const count = async (sql: string) => (await em.execute<{ n: number }[]>(sql, [broker.id]))[0].n;

    const clients = report.consentsByState.reduce((sum, row) => sum + row.granted + row.revoked + row.expired + row.unknown, 0);
    expect(clients).toBe(await count(`select count(*)::int as n from clients where broker_id = ? and is_active`));
    expect(report.consentsByState.find((row) => row.state === 'FL')).toBeDefined();
    const skipped = report.skippedByReason.reduce((sum, row) => sum + row.count, 0);
    expect(skipped).toBe(
      await count(`select count(*)::int as n from deliveries where broker_id = ? and status = 'skipped' and client_reminder_id is null`),
    );
    expect(report.skippedByReason.map((row) => row.reason)).toEqual(
      expect.arrayContaining([
        'No permission for marketing e-mails',
        'Permission for marketing e-mails lapsed',
        'No permission for reminder texts',
      ]),
    );
    const sent = report.marketingSent.reduce((sum, row) => sum + row.count, 0);
    expect(sent).toBe(await count(`select count(*)::int as n from marketing_messages where broker_id = ?`));
    expect(report.callingHours.checked).toBe(
      await count(
        `select count(*)::int as n from deliveries where broker_id = ? and campaign_id is not null and channel <> 'email' and status in ('sent', 'completed')`,
      ),
    );
    expect(report.callingHours.checked).toBeGreaterThan(0);
    expect(report.callingHours.outside).toBe(0);
    expect(report.revocations.sendsAfterRevocation).toBe(0);
    const sources = Object.fromEntries(report.eventsBySource.map((row) => [row.source, row]));
    expect(sources.free_text.revoked).toBeGreaterThanOrEqual(1);
    expect(sources.keyword.revoked).toBeGreaterThanOrEqual(1);
    expect(sources.bounce.revoked).toBe(1);
    expect(sources.complaint.revoked).toBe(1);
    expect(sources.renewal.granted).toBe(2);
    expect(report.revocations.count).toBe(report.eventsBySource.reduce((sum, row) => sum + row.revoked, 0));

    const csv = await broker.agent.get('/api/compliance/report.csv').buffer(true);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.text).toContain('"Sent outside the calling hours","0"');
    expect(csv.text).toContain('"Reply in their own words"');
    const pdf = await broker.agent
      .get('/api/compliance/report.pdf')
      .buffer(true)
      .parse((r, done) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect((pdf.body as Buffer).subarray(0, 5).toString()).toBe('%PDF-');

    expect((await broker.agent.get('/api/compliance/report?from=2026-13-01')).status).toBe(400);
    expect((await broker.agent.get('/api/compliance/report?from=2026-11-20&to=2026-11-01')).body.message).toBe('from must not be after to');
    expect((await broker.agent.get('/api/compliance/report?from=2024-01-01&to=2026-01-01')).status).toBe(400);

    // An admin sees the same figures for this broker; a broker cannot ask for the admin's view.
    const admin = await brokerSession(t, 'consent.admin@agency.test');
    await t.em().nativeUpdate(User, { id: admin.id }, { isAdmin: true });
    const asAdmin = await admin.agent.get(`/api/admin/brokers/${broker.id}/compliance`);
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.body.callingHours).toEqual(report.callingHours);
    expect(asAdmin.body.skippedByReason).toEqual(report.skippedByReason);
    expect((await admin.agent.get(`/api/admin/brokers/${broker.id}/compliance?format=csv`)).headers['content-type']).toContain('text/csv');
    expect((await broker.agent.get(`/api/admin/brokers/${broker.id}/compliance`)).status).toBe(403);
  });

  it('lets the client set their time zone and choose about Medicare plan messages in the portal, recorded as their own', async () => {
    const client = await makeClient(t.em(), owner, { phone: '+12125550791', zip: '33602' }, { reminders: true });
    const portal = browser(t);
    const token = await makeInvitation(t.em(), client);
    expect(
      (await portal.post('/api/client/register').send({ token, username: 'consent.client', password: 'violet-tractor-91' })).status,
    ).toBe(201);

    expect((await portal.get('/api/client/settings')).body).toEqual({
      timeZone: 'America/New_York',
      timeZoneFrom: 'place',
      marketing: false,
      language: 'en',
      textSize: 'normal',
      highContrast: false,
    });
    const moved = await portal.put('/api/client/settings').send({ timeZone: 'America/Denver' });
    expect(moved.body).toEqual({
      timeZone: 'America/Denver',
      timeZoneFrom: 'portal',
      marketing: false,
      language: 'en',
      textSize: 'normal',
      highContrast: false,
    });
    expect((await portal.put('/api/client/settings').send({ timeZone: 'Mars/Olympus' })).status).toBe(400);

    // How the portal looks is kept with the account: another sign-in finds it; a size it does not know is a 400.
    const display = await portal.put('/api/client/settings').send({ textSize: 'extra_large', highContrast: true });
    expect(display.body).toMatchObject({ textSize: 'extra_large', highContrast: true, timeZone: 'America/Denver' });
    const huge = await portal.put('/api/client/settings').send({ textSize: 'huge', highContrast: 'yes' });
    expect([huge.status, huge.body.errors]).toEqual([
      400,
      { textSize: 'textSize must be normal, large or extra_large', highContrast: 'highContrast must be true or false' },
    ]);
    const elsewhere = browser(t);
    expect((await elsewhere.post('/api/client/login').send({ username: 'consent.client', password: 'violet-tractor-91' })).status).toBe(
      200,
    );
    expect((await elsewhere.get('/api/client/settings')).body).toMatchObject({ textSize: 'extra_large', highContrast: true });

    const yes = await portal.put('/api/client/settings').send({ marketing: true });
    expect(yes.body.marketing).toBe(true);
    const event = await t
      .em()
      .findOneOrFail(Consent, { clientId: client.id, channel: 'sms', purpose: 'marketing' }, { orderBy: { recordedAt: 'desc' } });
    expect(event).toMatchObject({ optedIn: true, source: 'portal', actor: 'client' });
    expect(event.evidence).toContain('Yes, my agency may contact me about Medicare plans');
    expect(event.ip).toMatch(/127\.0\.0\.1/);
    // The broker sees the client's own choice on the client page.
    const seen = await broker.agent.get(`/api/clients/${client.id}/consent`);
    expect(seen.body.events[0]).toMatchObject({ source: 'portal', actor: 'client', granted: true });
    expect((await portal.put('/api/client/settings').send({ marketing: false })).body.marketing).toBe(false);
    // A broker cannot reach the client's settings.
    expect((await broker.agent.get('/api/client/settings')).status).toBe(401);
  });
});
