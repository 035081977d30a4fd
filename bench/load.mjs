// `npm run bench:load`: a load test of the built server on a scratch database, on loopback only.
// Signs in 20 brokers through the real sign-in flow (each on the per-client plan, so no client limit
// applies), gives each a book of clients, then holds 200 concurrent connections for 60 s over a mix
// of broker reads and writes, each connection acting as one broker per pass through the mix:
//
//   GET  /api/clients (page of 25, sorted)      GET /api/clients?filter={"q":…} (search)
//   GET  /api/stats                             GET /api/clients/usage
//   GET  /api/reminders                         GET /api/campaigns
//   POST /api/clients (a new phone every time)  POST /api/reminders (tomorrow, generic message)
//
// Prints totals, errors, answers by status, 5xx, latency p50/p99 and throughput, writes
// bench/results-load.json, and exits 1 on any error, timeout or non-2xx answer.
//
// Flags: --seconds N (default 60), --connections N (200), --brokers N (20),
//        --max-requests N (stops earlier after that many answers; default 2,000,000).
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { ROOT, scratchDatabase, signIn, startServer, withClient } from './lib.mjs';

const { values: flags } = parseArgs({
  options: {
    seconds: { type: 'string', default: '60' },
    connections: { type: 'string', default: '200' },
    brokers: { type: 'string', default: '20' },
    'max-requests': { type: 'string', default: '2000000' },
  },
});
const SECONDS = wholeNumber('seconds', 1, 600);
const CONNECTIONS = wholeNumber('connections', 1, 1000);
const BROKERS = wholeNumber('brokers', 1, 200);
const MAX_REQUESTS = wholeNumber('max-requests', 1, 10_000_000);
/** Clients each broker starts with: some through the API (reminders point at them), the rest in bulk. */
const API_CLIENTS_PER_BROKER = 25;
const BULK_CLIENTS_PER_BROKER = 1000;

function wholeNumber(name, min, max) {
  const value = Number(flags[name]);
  if (!Number.isInteger(value) || value < min || value > max) {
    console.error(`--${name} must be a whole number from ${min} to ${max} (got "${flags[name]}")`);
    process.exit(2);
  }
  return value;
}

// Valid, distinct US numbers: eight area codes, exchanges 230-929, then the line number.
const AREA_CODES = ['212', '415', '615', '305', '312', '617', '713', '404'];
function phone(n) {
  const area = AREA_CODES[n % AREA_CODES.length];
  const k = Math.floor(n / AREA_CODES.length);
  return `+1${area}${230 + (k % 700)}${String(Math.floor(k / 700) % 10_000).padStart(4, '0')}`;
}
let phoneCounter = 0;
const nextPhone = () => phone(phoneCounter++);

const FIRST_NAMES = ['Mary', 'Linda', 'Barbara', 'Dorothy', 'Helen', 'James', 'Robert', 'George', 'Frank', 'Walter'];
const LAST_NAMES = ['Smith', 'Johnson', 'Garcia', 'Miller', 'Davis', 'Wilson', 'Moore', 'Taylor', 'Clark', 'Lewis'];
const SEARCH_TERMS = ['smi', 'gar', 'mary', 'wil', 'tay', '212'];
const REMINDER_MESSAGES = [
  'Time for your daily check-in',
  'Please remember your appointment tomorrow',
  'Your plan review is coming up: call us with any questions',
];

function percentile(sorted, p) {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] : 0;
}

/** The Cookie header for a signed-in cookie client. */
const cookieOf = (session) => [...session.jar].map(([k, v]) => `${k}=${v}`).join('; ');

