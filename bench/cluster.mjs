// `npm run bench:cluster`: three instances of the built server on one PostgreSQL database behind
// nginx (Debian's package), configured by deploy/nginx/carekeep.conf, all on loopback. Checks:
//
//   1. a broker signs in through nginx (the sign-in's steps land on different instances), and the
//      session answers on every instance;
//   2. a logo uploaded through one instance is read through the others (one shared uploads volume);
//   3. due reminders are sent exactly once by the three dispatchers together, and each took part;
//   4. a rolling restart (each instance stopped with SIGTERM and started again in turn) under 100
//      connections of broker reads through nginx fails no request, while more due reminders are
//      sent exactly once across the restarts.
//
// With --pgbouncer the instances reach PostgreSQL through PgBouncer (Debian's package) in
// transaction mode, and everything above must hold the same; the instances also start together
// through it on the empty database (the migration lock).
//
// Prints the figures, writes bench/results-cluster.json (results-cluster-pgbouncer.json) and exits
// 1 when a check fails. NGINX_BIN and PGBOUNCER_BIN name other binaries (default /usr/sbin/…);
// BENCH_DATABASE_URL another PostgreSQL server (default: a throwaway embedded one).
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../scripts/server-runtime.mjs';
import { cookieHeader, freePort, ROOT, scratchDatabase, signIn, withClient } from './lib.mjs';

const NGINX = process.env.NGINX_BIN ?? '/usr/sbin/nginx';
const PGBOUNCER = process.env.PGBOUNCER_BIN ?? '/usr/sbin/pgbouncer';
const { values: flags } = parseArgs({ options: { pgbouncer: { type: 'boolean', default: false } } });
const INSTANCES = 3;
const LOAD_CONNECTIONS = 100;
const REMINDERS = 3000;
const BOOK = 2000;
const BROKER_EMAIL = 'cluster.broker@agency.test';

if (!existsSync(NGINX)) {
  console.error(`nginx is not installed (${NGINX}): apt-get install nginx, or set NGINX_BIN`);
  process.exit(1);
}
if (flags.pgbouncer && !existsSync(PGBOUNCER)) {
  console.error(`PgBouncer is not installed (${PGBOUNCER}): apt-get install pgbouncer, or set PGBOUNCER_BIN`);
  process.exit(1);
}

const failures = [];
/** Records a check: it passes, or its failure is listed and makes the run exit 1. */
function check(name, ok, detail = '') {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}${detail ? ` — ${detail}` : ''}`);
  if (!ok) failures.push(name);
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitUntil(what, test, timeoutMs = 60_000, everyMs = 200) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await test()) return;
    await sleep(everyMs);
  }
  throw new Error(`timed out waiting for ${what}`);
}

const work = await mkdtemp(join(tmpdir(), 'carekeep-cluster-'));
// nginx's workers run as an unprivileged user when it is started as root: they write their temp files here.
await chmod(work, 0o755);
const uploads = join(work, 'uploads');
await mkdir(join(work, 'nginx-temp'), { mode: 0o777 });
await chmod(join(work, 'nginx-temp'), 0o777);

const database = await scratchDatabase();
const [proxyPort, idpPort, bouncerPort, ...appPorts] = await Promise.all(Array.from({ length: INSTANCES + 3 }, () => freePort()));
const publicUrl = `http://127.0.0.1:${proxyPort}`;
const cleanups = [];

/**
 * The identity provider, outside the instances as in production: the development OpenID Connect
 * provider (oidc-provider) on its own port, reached through nginx under /oidc.
 */
async function startIdentityProvider() {
  const { default: express } = await import('express');
  const { loadConfig } = await import(join(ROOT, 'backend/dist/config/config.js'));
  const { createDevProvider } = await import(join(ROOT, 'backend/dist/auth/dev-provider/dev-provider.js'));
  const provider = await createDevProvider(loadConfig({ NODE_ENV: 'test', APP_URL: publicUrl }));
  const app = express();
  provider.mount(app);
  const server = await new Promise((resolve) => {
    const s = app.listen(idpPort, '127.0.0.1', () => resolve(s));
  });
  cleanups.push(() => new Promise((resolve) => server.close(resolve)));
  return provider;
}

/**
 * PgBouncer in transaction mode in front of the scratch database (run as the postgres user: it
 * refuses root). Answers the URL the instances use instead of the database's own.
 */
