import type { EntityManager } from '@mikro-orm/postgresql';

import { DispatcherService } from '../src/delivery/dispatcher.service.js';
import { waitFor } from './helpers/built-app.js';
import { realNow } from './helpers/clock.js';
import { grantConsent, makeClient, makeUser } from './helpers/factories.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { TwilioStandIn } from './helpers/twilio-stand-in.js';
import { daytimeZone } from './helpers/zones.js';

/** A broker's sent e-mail campaign with `recipients` queued messages (as CampaignsService.send leaves it). */
async function queuedCampaign(em: EntityManager, agencyName: string, recipients: number, notBefore: Date): Promise<string> {
  const broker = await makeUser(em, { agencyName });
  await em.execute(
    `insert into clients (id, broker_id, first_name, last_name, phone, email, time_zone)
     select gen_random_uuid(), ?, 'Client', 'N' || n, '+1646' || lpad(n::text, 7, '0'), 'c' || n || '@example.com', 'America/New_York'
       from generate_series(1, ?) n`,
    [broker.id, recipients],
  );
  await grantConsent(
    em,
    (await em.execute<{ id: string }[]>(`select id from clients where broker_id = ?`, [broker.id])).map((r) => r.id),
    ['marketing'],
  );
  const [campaign] = await em.execute<{ id: string }[]>(
    `insert into campaigns (id, broker_id, name, type, subject, message, status, recipient_count, sent_at)
     values (gen_random_uuid(), ?, 'Open enrollment', 'email', 'Open enrollment is here', 'Call us to review your plan.', 'sent', ?, now())
     returning id`,
    [broker.id, recipients],
  );
  await em.execute(
    `insert into campaign_recipients (id, campaign_id, client_id, token)
     select gen_random_uuid(), ?, id, replace(gen_random_uuid()::text, '-', '') from clients where broker_id = ?`,
    [campaign.id, broker.id],
  );
  await em.execute(
    `insert into deliveries (id, broker_id, client_id, campaign_id, occurrence_at, channel, recipient, lane, status, not_before)
     select gen_random_uuid(), ?, id, ?, now(), 'email', email, 'campaign', 'queued', ? from clients where broker_id = ?`,
    [broker.id, campaign.id, notBefore, broker.id],
  );
  return campaign.id;
}

async function campaignCounts(em: EntityManager, campaignId: string): Promise<{ queued: number; completed: number }> {
  const [row] = await em.execute<{ queued: number; completed: number }[]>(
    `select count(*) filter (where status = 'queued')::int as queued, count(*) filter (where status = 'completed')::int as completed
       from deliveries where campaign_id = ?`,
    [campaignId],
  );
  return row;
}