const database = await scratchDatabase();
let server;
let failed = true;
try {
  // Loopback only: the server listens on 127.0.0.1 and every request goes there.
  server = await startServer(database.url, { HOST: '127.0.0.1' });
  const { appUrl } = server;

  const setupStarted = performance.now();
  const sessions = [];
  for (let i = 0; i < BROKERS; i++) sessions.push(await signIn(appUrl, `load.broker${i + 1}@agency.test`));
  await withClient(database.url, (c) =>
    c.query(`update users set subscription_tier = 'pmpm', subscription_status = 'active' where id = any($1::uuid[])`, [
      sessions.map((s) => s.user.id),
    ]),
  );
  const brokers = await Promise.all(
    sessions.map(async (session) => {
      const clientIds = [];
      for (let i = 0; i < API_CLIENTS_PER_BROKER; i++) {
        const response = await session.request('/api/clients', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({
            firstName: FIRST_NAMES[i % FIRST_NAMES.length],
            lastName: LAST_NAMES[(i * 3) % LAST_NAMES.length],
            phone: nextPhone(),
          }),
        });
        if (response.status !== 201) throw new Error(`setup: POST /api/clients answered ${response.status}: ${await response.text()}`);
        clientIds.push((await response.json()).id);
      }
      return { id: session.user.id, cookie: cookieOf(session), clientIds };
    }),
  );
  const bulkFrom = phoneCounter;
  phoneCounter += BROKERS * BULK_CLIENTS_PER_BROKER;
  await withClient(database.url, async (c) => {
    await c.query(
      `insert into clients (id, broker_id, first_name, last_name, email, phone, is_active, created_at)
       select gen_random_uuid(), b.id, (array['Mary','Linda','Helen','James','Robert','George'])[1 + n % 6],
              (array['Smith','Garcia','Miller','Wilson','Taylor','Lewis','Clark'])[1 + n % 7],
              'client' || n || '@example.com', p.phone, n % 10 <> 0, now() - (n % 700) * interval '1 day'
         from unnest($1::uuid[]) with ordinality b(id, k)
         cross join generate_series(0, $2 - 1) n
         join unnest($3::text[]) with ordinality p(phone, i) on p.i = (b.k - 1) * $2 + n + 1`,
      [
        brokers.map((b) => b.id),
        BULK_CLIENTS_PER_BROKER,
        Array.from({ length: BROKERS * BULK_CLIENTS_PER_BROKER }, (_, i) => phone(bulkFrom + i)),
      ],
    );
    await c.query('vacuum analyze');
  });
  const setupSeconds = (performance.now() - setupStarted) / 1000;

  // One pass through the mix per connection acts as one broker, taken in turn.
  let brokerTurn = 0;
  const routes = new Map();
  const tally = (route, status) => {
    const counts = routes.get(route) ?? {};
    counts[status] = (counts[status] ?? 0) + 1;
    routes.set(route, counts);
  };
  const samples = [];
  const routeTimes = new Map();
  const base = (route, method, setup) => ({
    method,
    setupRequest: (request, context) => {
      if (!context.broker) context.broker = brokers[brokerTurn++ % brokers.length];
      const headers = { ...request.headers, cookie: context.broker.cookie, origin: appUrl };
      if (method !== 'GET') headers['content-type'] = 'application/json';
      context.sentAt = performance.now();
      return { ...request, headers, ...setup(context) };
    },
    onResponse: (status, _body, context) => {
      tally(route, status);
      if (!routeTimes.has(route)) routeTimes.set(route, []);
      routeTimes.get(route).push(performance.now() - context.sentAt);
    },
  });
  const requests = [
    base('GET /api/clients', 'GET', () => ({
      path: `/api/clients?range=${encodeURIComponent('[0,24]')}&sort=${encodeURIComponent('["lastName","ASC"]')}`,
    })),
    base('GET /api/stats', 'GET', () => ({ path: '/api/stats' })),
    base('POST /api/clients', 'POST', () => {
      const n = phoneCounter;
      return {
        path: '/api/clients',
        body: JSON.stringify({
          firstName: FIRST_NAMES[n % FIRST_NAMES.length],
          lastName: LAST_NAMES[Math.floor(n / 10) % LAST_NAMES.length],
          email: `load.client${n}@example.com`,
          phone: nextPhone(),
        }),
      };
    }),
    base('GET /api/reminders', 'GET', () => ({
      path: `/api/reminders?range=${encodeURIComponent('[0,24]')}`,
    })),
    base('GET /api/clients?q', 'GET', () => ({
      path: `/api/clients?range=${encodeURIComponent('[0,24]')}&filter=${encodeURIComponent(
        JSON.stringify({ q: SEARCH_TERMS[brokerTurn % SEARCH_TERMS.length] }),
      )}`,
    })),
    base('GET /api/campaigns', 'GET', () => ({ path: '/api/campaigns' })),
    base('POST /api/reminders', 'POST', (context) => {
      const ids = context.broker.clientIds;
      return {
        path: '/api/reminders',
        body: JSON.stringify({
          clientId: ids[Math.floor(Math.random() * ids.length)],
          scheduledTime: new Date(Date.now() + 86_400_000 + Math.floor(Math.random() * 3_600_000)).toISOString(),
          deliveryMethod: Math.random() < 0.5 ? 'voice' : 'sms',
          message: REMINDER_MESSAGES[Math.floor(Math.random() * REMINDER_MESSAGES.length)],
        }),
      };
    }),
    base('GET /api/clients/usage', 'GET', () => ({ path: '/api/clients/usage' })),
  ];

  console.log(
    `\nLoad: ${CONNECTIONS} connections for ${SECONDS} s (at most ${MAX_REQUESTS.toLocaleString('en-US')} requests) ` +
      `over ${requests.length} broker requests, ${BROKERS} brokers with ${API_CLIENTS_PER_BROKER + BULK_CLIENTS_PER_BROKER} clients each ` +
      `(set up in ${setupSeconds.toFixed(1)} s), on ${appUrl}`,
  );
  const instance = autocannon({
    url: appUrl,
    connections: CONNECTIONS,
    duration: SECONDS,
    timeout: 10,
    requests,
  });
  let answered = 0;
  instance.on('response', (_client, _status, _bytes, responseTime) => {
    samples.push(responseTime);
    if (++answered === MAX_REQUESTS) instance.stop();
  });
  // A hard stop in case the run does not end by itself.
  const watchdog = setTimeout(() => instance.stop(), (SECONDS + 30) * 1000);
  const result = await instance;
  clearTimeout(watchdog);

  // Requests still queued in the server when the run ended are answered before it is stopped: one
  // more broker request (it waits for the session store and the database like them) marks the
  // queue as drained.
  await fetch(`${appUrl}/api/stats`, { headers: { cookie: brokers[0].cookie } }).then(
    (r) => r.arrayBuffer(),
    () => undefined,
  );

  samples.sort((a, b) => a - b);
  const routeLatency = (route) => {
    const times = (routeTimes.get(route) ?? []).sort((a, b) => a - b);
    return { p50Ms: Math.round(percentile(times, 50)), p99Ms: Math.round(percentile(times, 99)) };
  };
  const byStatus = {};
  for (const counts of routes.values()) {
    for (const [status, count] of Object.entries(counts)) byStatus[status] = (byStatus[status] ?? 0) + count;
  }
  const non2xx = Object.entries(byStatus)
    .filter(([s]) => !s.startsWith('2'))
    .reduce((sum, [, n]) => sum + n, 0);
  const server5xx = Object.entries(byStatus)
    .filter(([s]) => s.startsWith('5'))
    .reduce((sum, [, n]) => sum + n, 0);
  const figures = {
    case: 'load',
    connections: CONNECTIONS,
    seconds: +(result.duration ?? SECONDS).toFixed(1),
    brokers: BROKERS,
    requests: result.requests.total,
    requestsPerSecond: Math.round(result.requests.average),
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx,
    server5xx,
    byStatus,
    p50Ms: result.latency.p50,
    p90Ms: result.latency.p90,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    // The same percentiles from every answer's own time (autocannon's histogram rounds to whole ms).
    answeredP50Ms: +percentile(samples, 50).toFixed(1),
    answeredP99Ms: +percentile(samples, 99).toFixed(1),
    byRoute: Object.fromEntries([...routes].map(([route, counts]) => [route, { ...counts, ...routeLatency(route) }])),
  };

  console.table(
    Object.fromEntries(
      [...routes].map(([route, counts]) => [
        route,
        { answers: Object.values(counts).reduce((a, b) => a + b, 0), ...counts, ...routeLatency(route) },
      ]),
    ),
  );
  console.log(
    `${figures.requests.toLocaleString('en-US')} requests in ${figures.seconds} s (${figures.requestsPerSecond.toLocaleString('en-US')}/s): ` +
      `${figures.errors} errors, ${figures.timeouts} timeouts, ${figures.non2xx} non-2xx (${figures.server5xx} 5xx); ` +
      `latency p50 ${figures.p50Ms} ms, p90 ${figures.p90Ms} ms, p99 ${figures.p99Ms} ms, max ${figures.maxMs} ms`,
  );
  console.log(JSON.stringify(figures));
  await writeFile(join(ROOT, 'bench', 'results-load.json'), `${JSON.stringify(figures, null, 2)}\n`);

  failed = figures.errors > 0 || figures.timeouts > 0 || figures.non2xx > 0;
  if (failed) console.error('FAILED: the load test wants 0 errors, 0 timeouts and only 2xx answers');
} finally {
  await server?.stop();
  await database.cleanup();
}
process.exit(failed ? 1 : 0);
