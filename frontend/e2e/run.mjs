// Runs the browser tests: starts the built app on scratch databases, runs e2e/*.e2e.ts with Node's
// test runner in Debian's Chromium, then stops the app. Without Chromium it fails, so a machine
// without a browser never passes `npm test` unseen; SKIP_BROWSER_TESTS=1 skips them on purpose,
// with a loud notice.
//
// The files are split into shards (BROWSER_WORKERS, default 2) that run side by side: each shard
// has its own app on its own port and database, and runs its files one after another, in name
// order. Files are dealt out longest first to the shard with the least work so far, by the times
// in e2e/durations.json (a file not in it counts as the median), which a full run given
// --update-durations rewrites with the times it measured (commit it when the files change much).
// Files named on the command line run alone (e.g. `node e2e/run.mjs e2e/sign-in.e2e.ts`). Each
// shard's lines are prefixed with its number ("[1] ").
//
// Options: --results=<file> writes the totals, each file's time and counts, and each shard's time
// as JSON. The others go to each shard's `node --test` (e.g. --test-reporter=spec); a reporter's
// destination file becomes one per shard (browser.tap → browser.shard1.tap, ...), and a TAP one is
// also written whole at the path given, with the shards' tests and totals added up.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, extname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { freePort, withClient } from '../../scripts/net.mjs';

const startedAt = Date.now();
const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '../..');
// Debian's headless shell (package chromium-headless-shell: Chromium's own headless build, without
// the desktop browser around it) when installed, else Debian's Chromium; CHROMIUM_PATH names another.
// The shell took about a third less CPU on the same pages (docs/testing.md#browser-shards).
const chromiumPath =
  process.env.CHROMIUM_PATH ??
  ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((path) => existsSync(path)) ??
  '/usr/bin/chromium';
const durationsFile = join(here, 'durations.json');
const resultsReporter = join(here, 'results-reporter.mjs');

const banner = (text) => {
  const line = '!'.repeat(78);
  return `\n${line}\n${text}\n${line}\n`;
};
if (process.env.SKIP_BROWSER_TESTS === '1') {
  console.log(banner('BROWSER TESTS SKIPPED (SKIP_BROWSER_TESTS=1): none of e2e/*.e2e.ts ran.'));
  process.exit(0);
}
if (!statSync(chromiumPath, { throwIfNoEntry: false })?.isFile()) {
  console.error(
    banner(
      `Chromium not found at ${chromiumPath}; install it (apt-get install chromium-headless-shell, or chromium) or set ` +
        'SKIP_BROWSER_TESTS=1 to skip the browser tests explicitly. (CHROMIUM_PATH names another binary.)',
    ),
  );
  process.exit(1);
}
// APP_MAIN and FRONTEND_DIST may point at another build (e.g. to test a frontend built elsewhere).
const appMain = process.env.APP_MAIN ?? join(root, 'backend/dist/main.js');
const frontendIndex = join(process.env.FRONTEND_DIST ?? join(root, 'frontend/dist'), 'index.html');
for (const built of [appMain, frontendIndex]) {
  if (!existsSync(resolve(root, built))) {
    console.error(`Browser tests need the built app (${built} is missing): run \`npm run build\` first.`);
    process.exit(1);
  }
}
const workers = Number(process.env.BROWSER_WORKERS ?? 2);
if (!Number.isInteger(workers) || workers < 1) {
  console.error(`BROWSER_WORKERS must be a whole number of at least 1 (it is "${process.env.BROWSER_WORKERS}").`);
  process.exit(1);
}

// ---- What to run, and how -------------------------------------------------------------------

const args = process.argv.slice(2);
const named = args.filter((arg) => arg.endsWith('.e2e.ts')).map((file) => resolve(file));
const resultsPath = args.find((arg) => arg.startsWith('--results='))?.slice('--results='.length);
const updateDurations = args.includes('--update-durations');
const passOn = args.filter((arg) => !arg.endsWith('.e2e.ts') && !arg.startsWith('--results=') && arg !== '--update-durations');
const allFiles = readdirSync(here)
  .filter((name) => name.endsWith('.e2e.ts'))
  .sort()
  .map((name) => join(here, name));
const files = named.length ? named : allFiles;