describe('delivery lanes: reminders before campaigns, brokers served fairly', () => {
  let t: TestApp;

  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => {
    await t.close();
  });

  it('sends a client reminder within a minute of its time while a 100,000-recipient campaign drains', async () => {
    const em = t.em();
    const campaignId = await queuedCampaign(em, 'Big Campaign Agency', 100_000, new Date(realNow().getTime() - 60_000));
    const broker = await makeUser(em, { agencyName: 'Reminder Agency' });
    const client = await makeClient(em, broker);
    const dueAt = new Date(realNow().getTime() + 3000);
    const [reminder] = await em.execute<{ id: string }[]>(
      `insert into client_reminders (id, client_id, delivery_method, scheduled_time, time_zone, is_recurring, next_occurrence_at)
       values (gen_random_uuid(), ?, 'sms', ?, 'America/New_York', false, ?) returning id`,
      [client.id, dueAt, dueAt],
    );
    const run = t.app.get(DispatcherService).runOnce({ maxMs: 30_000 });
    let sentAt = 0;
    let campaignLeft = 0;
    await waitFor(
      'the reminder to be sent',
      async () => {
        const [row] = await t
          .em()
          .execute<{ status: string }[]>(`select status from deliveries where client_reminder_id = ?`, [reminder.id]);
        // Sent (and, a client's own reminder, waiting for the confirmation).
        if (row?.status !== 'sent' && row?.status !== 'completed') return false;
        sentAt = realNow().getTime();
        campaignLeft = (await campaignCounts(t.em(), campaignId)).queued;
        return true;
      },
      60_000,
      200,
    );
    expect(sentAt - dueAt.getTime()).toBeLessThan(60_000);
    // The campaign was still going out: the reminder did not wait for it.
    expect(campaignLeft).toBeGreaterThan(10_000);
    const summary = await run;
    expect(summary.sent).toBeGreaterThan(1);
  }, 240_000);

  it('a campaign’s own run gives way while a reminder is waiting: the reminder goes first, then the campaign', async () => {
    const em = t.em();
    const campaignId = await queuedCampaign(em, 'Campaign Agency', 200, new Date(realNow().getTime() - 60_000));
    const broker = await makeUser(em, { agencyName: 'Reminder Agency' });
    const client = await makeClient(em, broker);
    const [reminder] = await em.execute<{ id: string }[]>(
      `insert into client_reminders (id, client_id, delivery_method, scheduled_time, time_zone, is_recurring, next_occurrence_at)
       values (gen_random_uuid(), ?, 'sms', now() - interval '1 second', 'America/New_York', false, now() - interval '1 second') returning id`,
      [client.id],
    );
    const dispatcher = t.app.get(DispatcherService);
    expect(await dispatcher.queueDue(realNow())).toBe(1);

    // What a campaign's send starts: nothing while the reminder waits in the queue.
    expect(await dispatcher.runOnce({ campaignsOnly: true, maxMs: 10_000 })).toMatchObject({ sent: 0 });
    expect(await campaignCounts(t.em(), campaignId)).toEqual({ queued: 200, completed: 0 });

    // A regular run sends the reminder first (its batch has room for the campaign after it).
    await dispatcher.runOnce({ maxMs: 20_000 });
    const [first] = await t.em().execute<{ reminder_first: boolean }[]>(
      `select (select min(claimed_at) from deliveries where client_reminder_id = ?)
              <= (select min(claimed_at) from deliveries where campaign_id = ?) as reminder_first`,
      [reminder.id, campaignId],
    );
    expect(first.reminder_first).toBe(true);
    expect(await campaignCounts(t.em(), campaignId)).toEqual({ queued: 0, completed: 200 });

    // With no reminder waiting, the campaign's own run sends again.
    const next = await queuedCampaign(t.em(), 'Second Agency', 20, new Date(realNow().getTime() - 1000));
    expect(await dispatcher.runOnce({ campaignsOnly: true, maxMs: 10_000 })).toMatchObject({ sent: 20 });
    expect(await campaignCounts(t.em(), next)).toEqual({ queued: 0, completed: 20 });
  }, 120_000);

  it('sends a burst of reminders, queued in steps, before the campaign messages waiting beside them', async () => {
    // Small batches (a queue step is four of them), so the steps run out well within the 5 s cadence.
    const small = await createTestApp({ env: { DISPATCH_BATCH_SIZE: '50' } });
    try {
      const em = small.em();
      const campaignId = await queuedCampaign(em, 'Campaign Agency', 1000, new Date(realNow().getTime() - 60_000));
      const broker = await makeUser(em, { agencyName: 'Burst Agency' });
      await em.execute(
        `insert into clients (id, broker_id, first_name, last_name, phone, time_zone)
         select gen_random_uuid(), ?, 'Client', 'B' || n, '+1917' || lpad(n::text, 7, '0'), ? from generate_series(1, 1000) n`,
        [broker.id, daytimeZone()],
      );
      await grantConsent(
        em,
        (await em.execute<{ id: string }[]>(`select id from clients where broker_id = ?`, [broker.id])).map((r) => r.id),
        ['reminders'],
      );
      await em.execute(
        `insert into reminders (id, broker_id, client_id, scheduled_time, deliver_after, delivery_method, message)
         select gen_random_uuid(), broker_id, id, now() - interval '1 second', now() - interval '1 second', 'sms', 'Your plan review is on Friday'
           from clients where broker_id = ?`,
        [broker.id],
      );

      const summary = await small.app.get(DispatcherService).runOnce({ maxMs: 120_000 });
      expect(summary.sent).toBe(2000);
      // The run queued the 1,000 reminders in five steps of 200; no campaign message was claimed
      // before the last of them (the last batch of reminders may share its room with some).
      const [order] = await small.em().execute<{ reminders: number; campaign_before: number }[]>(
        `with last_reminder as (select count(*)::int as n, max(claimed_at) as at from deliveries where reminder_id is not null and broker_id = ?)
         select l.n as reminders, (select count(*)::int from deliveries d where d.campaign_id = ? and d.claimed_at < l.at) as campaign_before
           from last_reminder l`,
        [broker.id, campaignId],
      );
      expect(order).toEqual({ reminders: 1000, campaign_before: 0 });
      expect(await campaignCounts(small.em(), campaignId)).toEqual({ queued: 0, completed: 1000 });
    } finally {
      await small.close();
    }
  }, 240_000);

  it("does not make a broker's 50-recipient campaign wait for another broker's 5,000-recipient one", async () => {
    const em = t.em();
    const big = await queuedCampaign(em, 'Big Agency', 5000, new Date(realNow().getTime() - 60_000));
    const small = await queuedCampaign(em, 'Small Agency', 50, realNow());
    const run = t.app.get(DispatcherService).runOnce({ campaignsOnly: true, maxMs: 60_000 });
    let bigDone = 0;
    await waitFor(
      'the small campaign to be sent',
      async () => {
        if ((await campaignCounts(t.em(), small)).completed < 50) return false;
        bigDone = (await campaignCounts(t.em(), big)).completed;
        return true;
      },
      60_000,
      20,
    );
    // In arrival order the small campaign would have waited for all 5,000.
    expect(bigDone).toBeLessThan(1000);
    await run;
    expect(await campaignCounts(t.em(), big)).toEqual({ queued: 0, completed: 5000 });
  }, 120_000);
});

