// `npm test`: every layer of the suite once — the static checks (type check, lint, the OpenAPI
// contract's lint), backend unit and e2e tests (Jest, real PostgreSQL), recurrence under three time
// zones, frontend unit tests (Vitest), the bundle budget and the browser tests (Chromium) — each on
// as many workers as the machine has cores. At the end: each layer's wall time against its budget,
// the 10 slowest files of each layer, and one closing line with the totals.
//
// `npm test -- --only=unit,e2e` runs some layers only (names: static, unit, e2e, recurrence, vitest,
// bundle, browser).
//
// `npm test -- --shifted-clock=400` (CI) also runs the backend suites (unit, e2e, recurrence) with the
// clock that many days ahead (Debian's faketime; the embedded PostgreSQL, so that the database lives
// on the same day), side by side with the browser layer: each leaves part of the two cores idle
// (Chromium waits for frames and the network), and together they keep both busy. That run's output
// is shown when it fails; its totals and slowest files join the report. `--report=<file>` writes the
// layers' times, their files and the totals as JSON.
import { randomInt } from 'node:crypto';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { buildIfStale, ROOT } from './build.mjs';

/**
 * Each layer's budget in seconds on the reference machine (2 cores), as the README's Tests section
 * lists them. Going over does not fail the run (a loaded machine is slower); the summary says so,
 * so that a change which makes a layer slow is seen in the run that introduced it.
 */
export const LAYERS = [
  { id: 'static', name: 'Static checks (type check, lint, OpenAPI)', budget: 90 },
  { id: 'unit', name: 'Backend unit (Jest)', budget: 30 },
  { id: 'e2e', name: 'Backend e2e (Jest, PostgreSQL)', budget: 240 },
  { id: 'recurrence', name: 'Recurrence in three time zones (Jest)', budget: 15 },
  { id: 'vitest', name: 'Frontend unit (Vitest)', budget: 150 },
  { id: 'bundle', name: 'Bundle budget', budget: 15 },
  { id: 'browser', name: 'Browser (Chromium)', budget: 420 },
];
/** The backend suites again with the clock shifted (`--shifted-clock=<days>`), beside the browser layer. */
const SHIFTED = { id: 'shifted', name: 'Backend suites, clock shifted (beside browser)', budget: 420 };
/** The shifted run's bad-input walk: about one operation in this many, per role. */
const SHIFTED_BAD_INPUT_SAMPLE = 4;
/**
 * The e2e files the shifted run leaves out: their subject is the process (signals, restarts, several
 * processes on one database, the embedded server's own start, faults of the database and providers,
 * memory, the admin command's arguments and exit codes), not the calendar, and each starts built
 * servers, commands or stops databases (the slowest files of the shifted run); the date logic they
 * pass through (due reminders, imports, retries) is exercised ahead by the in-process files that
 * cover it. `npm test`'s own e2e layer runs them all.
 */
const NOT_SHIFTED_E2E = [
  'admin-cli',
  'embedded-postgres',
  'shutdown',
  'scale-out',
  'import-restart',
  'faults',
  'database-connections',
  'resource-upload-memory',
];

const optionValue = (name) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
const shiftedDays = optionValue('shifted-clock');
if (shiftedDays !== undefined && !/^[1-9]\d{0,4}$/.test(shiftedDays)) {
  console.error(`--shifted-clock takes a whole number of days (it is "${shiftedDays}").`);
  process.exit(2);
}
if (shiftedDays && spawnSync('faketime', ['-f', '+0d', 'true']).status !== 0) {
  console.error('--shifted-clock needs libfaketime: apt-get install faketime');
  process.exit(2);
}
const reportFile = optionValue('report');
/** Set by the shifted run for its own inner run: the e2e layer leaves out NOT_SHIFTED_E2E. */
const withoutProcessFiles = process.argv.includes('--without-process-files');

