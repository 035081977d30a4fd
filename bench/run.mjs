// `npm run bench`: every performance case in one run, each against its floor or budget, printed as
// a table and written to bench/results.json. See docs/performance.md.
//
//   npm run bench                      all cases at full size
//   npm run bench -- --quick           smaller sizes, shorter runs (a smoke run)
//   npm run bench -- --only=hot,stats  some cases: hot, stats, book, inbox, import, statement, dispatch, claims, bundle
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { hotRead } from './hot-read.mjs';
import { inboxBench } from './inbox.mjs';
import { ROOT, cannon, cookieHeader, percentile, scratchDatabase, seedRealistic, signIn, startServer, withClient } from './lib.mjs';

const CASES = ['hot', 'stats', 'book', 'inbox', 'import', 'statement', 'dispatch', 'claims', 'bundle'];
const args = process.argv.slice(2);
const quick = args.includes('--quick');
const onlyArg = args.find((a) => a.startsWith('--only='));
const only = onlyArg
  ? onlyArg
      .slice('--only='.length)
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
  : CASES;
const unknown = [...only.filter((c) => !CASES.includes(c)), ...args.filter((a) => a !== '--quick' && !a.startsWith('--only='))];
if (unknown.length) {
  console.error(`bench: unknown ${unknown.join(', ')}; use --quick and --only=${CASES.join(',')}`);
  process.exit(2);
}

const SIZE = quick
  ? {
      brokers: 100,
      clients: 20_000,
      deliveries: 100_000,
      hotClients: 10_000,
      seconds: 3,
      hotRounds: 2,
      importRows: 20_000,
      rssRows: 100_000,
      reminders: 2_000,
      claims: 5_000,
      inboxThreads: 2_000,
      burstTexts: 2_000,
      burstNumbers: 800,
    }
  : {
      brokers: 1_000,
      clients: 200_000,
      deliveries: 1_000_000,
      hotClients: 10_000,
      seconds: 10,
      // Four rounds of each: one round's p99 moves by a third from run to run on this machine.
      hotRounds: 4,
      importRows: 100_000,
      rssRows: 1_000_000,
      reminders: 20_000,
      claims: 20_000,
      // Issue 52: an agency with 10,000 threads of 10 messages; an AEP Monday's 10,000 texts from
      // 4,000 numbers within a minute.
      inboxThreads: 10_000,
      burstTexts: 10_000,
      burstNumbers: 4_000,
    };
const POOL_MAX = 10;
const SESSION_SECRET = 'benchmark-session-key-0123456789abcdefghij';

const results = [];
/** One row of the report: figure against floor (ratio) and budget. */
function record(row) {
  const entry = { floor: null, ratio: null, ...row };
  if (entry.ratio === null && entry.floor) entry.ratio = +(entry.figure / entry.floor).toFixed(3);
  results.push(entry);
  return entry;
}
const atLeast = (value, min) => ({ budget: `>= ${min}`, pass: value >= min });
/** The hot read against its floor: throughput at least this share of the floor's… */
const HOT_READ_MIN_RATIO = 0.75;
/** …and a p99 at most this multiple of the floor's p99. */
const HOT_READ_MAX_P99_RATIO = 1.5;
/** First-load JavaScript, gzipped (frontend/scripts/bundle-budget.mjs). */
const PORTAL_BUDGET_KB = 100;
const BROKER_BUDGET_KB = 300;
const atMost = (value, max) => ({ budget: `<= ${max}`, pass: value <= max });

function run(command, argv, env = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, argv, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      process.stdout.write(chunk);
    });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve(out) : reject(Object.assign(new Error(`${argv.join(' ')} exited with ${code}`), { out })),
    );
  });
}

async function guarded(name, work) {
  try {
    await work();
  } catch (error) {
    console.error(`\n${name}: ${error.stack ?? error}`);
    record({ case: name, figure: null, unit: '', budget: '', pass: false, error: String(error.message ?? error) });
  }
}

