// `npm run bench:dispatch`: N due reminders (default 20,000) dispatched into the development outbox
// by the built server's dispatcher; prints deliveries per second and the due-to-sent lag.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { appContext, backend, ROOT, scratchDatabase, withClient } from './lib.mjs';

const REMINDERS = Number(process.env.BENCH_DISPATCH_REMINDERS ?? 20_000);
const BUDGET = 1000;

const database = await scratchDatabase();
let app;
try {
  // The dispatcher runs inside a Nest application context on the scratch database.
  const { DispatcherService } = await backend('delivery/dispatcher.service.js');
  app = await appContext(database.url, { DISPATCH_BATCH_SIZE: '1000', DISPATCH_CONCURRENCY: '50', DATABASE_POOL_MAX: '20' });

  await withClient(database.url, async (c) => {
    const { rows } = await c.query(`insert into users (id, email, agency_name, sponsor_message, trial_ends_at)
      values (gen_random_uuid(), 'bench@agency.test', 'Bench Agency', 'Sponsored by Bench Agency.', now() + interval '30 days') returning id`);
    const broker = rows[0].id;
    await c.query(
      `insert into clients (id, broker_id, first_name, last_name, phone, time_zone)
       select gen_random_uuid(), $1, 'Client', 'N' || n, '+1646' || lpad(n::text, 7, '0'), 'America/New_York' from generate_series(1, $2) n`,
      [broker, REMINDERS],
    );
    // Added with the broker's attestations (reminders and marketing): every reminder goes, with the sponsor message.
    await c.query(
      `insert into consents (client_id, channel, purpose, opted_in, source, evidence)
       select c.id, ch, p, true, 'broker_added', 'Attested by the broker'
         from clients c cross join unnest(array['voice', 'sms']) ch cross join unnest(array['reminders', 'marketing']) p where c.broker_id = $1`,
      [broker],
    );
    await c.query(
      `insert into reminders (id, broker_id, client_id, scheduled_time, deliver_after, delivery_method, message)
       select gen_random_uuid(), broker_id, id, now(), now(), case when random() < 0.5 then 'voice' else 'sms' end, 'Your plan review is next week'
         from clients where broker_id = $1`,
      [broker],
    );
  });

  // The WAL's flushes to disk: each commit that changed data waits for one (unless another commit's covered it).
  // (PostgreSQL 18 counts them in pg_stat_io, earlier versions in pg_stat_wal.)
  const walFlushes = () =>
    withClient(database.server, async (c) => {
      const { rows } = await c.query(`select current_setting('server_version_num')::int >= 180000 as io`);
      const sql = rows[0].io ? `select sum(fsyncs) as n from pg_stat_io where object = 'wal'` : 'select wal_sync as n from pg_stat_wal';
      return Number((await c.query(sql)).rows[0].n);
    });
  const flushesBefore = await walFlushes();
  const dueAt = Date.now();
  const started = performance.now();
  const summary = await app.get(DispatcherService).runOnce({ maxMs: 600_000 });
  const seconds = (performance.now() - started) / 1000;
  const flushes = (await walFlushes()) - flushesBefore;
  const lag = await withClient(database.url, async (c) => {
    const { rows } = await c.query(`select extract(epoch from max(updated_at) - $1::timestamptz) as lag from deliveries`, [
      new Date(dueAt),
    ]);
    return Number(rows[0].lag);
  });
  const rate = summary.sent / seconds;
  const figures = {
    case: 'dispatcher',
    reminders: REMINDERS,
    sent: summary.sent,
    seconds: +seconds.toFixed(2),
    deliveriesPerSecond: Math.round(rate),
    budgetPerSecond: BUDGET,
    ratioToBudget: +(rate / BUDGET).toFixed(2),
    maxDueToSentLagSeconds: +lag.toFixed(2),
    walFlushesPerDelivery: +(flushes / REMINDERS).toFixed(2),
  };
  console.log('\nDispatcher: due reminders into the development outbox');
  console.table({
    dispatcher: { reminders: REMINDERS, sent: summary.sent, seconds: figures.seconds, 'deliveries/s': figures.deliveriesPerSecond },
  });
  console.log(`budget ≥ ${BUDGET}/s: ratio ${figures.ratioToBudget}; last delivery ${figures.maxDueToSentLagSeconds} s after due`);
  console.log(`WAL flushes per delivery: ${figures.walFlushesPerDelivery} (the database server's, during the run)`);
  console.log(JSON.stringify(figures));
  await writeFile(join(ROOT, 'bench', 'results-dispatch.json'), `${JSON.stringify(figures, null, 2)}\n`);
  if (summary.sent !== REMINDERS) throw new Error(`sent ${summary.sent} of ${REMINDERS}`);
} finally {
  await app?.close();
  await database.cleanup();
}