const only = optionValue('only')?.split(',');
if (only) {
  const unknown = only.filter((id) => !LAYERS.some((layer) => layer.id === id));
  if (unknown.length) {
    console.error(`Unknown layer ${unknown.join(', ')}: the layers are ${LAYERS.map((layer) => layer.id).join(', ')}`);
    process.exit(2);
  }
}
const selected = (id) => !only || only.includes(id);

/**
 * A suite that hangs (a leaked handle, a stuck server) fails after this long instead of stalling CI.
 * Generous: on a slow day, beside the browser layer, the e2e layer 400 days ahead has taken over 20
 * minutes without hanging; CI's own limit is 90 minutes for everything.
 */
const SUITE_TIMEOUT_MS = 35 * 60 * 1000;
const JEST = join(ROOT, 'node_modules/jest/bin/jest.js');

buildIfStale();
const results = mkdtempSync(join(tmpdir(), 'carekeep-test-results-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const failedSuites = [];
/** Per layer: its wall time, and each file's time (for the slowest-files report). */
const timings = new Map();
const countLines = [];

/** Runs a command with its output on ours; resolves with whether it exited 0. */
function runAsync(name, command, args, { cwd = '.', env = process.env, timeout = SUITE_TIMEOUT_MS, quiet = false } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: join(ROOT, cwd), stdio: quiet ? 'pipe' : 'inherit', env, detached: true });
    let output = '';
    if (quiet) {
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
    }
    const timer = setTimeout(() => {
      console.log(`${name}: stopped after ${timeout / 60000} minutes`);
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }, timeout);
    child.on('exit', (code) => {
      clearTimeout(timer);
      if (code !== 0) {
        if (quiet) process.stdout.write(output);
        failedSuites.push(name);
      }
      resolve({ ok: code === 0, output });
    });
  });
}

/** Runs `work` as one layer of the report: prints its heading and records its wall time. */
async function layer(id, work) {
  if (!selected(id)) return;
  const spec = LAYERS.find((entry) => entry.id === id);
  console.log(`\n=== ${spec.name} ===`);
  const started = performance.now();
  const files = (await work()) ?? [];
  timings.set(id, { seconds: (performance.now() - started) / 1000, files });
}

function readJson(file) {
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined;
}