/** Hot read, dashboard stats and admin analytics share one seeded database and one server. */
async function serverCases() {
  console.log(
    `\nSeeding ${SIZE.brokers} brokers, ${SIZE.clients} clients (${SIZE.hotClients} for one broker), ${SIZE.deliveries} deliveries…`,
  );
  const database = await scratchDatabase();
  let server;
  try {
    server = await startServer(database.url, { DATABASE_POOL_MAX: String(POOL_MAX), SESSION_SECRET });
    const broker = await signIn(server.appUrl, 'bench.hot@agency.test');
    const admin = await signIn(server.appUrl, 'bench.admin@agency.test');
    await withClient(database.url, (c) => c.query('update users set is_admin = true where id = $1', [admin.user.id]));
    const seedSeconds = await seedRealistic(database.url, { ...SIZE, hotBrokerId: broker.user.id });
    console.log(`seeded in ${seedSeconds.toFixed(1)} s`);
    const size = `${SIZE.hotClients} clients of ${SIZE.clients}`;

    if (only.includes('hot')) {
      await guarded('hot read', async () => {
        const rows = await hotRead({
          appUrl: server.appUrl,
          databaseUrl: database.url,
          cookie: cookieHeader(broker),
          sessionSecret: SESSION_SECRET,
          poolMax: POOL_MAX,
          seconds: SIZE.seconds,
          rounds: SIZE.hotRounds,
        });
        for (const row of rows) {
          const errors = row.app.errors + row.floor.errors;
          const ratio = +(row.app.requestsPerSecond / row.floor.requestsPerSecond).toFixed(3);
          record({
            case: `hot read: ${row.name} req/s`,
            figure: row.app.requestsPerSecond,
            unit: 'req/s',
            floor: row.floor.requestsPerSecond,
            ratio,
            ...atLeast(ratio, HOT_READ_MIN_RATIO),
            pass: ratio >= HOT_READ_MIN_RATIO && errors === 0,
            detail: {
              path: row.path,
              contentRange: row.contentRange,
              connections: 50,
              seconds: SIZE.seconds,
              rounds: SIZE.hotRounds,
              size,
              app: row.app,
              floor: row.floor,
            },
          });
          record({ case: `hot read: ${row.name} p50`, figure: row.app.p50Ms, unit: 'ms', floor: row.floor.p50Ms, budget: '', pass: true });
          // The p99 as a multiple of the floor's p99 in the same run (a fixed number of milliseconds
          // is missed by the bare floor itself on a 2-core machine at 50 connections).
          const p99Ratio = +(row.app.p99Ms / row.floor.p99Ms).toFixed(2);
          record({
            case: `hot read: ${row.name} p99`,
            figure: row.app.p99Ms,
            unit: 'ms',
            floor: row.floor.p99Ms,
            ratio: p99Ratio,
            ...atMost(p99Ratio, HOT_READ_MAX_P99_RATIO),
          });
          record({
            case: `hot read: ${row.name} p99, 10 conn.`,
            figure: row.light.app.p99Ms,
            unit: 'ms',
            floor: row.light.floor.p99Ms,
            budget: '',
            pass: row.light.app.errors === 0,
            detail: row.light,
          });
        }
      });
    }

    if (only.includes('stats')) {
      const latency = async (name, session, path, budgetMs) => {
        await guarded(name, async () => {
          const headers = { cookie: cookieHeader(session) };
          const check = await session.request(path);
          if (check.status !== 200) throw new Error(`${path}: ${check.status}`);
          await check.arrayBuffer();
          await cannon(server.appUrl + path, { connections: 4, seconds: 1, headers });
          const r = await cannon(server.appUrl + path, { connections: 4, seconds: SIZE.seconds, headers });
          const detail = { path, connections: 4, seconds: SIZE.seconds, size, ...r };
          record({ case: `${name} p50`, figure: r.p50Ms, unit: 'ms', budget: '', pass: r.errors === 0, detail });
          record({
            case: `${name} p99`,
            figure: r.p99Ms,
            unit: 'ms',
            ...(budgetMs ? atMost(r.p99Ms, budgetMs) : { budget: '', pass: true }),
            ...(r.errors ? { pass: false } : {}),
          });
        });
      };
      await latency('dashboard stats', broker, '/api/stats', 200);
      await latency('admin analytics', admin, '/api/admin/analytics', 200);
    }

    if (only.includes('book')) await bookCases(broker, size);
  } finally {
    await server?.stop();
    await database.cleanup();
  }
}

