import { performance } from 'node:perf_hooks';

import { DateTime } from 'luxon';
import request from 'supertest';

import { CampaignRecipient } from '../src/campaigns/campaign-recipient.entity.js';
import { Client } from '../src/clients/client.entity.js';
import { Consent } from '../src/consent/consent.entity.js';
import { Delivery } from '../src/delivery/delivery.entity.js';
import { DispatcherService } from '../src/delivery/dispatcher.service.js';
import { OptOut } from '../src/messaging/opt-out.entity.js';
import { OutboxMessage } from '../src/messaging/outbox-message.entity.js';
import { User } from '../src/users/user.entity.js';
import type { Agent } from './helpers/browser-agent.js';
import { grantConsentToAllClients, insertClients } from './helpers/bulk-clients.js';
import { realNow, TestClock } from './helpers/clock.js';
import { makeClient } from './helpers/factories.js';
import { brokerSession } from './helpers/session.js';
import { SmtpStandIn } from './helpers/smtp-stand-in.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/** The next `hour`:00 in `zone` after `after`. */
function nextHourIn(zone: string, hour: number, after: Date): Date {
  const local = DateTime.fromJSDate(after, { zone });
  const today = local.set({ hour, minute: 0, second: 0, millisecond: 0 });
  return (today > local ? today : today.plus({ days: 1 })).toJSDate();
}

