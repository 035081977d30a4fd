import { performance } from 'node:perf_hooks';

import type { EntityManager } from '@mikro-orm/postgresql';

import { DispatcherService } from '../src/delivery/dispatcher.service.js';
import { waitFor } from './helpers/built-app.js';
import { grantConsentToAllClients, insertClients } from './helpers/bulk-clients.js';
import { realNow, TestClock } from './helpers/clock.js';
import { makeClient, makeUser } from './helpers/factories.js';
import { createTestApp, type TestApp, type TestAppOptions } from './helpers/test-app.js';
import { TwilioStandIn } from './helpers/twilio-stand-in.js';
import { daytimeZone } from './helpers/zones.js';

/** A broker's sent e-mail campaign with `recipients` queued messages (as CampaignsService.send leaves it). */
async function queuedCampaign(em: EntityManager, agencyName: string, recipients: number, notBefore: Date): Promise<string> {
  const broker = await makeUser(em, { agencyName });
  await insertClients(em, broker.id, recipients, {
    lastName: 'N',
    phonePrefix: '+1646',
    emailPrefix: 'c',
    timeZone: 'America/New_York',
  });
  const [campaign] = await em.execute<{ id: string }[]>(
    `insert into campaigns (id, broker_id, name, type, subject, message, status, recipient_count, sent_at)
     values (gen_random_uuid(), ?, 'Open enrollment', 'email', 'Open enrollment is here', 'Call us to review your plan.', 'sent', ?, now())
     returning id`,
    [broker.id, recipients],
  );
  // The rest at once: each reads only the clients.
  await Promise.all([
    // Permission for marketing e-mails, the campaign's channel.
    grantConsentToAllClients(em, broker.id, ['marketing'], ['email']),
    em.execute(
      `insert into campaign_recipients (id, campaign_id, client_id, token)
       select gen_random_uuid(), ?, id, replace(gen_random_uuid()::text, '-', '') from clients where broker_id = ?`,
      [campaign.id, broker.id],
    ),
    em.execute(
      `insert into deliveries (id, broker_id, client_id, campaign_id, occurrence_at, channel, recipient, lane, status, not_before)
       select gen_random_uuid(), ?, id, ?, now(), 'email', email, 'campaign', 'queued', ? from clients where broker_id = ?`,
      [broker.id, campaign.id, notBefore, broker.id],
    ),
  ]);
  return campaign.id;
}

/** The time `ms` milliseconds after `at` (before it when negative). */
function plus(at: Date, ms: number): Date {
  return new Date(at.getTime() + ms);
}

