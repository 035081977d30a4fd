// `npm run bench:burst`: the AEP morning burst. 200,000 reminders of 1,000 brokers fall due in the
// same minute while one broker's 100,000-recipient SMS campaign is sending; the built server's
// dispatcher (as its scheduler runs it, every second) hands them to the provider port (the
// development outbox). Budget: every reminder handed over within 5 minutes of its time; reminders
// before campaign messages; nothing lost or sent twice (counted in the database).
//
// The providers' send rates are lifted (DISPATCH_*_PER_SECOND=0): the machine is measured, not
// Twilio's pacing. Writes bench/results-burst.json; exits 1 when a check fails.
// BENCH_BURST_REMINDERS / BENCH_BURST_BROKERS / BENCH_BURST_CAMPAIGN change the sizes.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { appContext, backend, percentile, ROOT, scratchDatabase, withClient } from './lib.mjs';

const REMINDERS = Number(process.env.BENCH_BURST_REMINDERS ?? 200_000);
const BROKERS = Number(process.env.BENCH_BURST_BROKERS ?? 1000);
const CAMPAIGN = Number(process.env.BENCH_BURST_CAMPAIGN ?? 100_000);
const BUDGET_SECONDS = 300;
/** The campaign starts this long before the reminders fall due, so it is well under way. */
const CAMPAIGN_LEAD_MS = 20_000;