async function startPgBouncer() {
  const target = new URL(database.url);
  const name = target.pathname.slice(1);
  const user = decodeURIComponent(target.username);
  const password = decodeURIComponent(target.password);
  const quote = (value) => `"${value.replace(/"/g, '""')}"`;
  await writeFile(join(work, 'userlist.txt'), `${quote(user)} ${quote(password)}\n`, { mode: 0o644 });
  await writeFile(
    join(work, 'pgbouncer.ini'),
    `[databases]
${name} = host=${target.hostname} port=${target.port || 5432} dbname=${name}

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = ${bouncerPort}
unix_socket_dir =
auth_type = scram-sha-256
auth_file = ${join(work, 'userlist.txt')}
pool_mode = transaction
max_client_conn = 1000
default_pool_size = 20
logfile = ${join(work, 'nginx-temp', 'pgbouncer.log')}
`,
    { mode: 0o644 },
  );
  const bouncer = spawn(PGBOUNCER, ['-u', 'postgres', join(work, 'pgbouncer.ini')], { stdio: ['ignore', 'inherit', 'inherit'] });
  const exited = new Promise((resolve) => bouncer.once('exit', resolve));
  cleanups.push(async () => {
    bouncer.kill('SIGINT');
    await exited;
  });
  const url = new URL(database.url);
  url.hostname = '127.0.0.1';
  url.port = String(bouncerPort);
  await waitUntil(
    'PgBouncer',
    () =>
      withClient(url.toString(), (c) => c.query('select 1')).then(
        () => true,
        () => false,
      ),
    10_000,
  );
  return url.toString();
}