function count(name, passed, failed, skipped = 0) {
  totals.passed += passed;
  totals.failed += failed;
  totals.skipped += skipped;
  countLines.push(`${name}: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
}

/** Each test file's wall time in a Jest or Vitest JSON report, relative to `base`. */
/**
 * The failed tests of a Jest or Vitest JSON report, each as "file › test: first line of the
 * failure", so that the end of a long run's output says which test failed, not only which layer.
 */
function failedTests(report, base) {
  return (report?.testResults ?? []).flatMap((file) => {
    const name = file.name.startsWith(base) ? file.name.slice(base.length + 1) : file.name;
    const failed = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    if (!failed.length && file.status === 'failed') return [`${name}: ${firstLine(file.message)}`];
    return failed.map((test) => `${name} › ${test.fullName ?? test.title}: ${firstLine(test.failureMessages?.[0])}`);
  });
}
const firstLine = (text = '') =>
  // Jest colours its messages; the summary is read as plain text.
  text.replace(/\u001b\[[0-9;]*m/g, '').split('\n').map((line) => line.trim()).find(Boolean)?.slice(0, 300) ?? '';

function fileTimes(report, base) {
  return (report?.testResults ?? []).map((file) => ({
    file: file.name.startsWith(base) ? file.name.slice(base.length + 1) : file.name,
    seconds: (file.endTime - file.startTime) / 1000,
  }));
}

/**
 * The committed contract (openapi.json) against Redocly's recommended rules (redocly.yaml). Redocly
 * exits 0 on warnings: its JSON totals decide, so that a warning fails the run as an error does.
 */
function lintOpenApi() {
  const name = 'OpenAPI contract (Redocly, recommended rules)';
  const result = spawnSync('npm', ['run', '--silent', 'lint:openapi', '--', '--format=json'], {
    cwd: ROOT,
    encoding: 'utf8',
    env: process.env,
    timeout: SUITE_TIMEOUT_MS,
    killSignal: 'SIGKILL',
  });
  let found;
  try {
    found = JSON.parse(result.stdout).totals;
  } catch {
    found = undefined;
  }
  if (result.status === 0 && found && found.errors === 0 && found.warnings === 0) {
    console.log('openapi.json: no errors, no warnings');
    return;
  }
  // Again in the readable format, to show each problem where it is.
  spawnSync('npm', ['run', '--silent', 'lint:openapi'], { cwd: ROOT, stdio: 'inherit', env: process.env });
  console.log(found ? `openapi.json: ${found.errors} errors, ${found.warnings} warnings` : `Redocly failed: ${result.stderr}`);
  failedSuites.push(name);
}

const jestArgs = (project, outputFile, extra = []) => [
  '--experimental-vm-modules',
  JEST,
  '--config',
  'jest.config.js',
  `--selectProjects=${project}`,
  '--json',
  `--outputFile=${outputFile}`,
  ...extra,
];

// Two lanes, one per core, that end at about the same time (28 November 2026): the type check
// (TypeScript 7, about 30 s) and Prettier (about 18 s) beside ESLint (about 16 s) and oxlint's
// type-aware rules (about 25 s). `npm run typecheck` and `npm run lint` run the same checks. Each
// check's output is held until it ends, so that two do not interleave.
const bin = (path) => join(ROOT, 'node_modules', path);
const checksInLane = async (checks) => {
  const outcomes = [];
  for (const [name, command, args] of checks) outcomes.push({ name, ok: (await runAsync(name, command, args, { quiet: true })).ok });
  return outcomes;
};
await layer('static', async () => {
  const lanes = await Promise.all([
    checksInLane([
      ['Type check (backend, tests, frontend)', 'npm', ['run', 'typecheck']],
      ['Prettier', process.execPath, [bin('prettier/bin/prettier.cjs'), '--check', '--log-level', 'warn', '**/*.{ts,tsx}']],
    ]),
    checksInLane([
      ['ESLint', process.execPath, [bin('eslint/bin/eslint.js'), '--max-warnings', '0', '.']],
      ['oxlint (type-aware rules)', bin('.bin/oxlint'), ['--type-aware', '--deny-warnings']],
    ]),
  ]);
  console.log(
    lanes
      .flat()
      .map(({ name, ok }) => `${name}: ${ok ? 'clean' : 'FAILED (above)'}`)
      .join('; '),
  );
  lintOpenApi();
});

const backendTests = join(ROOT, 'backend');
const jestJson = {};
for (const project of ['unit', 'e2e']) {
  await layer(project, async () => {
    jestJson[project] = join(results, `jest-${project}.json`);
    const skipped =
      project === 'e2e' && withoutProcessFiles
        ? ['--testPathIgnorePatterns', ...NOT_SHIFTED_E2E.map((name) => `/${name}\\.e2e-spec\\.ts$`)]
        : [];
    await runAsync(`Backend ${project} tests (Jest)`, process.execPath, jestArgs(project, jestJson[project], skipped), { cwd: 'backend' });
    return fileTimes(readJson(jestJson[project]), backendTests);
  });
}

// Recurrence must not depend on the process time zone: its tests run again under three of them, side by side.
const tzRuns = [];
await layer('recurrence', async () => {
  const runs = ['UTC', 'America/New_York', 'Asia/Tokyo'].map((tz) => {
    const file = join(results, `recurrence-${tz.replace('/', '-')}.json`);
    tzRuns.push({ tz, file });
    return runAsync(
      `Recurrence tests with TZ=${tz}`,
      process.execPath,
      jestArgs('unit', file, ['--maxWorkers=1', '--testPathPatterns', 'client-portal/recurrence']),
      { cwd: 'backend', env: { ...process.env, TZ: tz }, quiet: true },
    );
  });
  await Promise.all(runs);
  return tzRuns.flatMap(({ tz, file }) =>
    fileTimes(readJson(file), backendTests).map((entry) => ({ ...entry, file: `${entry.file} (TZ=${tz})` })),
  );
});

const vitestFile = join(results, 'vitest.json');
await layer('vitest', async () => {
  await runAsync(
    'Frontend unit tests (Vitest)',
    process.execPath,
    [join(ROOT, 'node_modules/vitest/vitest.mjs'), 'run', '--reporter=dot', '--reporter=json', `--outputFile.json=${vitestFile}`],
    { cwd: 'frontend' },
  );
  return fileTimes(readJson(vitestFile), join(ROOT, 'frontend'));
});

// The landing and client pages' first-load JavaScript must stay within its gzipped budget.
let budgetMet;
await layer('bundle', async () => {
  budgetMet = (
    await runAsync('Bundle budget (landing and client pages)', process.execPath, ['scripts/bundle-budget.mjs'], { cwd: 'frontend' })
  ).ok;
});

/**
 * The backend suites with the clock `shiftedDays` ahead, in a `npm test` of their own under faketime
 * (without TEST_DATABASE_URL: the embedded PostgreSQL it starts inherits the clock). Its report
 * joins this one's.
 */
let shiftedReport;
async function shiftedRun() {
  const file = join(results, 'shifted.json');
  // The bad-input walk goes over every operation in this run's e2e layer; the shifted run walks a
  // seeded sample of them (printed, so that a failure can be walked again).
  const badInputSeed = process.env.BAD_INPUT_SEED ?? String(randomInt(2 ** 31));
  const env = {
    ...process.env,
    DONT_FAKE_MONOTONIC: '1',
    BAD_INPUT_SAMPLE: String(SHIFTED_BAD_INPUT_SAMPLE),
    BAD_INPUT_SEED: badInputSeed,
  };
  delete env.TEST_DATABASE_URL;
  const started = performance.now();
  console.log(`\n=== ${SHIFTED.name.replace('shifted', `${shiftedDays} days ahead`)}: started; output shown if it fails ===`);
  console.log(
    `The bad-input walk there: about one operation in ${SHIFTED_BAD_INPUT_SAMPLE} per role, BAD_INPUT_SEED=${badInputSeed} (BAD_INPUT_SAMPLE=${SHIFTED_BAD_INPUT_SAMPLE} BAD_INPUT_SEED=${badInputSeed} walks the same ones)`,
  );
  console.log(`Left out there (their subject is the process, not the day; run above): ${NOT_SHIFTED_E2E.join(', ')}`);
  await runAsync(
    `Backend suites ${shiftedDays} days ahead`,
    'faketime',
    [
      '-f',
      `+${shiftedDays}d`,
      process.execPath,
      join(ROOT, 'scripts/test.mjs'),
      '--only=unit,e2e,recurrence',
      '--without-process-files',
      `--report=${file}`,
    ],
    { env, quiet: true, timeout: SUITE_TIMEOUT_MS + 10 * 60 * 1000 },
  );
  shiftedReport = readJson(file);
  const files = Object.values(shiftedReport?.layers ?? {}).flatMap((entry) => entry.files);
  timings.set('shifted', { seconds: (performance.now() - started) / 1000, files });
  console.log(`\n=== Backend suites ${shiftedDays} days ahead: ended ===`);
}
const shifted = shiftedDays ? shiftedRun() : undefined;

const browserFile = join(results, 'browser.json');
await layer('browser', async () => {
  await runAsync('Browser tests (Chromium)', process.execPath, ['e2e/run.mjs', `--results=${browserFile}`], {
    cwd: 'frontend',
    timeout: 35 * 60 * 1000,
  });
  return (readJson(browserFile)?.files ?? []).map(({ file, ms }) => ({ file: `e2e/${file}`, seconds: ms / 1000 }));
});

await shifted;
const reported = shiftedDays ? [...LAYERS, { ...SHIFTED, name: SHIFTED.name.replace('shifted', `${shiftedDays} days ahead`) }] : LAYERS;

console.log('\n=== Where the time went ===');
for (const spec of reported) {
  const timing = timings.get(spec.id);
  if (!timing) continue;
  const overBy = Math.round(timing.seconds - spec.budget);
  const over = overBy > 0 ? `  OVER BUDGET by ${overBy} s` : '';
  console.log(`${spec.name.padEnd(44)} ${timing.seconds.toFixed(0).padStart(5)} s  (budget ${spec.budget} s)${over}`);
}
for (const spec of reported) {
  const files = timings.get(spec.id)?.files ?? [];
  if (!files.length) continue;
  console.log(`\nSlowest files, ${spec.name}:`);
  for (const { file, seconds } of [...files].sort((a, b) => b.seconds - a.seconds).slice(0, 10)) {
    console.log(`  ${seconds.toFixed(1).padStart(6)} s  ${file}`);
  }
}

const jestUnit = readJson(jestJson.unit ?? '');
const jestE2e = readJson(jestJson.e2e ?? '');
const vitest = readJson(vitestFile);
const failures = [
  ...failedTests(jestUnit, backendTests),
  ...failedTests(jestE2e, backendTests),
  ...tzRuns.flatMap(({ tz, file }) => failedTests(readJson(file), backendTests).map((line) => `(TZ=${tz}) ${line}`)),
  ...failedTests(vitest, join(ROOT, 'frontend')),
  ...(readJson(browserFile)?.files ?? [])
    .filter((file) => file.fail || file.cancelled)
    .map((file) => `e2e/${file.file}: ${file.fail} failed, ${file.cancelled} cancelled (its ✖ lines above)`),
  ...(shiftedReport?.failures ?? []).map((line) => `(${shiftedDays} days ahead) ${line}`),
];
if (failures.length) {
  console.log('\n=== Failed tests ===');
  for (const line of failures) console.log(`  ${line}`);
}

console.log('\n=== Summary ===');
if (jestUnit || jestE2e) {
  const sum = (key) => (jestUnit?.[key] ?? 0) + (jestE2e?.[key] ?? 0);
  count('Jest', sum('numPassedTests'), sum('numFailedTests'), sum('numPendingTests') + sum('numTodoTests'));
  if (jestUnit && jestE2e) countLines.push(`  (unit ${jestUnit.numPassedTests}, e2e ${jestE2e.numPassedTests} passed)`);
}
for (const { tz, file } of tzRuns) {
  const report = readJson(file);
  if (report) count(`Recurrence (${tz.replace('/', '-')})`, report.numPassedTests, report.numFailedTests);
}
if (vitest) count('Vitest', vitest.numPassedTests, vitest.numFailedTests, vitest.numPendingTests + vitest.numTodoTests);
if (budgetMet !== undefined) count('Bundle budget', budgetMet ? 1 : 0, budgetMet ? 0 : 1);
const browser = readJson(browserFile);
if (browser) {
  count('Browser', browser.pass, browser.fail + browser.cancelled, browser.skipped + browser.todo);
  if (browser.notRun.length) countLines.push(`  (files that did not run: ${browser.notRun.join(', ')})`);
} else if (selected('browser')) {
  countLines.push(
    process.env.SKIP_BROWSER_TESTS === '1'
      ? 'Browser: SKIPPED on purpose (SKIP_BROWSER_TESTS=1), none ran'
      : 'Browser: not run (see above)',
  );
}
if (shiftedDays) {
  const report = shiftedReport?.totals;
  if (report) count(`Backend suites ${shiftedDays} days ahead`, report.passed, report.failed, report.skipped);
  else countLines.push(`Backend suites ${shiftedDays} days ahead: no report (see above)`);
}
for (const line of countLines) console.log(line);
if (reportFile) {
  const layers = Object.fromEntries([...timings].map(([id, timing]) => [id, timing]));
  writeFileSync(reportFile, JSON.stringify({ layers, totals, failedSuites, failures }));
}
rmSync(results, { recursive: true, force: true });
if (failedSuites.length) console.log(`Failed: ${failedSuites.join('; ')}`);
console.log(`${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(failedSuites.length || totals.failed ? 1 : 0);