/** The reporters asked for, each with its destination (as `node --test` pairs them), and the other options. */
function splitReporterOptions(options) {
  const reporters = [];
  const destinations = [];
  const rest = [];
  for (let i = 0; i < options.length; i += 1) {
    const [flag, value] = options[i].includes('=') ? options[i].split(/=(.*)/s, 2) : [options[i], undefined];
    if (flag === '--test-reporter' || flag === '--test-reporter-destination') {
      const list = flag === '--test-reporter' ? reporters : destinations;
      list.push(value ?? options[(i += 1)]);
    } else {
      rest.push(options[i]);
    }
  }
  // As `node --test` has it: no reporter is spec on the terminal; one reporter alone writes to stdout.
  if (reporters.length === 0) reporters.push('spec');
  if (destinations.length === 0 && reporters.length === 1) destinations.push('stdout');
  if (reporters.length !== destinations.length) {
    console.error('Each --test-reporter needs its --test-reporter-destination (as for node --test).');
    process.exit(1);
  }
  return { reporters: reporters.map((name, i) => ({ name, destination: destinations[i] })), rest };
}
const { reporters, rest: otherOptions } = splitReporterOptions(passOn);
const toFile = (destination) => destination !== 'stdout' && destination !== 'stderr';

/** The measured times of the last full run: file name → ms. */
function recordedDurations() {
  try {
    return JSON.parse(readFileSync(durationsFile, 'utf8'));
  } catch {
    return {};
  }
}

/**
 * Deals the files out to `count` shards so that they end at about the same time: longest first, each
 * to the shard with the least work so far. Each shard then runs its files in name order, as the
 * whole suite ran when it was one: a file only ever follows files that came before it by name.
 */
function planShards(list, count) {
  const recorded = recordedDurations();
  const known = Object.values(recorded)
    .filter((ms) => typeof ms === 'number')
    .sort((a, b) => a - b);
  const median = known.length ? known[Math.floor(known.length / 2)] : 1;
  const cost = (file) => (typeof recorded[basename(file)] === 'number' ? recorded[basename(file)] : median);
  const shards = Array.from({ length: Math.min(count, list.length) }, (_, i) => ({ number: i + 1, files: [], expectedMs: 0 }));
  const longestFirst = [...list].sort((a, b) => cost(b) - cost(a) || a.localeCompare(b));
  for (const file of longestFirst) {
    const least = shards.reduce((best, shard) => (shard.expectedMs < best.expectedMs ? shard : best));
    least.files.push(file);
    least.expectedMs += cost(file);
  }
  for (const shard of shards) shard.files.sort();
  return shards;
}

const shards = planShards(files, workers);
const tag = (shard) => (shards.length > 1 ? `[${shard.number}] ` : '');
const minutes = (ms) => `${Math.floor(Math.round(ms / 1000) / 60)}m ${String(Math.round(ms / 1000) % 60).padStart(2, '0')}s`;

/** How a shard's processes write: straight to ours when it runs alone, else through `relay`. */
const childOutput = () => (shards.length > 1 ? ['ignore', 'pipe', 'pipe'] : ['ignore', 'inherit', 'inherit']);

/** Copies a child's output to ours line by line, each line with the shard's prefix. */
function relay(child, prefix) {
  for (const [stream, target] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ]) {
    if (stream) createInterface({ input: stream, crlfDelay: Infinity }).on('line', (line) => target.write(`${prefix}${line}\n`));
  }
}

/** Ports that were free a moment ago, none given twice. */
const takenPorts = new Set();
async function uniquePort() {
  for (;;) {
    const port = await freePort();
    if (!takenPorts.has(port)) {
      takenPorts.add(port);
      return port;
    }
  }
}

const baseEnv = {
  ...process.env,
  ENV_FILE: 'none',
  NODE_ENV: 'test',
  LOG_LEVEL: 'warn',
  SEED_DEMO_DATA: 'true',
  SESSION_SECRET: 'browser-tests-session-key-0123456789abcdef',
  PHI_ENCRYPTION_KEY: 'YnJvd3Nlci10ZXN0cy1waGkta2V5LTAxMjM0NTY3ODk=',
  // Every test signs in from 127.0.0.1 again and again; the limits have their own backend tests.
  RATE_LIMIT_SIGN_IN_PER_ADDRESS: '1000000',
  RATE_LIMIT_SIGN_IN_PER_ACCOUNT: '1000000',
  RATE_LIMIT_PUBLIC_PER_ADDRESS: '1000000',
  RATE_LIMIT_TRACKING_PER_ADDRESS: '1000000',
  RATE_LIMIT_API_PER_USER: '1000000',
  RATE_LIMIT_PASSWORD_RESET_PER_ADDRESS: '1000000',
};
delete baseEnv.OIDC_ISSUER;

// ---- One shard: its database, its app, its tests ----------------------------------------------

/** Where a shard's reporter writes: the destination given, or with several shards one file per shard. */
function shardDestination(destination, shard) {
  if (!toFile(destination) || shards.length === 1) return destination;
  const ext = extname(destination);
  return `${destination.slice(0, destination.length - ext.length)}.shard${shard.number}${ext}`;
}

/**
 * A scratch database and data folder for the shard's app (the database created in
 * TEST_DATABASE_URL's server, or embedded in the folder); answers how to remove them. The tests
 * read the folder too: the development outbox keeps there, in full, the messages it shows with a
 * code or link hidden (APP_DATA_DIR).
 */