/**
 * The broker's working tools on a big book (the hot broker's clients), one request at a time as one
 * broker clicks: the table under filters and sorts, the reminder dialog's client search, and the CSV
 * export of every client (streamed: its first byte, and all of it). Budget: 1 s for each page.
 */
async function bookCases(broker, size) {
  const q = (params) =>
    '?' + new URLSearchParams(Object.fromEntries(Object.entries(params).map(([k, v]) => [k, JSON.stringify(v)]))).toString();
  const pages = [
    [
      'table: at risk, by engagement',
      '/api/clients' +
        q({ range: [0, 24], sort: ['engagementScore', 'DESC'], filter: { isActive: true, engagementMin: 0, engagementMax: 39 } }),
    ],
    ['table: by invitation, page 40', '/api/clients' + q({ range: [975, 999], sort: ['inviteStatus', 'ASC'] })],
    ['table: 100 a page, by e-mail', '/api/clients' + q({ range: [0, 99], sort: ['email', 'ASC'] })],
    // The policy filters (issue 51): a carrier's clients by name, and MAPD plans ending within 60 days by risk.
    [
      'table: a carrier’s clients, by name',
      '/api/clients' + q({ range: [0, 24], sort: ['lastName', 'ASC'], filter: { carrier: 'humana' } }),
    ],
    [
      'table: MAPD ending within 60 days, by risk',
      '/api/clients' + q({ range: [0, 24], sort: ['riskScore', 'DESC'], filter: { policyType: 'mapd', terminatingSoon: true } }),
    ],
    [
      'table: a carrier’s plans effective last year, page 5',
      '/api/clients' +
        q({ range: [100, 124], sort: ['createdAt', 'DESC'], filter: { carrier: 'Aetna', effectiveYear: new Date().getFullYear() - 1 } }),
    ],
    ['filter choices: the book’s carriers', '/api/policies/carriers'],
    ['reminder picker: "smi"', '/api/clients' + q({ range: [0, 19], sort: ['lastName', 'ASC'], filter: { q: 'smi' } })],
    [
      'reminders: filtered page',
      '/api/reminders' + q({ range: [0, 24], sort: ['scheduledTime', 'ASC'], filter: { status: 'pending', q: 'review' } }),
    ],
  ];
  const ROUNDS = 20;
  for (const [name, path] of pages) {
    await guarded(`book: ${name}`, async () => {
      const samples = [];
      for (let i = 0; i < ROUNDS + 2; i += 1) {
        const start = performance.now();
        const response = await broker.request(path);
        await response.arrayBuffer();
        if (response.status !== 200) throw new Error(`${path}: ${response.status}`);
        if (i >= 2) samples.push(performance.now() - start);
      }
      samples.sort((a, b) => a - b);
      const p50 = +percentile(samples, 50).toFixed(1);
      const max = +samples.at(-1).toFixed(1);
      record({
        case: `book: ${name} (max of ${ROUNDS})`,
        figure: max,
        unit: 'ms',
        ...atMost(max, 1000),
        detail: { path, p50Ms: p50, maxMs: max, size },
      });
    });
  }
  await guarded('book: export CSV', async () => {
    const start = performance.now();
    const response = await broker.request('/api/clients/export.csv');
    if (response.status !== 200) throw new Error(`export: ${response.status}`);
    const reader = response.body.getReader();
    let first = null;
    let bytes = 0;
    let lines = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      first ??= performance.now() - start;
      bytes += value.length;
      for (const byte of value) if (byte === 10) lines += 1;
    }
    const total = performance.now() - start;
    record({ case: 'book: export CSV first byte', figure: +first.toFixed(1), unit: 'ms', ...atMost(first, 1000), detail: { size } });
    record({
      case: `book: export CSV ${lines - 1} clients`,
      figure: +total.toFixed(1),
      unit: 'ms',
      budget: '',
      pass: true,
      detail: { bytes, rows: lines - 1 },
    });
  });
}

