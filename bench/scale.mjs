// `npm run bench:scale`: the platform at ten times the benchmark's size — 10,000 brokers, 2,000,000
// clients, 10,000,000 deliveries, seeded with COPY — and the admin's and the broker's reads on it,
// each with autocannon at 4 connections for 10 s against its p99 budget (issue 31). Prints a table,
// writes bench/results-scale.json and exits 1 when a budget is missed. See docs/performance.md.
//
//   BENCH_SCALE_DATABASE_URL=postgres://…/db  a database to seed (when it has no bench brokers yet) and
//                                             keep, instead of a scratch one: for measuring again
//   BENCH_SCALE_HOT_CLIENTS=10000             the large book's clients (the dashboard's broker)
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';

import { ROOT, cannon, cookieHeader, copyChunks, copyFrom, scratchDatabase, signIn, startServer, withClient } from './lib.mjs';

const BROKERS = 10_000;
const CLIENTS = 2_000_000;
const DELIVERIES = 10_000_000;
const HOT_CLIENTS = Number(process.env.BENCH_SCALE_HOT_CLIENTS ?? 10_000);
/** Deliveries are copied this many rows per statement (each statement's triggers see that many). */
const DELIVERIES_PER_COPY = 1_000_000;
const CONNECTIONS = 4;
const SECONDS = 10;
const DAY_MS = 86_400_000;