/** Whether a run has taken any of the campaign's messages. */
async function campaignStarted(em: EntityManager, campaignId: string): Promise<boolean> {
  const [row] = await em.execute<{ started: boolean }[]>(
    `select exists (select 1 from deliveries where campaign_id = ? and status <> 'queued') as started`,
    [campaignId],
  );
  return row.started;
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
  // Each test has an app of its own on a database of its own: a queue left by one test would
  // change what the next one claims.
  const apps: TestApp[] = [];
  async function start(options?: TestAppOptions): Promise<TestApp> {
    const app = await createTestApp(options);
    apps.push(app);
    return app;
  }
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
  });

  it('sends a client reminder within a minute of its time while a 100,000-recipient campaign drains', async () => {
    // The app's clock is the test's, so that the reminder falls due while the campaign is going out.
    const clock = new TestClock(realNow());
    const t = await start({ clock });
    const em = t.em();
    const campaignId = await queuedCampaign(em, 'Big Campaign Agency', 100_000, plus(clock.now(), -60_000));
    const broker = await makeUser(em, { agencyName: 'Reminder Agency' });
    const client = await makeClient(em, broker);
    const dueAt = plus(clock.now(), 60_000);
    const [reminder] = await em.execute<{ id: string }[]>(
      `insert into client_reminders (id, client_id, delivery_method, scheduled_time, time_zone, is_recurring, next_occurrence_at)
       values (gen_random_uuid(), ?, 'sms', ?, 'America/New_York', false, ?) returning id`,
      [client.id, dueAt, dueAt],
    );
    const dispatcher = t.app.get(DispatcherService);
    const run = dispatcher.runOnce({ maxMs: 30_000 });
    // Once the run has taken its first campaign messages, the reminder's time comes.
    await waitFor('the campaign to be going out', () => campaignStarted(t.em(), campaignId), 30_000, 50);
    clock.set(dueAt);
    const fellDue = performance.now();
    let sentAfter = Infinity;
    let campaignLeft = 0;
    const reminderSent = waitFor(
      'the reminder to be sent',
      async () => {
        const [row] = await t
          .em()
          .execute<{ status: string }[]>(`select status from deliveries where client_reminder_id = ?`, [reminder.id]);
        // Sent (and, a client's own reminder, waiting for the confirmation).
        if (row?.status !== 'sent' && row?.status !== 'completed') return false;
        sentAfter = performance.now() - fellDue;
        campaignLeft = (await campaignCounts(t.em(), campaignId)).queued;
        return true;
      },
      60_000,
      200,
    );
    // Then the app shuts down: the run ends after the sends under way, instead of draining the
    // campaign for the rest of its 30 seconds, and hands the rest of its batch back to the queue.
    const [, summary] = await Promise.all([reminderSent.finally(() => dispatcher.requestStop()), run]);
    expect(sentAfter).toBeLessThan(60_000);
    // The campaign was still going out: the reminder did not wait for it.
    expect(campaignLeft).toBeGreaterThan(10_000);
    expect(summary.sent).toBeGreaterThan(1);
    // Nothing of the campaign was lost by stopping: what was not sent is queued for the next run.
    const after = await campaignCounts(t.em(), campaignId);
    expect(after.queued + after.completed).toBe(100_000);
  }, 240_000);

  it('a campaign’s own run gives way while a reminder is waiting: the reminder goes first, then the campaign', async () => {
    const t = await start();
    const em = t.em();
    const campaignId = await queuedCampaign(em, 'Campaign Agency', 200, plus(realNow(), -60_000));
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
    const next = await queuedCampaign(t.em(), 'Second Agency', 20, plus(realNow(), -1000));
    expect(await dispatcher.runOnce({ campaignsOnly: true, maxMs: 10_000 })).toMatchObject({ sent: 20 });
    expect(await campaignCounts(t.em(), next)).toEqual({ queued: 0, completed: 20 });
  }, 120_000);

  it('sends a burst of reminders, queued in steps, before the campaign messages waiting beside them', async () => {
    // Small batches (a queue step is four of them), so the steps run out well within the 5 s cadence.
    const t = await start({ env: { DISPATCH_BATCH_SIZE: '50' } });
    const em = t.em();
    // Four batches of campaign messages wait the whole time: any room a step left would go to them.
    const campaignId = await queuedCampaign(em, 'Campaign Agency', 200, plus(realNow(), -60_000));
    const broker = await makeUser(em, { agencyName: 'Burst Agency' });
    await insertClients(em, broker.id, 1000, { lastName: 'B', phonePrefix: '+1917', timeZone: daytimeZone() });
    await grantConsentToAllClients(em, broker.id, ['reminders']);
    await em.execute(
      `insert into reminders (id, broker_id, client_id, scheduled_time, deliver_after, delivery_method, message)
       select gen_random_uuid(), broker_id, id, now() - interval '1 second', now() - interval '1 second', 'sms', 'Your plan review is on Friday'
         from clients where broker_id = ?`,
      [broker.id],
    );

    const summary = await t.app.get(DispatcherService).runOnce({ maxMs: 120_000 });
    expect(summary.sent).toBe(1200);
    // The run queued the 1,000 reminders in five steps of 200; no campaign message was claimed
    // before the last of them (the last batch of reminders may share its room with some).
    const [order] = await t.em().execute<{ reminders: number; campaign_before: number }[]>(
      `with last_reminder as (select count(*)::int as n, max(claimed_at) as at from deliveries where reminder_id is not null and broker_id = ?)
       select l.n as reminders, (select count(*)::int from deliveries d where d.campaign_id = ? and d.claimed_at < l.at) as campaign_before
         from last_reminder l`,
      [broker.id, campaignId],
    );
    expect(order).toEqual({ reminders: 1000, campaign_before: 0 });
    expect(await campaignCounts(t.em(), campaignId)).toEqual({ queued: 0, completed: 200 });
  }, 240_000);

  it("does not make a broker's 50-recipient campaign wait for another broker's 5,000-recipient one", async () => {
    const t = await start();
    const em = t.em();
    const big = await queuedCampaign(em, 'Big Agency', 5000, plus(realNow(), -60_000));
    const small = await queuedCampaign(em, 'Small Agency', 50, realNow());
    // Time enough to send all 5,050 on a loaded machine.
    const run = t.app.get(DispatcherService).runOnce({ campaignsOnly: true, maxMs: 180_000 });
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
  }, 240_000);
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
      // These tests are about sending; holding for A2P 10DLC has its own (a2p-registration).
      A2P_HOLD_UNREGISTERED_TEXTS: 'false',
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
    // Six calls at one a second; paced per instance (two a second) they would come in pairs, five
    // within about two seconds. The first call also waits for the provider client to start (it can
    // reach the provider most of a second after its slot), so the pace is read from the five after
    // it: four seconds from the second to the sixth, never two close together. Slack for a loaded
    // machine: a send may reach the provider a little after its slot.
    const paced = calls.slice(1);
    expect(paced[paced.length - 1] - paced[0]).toBeGreaterThanOrEqual(3500);
    for (let i = 1; i < paced.length; i++) expect(paced[i] - paced[i - 1]).toBeGreaterThanOrEqual(300);
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