/**
 * The agency's text inbox (issue 52): its thread list against the floor with the hot read's budgets,
 * at 10 connections; and an AEP Monday's burst of inbound texts, every one of them looked for.
 */
async function inboxCase() {
  await guarded('inbox', async () => {
    // The burst's rate stays 10,000 a minute in --quick: fewer texts, the same pace.
    const burstSeconds = (SIZE.burstTexts / 10_000) * 50;
    const r = await inboxBench({
      threads: SIZE.inboxThreads,
      messagesPerThread: 10,
      burstTexts: SIZE.burstTexts,
      burstNumbers: SIZE.burstNumbers,
      burstSeconds,
      seconds: SIZE.seconds,
      rounds: SIZE.hotRounds,
      poolMax: POOL_MAX,
      sessionSecret: SESSION_SECRET,
    });
    const size = `${SIZE.inboxThreads} threads, ${SIZE.inboxThreads * 10} messages`;
    for (const row of r.list) {
      const errors = row.app.errors + row.floor.errors;
      const ratio = +(row.app.requestsPerSecond / row.floor.requestsPerSecond).toFixed(3);
      record({
        case: `${row.name} req/s`,
        figure: row.app.requestsPerSecond,
        unit: 'req/s',
        floor: row.floor.requestsPerSecond,
        ratio,
        ...atLeast(ratio, HOT_READ_MIN_RATIO),
        pass: ratio >= HOT_READ_MIN_RATIO && errors === 0,
        detail: {
          path: row.path,
          contentRange: row.contentRange,
          connections: 10,
          seconds: SIZE.seconds,
          rounds: row.rounds,
          size,
          app: row.app,
          floor: row.floor,
        },
      });
      const p99Ratio = +(row.app.p99Ms / row.floor.p99Ms).toFixed(2);
      record({
        case: `${row.name} p99`,
        figure: row.app.p99Ms,
        unit: 'ms',
        floor: row.floor.p99Ms,
        ratio: p99Ratio,
        ...atMost(p99Ratio, HOT_READ_MAX_P99_RATIO),
      });
    }
    const b = r.burst;
    record({
      case: `inbox burst: ${b.texts} texts stored and shown`,
      figure: Math.min(b.storedTexts, b.shownTexts),
      unit: 'texts',
      budget: `= ${b.texts}`,
      pass: b.problems.length === 0 && b.storedTexts === b.texts && b.shownTexts === b.texts,
      detail: b,
    });
    record({
      case: `inbox burst: ${b.texts} texts accepted (seconds)`,
      figure: +b.seconds.toFixed(1),
      unit: 's',
      // 10,000 texts a minute: 60 s at full size, the same pace for --quick's fewer texts.
      ...atMost(+b.seconds.toFixed(1), (60 * b.texts) / 10_000),
      ...(b.accepted !== b.texts ? { pass: false } : {}),
      detail: { statuses: b.statuses, textsPerSecond: b.textsPerSecond, behindMs: b.behindMs, targetSeconds: b.targetSeconds },
    });
    record({ case: 'inbox burst: texts/s', figure: b.textsPerSecond, unit: 'texts/s', budget: '', pass: true });
    record({
      case: 'inbox burst: webhook p99',
      figure: b.p99Ms,
      unit: 'ms',
      budget: '',
      pass: true,
      detail: { p50Ms: b.p50Ms, p99Ms: b.p99Ms, maxMs: b.maxMs, connections: b.connections },
    });
  });
}