describe('send rates are per provider account, across instances', () => {
  const standIn = new TwilioStandIn();
  let instances: TestApp[] = [];

  afterAll(async () => {
    for (const instance of [...instances].reverse()) await instance.close();
    await standIn.stop();
  });

  it('places at most one call per second with two instances and DISPATCH_VOICE_PER_SECOND=1', async () => {
    const base = await standIn.start();
    const env = {
      TWILIO_ACCOUNT_SID: 'AC00000000000000000000000000000001',
      TWILIO_AUTH_TOKEN: 'test-auth-token',
      TWILIO_FROM_NUMBER: '+15005550006',
      TWILIO_API_BASE_URL: base,
      DISPATCH_VOICE_PER_SECOND: '1',
      // One delivery per claim, so a second instance always finds some left to claim.
      DISPATCH_BATCH_SIZE: '1',
      DISPATCH_CONCURRENCY: '1',
    };
    const first = await createTestApp({ env });
    instances = [first, await createTestApp({ env, databaseUrl: first.databaseUrl })];
    const em = first.em();
    const broker = await makeUser(em, { agencyName: 'Paced Agency' });
    for (let i = 0; i < 6; i++) {
      const client = await makeClient(em, broker);
      await em.execute(
        `insert into reminders (id, broker_id, client_id, scheduled_time, deliver_after, delivery_method, message)
         values (gen_random_uuid(), ?, ?, now() - interval '1 minute', now() - interval '1 minute', 'voice', 'Your annual review is due')`,
        [broker.id, client.id],
      );
    }
    // The second instance starts once the first has placed a call, so that both are sending (on a
    // loaded machine two runs started together may not overlap at all).
    const isCall = (r: { path: string }) => r.path.endsWith('/Calls.json');
    const firstRun = instances[0].app.get(DispatcherService).runOnce({ maxMs: 20_000 });
    await waitFor('the first call', async () => standIn.requests.some(isCall), 20_000, 20);
    const summaries = [await instances[1].app.get(DispatcherService).runOnce({ maxMs: 20_000 }), await firstRun];
    const calls = standIn.requests
      .filter(isCall)
      .map((r) => r.at)
      .sort((a, b) => a - b);
    expect(calls).toHaveLength(6);
    expect(summaries.every((s) => s.sent > 0)).toBe(true);
    // Six calls at one a second span five seconds; paced per instance (two a second) they would span
    // two and a half, in pairs placed together. Slack for a loaded machine: a send may reach the
    // provider a little after its slot.
    expect(calls[calls.length - 1] - calls[0]).toBeGreaterThanOrEqual(4500);
    for (let i = 1; i < calls.length; i++) expect(calls[i] - calls[i - 1]).toBeGreaterThanOrEqual(300);
  }, 120_000);
});

describe('outcomes reach their reminders even when the sending process stopped in between', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('reports a final delivery left unreported to its reminder on the next run', async () => {
    const em = t.em();
    const broker = await makeUser(em, { agencyName: 'Interrupted Agency' });
    const client = await makeClient(em, broker);
    const [reminder] = await em.execute<{ id: string }[]>(
      `insert into reminders (id, broker_id, client_id, scheduled_time, deliver_after, delivery_method, message, dispatched_at)
       values (gen_random_uuid(), ?, ?, now() - interval '5 minutes', now() - interval '5 minutes', 'sms', 'Your review is due', now() - interval '5 minutes')
       returning id`,
      [broker.id, client.id],
    );
    // The text went out and was recorded, then the process stopped before telling the reminder.
    await em.execute(
      `insert into deliveries (id, broker_id, client_id, reminder_id, occurrence_at, channel, recipient, status, updated_at)
       values (gen_random_uuid(), ?, ?, ?, now() - interval '5 minutes', 'sms', ?, 'completed', now() - interval '4 minutes')`,
      [broker.id, client.id, reminder.id, client.phone],
    );
    await t.app.get(DispatcherService).runOnce();
    const [after] = await t.em().execute<{ status: string }[]>(`select status from reminders where id = ?`, [reminder.id]);
    expect(after).toEqual({ status: 'completed' });
  });
});
