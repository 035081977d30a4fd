// Shared pieces of the benchmark scripts: a database, the built server as a child process, and a
// broker session obtained through the real sign-in flow.
import { spawn } from 'node:child_process';
import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, withClient } from '../scripts/net.mjs';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../scripts/server-runtime.mjs';

export { freePort, withClient };

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * A scratch database: on BENCH_DATABASE_URL's server when set, else on a throwaway embedded
 * PostgreSQL. Answers its URL, the server's maintenance URL and a cleanup function.
 */
export async function scratchDatabase() {
  const name = `carekeep_bench_${process.pid}`;
  if (process.env.BENCH_DATABASE_URL) {
    const server = process.env.BENCH_DATABASE_URL;
    await withClient(server, (c) => c.query(`create database ${c.escapeIdentifier(name)}`));
    const url = new URL(server);
    url.pathname = `/${name}`;
    return {
      url: url.toString(),
      server,
      cleanup: () => withClient(server, (c) => c.query(`drop database if exists ${c.escapeIdentifier(name)} with (force)`)),
    };
  }
  const { startEmbeddedPostgres } = await import(join(ROOT, 'backend/dist/database/embedded-postgres.js'));
  const dataDir = await mkdtemp(join(tmpdir(), 'carekeep-bench-pg-'));
  await chmod(dataDir, 0o755);
  const embedded = await startEmbeddedPostgres({ dataDir, port: await freePort() });
  await withClient(embedded.url, (c) => c.query(`create database ${c.escapeIdentifier(name)}`));
  const url = new URL(embedded.url);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    server: embedded.url,
    cleanup: async () => {
      await embedded.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A module of the built backend, e.g. `backend('delivery/dispatcher.service.js')`. */
export function backend(path) {
  return import(join(ROOT, 'backend/dist', path));
}

/**
 * The built server's modules as an application context (no HTTP) on `databaseUrl`, migrated, with
 * the benchmarks' secrets and `env` on top: for cases that drive a service directly.
 */
export async function appContext(databaseUrl, env = {}) {
  process.env.ENV_FILE = 'none';
  const { NestFactory } = await import(join(ROOT, 'node_modules/@nestjs/core/index.js'));
  const { AppModule } = await backend('app.module.js');
  const { loadConfig } = await backend('config/config.js');
  const { DatabaseBootstrapService } = await backend('database/database-bootstrap.service.js');
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SESSION_SECRET: 'benchmark-session-key-0123456789abcdefghij',
    PHI_ENCRYPTION_KEY: 'YmVuY2htYXJrLXBoaS1rZXktMDEyMzQ1Njc4OWFiY2Q=',
    ...env,
  });
  const app = await NestFactory.createApplicationContext(AppModule.forRoot(config, databaseUrl), { logger: false });
  await app.get(DatabaseBootstrapService).prepare();
  return app;
}