/** The dispatcher's claims on the deliveries table against pg-boss jobs for the same work (ADR 0005). */
async function claimsCase() {
  await guarded('claims', async () => {
    await run(process.execPath, ['bench/claims.mjs'], { BENCH_CLAIM_DELIVERIES: String(SIZE.claims) });
    const r = JSON.parse(await readFile(join(ROOT, 'bench/results-claims.json'), 'utf8'));
    // The claims stay on the table while it is at least as fast as pg-boss jobs doing the same work.
    record({
      case: `claims ${r.deliveries}: table vs pg-boss`,
      figure: r.tablePerSecond,
      unit: 'deliveries/s',
      floor: r.pgBossPerSecond,
      ratio: r.ratioTableToPgBoss,
      ...atLeast(r.ratioTableToPgBoss, 1),
      detail: r,
    });
  });
}

async function statementCase() {
  await guarded('commission statement', async () => {
    await run(process.execPath, ['bench/statement.mjs'], { BENCH_STATEMENT_ROWS: '10000' });
    const r = JSON.parse(await readFile(join(ROOT, 'bench/results-statement.json'), 'utf8'));
    // Issue 51: a 10,000-row statement imported as a job (upload, mapping, rows, matching) against COPY of the same rows.
    record({
      case: `commission statement ${r.rows} rows rows/s`,
      figure: r.importRowsPerSecond,
      unit: 'rows/s',
      floor: r.copyRowsPerSecond,
      ratio: r.ratioToCopy,
      ...atLeast(r.ratioToCopy, 0.4),
      detail: r,
    });
  });
}

async function importCase() {
  const parse = async () => JSON.parse(await readFile(join(ROOT, 'bench/results-import.json'), 'utf8'));
  await guarded('csv import', async () => {
    await run(process.execPath, ['bench/import.mjs', '--rows', String(SIZE.importRows)], { BENCH_IMPORT_ROWS: String(SIZE.importRows) });
    const r = await parse();
    const ratio = r.ratioToCopy;
    record({
      case: `csv import ${r.rows} rows rows/s`,
      figure: r.importRowsPerSecond,
      unit: 'rows/s',
      floor: r.copyRowsPerSecond,
      ratio,
      ...atLeast(ratio, 0.25),
      detail: r,
    });
  });
  await guarded('csv import memory', async () => {
    await run(process.execPath, ['bench/import.mjs', '--rows', String(SIZE.rssRows)], { BENCH_IMPORT_ROWS: String(SIZE.rssRows) });
    const r = await parse();
    record({
      case: `csv import ${r.rows} rows RSS growth`,
      figure: r.serverRssGrowthMb,
      unit: 'MB',
      ...atMost(r.serverRssGrowthMb, 100),
      detail: r,
    });
    // Issue 31: the big file end to end (upload to the background job's end) against COPY of the same rows.
    record({
      case: `csv import ${r.rows} rows rows/s`,
      figure: r.importRowsPerSecond,
      unit: 'rows/s',
      floor: r.copyRowsPerSecond,
      ratio: r.ratioToCopy,
      ...atLeast(r.ratioToCopy, 0.4),
    });
    // Progress visible throughout: the count the dialog shows never stands still for more than 10 s.
    record({
      case: `csv import ${r.rows} rows progress still`,
      figure: r.longestProgressStillSeconds,
      unit: 's',
      ...atMost(r.longestProgressStillSeconds, 10),
      detail: { progressUpdates: r.progressUpdates },
    });
  });
}

