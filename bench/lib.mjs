// Shared pieces of the benchmark scripts: a database, the built server as a child process, and a
// broker session obtained through the real sign-in flow.
import { spawn } from 'node:child_process';
import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, withClient } from '../scripts/net.mjs';

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

/** Resident memory of a process in MB, from /proc. */
export async function rssMb(pid) {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

/** The built server on `databaseUrl`, started as `npm start` would run it; resolves when healthy. */
export async function startServer(databaseUrl, extraEnv = {}) {
  const port = await freePort();
  const appUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [join(ROOT, 'backend/dist/main.js')], {
    env: {
      PATH: process.env.PATH,
      ENV_FILE: 'none',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      APP_URL: appUrl,
      DATABASE_URL: databaseUrl,
      SESSION_SECRET: 'benchmark-session-key-0123456789abcdefghij',
      PHI_ENCRYPTION_KEY: 'YmVuY2htYXJrLXBoaS1rZXktMDEyMzQ1Njc4OWFiY2Q=',
      CSV_UPLOAD_MAX_MB: '200',
      ...(process.env.BENCH_SERVER_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_SERVER_NODE_OPTIONS } : {}),
      ...extraEnv,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise((done) => child.once('exit', done));
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    const ok = await fetch(`${appUrl}/api/health`).then((r) => r.ok, () => false);
    if (ok) return { appUrl, pid: child.pid, stop: async () => { child.kill('SIGTERM'); await exited; } };
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