/** Resident memory of a process in MB, from /proc. */
export async function rssMb(pid) {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

/** The built server on `databaseUrl`, started as `npm start` runs it (same flags); resolves when healthy. */
export async function startServer(databaseUrl, extraEnv = {}) {
  const port = await freePort();
  const appUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, join(ROOT, 'backend/dist/main.js')], {
    env: {
      PATH: process.env.PATH,
      ...SERVER_ENV,
      ENV_FILE: 'none',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      APP_URL: appUrl,
      DATABASE_URL: databaseUrl,
      SESSION_SECRET: 'benchmark-session-key-0123456789abcdefghij',
      PHI_ENCRYPTION_KEY: 'YmVuY2htYXJrLXBoaS1rZXktMDEyMzQ1Njc4OWFiY2Q=',
      CSV_UPLOAD_MAX_MB: '200',
      // A benchmark drives one session from one address: every request is still counted (that
      // cost is part of the figures), the limits are never met.
      RATE_LIMIT_API_PER_USER: '1000000',
      RATE_LIMIT_PUBLIC_PER_ADDRESS: '1000000',
      ...(process.env.BENCH_SERVER_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_SERVER_NODE_OPTIONS } : {}),
      ...extraEnv,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise((done) => child.once('exit', done));
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    const ok = await fetch(`${appUrl}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok)
      return {
        appUrl,
        pid: child.pid,
        stop: async () => {
          child.kill('SIGTERM');
          await exited;
        },
      };
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error('the server did not become healthy within 60 s');
}

/** A minimal cookie-keeping client for the app's own origin. */
export function cookieClient(appUrl) {
  const jar = new Map();
  const store = (response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...value] = pair.split('=');
      jar.set(name.trim(), value.join('='));
    }
  };
  const request = async (path, init = {}) => {
    const headers = new Headers(init.headers);
    headers.set('Origin', appUrl);
    if (jar.size) headers.set('Cookie', [...jar].map(([k, v]) => `${k}=${v}`).join('; '));
    const response = await fetch(new URL(path, appUrl), { ...init, headers, redirect: 'manual' });
    store(response);
    return response;
  };
  return { request, jar };
}

/** Signs in through the development provider's page, following redirects; answers the cookie client. */
export async function signIn(appUrl, email) {
  const client = cookieClient(appUrl);
  let response = await client.request('/api/login');
  let page;
  for (let hops = 0; hops < 10 && response.status >= 300 && response.status < 400; hops++) {
    response = await client.request(response.headers.get('location'));
  }
  page = await response.text();
  const action = /<form method="post" action="([^"]+)">\s*<label/.exec(page)?.[1];
  if (!action) throw new Error('no sign-in form');
  response = await client.request(action.replace(/&amp;/g, '&'), {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email }),
  });
  for (let hops = 0; hops < 10 && response.status >= 300 && response.status < 400; hops++) {
    response = await client.request(response.headers.get('location'));
  }
  const me = await client.request('/api/auth/user');
  if (me.status !== 200) throw new Error(`sign-in failed: ${me.status}`);
  return { ...client, user: await me.json() };
}

/** The p-th percentile (0–100) of ascending samples. */
export function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** The Cookie header value of a cookie client's jar. */
export function cookieHeader(client) {
  return [...client.jar].map(([k, v]) => `${k}=${v}`).join('; ');
}

const FIRST_NAMES = [
  'Mary',
  'Patricia',
  'Linda',
  'Barbara',
  'Elizabeth',
  'Jennifer',
  'Maria',
  'Susan',
  'Margaret',
  'Dorothy',
  'Lisa',
  'Nancy',
  'Karen',
  'Betty',
  'Helen',
  'Sandra',
  'Donna',
  'Carol',
  'Ruth',
  'Sharon',
  'James',
  'John',
  'Robert',
  'Michael',
  'William',
  'David',
  'Richard',
  'Charles',
  'Joseph',
  'Thomas',
  'Donald',
  'George',
  'Kenneth',
  'Steven',
  'Edward',
  'Paul',
  'Ronald',
  'Gary',
  'Larry',
  'Frank',
];
const LAST_NAMES = [
  'Smith',
  'Johnson',
  'Williams',
  'Brown',
  'Jones',
  'Garcia',
  'Miller',
  'Davis',
  'Rodriguez',
  'Martinez',
  'Hernandez',
  'Lopez',
  'Gonzalez',
  'Wilson',
  'Anderson',
  'Thomas',
  'Taylor',
  'Moore',
  'Jackson',
  'Martin',
  'Lee',
  'Perez',
  'Thompson',
  'White',
  'Harris',
  'Sanchez',
  'Clark',
  'Ramirez',
  'Lewis',
  'Robinson',
  'Walker',
  'Young',
  'Allen',
  'King',
  'Wright',
  'Scott',
  'Torres',
  'Nguyen',
  'Hill',
  'Flores',
  'Green',
  'Adams',
  'Nelson',
  'Baker',
  'Hall',
  'Rivera',
  'Campbell',
  'Mitchell',
  'Carter',
  'Roberts',
  'Goldsmith',
  'Smithers',
  'Phillips',
  'Evans',
  'Turner',
  'Diaz',
  'Parker',
  'Cruz',
  'Edwards',
  'Collins',
];

/**
 * Seeds a book of business at realistic size on a migrated database: `brokers` other brokers, then
 * `clients` clients of which `hotClients` belong to `hotBrokerId` (the rest spread evenly over the
 * other brokers), and `deliveries` reminder deliveries spread evenly over all clients (voice ones
 * linked to a reminder, as the dispatcher records them), and each client's policies (about 1.3 a
 * client). Names come from common US first and last names; creation dates spread over two years. Ends with VACUUM ANALYZE and a checkpoint. Answers
 * the seconds taken.
 */
export async function seedRealistic(databaseUrl, { brokers, clients, deliveries, hotBrokerId, hotClients }) {
  const started = performance.now();
  await withClient(databaseUrl, async (c) => {
    await c.query(`update users set subscription_tier = 'pmpm', subscription_status = 'active' where id = $1`, [hotBrokerId]);
    await c.query(
      `insert into users (id, email, first_name, last_name, subscription_tier, subscription_status, overage_enabled, trial_ends_at, created_at)
       select gen_random_uuid(), 'broker' || n || '@bench.test', 'Broker', 'N' || n,
              case when n % 3 = 0 then 'pmpm' else 'flat' end,
              (array['trial', 'active', 'active', 'past_due', 'canceled'])[1 + n % 5],
              n % 7 = 0, now() + (n % 40) * interval '1 day', now() - interval '800 days'
         from generate_series(1, $1) n`,
      [brokers],
    );
    const names = (alias) =>
      `(array[${FIRST_NAMES.map((n) => `'${n}'`).join(',')}])[1 + (${alias} * 7) % ${FIRST_NAMES.length}],
       (array[${LAST_NAMES.map((n) => `'${n}'`).join(',')}])[1 + (${alias} * 13) % ${LAST_NAMES.length}]`;
    await c.query(
      `insert into clients (id, broker_id, first_name, last_name, email, phone, is_active, engagement_score, created_at)
       select gen_random_uuid(), $1, f, l, lower(f || '.' || l || n) || '@example.com', '+1212' || lpad(n::text, 7, '0'),
              n % 10 <> 0, n % 101, now() - (n % 730) * interval '1 day'
         from (select n, ${names('n')} from generate_series(1, $2) n) s(n, f, l)`,
      [hotBrokerId, hotClients],
    );
    await c.query(
      `insert into clients (id, broker_id, first_name, last_name, email, phone, is_active, engagement_score, created_at)
       select gen_random_uuid(), b.id, f, l, case when n % 3 = 0 then null else lower(f || '.' || l || n) || '@example.com' end,
              '+1' || (2000000000 + n)::text, n % 10 <> 0, n % 101, now() - (n % 730) * interval '1 day'
         from (select n, ${names('n')} from generate_series(1, $1) n) s(n, f, l)
         join (select id, row_number() over (order by id) as rn from users where email like '%@bench.test') b on b.rn = 1 + n % $2`,
      [Math.max(0, clients - hotClients), brokers],
    );
    await c.query(
      `insert into deliveries (id, broker_id, client_id, reminder_id, occurrence_at, channel, recipient, status, cost_cents, created_at, updated_at)
       select gen_random_uuid(), cl.broker_id, cl.id, gen_random_uuid(), now() - (n % 60) * interval '1 day',
              case when n % 2 = 0 then 'voice' else 'sms' end, cl.phone,
              case when n % 5 = 0 then 'failed' else 'completed' end, case when n % 2 = 0 then 2 else 1 end,
              now() - (n % 60) * interval '1 day', now() - (n % 60) * interval '1 day'
         from generate_series(1, $1) n
         join (select id, broker_id, phone, row_number() over (order by id) as rn from clients) cl on cl.rn = 1 + n % $2`,
      [deliveries, clients],
    );
    // Every client's coverage (issue 51): a Medicare plan from one of ten carriers — MAPD, MA, Part D
    // or Medigap, effective on 1 January of one of the last five years — active for most, pending
    // for one in twelve, and for one in nine marked terminated with its last day spread over the
    // next 120 days and the last year (the "terminating soon" filter finds about one in 70); every
    // third client also has a second policy of another carrier (Part D or dental).
    const carriers = `(array['Humana', 'Aetna', 'UnitedHealthcare', 'Cigna', 'Wellcare', 'Anthem', 'Kaiser Permanente', 'Mutual of Omaha', 'Devoted Health', 'Blue Cross Blue Shield'])`;
    await c.query(
      `insert into policies (id, broker_id, client_id, carrier, plan_name, plan_id, plan_type, medigap_plan, status, effective_date, termination_date,
                             termination_reason, premium_cents, created_at, updated_at)
       select gen_random_uuid(), cl.broker_id, cl.id, ${carriers}[1 + cl.rn % 10], ${carriers}[1 + cl.rn % 10] || ' Plan ' || (cl.rn % 7),
              case when t in ('mapd', 'medicare_advantage') then 'H' || lpad((1000 + cl.rn % 9000)::text, 4, '0') || '-00' || (1 + cl.rn % 9) || '-000'
                   when t = 'pdp' then 'S' || lpad((1000 + cl.rn % 9000)::text, 4, '0') || '-00' || (1 + cl.rn % 9) || '-000' end,
              t, case when t = 'medigap' then (array['G', 'N', 'F'])[1 + cl.rn % 3] end,
              case when cl.rn % 9 = 0 then 'terminated' when cl.rn % 12 = 0 then 'pending' else 'active' end,
              make_date(extract(year from now())::int - cl.rn % 5, 1, 1),
              case when cl.rn % 9 = 0 then (now() + ((cl.rn / 9) % 480 - 360) * interval '1 day')::date end,
              case when cl.rn % 9 = 0 then (array['switched_agent', 'switched_plan', 'moved', 'other'])[1 + cl.rn % 4] end,
              (cl.rn % 40) * 500, now(), now()
         from (select id, broker_id, (row_number() over (order by id))::int as rn from clients) cl,
              lateral (select (array['mapd', 'mapd', 'medicare_advantage', 'pdp', 'medigap'])[1 + cl.rn % 5] as t) pt`,
    );
    await c.query(
      `insert into policies (id, broker_id, client_id, carrier, plan_name, plan_type, status, effective_date, created_at, updated_at)
       select gen_random_uuid(), cl.broker_id, cl.id, ${carriers}[1 + (cl.rn + 3) % 10], 'Extra ' || (cl.rn % 5),
              case when cl.rn % 2 = 0 then 'dental' else 'other' end, 'active', make_date(extract(year from now())::int - cl.rn % 3, 1, 1), now(), now()
         from (select id, broker_id, (row_number() over (order by id))::int as rn from clients) cl
        where cl.rn % 3 = 0`,
    );
    await c.query('vacuum analyze');
    // Write the seed's dirty pages out now, so that the first case measured does not pay for it.
    await c.query('checkpoint');
  });
  return (performance.now() - started) / 1000;
}

/**
 * Runs autocannon against `url` and answers its figures: requests/s (average), latency p50/p99 in
 * ms, request count, and errors (socket errors, timeouts and non-2xx answers).
 */
export async function cannon(url, { connections, seconds, headers = {} }) {
  const { default: autocannon } = await import('autocannon');
  const result = await autocannon({ url, connections, duration: seconds, headers });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

/**
 * `COPY … FROM STDIN` on a connected pg client, fed from `chunks` (an iterable of strings in COPY's
 * text format) with the socket's backpressure respected. The pg driver's own wire messages (no
 * extra dependency). Answers the rows copied.
 */
export function copyFrom(client, sql, chunks) {
  return new Promise((resolve, reject) => {
    let failure = null;
    let rows = 0;
    client.query({
      submit(connection) {
        connection.query(sql);
      },
      async handleCopyInResponse(connection) {
        const stream = connection.stream;
        try {
          for (const chunk of chunks) {
            if (failure) break;
            connection.sendCopyFromChunk(Buffer.from(chunk));
            if (stream.writableNeedDrain) await new Promise((drained) => stream.once('drain', drained));
          }
          connection.endCopyFrom();
        } catch (error) {
          connection.sendCopyFail(String(error));
        }
      },
      handleCommandComplete(message) {
        rows = Number(/\d+$/.exec(message.text)?.[0] ?? 0);
      },
      handleError(error) {
        failure = error;
      },
      handleReadyForQuery() {
        if (failure) reject(failure);
        else resolve(rows);
      },
      handleEmptyQuery() {},
      handleRowDescription() {},
      handleDataRow() {},
      handleCopyData() {},
    });
  });
}

/** Lines of `line(i)` for i in [from, until), joined into chunks of about 256 kB for copyFrom. */
export function* copyChunks(from, until, line) {
  let chunk = '';
  for (let i = from; i < until; i++) {
    chunk += line(i);
    if (chunk.length > 262_144) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk) yield chunk;
}