/** A fixed-offset zone where it is early afternoon now: inside every calling window. */
function afternoonZone() {
  let offset = 13 - new Date().getUTCHours();
  if (offset > 14) offset -= 24;
  if (offset < -12) offset += 24;
  return offset === 0 ? 'Etc/UTC' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const failures = [];
function check(name, ok, detail = '') {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}${detail ? ` — ${detail}` : ''}`);
  if (!ok) failures.push(name);
}

const database = await scratchDatabase();
let app;
const results = { reminders: REMINDERS, brokers: BROKERS, campaignRecipients: CAMPAIGN, budgetSeconds: BUDGET_SECONDS };
try {
  const { MikroORM, RequestContext } = await import('@mikro-orm/postgresql');
  const { DispatcherService } = await backend('delivery/dispatcher.service.js');
  const { CampaignsService } = await backend('campaigns/campaigns.service.js');
  const { User } = await backend('users/user.entity.js');
  app = await appContext(database.url, {
    DISPATCH_BATCH_SIZE: '1000',
    DISPATCH_CONCURRENCY: '50',
    DISPATCH_SMS_PER_SECOND: '0',
    DISPATCH_VOICE_PER_SECOND: '0',
    DATABASE_POOL_MAX: '20',
  });

  const zone = afternoonZone();
  const seedStarted = performance.now();
  const dueAt = new Date(Date.now() + 10 * 60_000); // moved to its real time below, once seeded
  const { campaignBroker, campaignId } = await withClient(database.url, async (c) => {
    await c.query(
      `insert into users (id, email, first_name, last_name, agency_name, subscription_tier, subscription_status, trial_ends_at)
       select gen_random_uuid(), 'burst' || lpad(n::text, 5, '0') || '@bench.test', 'Broker', 'N' || n, 'Agency ' || n, 'pmpm', 'active', now() + interval '30 days'
         from generate_series(1, $1::int + 1) n`,
      [BROKERS],
    );
    const { rows: brokers } = await c.query(`select id from users where email like 'burst%@bench.test' order by email`);
    const campaignBroker = brokers.pop().id;
    // The reminders' clients, spread evenly over the brokers; half get a call, half a text.
    await c.query(
      `insert into clients (id, broker_id, first_name, last_name, phone, time_zone)
       select gen_random_uuid(), b.id, 'Client', 'R' || n, '+1' || (2000000000 + n)::text, $3
         from generate_series(1, $1::int) n
         join (select id, row_number() over (order by email) as rn from users where email like 'burst%@bench.test' and id <> $4) b
           on b.rn = 1 + (n - 1) % $2`,
      [REMINDERS, BROKERS, zone, campaignBroker],
    );
    await c.query(
      `insert into clients (id, broker_id, first_name, last_name, phone, time_zone)
       select gen_random_uuid(), $1, 'Client', 'C' || n, '+1' || (3000000000 + n)::text, $3 from generate_series(1, $2::int) n`,
      [campaignBroker, CAMPAIGN, zone],
    );
    // The broker's attestations, as Add Client records them: reminders for the first, marketing texts for the campaign's.
    await c.query(
      `insert into consents (client_id, channel, purpose, opted_in, source, evidence)
       select c.id, ch, 'reminders', true, 'broker_added', 'Attested by the broker'
         from clients c cross join unnest(array['voice', 'sms']) ch where c.broker_id <> $1`,
      [campaignBroker],
    );
    await c.query(
      `insert into consents (client_id, channel, purpose, opted_in, source, evidence)
       select c.id, 'sms', 'marketing', true, 'broker_added', 'Attested by the broker' from clients c where c.broker_id = $1`,
      [campaignBroker],
    );
    await c.query(
      `insert into reminders (id, broker_id, client_id, scheduled_time, deliver_after, delivery_method, message)
       select gen_random_uuid(), broker_id, id, $2, $2, case when right(phone, 1) < '5' then 'voice' else 'sms' end, 'Your plan review is on Friday'
         from clients where broker_id <> $1`,
      [campaignBroker, dueAt],
    );
    const { rows } = await c.query(
      `insert into campaigns (id, broker_id, name, type, message, status)
       values (gen_random_uuid(), $1, 'AEP check-in', 'sms', 'The Annual Enrollment Period is open until December 7. Reply to book your plan review.', 'draft')
       returning id`,
      [campaignBroker],
    );
    await c.query('vacuum analyze');
    await c.query('checkpoint');
    return { campaignBroker, campaignId: rows[0].id };
  });
  results.seedSeconds = +((performance.now() - seedStarted) / 1000).toFixed(1);
  console.log(
    `seeded ${REMINDERS} reminders of ${BROKERS} brokers and a ${CAMPAIGN}-recipient campaign in ${results.seedSeconds} s (zone ${zone})`,
  );

  // The campaign is sent (as Send does: recipients fixed, messages queued, a campaigns-only run started)…
  const orm = app.get(MikroORM);
  const due = new Date(Date.now() + CAMPAIGN_LEAD_MS);
  await withClient(database.url, (c) => c.query(`update reminders set scheduled_time = $1, deliver_after = $1`, [due]));
  const sendStarted = performance.now();
  const queued = await RequestContext.create(orm.em.fork(), async () => {
    const broker = await orm.em.findOneOrFail(User, { id: campaignBroker });
    // As the agency's owner (made with its row) sends it from the app.
    const [owner] = await orm.em.getConnection().execute(`select id from members where agency_id = ? and role = 'owner'`, [broker.id]);
    const actor = { agencyId: broker.id, memberId: owner.id, tokenId: null, ip: null };
    return app.get(CampaignsService).send(broker, actor, campaignId);
  });
  results.campaignQueueSeconds = +((performance.now() - sendStarted) / 1000).toFixed(1);
  // The deliveries table went from empty to 100,000 rows: its statistics are brought up to date as
  // autovacuum keeps them on a live platform, where it is never new (the planner would otherwise
  // plan the claims for an empty table until autovacuum's next round, a minute or more later).
  await withClient(database.url, (c) => c.query('analyze deliveries'));
  check(`the campaign queued its ${CAMPAIGN} messages`, queued === CAMPAIGN, `${queued} in ${results.campaignQueueSeconds} s`);

  // …and every second the scheduler starts a run unless one is still going, as DispatcherScheduler does.
  const dispatcher = app.get(DispatcherService);
  let running;
  let done = false;
  const summary = { queued: 0, sent: 0, failed: 0, skipped: 0 };
  const ticker = (async () => {
    while (!done) {
      running ??= dispatcher
        .runOnce()
        .then((s) => {
          for (const key of Object.keys(summary)) summary[key] += s[key];
        })
        .catch((error) => console.error('dispatcher run failed', error))
        .finally(() => (running = undefined));
      await sleep(1000);
    }
  })();
  const counts = () =>
    withClient(database.url, async (c) => {
      const { rows } = await c.query(
        `select (select count(*)::int from reminders where status = 'pending') as pending_reminders,
                (select count(*)::int from deliveries where campaign_id = $1 and status = 'queued') as queued_campaign`,
        [campaignId],
      );
      return rows[0];
    });
  const deadline = Date.now() + CAMPAIGN_LEAD_MS + 20 * 60_000;
  let state = await counts();
  let shownAt = 0;
  while (Date.now() < deadline && (state.pending_reminders > 0 || state.queued_campaign > 0)) {
    await sleep(2000);
    state = await counts();
    if (Date.now() - shownAt >= 15_000) {
      const since = ((Date.now() - due.getTime()) / 1000).toFixed(0);
      console.log(
        `${since} s from the reminders' time: ${state.pending_reminders} reminders pending, ${state.queued_campaign} campaign messages queued`,
      );
      shownAt = Date.now();
    }
  }
  done = true;
  await ticker;
  await running;

  // Everything measured from the database: when each message reached the provider port (its outbox row).
  const figures = await withClient(database.url, async (c) => {
    const reminders = await c.query(
      `select count(*)::int as deliveries, count(distinct d.reminder_id)::int as reminders,
              count(*) filter (where d.status in ('sent', 'completed'))::int as sent,
              count(o.id)::int as outbox, count(distinct o.delivery_id)::int as outbox_deliveries,
              (select count(*)::int from reminders where status = 'pending') as pending
         from deliveries d left join outbox_messages o on o.delivery_id = d.id where d.reminder_id is not null`,
    );
    const lags = await c.query(
      `select extract(epoch from o.created_at - r.scheduled_time)::float8 as lag
         from outbox_messages o join deliveries d on d.id = o.delivery_id join reminders r on r.id = d.reminder_id order by 1`,
    );
    const campaign = await c.query(
      `select count(*)::int as deliveries, count(distinct d.client_id)::int as clients,
              count(*) filter (where d.status in ('sent', 'completed'))::int as sent,
              count(o.id)::int as outbox, count(distinct o.delivery_id)::int as outbox_deliveries
         from deliveries d left join outbox_messages o on o.delivery_id = d.id where d.campaign_id = $1`,
      [campaignId],
    );
    // While reminders were waiting (from their time to the last one sent), how many campaign messages went.
    const overlap = await c.query(
      `with window_ as (
         select $2::timestamptz as due, max(o.created_at) as last_reminder
           from outbox_messages o join deliveries d on d.id = o.delivery_id where d.reminder_id is not null
       )
       select count(*) filter (where o.created_at < w.due)::int as before_due,
              count(*) filter (where o.created_at >= w.due and o.created_at <= w.last_reminder)::int as during_reminders,
              count(*) filter (where o.created_at > w.last_reminder)::int as after_reminders
         from outbox_messages o join deliveries d on d.id = o.delivery_id cross join window_ w where d.campaign_id = $1`,
      [campaignId, due],
    );
    return { reminders: reminders.rows[0], lags: lags.rows.map((r) => r.lag), campaign: campaign.rows[0], overlap: overlap.rows[0] };
  });
  const lags = figures.lags;
  const r = figures.reminders;
  const k = figures.campaign;
  results.reminderDeliveries = r;
  results.lagSeconds = {
    p50: +percentile(lags, 50).toFixed(1),
    p99: +percentile(lags, 99).toFixed(1),
    max: +lags[lags.length - 1].toFixed(1),
  };
  results.campaign = k;
  results.campaignMessages = figures.overlap;
  results.dispatcher = summary;
  check(
    'every reminder handed to the provider port exactly once',
    r.deliveries === REMINDERS &&
      r.reminders === REMINDERS &&
      r.sent === REMINDERS &&
      r.outbox === REMINDERS &&
      r.outbox_deliveries === REMINDERS &&
      r.pending === 0,
    JSON.stringify(r),
  );
  check(
    `every reminder within ${BUDGET_SECONDS} s of its time`,
    lags.length === REMINDERS && results.lagSeconds.max <= BUDGET_SECONDS,
    `p50 ${results.lagSeconds.p50} s, p99 ${results.lagSeconds.p99} s, last ${results.lagSeconds.max} s`,
  );
  check(
    'every campaign message handed over exactly once',
    k.deliveries === CAMPAIGN && k.clients === CAMPAIGN && k.sent === CAMPAIGN && k.outbox === CAMPAIGN && k.outbox_deliveries === CAMPAIGN,
    JSON.stringify(k),
  );
  // Reminders first: while they were waiting the campaign had no more than the room each batch had left.
  const share = figures.overlap.during_reminders / (figures.overlap.during_reminders + REMINDERS);
  results.campaignShareWhileRemindersWaited = +share.toFixed(4);
  check(
    'reminders before campaign messages',
    share <= 0.02,
    `campaign messages: ${figures.overlap.before_due} before the reminders' time, ${figures.overlap.during_reminders} while reminders were going out (${(share * 100).toFixed(2)} %), ${figures.overlap.after_reminders} after`,
  );
} catch (error) {
  console.error(error);
  failures.push(String(error?.message ?? error));
} finally {
  await app?.close();
  await database.cleanup();
}
results.failures = failures;
await writeFile(join(ROOT, 'bench', 'results-burst.json'), `${JSON.stringify(results, null, 2)}\n`);
console.log(JSON.stringify(results, null, 2));
process.exit(failures.length === 0 ? 0 : 1);
