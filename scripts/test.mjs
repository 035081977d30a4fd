// `npm test`: the type check, the lint and the OpenAPI contract's lint, then every suite — backend unit and e2e (Jest, real
// PostgreSQL), frontend unit (Vitest) and browser tests (Chromium) — then one closing line with the totals.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, buildIfStale } from './build.mjs';

buildIfStale();
const results = mkdtempSync(join(tmpdir(), 'carekeep-test-results-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const tzRuns = [];
const failedSuites = [];

/** A suite that hangs (a leaked handle, a stuck server) fails after this long instead of stalling CI. */
const SUITE_TIMEOUT_MS = 20 * 60 * 1000;
/**
 * The browser suite is the longest (about 17 to 20 minutes on 2 cores, 33 files one after another):
 * it gets more room, so that a slow day does not cut it off while it is still passing.
 */
const BROWSER_SUITE_TIMEOUT_MS = 35 * 60 * 1000;

function run(name, command, args, cwd, timeout = SUITE_TIMEOUT_MS) {
  console.log(`\n=== ${name} ===`);
  const result = spawnSync(command, args, {
    cwd: join(ROOT, cwd),
    stdio: 'inherit',
    env: process.env,
    timeout,
    killSignal: 'SIGKILL',
  });
  if (result.error?.code === 'ETIMEDOUT') console.log(`${name}: stopped after ${timeout / 60000} minutes`);
  if (result.status !== 0) failedSuites.push(name);
  return result.status === 0;
}

/**
 * The committed contract (openapi.json) against Redocly's recommended rules (redocly.yaml). Redocly
 * exits 0 on warnings: its JSON totals decide, so that a warning fails the run as an error does.
 */
function lintOpenApi() {
  const name = 'OpenAPI contract (Redocly, recommended rules)';
  console.log(`\n=== ${name} ===`);
  const result = spawnSync('npm', ['run', '--silent', 'lint:openapi', '--', '--format=json'], {
    cwd: ROOT,
    encoding: 'utf8',
    env: process.env,
    timeout: SUITE_TIMEOUT_MS,
    killSignal: 'SIGKILL',
  });
  let totals;
  try {
    totals = JSON.parse(result.stdout).totals;
  } catch {
    totals = undefined;
  }
  if (result.status === 0 && totals && totals.errors === 0 && totals.warnings === 0) {
    console.log('openapi.json: no errors, no warnings');
    return;
  }
  // Again in the readable format, to show each problem where it is.
  spawnSync('npm', ['run', '--silent', 'lint:openapi'], { cwd: ROOT, stdio: 'inherit', env: process.env });
  console.log(totals ? `openapi.json: ${totals.errors} errors, ${totals.warnings} warnings` : `Redocly failed: ${result.stderr}`);
  failedSuites.push(name);
}

function readJson(file) {
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined;
}

function count(name, passed, failed, skipped = 0) {
  totals.passed += passed;
  totals.failed += failed;
  totals.skipped += skipped;
  console.log(`${name}: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
}

run('Type check (backend, tests, frontend)', 'npm', ['run', 'typecheck'], '.');
run('Lint and format (ESLint, Prettier)', 'npm', ['run', 'lint'], '.');
lintOpenApi();

const jestFile = join(results, 'jest.json');
run('Backend unit and e2e tests (Jest)', process.execPath, [
  '--experimental-vm-modules', join(ROOT, 'node_modules/jest/bin/jest.js'), '--config', 'jest.config.js',
  '--json', `--outputFile=${jestFile}`,
], 'backend');

// Recurrence must not depend on the process time zone: its tests run again under three of them.
for (const tz of ['UTC', 'America/New_York', 'Asia/Tokyo']) {
  const file = join(results, `recurrence-${tz.replace('/', '-')}.json`);
  process.env.TZ = tz;
  run(`Recurrence tests with TZ=${tz}`, process.execPath, [
    '--experimental-vm-modules', join(ROOT, 'node_modules/jest/bin/jest.js'), '--config', 'jest.config.js',
    '--selectProjects', 'unit', '--testPathPatterns', 'client-portal/recurrence', '--json', `--outputFile=${file}`,
  ], 'backend');
  delete process.env.TZ;
  tzRuns.push(file);
}

const vitestFile = join(results, 'vitest.json');
run('Frontend unit tests (Vitest)', process.execPath, [
  join(ROOT, 'node_modules/vitest/vitest.mjs'), 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestFile}`,
], 'frontend');

// The landing and client pages' first-load JavaScript must stay within its gzipped budget.
const budgetMet = run('Bundle budget (landing and client pages)', process.execPath, ['scripts/bundle-budget.mjs'], 'frontend');

const tapFile = join(results, 'browser.tap');
run('Browser tests (Chromium)', process.execPath, [
  'e2e/run.mjs', '--test-reporter=spec', '--test-reporter-destination=stdout', '--test-reporter=tap', `--test-reporter-destination=${tapFile}`,
], 'frontend', BROWSER_SUITE_TIMEOUT_MS);

console.log('\n=== Summary ===');
const jest = readJson(jestFile);
if (jest) count('Jest', jest.numPassedTests, jest.numFailedTests, jest.numPendingTests + jest.numTodoTests);
for (const file of tzRuns) {
  const tz = readJson(file);
  if (tz) count(`Recurrence (${file.split('recurrence-')[1].replace('.json', '')})`, tz.numPassedTests, tz.numFailedTests);
}
const vitest = readJson(vitestFile);
if (vitest) count('Vitest', vitest.numPassedTests, vitest.numFailedTests, vitest.numPendingTests + vitest.numTodoTests);
count('Bundle budget', budgetMet ? 1 : 0, budgetMet ? 0 : 1);
if (existsSync(tapFile)) {
  const tap = readFileSync(tapFile, 'utf8');
  const field = (key) => Number(tap.match(new RegExp(`^# ${key} (\\d+)$`, 'm'))?.[1] ?? 0);
  count('Browser', field('pass'), field('fail') + field('cancelled'), field('skipped') + field('todo'));
} else if (process.env.SKIP_BROWSER_TESTS === '1') {
  console.log('Browser: SKIPPED on purpose (SKIP_BROWSER_TESTS=1), none ran');
} else {
  console.log('Browser: not run (see above)');
}
rmSync(results, { recursive: true, force: true });
if (failedSuites.length) console.log(`Failed: ${failedSuites.join('; ')}`);
console.log(`${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(failedSuites.length || totals.failed ? 1 : 0);
