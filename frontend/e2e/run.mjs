// Runs the browser tests: starts the built app on a scratch database, runs e2e/*.e2e.ts with
// Node's test runner in Debian's Chromium, then stops the app. Without Chromium it fails, so a
// machine without a browser never passes `npm test` unseen; SKIP_BROWSER_TESTS=1 skips them on
// purpose, with a loud notice.
import { spawn } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, withClient } from '../../scripts/net.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '../..');
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

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
      `Chromium not found at ${chromiumPath}; install it (apt-get install chromium) or set ` +
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

const args = process.argv.slice(2);
const files = args.filter((arg) => arg.endsWith('.e2e.ts'));
const options = args.filter((arg) => !arg.endsWith('.e2e.ts'));

const port = await freePort();
const appUrl = `http://127.0.0.1:${port}`;
const env = {
  ...process.env,
  ENV_FILE: 'none',
  NODE_ENV: 'test',
  PORT: String(port),
  APP_URL: appUrl,
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
delete env.OIDC_ISSUER;
let cleanup = async () => undefined;
if (process.env.TEST_DATABASE_URL) {
  const name = `carekeep_browser_${process.pid}`;
  await withClient(process.env.TEST_DATABASE_URL, (c) => c.query(`create database ${c.escapeIdentifier(name)}`));
  const url = new URL(process.env.TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  env.DATABASE_URL = url.toString();
  cleanup = () =>
    withClient(process.env.TEST_DATABASE_URL, (c) => c.query(`drop database if exists ${c.escapeIdentifier(name)} with (force)`));
} else {
  const dataDir = await mkdtemp(join(tmpdir(), 'carekeep-browser-'));
  // As root, PostgreSQL runs as the `postgres` user, which must be able to reach its data below here.
  await chmod(dataDir, 0o755);
  env.DATA_DIR = dataDir;
  env.EMBEDDED_PG_PORT = String(await freePort());
  delete env.DATABASE_URL;
  cleanup = () => rm(dataDir, { recursive: true, force: true });
}

const app = spawn(process.execPath, [appMain], { env, stdio: ['ignore', 'inherit', 'inherit'] });
const appExit = new Promise((done) => app.on('exit', (code, signal) => done({ code, signal })));

async function waitForHealth(deadline) {
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
  throw new Error('the app did not become healthy within 60 s');
}

let status = 1;
try {
  await waitForHealth(Date.now() + 60_000);
  await mkdir(join(here, 'screenshots'), { recursive: true });
  const tests = spawn(
    process.execPath,
    // Files named on the command line run alone (e.g. `node e2e/run.mjs e2e/clients.e2e.ts`).
    ['--test', '--test-concurrency=1', ...options, ...(files.length ? files.map((f) => resolve(f)) : [join(here, '*.e2e.ts')])],
    { env: { ...process.env, APP_URL: appUrl, CHROMIUM_PATH: chromiumPath }, stdio: 'inherit', cwd: root },
  );
  status = await new Promise((done) => tests.on('exit', (code) => done(code ?? 1)));
} catch (error) {
  console.error(`Browser tests could not run: ${error.message}`);
} finally {
  app.kill('SIGTERM');
  const { code } = await appExit;
  if (code !== 0) {
    console.error(`The app did not stop cleanly (exit code ${code}).`);
    status ||= 1;
  }
  await cleanup();
}
process.exit(status);