/** What `read` answers once `done` says so, or at the deadline (for the expectations after it to show). */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || performance.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('campaigns (outbox delivery)', () => {
  let t: TestApp;
  let broker: { agent: Agent; id: string };
  let other: { agent: Agent; id: string };
  // The app's clock: each test starts at the real time; those about the hours of the day set it.
  const clock = new TestClock(realNow());

  beforeAll(async () => {
    t = await createTestApp({ listen: true, clock });
    [broker, other] = await Promise.all([
      brokerSession(t, 'campaigns@agency.test', { readyForCampaigns: true }),
      brokerSession(t, 'other.campaigns@agency.test', { readyForCampaigns: true }),
    ]);
    await t
      .em()
      .nativeUpdate(User, { id: broker.id }, { agencyName: 'Harbor Senior Insurance', agencyAddress: '12 Main St, Nashville, TN 37201' });
  });
  beforeEach(() => {
    clock.set(realNow());
  });
  afterAll(() => t.close());

  async function clientsWith(fields: Partial<Client>[]) {
    const em = t.em();
    const owner = await em.findOneOrFail(User, broker.id);
    const made: Client[] = [];
    for (const f of fields) made.push(await makeClient(em, owner, f));
    return made;
  }

  it.each([
    [{ type: 'email', subject: 'S', message: 'M' }, 'name'],
    [{ name: 'N', type: 'sms' }, 'message'],
    [{ name: 'N', type: 'email', message: 'M' }, 'subject'],
  ])('refuses %j naming the field %s', async (body, field) => {
    const res = await broker.agent.post('/api/campaigns').send(body);
    expect(res.status).toBe(400);
    expect(res.body.field).toBe(field);
    expect(res.body.message).toContain(field);
  });

  it('sends an e-mail campaign to active clients with an address and marketing permission; the opted out are skipped with the reason', async () => {
    await t.em().nativeDelete(Client, { broker: broker.id });
    const [inA, inB, noEmail, inactive, unsubscribed, ledgerOut] = await clientsWith([
      { email: 'a@example.com' },
      { email: 'B@Example.com' },
      { email: null },
      { email: 'inactive@example.com', isActive: false },
      { email: 'gone@example.com' },
      { email: 'ledger@example.com' },
    ]);
    await t.em().execute(`insert into opt_outs (recipient, channel, source) values ('gone@example.com', 'email', 'email-link')`);
    await t
      .em()
      .execute(`insert into consents (client_id, channel, purpose, opted_in, source) values (?, 'email', 'marketing', false, 'admin')`, [
        ledgerOut.id,
      ]);
    void noEmail;
    void inactive;

    const { body: draft } = await broker.agent.post('/api/campaigns').send({
      name: 'AEP kickoff',
      type: 'email',
      subject: 'Open enrollment is here',
      message: 'Compare plans: https://harbor.example/plans',
      status: 'draft',
    });
    expect(draft).toMatchObject({ status: 'draft', recipientCount: 0, openedCount: 0, clickedCount: 0 });
    const sent = await broker.agent.post(`/api/campaigns/${draft.id}/send`);
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({ count: 4 });
    expect((await broker.agent.get(`/api/campaigns/${draft.id}`)).body).toMatchObject({ status: 'sent', recipientCount: 4 });

    const all = await until(
      () => t.em().find(Delivery, { campaignId: draft.id }),
      (rows) => rows.length === 4 && rows.every((d) => d.status === 'completed' || d.status === 'skipped'),
    );
    const deliveries = all.filter((d) => d.status === 'completed');
    expect(deliveries.map((d) => d.clientId).sort()).toEqual([inA.id, inB.id].sort());
    expect(Object.fromEntries(all.filter((d) => d.status === 'skipped').map((d) => [d.clientId, d.error]))).toEqual({
      [unsubscribed.id]: 'The recipient opted out of e-mails',
      [ledgerOut.id]: 'Permission for marketing e-mails revoked',
    });
    expect((await broker.agent.get(`/api/campaigns/${draft.id}/skipped`)).body).toEqual([
      { reason: 'Permission for marketing e-mails revoked', count: 1 },
      { reason: 'The recipient opted out of e-mails', count: 1 },
    ]);
    expect((await broker.agent.get(`/api/campaigns/${draft.id}/audience`)).body).toEqual({ count: 4, consented: 2 });
    const mail = await t.em().findOneOrFail(OutboxMessage, { deliveryId: deliveries[0].id });
    expect(mail).toMatchObject({ channel: 'email', subject: 'Open enrollment is here', purpose: 'campaign' });
    expect(mail.body).toContain('12 Main St, Nashville, TN 37201');
    expect(mail.body).toMatch(/Unsubscribe: http:\/\/127\.0\.0\.1:\d+\/api\/u\/[0-9a-f]{64}/);

    const again = await broker.agent.post(`/api/campaigns/${draft.id}/send`);
    expect(again.status).toBe(409);
  });

  it('counts distinct human opens and clicks, ignores prefetch, and redirects only to the message’s links', async () => {
    const [client] = await clientsWith([{ email: 'reader@example.com' }]);
    const { body: draft } = await broker.agent
      .post('/api/campaigns')
      .send({ name: 'Tracked', type: 'email', subject: 'Hi', message: 'Read https://harbor.example/news today' });
    await broker.agent.post(`/api/campaigns/${draft.id}/send`);
    await until(
      () => t.em().count(Delivery, { campaignId: draft.id, status: 'completed' }),
      (n) => n >= 1,
    );
    const { token } = await t.em().findOneOrFail(CampaignRecipient, { campaignId: draft.id, clientId: client.id });
    await t.em().execute(`update deliveries set updated_at = now() - interval '5 minutes' where campaign_id = ?`, [draft.id]);

    const pixel = await request(t.http).get(`/api/t/o/${token}.gif`).set('User-Agent', 'Mozilla/5.0');
    expect(pixel.status).toBe(200);
    expect(pixel.headers['content-type']).toBe('image/gif');
    expect((await broker.agent.get(`/api/campaigns/${draft.id}`)).body.openedCount).toBe(0);

    const human = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15';
    // Sent long enough ago to count as a person's open: set again right before it, since the
    // background delivery run may still have touched the row on a busy machine.
    await t.em().execute(`update deliveries set updated_at = now() - interval '5 minutes' where campaign_id = ?`, [draft.id]);
    await request(t.http).get(`/api/t/o/${token}.gif`).set('User-Agent', human);
    await request(t.http).get(`/api/t/o/${token}.gif`).set('User-Agent', human);
    expect((await broker.agent.get(`/api/campaigns/${draft.id}`)).body).toMatchObject({ openedCount: 1, clickedCount: 0 });

    const evil = await request(t.http).get(`/api/t/c/${token}`).query({ u: 'https://evil.example/phish' });
    expect(evil.status).toBe(400);
    const click = await request(t.http).get(`/api/t/c/${token}`).query({ u: 'https://harbor.example/news' });
    expect(click.status).toBe(302);
    expect(click.headers.location).toBe('https://harbor.example/news');
    expect((await broker.agent.get(`/api/campaigns/${draft.id}`)).body).toMatchObject({ openedCount: 1, clickedCount: 1 });
    // Opening and clicking are engagement signals: 10 + 10 points.
    expect((await t.em().findOneOrFail(Client, client.id)).engagementScore).toBe(20);
    expect((await request(t.http).get('/api/t/c/not-a-token').query({ u: 'https://harbor.example/news' })).status).toBe(404);
  });

  it('unsubscribes with one click (no sign-in, no Origin) and never e-mails that client again', async () => {
    const added = await broker.agent
      .post('/api/clients')
      .send({ firstName: 'Lee', lastName: 'Ving', email: 'leaving@example.com', phone: '+12125550612', marketingConsent: true });
    const client = { id: added.body.id as string };
    const { body: first } = await broker.agent.post('/api/campaigns').send({ name: 'One', type: 'email', subject: 'Hi', message: 'Hello' });
    await broker.agent.post(`/api/campaigns/${first.id}/send`);
    const { token } = await until(
      () => t.em().findOne(CampaignRecipient, { campaignId: first.id, clientId: client.id }),
      (row) => row !== null,
    ).then((row) => row!);

    const page = await request(t.http).get(`/api/u/${token}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Unsubscribe from Harbor Senior Insurance e-mails?');
    const oneClick = await request(t.http).post(`/api/u/${token}`).type('form').send('List-Unsubscribe=One-Click');
    expect(oneClick.status).toBe(200);
    expect(oneClick.text).toContain('You are unsubscribed');
    expect(await t.em().count(OptOut, { recipient: 'leaving@example.com', channel: 'email' })).toBe(1);
    const ledger = await t
      .em()
      .find(Consent, { clientId: client.id, channel: 'email', purpose: 'marketing' }, { orderBy: { recordedAt: 'desc' } });
    expect(ledger[0]).toMatchObject({ optedIn: false, source: 'unsubscribe_link', actor: 'recipient' });
    expect(ledger.at(-1)).toMatchObject({ optedIn: true, source: 'broker_added', actor: `broker:${broker.id}` });
    expect(ledger.at(-1)!.evidence).toContain('written permission to contact them about Medicare plans');
    // Marketing stops on every channel; reminders by text still may go.
    const sms = await t.em().find(Consent, { clientId: client.id, channel: 'sms' }, { orderBy: { recordedAt: 'desc' } });
    expect(sms.find((e) => e.purpose === 'marketing')).toMatchObject({ optedIn: false, source: 'unsubscribe_link' });
    expect(sms.find((e) => e.purpose === 'reminders')).toMatchObject({ optedIn: true, source: 'broker_added' });

    const { body: second } = await broker.agent
      .post('/api/campaigns')
      .send({ name: 'Two', type: 'email', subject: 'Hi', message: 'Hello again' });
    await broker.agent.post(`/api/campaigns/${second.id}/send`);
    const skipped = await until(
      () => t.em().findOne(Delivery, { campaignId: second.id, clientId: client.id }),
      (row) => row?.status === 'skipped',
    );
    expect(skipped).toMatchObject({ status: 'skipped', error: 'The recipient opted out of e-mails' });
    expect(await t.em().count(OutboxMessage, { deliveryId: skipped!.id })).toBe(0);
    expect((await request(t.http).get('/api/u/0000')).status).toBe(404);
  });

  it('texts once with the STOP notice on a client’s first campaign text only', async () => {
    await t.em().nativeDelete(Client, { broker: broker.id });
    await clientsWith([{ phone: '+12125550777', timeZone: 'America/Phoenix' }]);
    // Midday where the client lives: inside the hours for marketing texts.
    clock.set(nextHourIn('America/Phoenix', 12, clock.now()));
    for (const [name, notice] of [
      ['First', true],
      ['Second', false],
    ] as const) {
      const { body: draft } = await broker.agent.post('/api/campaigns').send({ name, type: 'sms', message: `${name} text` });
      expect((await broker.agent.post(`/api/campaigns/${draft.id}/send`)).body).toEqual({ count: 1 });
      const delivery = await until(
        () => t.em().findOne(Delivery, { campaignId: draft.id }),
        (row) => row?.status === 'completed',
      );
      const sms = await t.em().findOneOrFail(OutboxMessage, { deliveryId: delivery!.id });
      expect(sms.body).toBe(`Harbor Senior Insurance: ${name} text${notice ? ' Reply STOP to opt out' : ''}`);
    }
  });

  it('fills the merge fields for each client in the subject and the message, and refuses a field it does not know', async () => {
    await t.em().nativeDelete(Client, { broker: broker.id });
    await t.em().nativeUpdate(User, { id: broker.id }, { agencyPhone: '+16155550142' });
    const [ruth, omar] = await clientsWith([
      { firstName: 'Ruth', lastName: 'Alvarez', email: 'ruth.merge@example.com' },
      { firstName: 'Omar', lastName: 'Haddad', email: 'omar.merge@example.com' },
    ]);
    for (const body of [
      { name: 'Plan', type: 'email', subject: 'Your {planName}', message: 'Hello' },
      { name: 'Plan', type: 'sms', message: 'Hi {first_name}, hello {FirstName}' },
    ]) {
      const refused = await broker.agent.post('/api/campaigns').send(body);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toMatch(/is not a merge field: use \{firstName\}, \{lastName\}, \{agencyName\}, \{agencyPhone\}$/);
    }
    const { body: draft } = await broker.agent.post('/api/campaigns').send({
      name: 'Merge',
      type: 'email',
      subject: '{firstName}, your plan review',
      message: 'Hi {firstName} { lastName }, call {agencyName} at {agencyPhone}.',
    });
    expect((await broker.agent.post(`/api/campaigns/${draft.id}/send`)).body).toEqual({ count: 2 });
    const mails = await until(
      () => t.em().find(OutboxMessage, { purpose: 'campaign', recipient: { $in: ['ruth.merge@example.com', 'omar.merge@example.com'] } }),
      (found) => found.length === 2,
    );
    const byRecipient = Object.fromEntries(mails.map((mail) => [mail.recipient, mail]));
    expect(byRecipient[ruth.email!].subject).toBe('Ruth, your plan review');
    expect(byRecipient[ruth.email!].body).toContain('Hi Ruth Alvarez, call Harbor Senior Insurance at (615) 555-0142.');
    expect(byRecipient[omar.email!].subject).toBe('Omar, your plan review');
    expect(byRecipient[omar.email!].body).toContain('Hi Omar Haddad, call Harbor Senior Insurance at (615) 555-0142.');
    for (const mail of mails) expect(mail.body).not.toMatch(/[{}]/);
  });

  it('holds a campaign text due in the client’s quiet hours until 08:00 there', async () => {
    await t.em().nativeDelete(Client, { broker: broker.id });
    await clientsWith([{ phone: '+16025550778', timeZone: 'America/Phoenix' }]);
    // 23:00 where the client lives (Arizona keeps no daylight saving time).
    clock.set(nextHourIn('America/Phoenix', 23, clock.now()));
    const { body: draft } = await broker.agent.post('/api/campaigns').send({ name: 'Late', type: 'sms', message: 'Late text' });
    await broker.agent.post(`/api/campaigns/${draft.id}/send`);
    const delivery = await until(
      () => t.em().findOneOrFail(Delivery, { campaignId: draft.id }),
      (row) => row.status === 'queued' && row.notBefore.getTime() > clock.now().getTime(),
      10_000,
    );
    expect(delivery.status).toBe('queued');
    const eightNextMorning = DateTime.fromJSDate(clock.now(), { zone: 'America/Phoenix' }).plus({ days: 1 }).set({ hour: 8 });
    expect(delivery.notBefore.toISOString()).toBe(eightNextMorning.toUTC().toISO());
    expect(await t.em().count(OutboxMessage, { deliveryId: delivery.id })).toBe(0);
  });

  it('keeps campaigns to their broker: 404 on get and send, never in lists', async () => {
    const { body: mine } = await broker.agent.post('/api/campaigns').send({ name: 'Mine', type: 'sms', message: 'Hello' });
    expect((await other.agent.get(`/api/campaigns/${mine.id}`)).status).toBe(404);
    expect((await other.agent.post(`/api/campaigns/${mine.id}/send`)).status).toBe(404);
    expect((await other.agent.get('/api/campaigns')).body.map((c: { id: string }) => c.id)).not.toContain(mine.id);
    expect((await broker.agent.get('/api/campaigns').query({ range: '[0,99]' })).headers['content-range']).toMatch(
      /^campaigns 0-\d+\/\d+$/,
    );
  });

  it('sends nothing before the agency gives its postal address and says whether it sells plans, and says what is missing', async () => {
    const fresh = await brokerSession(t, 'onboarding.campaigns@agency.test');
    expect((await fresh.agent.get('/api/auth/user')).body).toMatchObject({ agencyAddress: '', tpmoAnswered: false, sellsPlans: false });
    const owner = await t.em().findOneOrFail(User, fresh.id);
    await makeClient(t.em(), owner, { firstName: 'Opal', email: 'opal@example.com' });
    const { body: draft } = await fresh.agent
      .post('/api/campaigns')
      .send({ name: 'First news', type: 'email', subject: 'Hello', message: 'Our office moved.' });
    const { body: sequence } = await fresh.agent.post('/api/campaigns').send({
      name: 'Birthdays',
      type: 'email',
      subject: 'Happy birthday',
      message: 'Many happy returns.',
      trigger: { kind: 'birthday', daysBefore: 0 },
    });
    const tomorrow = DateTime.fromJSDate(clock.now(), { zone: 'America/New_York' }).plus({ days: 1 }).toISODate();
    const attempts = () => [
      fresh.agent.post(`/api/campaigns/${draft.id}/send`),
      fresh.agent.post(`/api/campaigns/${draft.id}/test`),
      fresh.agent.post(`/api/campaigns/${draft.id}/schedule`).send({ date: tomorrow, time: '10:00' }),
      fresh.agent.post(`/api/campaigns/${sequence.id}/start`),
    ];
    for (const res of await Promise.all(attempts())) {
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({
        code: 'marketingDetailsMissing',
        missing: ['agencyAddress', 'sellsPlans'],
        message:
          'Before a campaign goes out, add your agency’s postal address and say whether your agency sells Medicare plans (Branding).',
      });
    }
    // Nothing went out or was queued, and both stay drafts.
    expect(await t.em().count(Delivery, { campaignId: { $in: [draft.id, sequence.id] } })).toBe(0);
    expect(await t.em().count(OutboxMessage, { recipient: 'opal@example.com' })).toBe(0);
    expect((await fresh.agent.get(`/api/campaigns/${draft.id}`)).body.status).toBe('draft');

    // The address alone is not enough: the TPMO question has to be answered (no is an answer).
    expect((await fresh.agent.put('/api/branding').send({ agencyAddress: '9 Elm Street, Dayton, OH 45402' })).status).toBe(200);
    const half = await fresh.agent.post(`/api/campaigns/${draft.id}/send`);
    expect(half.status).toBe(409);
    expect(half.body.missing).toEqual(['sellsPlans']);
    const answered = await fresh.agent.put('/api/branding').send({ sellsPlans: false });
    expect(answered.body).toMatchObject({ tpmoAnswered: true, sellsPlans: false, agencyAddress: '9 Elm Street, Dayton, OH 45402' });

    // A cleared address blocks again.
    await fresh.agent.put('/api/branding').send({ agencyAddress: '  ' });
    expect((await fresh.agent.post(`/api/campaigns/${draft.id}/send`)).body.missing).toEqual(['agencyAddress']);
    await fresh.agent.put('/api/branding').send({ agencyAddress: '9 Elm Street, Dayton, OH 45402' });
    const sent = await fresh.agent.post(`/api/campaigns/${draft.id}/send`);
    expect(sent.status).toBe(200);
    expect((await fresh.agent.get(`/api/campaigns/${draft.id}`)).body.status).toBe('sent');
  });

  it('answers send with 403 trialExpired after the trial', async () => {
    const { body: draft } = await broker.agent.post('/api/campaigns').send({ name: 'Late', type: 'sms', message: 'Hello' });
    await t.em().nativeUpdate(User, { id: broker.id }, { trialEndsAt: new Date(clock.now().getTime() - 1000) });
    const res = await broker.agent.post(`/api/campaigns/${draft.id}/send`);
    expect(res.status).toBe(403);
    expect(res.body.trialExpired).toBe(true);
    await t.em().nativeUpdate(User, { id: broker.id }, { trialEndsAt: new Date(clock.now().getTime() + 86_400_000) });
  });

  it('answers a 10,000-recipient send before delivering, and delivers everything in the background', async () => {
    await t.em().nativeDelete(Client, { broker: broker.id });
    await t.em().nativeUpdate(User, { id: broker.id }, { subscriptionTier: 'pmpm' });
    await insertClients(t.em(), broker.id, 10_000, { lastName: 'N', phonePrefix: '+1917', emailPrefix: 'client' });
    await grantConsentToAllClients(t.em(), broker.id, ['marketing']);
    const { body: draft } = await broker.agent
      .post('/api/campaigns')
      .send({ name: 'Everyone', type: 'email', subject: 'News', message: 'Hello all' });
    const res = await broker.agent.post(`/api/campaigns/${draft.id}/send`);
    expect(res.body).toEqual({ count: 10_000 });
    // The answer does not wait for the deliveries: most are still to go when it arrives. (How fast
    // the answer comes is the dispatch benchmark's business, not a timed test's.)
    expect(await t.em().count(Delivery, { campaignId: draft.id, status: 'completed' })).toBeLessThan(10_000);
    // The server keeps answering while it delivers.
    expect((await broker.agent.get('/api/auth/user')).status).toBe(200);
    // The run the send started delivers for up to 50 seconds; on a slow machine what it left is
    // delivered by the next runs, as the scheduler's (every minute) would.
    const dispatcher = t.app.get(DispatcherService);
    await dispatcher.idle();
    const left = () => t.em().count(Delivery, { campaignId: draft.id, status: 'queued' });
    for (let runs = 0; runs < 5 && (await left()) > 0; runs++) await dispatcher.runOnce();
    expect(await t.em().count(Delivery, { campaignId: draft.id, status: 'completed' })).toBe(10_000);
    expect(await t.em().count(OutboxMessage, { purpose: 'campaign', deliveryId: { $ne: null } })).toBeGreaterThanOrEqual(10_000);
  }, 240_000);
});

describe('campaign e-mail through a real SMTP server', () => {
  let t: TestApp;
  const smtp = new SmtpStandIn();

  beforeAll(async () => {
    t = await createTestApp({ listen: true, env: { SMTP_URL: await smtp.start(), MAIL_FROM: 'Harbor <news@harbor.example>' } });
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
  });

  it('renders the branded e-mail with List-Unsubscribe headers', async () => {
    const broker = await brokerSession(t, 'smtp.campaigns@agency.test', { readyForCampaigns: true });
    await t
      .em()
      .nativeUpdate(User, { id: broker.id }, { agencyName: 'Harbor Senior Insurance', agencyAddress: '12 Main St, Nashville, TN' });
    await makeClient(t.em(), await t.em().findOneOrFail(User, broker.id), { email: 'ruth@example.com' });
    const { body: draft } = await broker.agent
      .post('/api/campaigns')
      .send({ name: 'Mail', type: 'email', subject: 'Plan news', message: 'See https://harbor.example/plans' });
    await broker.agent.post(`/api/campaigns/${draft.id}/send`);
    await until(
      async () => smtp.received.length,
      (n) => n >= 1,
    );
    const raw = smtp.received[0].raw;
    expect(raw).toMatch(/^Subject: Plan news\r$/m);
    expect(raw).toMatch(
      /^List-Unsubscribe: <http:\/\/127\.0\.0\.1:\d+\/api\/u\/[0-9a-f]{64}>, <mailto:news@harbor\.example\?subject=unsubscribe%20[0-9a-f]{64}>\r$/m,
    );
    expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r$/m);
    expect(raw).toContain('Content-Type: text/html');
    expect(raw).toContain('12 Main St, Nashville, TN');
  });
});