async function prepareDatabase(shard, env) {
  const dataDir = await mkdtemp(join(tmpdir(), `carekeep-browser-${shard.number}-`));
  // As root, PostgreSQL runs as the `postgres` user, which must be able to reach its data below here.
  await chmod(dataDir, 0o755);
  env.DATA_DIR = dataDir;
  shard.dataDir = dataDir;
  const removeFolder = () => rm(dataDir, { recursive: true, force: true });
  if (process.env.TEST_DATABASE_URL) {
    const name = `carekeep_browser_${process.pid}_${shard.number}`;
    await withClient(process.env.TEST_DATABASE_URL, (c) => c.query(`create database ${c.escapeIdentifier(name)}`));
    const url = new URL(process.env.TEST_DATABASE_URL);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
    return async () => {
      await withClient(process.env.TEST_DATABASE_URL, (c) => c.query(`drop database if exists ${c.escapeIdentifier(name)} with (force)`));
      await removeFolder();
    };
  }
  env.EMBEDDED_PG_PORT = String(await uniquePort());
  delete env.DATABASE_URL;
  return removeFolder;
}

async function waitForHealth(app, appUrl, deadline) {
  while (Date.now() < deadline) {
    if (app.exitCode !== null) throw new Error(`the app exited with code ${app.exitCode} before it was healthy`);
    try {
      const response = await fetch(`${appUrl}/api/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the app did not become healthy within 120 s');
}

/** The running test processes, stopped if this runner is interrupted. */
const running = new Set();
let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    // A second interruption does not wait for the clean-up.
    if (interrupted) process.exit(130);
    interrupted = true;
    for (const child of running) child.kill('SIGTERM');
  });
}

/** Starts the shard's app, runs its files, stops the app and removes its database. */
async function runShard(shard, scratch) {
  const prefix = tag(shard);
  const port = await uniquePort();
  const appUrl = `http://127.0.0.1:${port}`;
  const env = { ...baseEnv, PORT: String(port), APP_URL: appUrl };
  shard.recordFile = join(scratch, `shard${shard.number}.jsonl`);
  shard.status = 1;
  let cleanup = async () => undefined;
  let app;
  let appExit;
  try {
    cleanup = await prepareDatabase(shard, env);
    app = spawn(process.execPath, [appMain], { env, stdio: childOutput() });
    // 'close': the process has exited and its output has all been passed on.
    appExit = new Promise((done) => app.on('close', (code, signal) => done({ code, signal })));
    relay(app, prefix);
    await waitForHealth(app, appUrl, Date.now() + 120_000);
    shard.startupMs = Date.now() - startedAt;
    if (interrupted) throw new Error('interrupted');
    const reporterOptions = reporters.flatMap(({ name, destination }) => [
      `--test-reporter=${name}`,
      `--test-reporter-destination=${shardDestination(destination, shard)}`,
    ]);
    const tests = spawn(
      process.execPath,
      [
        '--test',
        '--test-concurrency=1',
        ...otherOptions,
        ...reporterOptions,
        `--test-reporter=${resultsReporter}`,
        `--test-reporter-destination=${shard.recordFile}`,
        ...shard.files,
      ],
      {
        env: {
          ...process.env,
          APP_URL: appUrl,
          APP_DATA_DIR: shard.dataDir,
          CHROMIUM_PATH: chromiumPath,
          // The spec reporter's colours on a terminal, although its output reaches ours through a pipe.
          ...(process.stdout.isTTY && !process.env.NO_COLOR && shards.length > 1 ? { FORCE_COLOR: '1' } : {}),
        },
        stdio: childOutput(),
        cwd: root,
      },
    );
    running.add(tests);
    relay(tests, prefix);
    shard.status = await new Promise((done) => tests.on('close', (code) => done(code ?? 1)));
    running.delete(tests);
  } catch (error) {
    console.error(`${prefix}Browser tests could not run: ${error.message}`);
    shard.status ||= 1;
  } finally {
    if (app) {
      app.kill('SIGTERM');
      const { code } = await appExit;
      if (code !== 0) {
        console.error(`${prefix}The app did not stop cleanly (exit code ${code}).`);
        shard.status ||= 1;
      }
    }
    await cleanup();
    shard.ms = Date.now() - startedAt;
  }
}

// ---- Adding the shards up ----------------------------------------------------------------------

/** The results reporter's lines of a shard: each file's time and counts, and the shard's totals. */
async function shardRecords(shard) {
  const text = await readFile(shard.recordFile, 'utf8').catch(() => '');
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
}

const TAP_TOTALS = ['tests', 'suites', 'pass', 'fail', 'cancelled', 'skipped', 'todo'];

/** One TAP document of the shards' ones: their tests numbered on, their totals added up. */
async function mergeTap(destination) {
  const out = ['TAP version 13'];
  const totals = Object.fromEntries(TAP_TOTALS.map((key) => [key, 0]));
  let count = 0;
  for (const shard of shards) {
    const text = await readFile(shardDestination(destination, shard), 'utf8').catch(() => undefined);
    if (text === undefined) continue;
    for (const line of text.split('\n')) {
      const total = /^# (\w+) (\d+(?:\.\d+)?)$/.exec(line);
      if (line === '' || line === 'TAP version 13' || /^1\.\.\d+$/.test(line) || (total && total[1] === 'duration_ms')) continue;
      if (total && TAP_TOTALS.includes(total[1])) totals[total[1]] += Number(total[2]);
      else out.push(line.replace(/^(not )?ok \d+/, (_, not) => `${not ?? ''}ok ${(count += 1)}`));
    }
  }
  out.push(`1..${count}`, ...TAP_TOTALS.map((key) => `# ${key} ${totals[key]}`), `# duration_ms ${Date.now() - startedAt}`);
  await writeFile(destination, `${out.join('\n')}\n`);
}

// ---- The run -------------------------------------------------------------------------------------

await mkdir(join(here, 'screenshots'), { recursive: true });
const scratch = await mkdtemp(join(tmpdir(), 'carekeep-browser-results-'));
if (shards.length > 1) {
  for (const shard of shards) {
    console.log(
      `${tag(shard)}${shard.files.length} files, about ${minutes(shard.expectedMs)}: ${shard.files.map((f) => basename(f)).join(', ')}`,
    );
  }
}
await Promise.all(shards.map((shard) => runShard(shard, scratch)));

const totals = { pass: 0, fail: 0, cancelled: 0, skipped: 0, todo: 0 };
const fileResults = [];
for (const shard of shards) {
  for (const record of await shardRecords(shard)) {
    const { passed = 0, failed = 0, cancelled = 0, skipped = 0, todo = 0 } = record.counts;
    if (record.kind === 'total') {
      Object.assign(totals, {
        pass: totals.pass + passed,
        fail: totals.fail + failed,
        cancelled: totals.cancelled + cancelled,
        skipped: totals.skipped + skipped,
        todo: totals.todo + todo,
      });
    } else {
      fileResults.push({ file: record.file, ms: record.ms, shard: shard.number, pass: passed, fail: failed, cancelled, skipped, todo });
    }
  }
}
await rm(scratch, { recursive: true, force: true });
if (shards.length > 1) {
  for (const { destination } of reporters.filter((r) => r.name === 'tap' && toFile(r.destination))) await mergeTap(destination);
}

const ran = new Set(fileResults.map((result) => result.file));
const notRun = files.map((file) => basename(file)).filter((name) => !ran.has(name));
const failed = shards.some((shard) => shard.status !== 0) || totals.fail > 0 || totals.cancelled > 0 || notRun.length > 0;
const wallMs = Date.now() - startedAt;

// With --update-durations, a full run's measured times plan the next runs' shards.
if (updateDurations && !named.length && !interrupted && notRun.length === 0) {
  const measured = Object.fromEntries(fileResults.map((result) => [result.file, result.ms]).sort(([a], [b]) => a.localeCompare(b)));
  await writeFile(durationsFile, `${JSON.stringify(measured, null, 2)}\n`);
}
if (resultsPath) {
  const results = {
    ...totals,
    wallMs,
    shards: shards.map((shard) => ({
      shard: shard.number,
      files: shard.files.length,
      // From the start of the run: its app's start-up, its files, the app's stop and the clean-up.
      startupMs: shard.startupMs ?? null,
      ms: shard.ms,
      passed: shard.status === 0,
    })),
    files: fileResults.sort((a, b) => a.file.localeCompare(b.file)),
    notRun,
  };
  await writeFile(resolve(resultsPath), `${JSON.stringify(results, null, 2)}\n`);
}

if (shards.length > 1) {
  for (const shard of shards) {
    console.log(
      `${tag(shard)}${shard.files.length} files, done after ${minutes(shard.ms)} (the app up after ${minutes(shard.startupMs ?? 0)}): ` +
        `${shard.status === 0 ? 'passed' : 'FAILED'}`,
    );
  }
}
if (notRun.length) console.error(`Did not run to the end: ${notRun.join(', ')}`);
console.log(
  `Browser tests: ${totals.pass} passed, ${totals.fail} failed, ${totals.cancelled} cancelled, ${totals.skipped} skipped, ` +
    `${totals.todo} todo, in ${minutes(wallMs)} on ${shards.length} shard${shards.length === 1 ? '' : 's'}`,
);
process.exit(failed ? 1 : 0);
