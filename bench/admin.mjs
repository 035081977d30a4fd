// `npm run bench:admin`: seeds 1,000 brokers, 200,000 clients and 1,000,000 deliveries, then times
// GET /api/admin/analytics and the broker list through HTTP on the built server (budget: p99 ≤ 200 ms).
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ROOT, scratchDatabase, signIn, startServer, withClient } from './lib.mjs';

const BROKERS = 1000;
const CLIENTS = 200_000;
const DELIVERIES = 1_000_000;
const RUNS = 40;
const BUDGET_MS = 200;

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function time(session, path) {
  const samples = [];
  for (let i = 0; i < RUNS + 5; i++) {
    const t0 = performance.now();
    const res = await session.request(path);
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
    if (i >= 5) samples.push(performance.now() - t0);
  }
  samples.sort((a, b) => a - b);
  return { p50: +percentile(samples, 50).toFixed(1), p99: +percentile(samples, 99).toFixed(1) };
}

const database = await scratchDatabase();
let server;
try {
  server = await startServer(database.url);
  const session = await signIn(server.appUrl, 'bench.admin@agency.test');
  const seedStarted = performance.now();
  await withClient(database.url, async (c) => {
    await c.query(`update users set is_admin = true where id = $1`, [session.user.id]);
    await c.query(
      `insert into users (id, email, first_name, last_name, subscription_tier, subscription_status, overage_enabled, trial_ends_at, created_at)
       select gen_random_uuid(), 'broker' || n || '@bench.test', 'Broker', 'N' || n,
              case when n % 3 = 0 then 'pmpm' else 'flat' end,
              (array['trial', 'active', 'active', 'past_due', 'canceled'])[1 + n % 5],
              n % 7 = 0, now() + (n % 40) * interval '1 day', now() - interval '200 days'
         from generate_series(1, $1) n`,
      [BROKERS],
    );
    await c.query(
      `insert into clients (id, broker_id, first_name, last_name, phone, is_active)
       select gen_random_uuid(), b.id, 'Client', 'N' || n, '+1' || (2000000000 + n)::text, n % 10 <> 0
         from generate_series(1, $1) n
         join (select id, row_number() over (order by id) as rn from users where not is_admin) b on b.rn = 1 + n % $2`,
      [CLIENTS, BROKERS],
    );
    await c.query(
      `insert into deliveries (id, broker_id, client_id, occurrence_at, channel, recipient, status, cost_cents, created_at)
       select gen_random_uuid(), cl.broker_id, cl.id, now(), case when n % 2 = 0 then 'voice' else 'sms' end, cl.phone,
              case when n % 5 = 0 then 'failed' else 'completed' end, case when n % 2 = 0 then 2 else 1 end,
              now() - (n % 60) * interval '1 day'
         from generate_series(1, $1) n
         join (select id, broker_id, phone, row_number() over (order by id) as rn from clients) cl on cl.rn = 1 + n % $2`,
      [DELIVERIES, CLIENTS],
    );
    await c.query('vacuum analyze');
  });
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  const analytics = await time(session, '/api/admin/analytics');
  const brokers = await time(session, '/api/admin/brokers?range=[0,24]&sort=["createdAt","DESC"]');
  const figures = {
    case: 'admin-analytics',
    brokers: BROKERS,
    clients: CLIENTS,
    deliveries: DELIVERIES,
    seedSeconds: +seedSeconds.toFixed(1),
    analyticsP50Ms: analytics.p50,
    analyticsP99Ms: analytics.p99,
    brokerListP50Ms: brokers.p50,
    brokerListP99Ms: brokers.p99,
    budgetP99Ms: BUDGET_MS,
    ratioToBudget: +(analytics.p99 / BUDGET_MS).toFixed(2),
  };
  console.log(
    `\nAdmin back office at ${BROKERS} brokers, ${CLIENTS} clients, ${DELIVERIES} deliveries (seeded in ${figures.seedSeconds} s)`,
  );
  console.table({
    'GET /api/admin/analytics': { 'p50 ms': analytics.p50, 'p99 ms': analytics.p99 },
    'GET /api/admin/brokers (page of 25)': { 'p50 ms': brokers.p50, 'p99 ms': brokers.p99 },
  });
  console.log(`analytics p99 ${analytics.p99} ms against a budget of ${BUDGET_MS} ms (ratio ${figures.ratioToBudget})`);
  console.log(JSON.stringify(figures));
  await writeFile(join(ROOT, 'bench', 'results-admin.json'), `${JSON.stringify(figures, null, 2)}\n`);
} finally {
  await server?.stop();
  await database.cleanup();
}