/** A uuid counting up from `n` under a per-table prefix: appended to the primary key's index in order. */
const id = (prefix, n) => `${prefix}0000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
const brokerId = (n) => id(1, n);
const clientId = (n) => id(2, n);
const deliveryId = (n) => id(3, n);
const reminderId = (n) => id(4, n);

/**
 * Drops a table's secondary indexes and unique constraints (not its primary key) and answers the
 * statements that build them again: a bulk load into a table without its indexes, then each index
 * built once from sorted data, is several times faster than maintaining them row by row.
 */
async function dropSecondaryIndexes(c, table) {
  const { rows: constraints } = await c.query(
    `select conname, pg_get_constraintdef(oid) as def from pg_constraint where conrelid = $1::regclass and contype = 'u'`,
    [table],
  );
  const { rows: indexes } = await c.query(
    `select i.indexname, i.indexdef from pg_indexes i
      where i.tablename = $1 and i.schemaname = current_schema()
        and not exists (select 1 from pg_constraint k where k.conrelid = $1::regclass and k.conname = i.indexname)`,
    [table],
  );
  for (const k of constraints) await c.query(`alter table ${table} drop constraint ${c.escapeIdentifier(k.conname)}`);
  for (const i of indexes) await c.query(`drop index ${c.escapeIdentifier(i.indexname)}`);
  return [
    ...indexes.map((i) => i.indexdef),
    ...constraints.map((k) => `alter table ${table} add constraint ${c.escapeIdentifier(k.conname)} ${k.def}`),
  ];
}

/**
 * Seeds the platform with COPY: brokers, then clients (the hot broker's `HOT_CLIENTS` first, the rest
 * in runs of about 190 per broker), then five deliveries per client over the last 60 days (calls
 * and texts for reminders, a fifth failed, a third of the others confirmed, priced 2 and 1 cents).
 * Answers the seconds taken.
 */
async function seed(databaseUrl, hotBrokerId) {
  const started = performance.now();
  const now = Date.now();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`set maintenance_work_mem = '512MB'`);
    await client.query(`update users set subscription_tier = 'pmpm', subscription_status = 'active' where id = $1`, [hotBrokerId]);
    const tiers = ['trial', 'active', 'active', 'past_due', 'canceled'];
    await copyFrom(
      client,
      `copy users (id, email, first_name, last_name, subscription_tier, subscription_status, overage_enabled, trial_ends_at, created_at) from stdin`,
      copyChunks(
        0,
        BROKERS - 1,
        (n) =>
          `${brokerId(n)}\tbroker${n}@bench.test\tBroker\tN${n}\t${n % 3 === 0 ? 'pmpm' : 'flat'}\t${tiers[n % 5]}\t${n % 7 === 0}\t` +
          `${new Date(now + (n % 40) * DAY_MS).toISOString()}\t${new Date(now - 800 * DAY_MS + n * 1000).toISOString()}\n`,
      ),
    );
    const rebuildClients = await dropSecondaryIndexes(client, 'clients');
    const others = CLIENTS - HOT_CLIENTS;
    const ownerOf = (n) => (n < HOT_CLIENTS ? hotBrokerId : brokerId(Math.floor(((n - HOT_CLIENTS) * (BROKERS - 1)) / others)));
    await copyFrom(
      client,
      `copy clients (id, broker_id, first_name, last_name, email, phone, is_active, engagement_score, created_at) from stdin`,
      copyChunks(0, CLIENTS, (n) => {
        const first = FIRST[(n * 7) % FIRST.length];
        const last = LAST[(n * 13) % LAST.length];
        const email = n % 3 === 0 && n >= HOT_CLIENTS ? '\\N' : `${first}.${last}${n}@example.com`.toLowerCase();
        return (
          `${clientId(n)}\t${ownerOf(n)}\t${first}\t${last}\t${email}\t+1${2_000_000_000 + n}\t${n % 10 !== 0}\t${n % 101}\t` +
          `${new Date(now - (n % 730) * DAY_MS).toISOString()}\n`
        );
      }),
    );
    for (const statement of rebuildClients) await client.query(statement);
    const rebuildDeliveries = await dropSecondaryIndexes(client, 'deliveries');
    const perClient = DELIVERIES / CLIENTS;
    for (let from = 0; from < DELIVERIES; from += DELIVERIES_PER_COPY) {
      await copyFrom(
        client,
        `copy deliveries (id, broker_id, client_id, reminder_id, occurrence_at, channel, recipient, status, confirmed_at, cost_cents, created_at, updated_at) from stdin`,
        copyChunks(from, Math.min(DELIVERIES, from + DELIVERIES_PER_COPY), (n) => {
          const c = Math.floor(n / perClient);
          // Spread over the last 60 days and over the hours of each day, so that a window's edges cut through days.
          const at = new Date(now - (n % 60) * DAY_MS - ((n * 37) % 1440) * 60_000).toISOString();
          const failed = n % 5 === 0;
          const confirmed = !failed && n % 3 === 0 ? new Date(Date.parse(at) + 60_000).toISOString() : '\\N';
          return (
            `${deliveryId(n)}\t${ownerOf(c)}\t${clientId(c)}\t${reminderId(n)}\t${at}\t${n % 2 === 0 ? 'voice' : 'sms'}\t+1${2_000_000_000 + c}\t` +
            `${failed ? 'failed' : 'completed'}\t${confirmed}\t${n % 2 === 0 ? 2 : 1}\t${at}\t${at}\n`
          );
        }),
      );
    }
    for (const statement of rebuildDeliveries) await client.query(statement);
    await client.query('vacuum analyze');
    // Write the seed's dirty pages out now, so that the first case measured does not pay for it.
    await client.query('checkpoint');
  } finally {
    await client.end();
  }
  return (performance.now() - started) / 1000;
}

const FIRST = ['Mary', 'Patricia', 'Linda', 'Barbara', 'Elizabeth', 'James', 'John', 'Robert', 'Michael', 'William', 'David', 'Susan'];
const LAST = ['Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Goldsmith', 'Nguyen', 'Hill', 'Parker', 'Cruz'];

const kept = process.env.BENCH_SCALE_DATABASE_URL;
const database = kept ? { url: kept, cleanup: async () => {} } : await scratchDatabase();
let server;
const results = [];
try {
  if (kept) {
    // Each run's development provider is a new issuer, so a sign-in makes a new user unless it finds
    // one never signed in with its e-mail: the seeded large book's broker is made that user again.
    await withClient(database.url, (c) =>
      c.query(
        `update users set oidc_subject = null
          where to_regclass('users') is not null
            and id = (select c.broker_id from clients c join users u on u.id = c.broker_id
                       where u.email = 'bench.hot@agency.test' group by c.broker_id order by count(*) desc limit 1)`,
      ),
    ).catch(() => undefined);
  }
  server = await startServer(database.url);
  const hot = await signIn(server.appUrl, 'bench.hot@agency.test');
  const admin = await signIn(server.appUrl, 'bench.admin@agency.test');
  await withClient(database.url, (c) => c.query('update users set is_admin = true where id = $1', [admin.user.id]));
  const [{ n: seeded }] = await withClient(database.url, (c) =>
    c.query(`select count(*)::int as n from users where email like '%@bench.test'`).then((r) => r.rows),
  );
  let seedSeconds = null;
  if (seeded === 0) {
    console.log(`Seeding ${BROKERS} brokers, ${CLIENTS} clients (${HOT_CLIENTS} for one broker), ${DELIVERIES} deliveries with COPY…`);
    seedSeconds = +(await seed(database.url, hot.user.id)).toFixed(1);
    console.log(`seeded in ${seedSeconds} s`);
  } else {
    console.log(`Reusing the ${seeded} brokers already seeded in BENCH_SCALE_DATABASE_URL`);
  }
  const typical = brokerId(BROKERS / 2);
  const cases = [
    { name: 'admin analytics', session: admin, path: '/api/admin/analytics', budgetMs: 200 },
    { name: 'dashboard stats (large book)', session: hot, path: '/api/stats', budgetMs: 100 },
    { name: 'broker list, first page', session: admin, path: '/api/admin/brokers?range=[0,24]&sort=["createdAt","DESC"]', budgetMs: 200 },
    {
      name: 'broker list by client count',
      session: admin,
      path: '/api/admin/brokers?range=[0,24]&sort=["clientCount","DESC"]',
      budgetMs: 200,
    },
    { name: 'broker detail', session: admin, path: `/api/admin/brokers/${typical}`, budgetMs: 200 },
  ];
  for (const { name, session, path, budgetMs } of cases) {
    const check = await session.request(path);
    if (check.status !== 200) throw new Error(`${path}: ${check.status} ${await check.text()}`);
    await check.arrayBuffer();
    const headers = { cookie: cookieHeader(session) };
    await cannon(server.appUrl + path, { connections: CONNECTIONS, seconds: 1, headers });
    const r = await cannon(server.appUrl + path, { connections: CONNECTIONS, seconds: SECONDS, headers });
    results.push({ case: name, path, ...r, budgetP99Ms: budgetMs, pass: r.errors === 0 && r.p99Ms <= budgetMs });
  }
  const figures = {
    brokers: BROKERS,
    clients: CLIENTS,
    deliveries: DELIVERIES,
    hotClients: HOT_CLIENTS,
    seedSeconds,
    connections: CONNECTIONS,
    seconds: SECONDS,
    cases: results,
  };
  console.log(`\n${BROKERS} brokers, ${CLIENTS} clients, ${DELIVERIES} deliveries; ${CONNECTIONS} connections, ${SECONDS} s each`);
  console.table(
    Object.fromEntries(
      results.map((r) => [
        r.case,
        { 'req/s': r.requestsPerSecond, 'p50 ms': r.p50Ms, 'p99 ms': r.p99Ms, 'budget p99 ms': r.budgetP99Ms, errors: r.errors, pass: r.pass },
      ]),
    ),
  );
  await writeFile(join(ROOT, 'bench', 'results-scale.json'), `${JSON.stringify(figures, null, 2)}\n`);
} finally {
  await server?.stop();
  await database.cleanup();
}
process.exitCode = results.length && results.every((r) => r.pass) ? 0 : 1;