async function dispatchCase() {
  await guarded('dispatcher', async () => {
    await run(process.execPath, ['bench/dispatch.mjs'], { BENCH_DISPATCH_REMINDERS: String(SIZE.reminders) });
    const r = JSON.parse(await readFile(join(ROOT, 'bench/results-dispatch.json'), 'utf8'));
    record({
      case: `dispatcher ${r.reminders} reminders`,
      figure: r.deliveriesPerSecond,
      unit: 'deliveries/s',
      ...atLeast(r.deliveriesPerSecond, 1000),
      ratio: r.ratioToBudget,
      detail: r,
    });
    record({ case: 'dispatcher due-to-sent lag', figure: r.maxDueToSentLagSeconds, unit: 's', ...atMost(r.maxDueToSentLagSeconds, 60) });
  });
}

/** Newest modification time under a path (files only). */
function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(
    0,
    ...readdirSync(path)
      .filter((n) => n !== 'node_modules' && n !== 'dist' && n !== 'e2e')
      .map((n) => newest(join(path, n))),
  );
}

async function bundleCase() {
  await guarded('bundle', async () => {
    const frontend = join(ROOT, 'frontend');
    const built = newest(join(frontend, 'dist/index.html'));
    const sources = Math.max(
      newest(join(frontend, 'src')),
      newest(join(frontend, 'index.html')),
      newest(join(frontend, 'public')),
      ...readdirSync(frontend)
        .filter((n) => /^(vite|tsconfig|package).*\.(ts|js|mjs|json)$/.test(n))
        .map((n) => newest(join(frontend, n))),
    );
    if (!built || sources > built) {
      console.log('\nBuilding the frontend (frontend/dist is missing or older than its sources)…');
      await run('npm', ['run', 'build', '-w', 'frontend']);
    }
    let out;
    try {
      out = await run(process.execPath, ['frontend/scripts/bundle-budget.mjs']);
    } catch (error) {
      out = error.out ?? ''; // over budget: the figures are printed all the same
    }
    const totals = [...out.matchAll(/\((\d+) bytes gzipped\)/g)].map((m) => Number(m[1]));
    if (totals.length < 2) throw new Error('bundle-budget printed no totals for the portal and the broker app');
    const [portal, broker] = totals.map((bytes) => +(bytes / 1024).toFixed(1));
    record({ case: 'bundle: portal first load (gz)', figure: portal, unit: 'kB', ...atMost(portal, PORTAL_BUDGET_KB) });
    record({ case: 'bundle: broker first load (gz)', figure: broker, unit: 'kB', ...atMost(broker, BROKER_BUDGET_KB) });
  });
}

const started = Date.now();
if (only.includes('hot') || only.includes('stats') || only.includes('book')) await guarded('server cases', serverCases);
if (only.includes('inbox')) await inboxCase();
if (only.includes('import')) await importCase();
if (only.includes('statement')) await statementCase();
if (only.includes('dispatch')) await dispatchCase();
if (only.includes('claims')) await claimsCase();
if (only.includes('bundle')) await bundleCase();

console.log(
  `\nBenchmark results${quick ? ' (--quick: smaller sizes, not comparable to the budgets)' : ''} — ${cpus().length} cores, ${Math.round(totalmem() / 2 ** 30)} GB`,
);
console.table(
  Object.fromEntries(
    results.map((r) => [
      r.case,
      {
        figure: r.figure,
        unit: r.unit,
        floor: r.floor,
        ratio: r.ratio,
        budget: r.budget,
        pass: r.pass ? 'yes' : r.error ? `ERROR: ${r.error.slice(0, 60)}` : 'NO',
      },
    ]),
  ),
);
const report = {
  generatedAt: new Date().toISOString(),
  quick,
  cases: only,
  machine: { cores: cpus().length, model: cpus()[0]?.model, memoryGb: Math.round(totalmem() / 2 ** 30), node: process.version },
  size: SIZE,
  minutes: +((Date.now() - started) / 60_000).toFixed(1),
  results,
};
await writeFile(join(ROOT, 'bench/results.json'), `${JSON.stringify(report, null, 2)}\n`);
console.log('written to bench/results.json');
process.exitCode = results.every((r) => r.pass) ? 0 : 1;
