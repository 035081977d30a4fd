// `npm run bench -- --only=claims`: how fast due deliveries are taken for sending, two ways, on the
// same database and the same N queued reminder deliveries (default 20,000), in batches of 500:
//   table    the dispatcher's claim on the `deliveries` table (`DeliveryRepository.claim`: locked with
//            FOR UPDATE SKIP LOCKED, marked sending and read with what composing them needs), then
//            the batch's outcome recorded on the same rows;
//   pg-boss  one pg-boss job per delivery (the job engine the app already runs): `fetch` a batch,
//            mark its deliveries sending and read what composing them needs (the same statement as
//            the claim's last step: the delivery record that billing, engagement and the client's
//            history read must still move), record their outcome, `complete` the jobs.
// Each way runs ROUNDS times on a fresh queue; the best round counts.
// The figure the app keeps is the faster one (docs/adr/0005-job-engine-and-delivery-claims.md).
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { appContext, backend, ROOT, scratchDatabase, withClient } from './lib.mjs';

const N = Number(process.env.BENCH_CLAIM_DELIVERIES ?? 20_000);
const BATCH = 500;
const QUEUE = 'bench-deliveries';
const ROUNDS = Number(process.env.BENCH_CLAIM_ROUNDS ?? 3);

const database = await scratchDatabase();
let app;
let boss;
try {
  const { PgBoss } = await import(join(ROOT, 'node_modules/pg-boss/dist/index.js'));
  const { DeliveryRepository } = await backend('delivery/delivery.repository.js');
  app = await appContext(database.url, { DATABASE_POOL_MAX: '10' });
  const deliveries = app.get(DeliveryRepository);

  /** N due reminder deliveries, queued; answers their ids. */
  const queue = () =>
    withClient(database.url, async (c) => {
      await c.query('truncate deliveries, reminders, clients, users cascade');
      const { rows } = await c.query(`insert into users (id, email, agency_name, sponsor_message, trial_ends_at)
        values (gen_random_uuid(), 'bench@agency.test', 'Bench Agency', 'Sponsored by Bench Agency.', now() + interval '30 days') returning id`);
      const broker = rows[0].id;
      await c.query(
        `insert into clients (id, broker_id, first_name, last_name, phone, time_zone)
         select gen_random_uuid(), $1, 'Client', 'N' || n, '+1646' || lpad(n::text, 7, '0'), 'America/New_York' from generate_series(1, $2) n`,
        [broker, N],
      );
      await c.query(
        `insert into reminders (id, broker_id, client_id, scheduled_time, deliver_after, delivery_method, message)
         select gen_random_uuid(), broker_id, id, now(), now(), 'sms', 'Your plan review is next week' from clients where broker_id = $1`,
        [broker],
      );
      const inserted = await c.query(
        `insert into deliveries (id, broker_id, client_id, reminder_id, occurrence_at, channel, recipient, lane, not_before)
         select gen_random_uuid(), broker_id, client_id, id, scheduled_time, 'sms', '+1646' || id, 'reminder', now() - interval '1 minute' from reminders
         returning id`,
      );
      await c.query('vacuum analyze deliveries');
      return inserted.rows.map((r) => r.id);
    });
  const recordOutcome = (c, ids) =>
    c.query(`update deliveries set status = 'completed', updated_at = now() where id = any($1::uuid[])`, [ids]);

  /** The table: the dispatcher's own claim. Answers seconds. */
  async function viaTable() {
    await queue();
    let claimed = 0;
    const started = performance.now();
    await withClient(database.url, async (c) => {
      for (;;) {
        const batch = await deliveries.claim(new Date(), BATCH);
        if (batch.length === 0) break;
        claimed += batch.length;
        await recordOutcome(
          c,
          batch.map((d) => d.id),
        );
      }
    });
    const seconds = (performance.now() - started) / 1000;
    if (claimed !== N) throw new Error(`table: claimed ${claimed} of ${N}`);
    return seconds;
  }

  /** pg-boss: a job per delivery. Answers seconds. */
  async function viaPgBoss() {
    const ids = await queue();
    await boss.deleteAllJobs(QUEUE);
    const enqueueStarted = performance.now();
    for (let i = 0; i < ids.length; i += 1000) {
      await boss.insert(
        QUEUE,
        ids.slice(i, i + 1000).map((id) => ({ data: { deliveryId: id } })),
      );
    }
    enqueueRounds.push((performance.now() - enqueueStarted) / 1000);
    await withClient(database.url, (c) => c.query('vacuum analyze pgboss.job'));
    let fetched = 0;
    const started = performance.now();
    await withClient(database.url, async (c) => {
      for (;;) {
        const jobs = await boss.fetch(QUEUE, { batchSize: BATCH });
        if (jobs.length === 0) break;
        fetched += jobs.length;
        const sending = await deliveries.markSending(jobs.map((j) => j.data.deliveryId));
        await recordOutcome(
          c,
          sending.map((d) => d.id),
        );
        await boss.complete(
          QUEUE,
          jobs.map((j) => j.id),
        );
      }
    });
    const seconds = (performance.now() - started) / 1000;
    if (fetched !== N) throw new Error(`pg-boss: fetched ${fetched} of ${N}`);
    return seconds;
  }

  boss = new PgBoss({ connectionString: database.url, schema: 'pgboss', max: 3, schedule: false, supervise: false });
  boss.on('error', () => {});
  await boss.start();
  await boss.createQueue(QUEUE);
  const tableRounds = [];
  const bossRounds = [];
  /** What writing the jobs costs on top (at enqueue time, beside the delivery rows), not in the figure above. */
  const enqueueRounds = [];
  for (let round = 0; round < ROUNDS; round++) {
    tableRounds.push(await viaTable());
    bossRounds.push(await viaPgBoss());
  }
  const tableSeconds = Math.min(...tableRounds);
  const bossSeconds = Math.min(...bossRounds);

  const table = Math.round(N / tableSeconds);
  const pgBoss = Math.round(N / bossSeconds);
  const figures = {
    case: 'claims',
    deliveries: N,
    batch: BATCH,
    tablePerSecond: table,
    pgBossPerSecond: pgBoss,
    ratioTableToPgBoss: +(table / pgBoss).toFixed(2),
    pgBossEnqueueSeconds: +Math.min(...enqueueRounds).toFixed(2),
  };
  console.log('\nClaims: due deliveries taken for sending and their outcome recorded');
  console.table({
    'deliveries table (kept)': { deliveries: N, seconds: +tableSeconds.toFixed(2), 'per second': table },
    'pg-boss jobs': { deliveries: N, seconds: +bossSeconds.toFixed(2), 'per second': pgBoss },
  });
  console.log(`pg-boss also writes a job per delivery when it is queued: ${figures.pgBossEnqueueSeconds} s for ${N}, not counted above`);
  console.log(JSON.stringify(figures));
  await writeFile(join(ROOT, 'bench', 'results-claims.json'), `${JSON.stringify(figures, null, 2)}\n`);
} finally {
  await boss?.stop({ graceful: false, close: true }).catch(() => {});
  await app?.close();
  await database.cleanup();
}