async function startNginx() {
  const site = await readFile(join(ROOT, 'deploy/nginx/carekeep.conf'), 'utf8');
  let servers = 0;
  const local = site
    .replace(/server 10\.0\.0\.1\d:3000/g, () => `server 127.0.0.1:${appPorts[servers++]}`)
    .replace('listen 80;', `listen 127.0.0.1:${proxyPort};`)
    .replace(
      '    location / {',
      `    location /oidc/ {\n        proxy_pass http://127.0.0.1:${idpPort};\n        proxy_set_header Host $http_host;\n    }\n\n    location / {`,
    );
  if (servers !== INSTANCES || !local.includes(`listen 127.0.0.1:${proxyPort};`))
    throw new Error('deploy/nginx/carekeep.conf changed shape');
  await writeFile(join(work, 'carekeep.conf'), local);
  const temp = join(work, 'nginx-temp');
  await writeFile(
    join(work, 'nginx.conf'),
    `worker_processes 2;
pid ${join(work, 'nginx.pid')};
error_log ${join(work, 'nginx-error.log')} warn;
events { worker_connections 4096; }
http {
  log_format upstreams '$status|$upstream_addr|$upstream_status|$request_method|$uri';
  access_log ${join(work, 'access.log')} upstreams;
  client_body_temp_path ${temp}/body;
  proxy_temp_path ${temp}/proxy;
  fastcgi_temp_path ${temp}/fastcgi;
  uwsgi_temp_path ${temp}/uwsgi;
  scgi_temp_path ${temp}/scgi;
  include ${join(work, 'carekeep.conf')};
}
`,
  );
  const nginx = spawn(NGINX, ['-p', work, '-c', join(work, 'nginx.conf'), '-g', 'daemon off;'], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise((resolve) => nginx.once('exit', resolve));
  cleanups.push(async () => {
    nginx.kill('SIGQUIT');
    await exited;
  });
  await waitUntil(
    'nginx',
    () =>
      fetch(`${publicUrl}/oidc/.well-known/openid-configuration`).then(
        (r) => r.ok,
        () => false,
      ),
    10_000,
  );
}

/** One app instance on its port, its JSON log lines kept in memory (they are counted below). */
function startInstance(index, provider) {
  const port = appPorts[index];
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, join(ROOT, 'backend/dist/main.js')], {
    env: {
      PATH: process.env.PATH,
      ...SERVER_ENV,
      ENV_FILE: 'none',
      // As a deployment runs (the scheduler and dispatcher on), with messages into the development outbox.
      NODE_ENV: 'development',
      SEED_DEMO_DATA: 'false',
      DATA_DIR: join(work, `data-${index + 1}`),
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
      PORT: String(port),
      APP_URL: publicUrl,
      TRUST_PROXY: 'loopback',
      DATABASE_URL: databaseUrl,
      UPLOADS_DIR: uploads,
      SESSION_SECRET: 'benchmark-session-key-0123456789abcdefghij',
      PHI_ENCRYPTION_KEY: 'YmVuY2htYXJrLXBoaS1rZXktMDEyMzQ1Njc4OWFiY2Q=',
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: provider.clientId,
      OIDC_CLIENT_SECRET: provider.clientSecret,
      OIDC_ALLOW_HTTP: 'true',
      // Every second, in batches of 100, so the three dispatchers share the work.
      REMINDER_DISPATCH_CRON: '* * * * * *',
      DISPATCH_BATCH_SIZE: '100',
      RATE_LIMIT_API_PER_USER: '1000000',
      RATE_LIMIT_PUBLIC_PER_ADDRESS: '1000000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log = createWriteStream(join(work, `instance-${index + 1}.log`), { flags: 'a' });
  let sent = 0;
  let buffered = '';
  child.stdout.on('data', (chunk) => {
    log.write(chunk);
    buffered += chunk;
    const lines = buffered.split('\n');
    buffered = lines.pop();
    for (const line of lines) {
      if (!line.includes('"Dispatched"')) continue;
      try {
        sent += Number(JSON.parse(line).sent ?? 0);
      } catch {
        // not a JSON line
      }
    }
  });
  child.stderr.pipe(log);
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  return {
    index,
    url: `http://127.0.0.1:${port}`,
    child,
    exited,
    sent: () => sent,
    async ready() {
      await waitUntil(`instance ${index + 1}`, async () => {
        if (child.exitCode !== null) throw new Error(`instance ${index + 1} exited with ${child.exitCode}`);
        return fetch(`http://127.0.0.1:${port}/api/health/ready`).then(
          (r) => r.ok,
          () => false,
        );
      });
    },
  };
}

async function accessLog() {
  const text = await readFile(join(work, 'access.log'), 'utf8').catch(() => '');
  return text.split('\n').filter(Boolean);
}

async function dueReminders(brokerId, count, prefix) {
  return withClient(database.url, async (c) => {
    await c.query(
      `insert into clients (id, broker_id, first_name, last_name, phone, time_zone)
       select gen_random_uuid(), $1, 'Client', 'Due ' || n, $2 || lpad(n::text, 7, '0'), 'America/New_York' from generate_series(1, $3::int) n`,
      [brokerId, prefix, count],
    );
    await c.query(
      `insert into consents (client_id, channel, purpose, opted_in, source, evidence)
       select c.id, 'sms', 'reminders', true, 'broker_added', 'Attested by the broker'
         from clients c where c.broker_id = $1 and c.phone like $2 || '%'`,
      [brokerId, prefix],
    );
    const { rows } = await c.query(
      `insert into reminders (id, broker_id, client_id, scheduled_time, deliver_after, delivery_method, message)
       select gen_random_uuid(), broker_id, id, now(), now(), 'sms', 'Your plan review is on Friday'
         from clients where broker_id = $1 and phone like $2 || '%' returning id`,
      [brokerId, prefix],
    );
    return rows.map((row) => row.id);
  });
}

/** How the reminders went: each should have one delivery, sent, and one message in the outbox. */
async function sendCounts(reminderIds) {
  return withClient(database.url, async (c) => {
    const { rows } = await c.query(
      `select count(*)::int as deliveries, count(distinct d.reminder_id)::int as reminders,
              count(*) filter (where d.status in ('sent', 'completed'))::int as sent,
              (select count(*)::int from outbox_messages o join deliveries x on x.id = o.delivery_id where x.reminder_id = any($1::uuid[])) as outbox,
              (select count(*)::int from reminders where id = any($1::uuid[]) and status = 'pending') as pending
         from deliveries d where d.reminder_id = any($1::uuid[])`,
      [reminderIds],
    );
    return rows[0];
  });
}

function exactlyOnce(counts, n) {
  return counts.deliveries === n && counts.reminders === n && counts.sent === n && counts.outbox === n && counts.pending === 0;
}

const results = {
  instances: INSTANCES,
  loadConnections: LOAD_CONNECTIONS,
  through: flags.pgbouncer ? 'PgBouncer (transaction mode)' : 'PostgreSQL directly',
};
const instances = [];
let databaseUrl = database.url;
try {
  if (flags.pgbouncer) databaseUrl = await startPgBouncer();
  const provider = await startIdentityProvider();
  for (let i = 0; i < INSTANCES; i++) instances.push(startInstance(i, provider));
  cleanups.push(async () => {
    for (const instance of instances) {
      if (instance.child.exitCode === null) instance.child.kill('SIGTERM');
      await instance.exited;
    }
  });
  for (const instance of instances) await instance.ready();
  await startNginx();

  // 1. Sign-in through nginx; the session on every instance.
  const broker = await signIn(publicUrl, BROKER_EMAIL);
  const cookie = cookieHeader(broker);
  const signInHops = (await accessLog())
    .map((line) => line.split('|'))
    .filter(([, , , , uri]) => /^\/(api\/(login|callback|auth\/user)|oidc\/)/.test(uri));
  const signInInstances = new Set(signInHops.map(([, addr]) => addr).filter((addr) => appPorts.some((p) => addr.endsWith(`:${p}`))));
  const seen = await Promise.all(
    instances.map((instance) =>
      fetch(`${instance.url}/api/auth/user`, { headers: { cookie } }).then(async (r) => (r.ok ? (await r.json()).id : r.status)),
    ),
  );
  check(
    'a session made through nginx answers on every instance',
    seen.every((id) => id === broker.user.id),
    `user ${broker.user.id} on ${seen.length} instances`,
  );
  results.session = {
    instancesAnswering: seen.filter((id) => id === broker.user.id).length,
    signInSteps: signInHops.length,
    signInInstances: signInInstances.size,
  };

  // 2. An upload through one instance, read through the others.
  const { default: sharp } = await import('sharp');
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#2563eb' } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.set('logo', new Blob([png], { type: 'image/png' }), 'logo.png');
  const uploaded = await fetch(`${instances[0].url}/api/branding/logo`, {
    method: 'POST',
    headers: { cookie, origin: publicUrl },
    body: form,
  });
  const { logoUrl } = await uploaded.json();
  const path = new URL(logoUrl, publicUrl).pathname;
  const copies = await Promise.all(
    instances
      .slice(1)
      .map((instance) => fetch(`${instance.url}${path}`).then(async (r) => (r.ok ? Buffer.from(await r.arrayBuffer()) : null))),
  );
  const stored = await readFile(join(uploads, 'logos', path.split('/').pop())).catch(() => null);
  check(
    'a logo uploaded through instance 1 is read through instances 2 and 3',
    uploaded.status === 200 && copies.every((copy) => copy && stored && copy.equals(stored)),
    `${path} (${stored?.length ?? 0} bytes)`,
  );
  results.upload = { status: uploaded.status, bytes: stored?.length ?? 0, readThrough: copies.filter(Boolean).length };

  // The broker's book, for the reads under load.
  await withClient(database.url, (c) =>
    c.query(
      `insert into clients (id, broker_id, first_name, last_name, phone, time_zone, created_at)
       select gen_random_uuid(), $1, 'Client', 'Book ' || lpad(n::text, 5, '0'), '+1212' || lpad(n::text, 7, '0'), 'America/New_York', now() - n * interval '1 hour'
         from generate_series(1, $2::int) n`,
      [broker.user.id, BOOK],
    ),
  );

  // 3. Due reminders, sent by the three dispatchers together.
  const firstBatch = await dueReminders(broker.user.id, REMINDERS, '+1646');
  const dispatchStarted = performance.now();
  await waitUntil('the first reminders to be sent', async () => (await sendCounts(firstBatch)).pending === 0, 120_000, 250);
  await sleep(1500); // the last runs' log lines
  const firstCounts = await sendCounts(firstBatch);
  const bySender = instances.map((instance) => instance.sent());
  check(
    `${REMINDERS} due reminders sent exactly once by the three dispatchers`,
    exactlyOnce(firstCounts, REMINDERS),
    JSON.stringify(firstCounts),
  );
  check(
    'each instance’s dispatcher took part',
    bySender.every((n) => n > 0),
    `sent per instance: ${bySender.join(', ')}`,
  );
  results.dispatch = {
    reminders: REMINDERS,
    seconds: +((performance.now() - dispatchStarted) / 1000).toFixed(1),
    ...firstCounts,
    sentPerInstance: bySender,
  };

  // 4. Rolling restart under load.
  const linesBefore = (await accessLog()).length;
  const secondBatch = await dueReminders(broker.user.id, REMINDERS, '+1917');
  const statuses = new Map();
  const load = autocannon({
    url: publicUrl,
    connections: LOAD_CONNECTIONS,
    duration: 600,
    headers: { cookie },
    requests: [
      { method: 'GET', path: `/api/clients?range=${encodeURIComponent('[0,24]')}&sort=${encodeURIComponent('["lastName","ASC"]')}` },
      { method: 'GET', path: `/api/clients?range=${encodeURIComponent('[0,24]')}&filter=${encodeURIComponent('{"q":"book 01"}')}` },
      { method: 'GET', path: '/api/stats' },
      { method: 'GET', path: '/api/reminders?range=%5B0%2C24%5D' },
    ],
  });
  load.on('response', (_client, statusCode) => statuses.set(statusCode, (statuses.get(statusCode) ?? 0) + 1));
  const loadDone = new Promise((resolve) => load.once('done', resolve));
  const restarts = [];
  await sleep(5000);
  for (let i = 0; i < INSTANCES; i++) {
    const old = instances[i];
    const stoppedAt = performance.now();
    old.child.kill('SIGTERM');
    const exit = await old.exited;
    const down = performance.now();
    const fresh = startInstance(i, provider);
    instances[i] = fresh;
    await fresh.ready();
    restarts.push({
      instance: i + 1,
      exit: exit.code,
      drainSeconds: +((down - stoppedAt) / 1000).toFixed(1),
      downSeconds: +((performance.now() - down) / 1000).toFixed(1),
    });
    // nginx leaves an instance that refused a connection alone for fail_timeout (5 s): it is back in rotation after that.
    await sleep(6000);
  }
  load.stop();
  const loaded = await loadDone;
  const restartLines = (await accessLog()).slice(linesBefore);
  const upstreams = restartLines.map((line) => line.split('|')[1] ?? '');
  const perInstance = appPorts.map((port) => upstreams.filter((addr) => addr.split(', ').pop() === `127.0.0.1:${port}`).length);
  const retried = upstreams.filter((addr) => addr.includes(', ')).length;
  const failed = loaded.errors + loaded.timeouts + loaded.non2xx;
  check(
    'each instance stopped cleanly (exit 0) and came back',
    restarts.every((r) => r.exit === 0),
    JSON.stringify(restarts),
  );
  check(
    `no failed request during the rolling restart (${LOAD_CONNECTIONS} connections)`,
    failed === 0 && loaded.requests.total > 0,
    `${loaded.requests.total} requests, ${loaded.errors} errors, ${loaded.timeouts} timeouts, ${loaded.non2xx} non-2xx; answers ${JSON.stringify(Object.fromEntries(statuses))}`,
  );
  check(
    'every instance answered requests during the restarts',
    perInstance.every((n) => n > 0),
    `answered per instance: ${perInstance.join(', ')}; ${retried} retried on another instance by nginx`,
  );
  await waitUntil('the second reminders to be sent', async () => (await sendCounts(secondBatch)).pending === 0, 120_000, 250);
  const secondCounts = await sendCounts(secondBatch);
  check(
    `${REMINDERS} more reminders sent exactly once across the restarts`,
    exactlyOnce(secondCounts, REMINDERS),
    JSON.stringify(secondCounts),
  );
  results.rollingRestart = {
    seconds: +loaded.duration.toFixed(1),
    requests: loaded.requests.total,
    requestsPerSecond: Math.round(loaded.requests.average),
    p50Ms: loaded.latency.p50,
    p99Ms: loaded.latency.p99,
    failed,
    statuses: Object.fromEntries(statuses),
    answeredPerInstance: perInstance,
    retriedByNginx: retried,
    restarts,
    reminders: secondCounts,
  };
} catch (error) {
  console.error(error);
  failures.push(String(error?.message ?? error));
} finally {
  for (const cleanup of cleanups.reverse()) await cleanup().catch((error) => console.error(error));
  await database.cleanup();
  if (failures.length === 0) await rm(work, { recursive: true, force: true });
  else console.log(`logs kept in ${work}`);
}

results.failures = failures;
await writeFile(
  join(ROOT, 'bench', flags.pgbouncer ? 'results-cluster-pgbouncer.json' : 'results-cluster.json'),
  `${JSON.stringify(results, null, 2)}\n`,
);
console.log(JSON.stringify(results, null, 2));
process.exit(failures.length === 0 ? 0 : 1);
