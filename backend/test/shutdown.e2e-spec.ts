import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

import pg from 'pg';

import { freePort } from './helpers/app-process.js';
import {
  type BuiltApp,
  dueReminders,
  heldPost,
  query,
  refused,
  signIn,
  SlowTwilio,
  startBuiltApp,
  TWILIO_TEST_ENV,
  waitFor,
} from './helpers/built-app.js';
import { createTestDatabase, dropDatabase, testServerUrl } from './setup/test-database.js';

const SHUTDOWN_BUDGET_MS = 10_000;

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * SIGTERM (what a container platform sends): the process stops taking connections, finishes the
 * requests in progress and the sends under way, closes its database connections (and its embedded
 * database) and exits 0 within 10 seconds.
 */
describe('graceful shutdown of the built server', () => {
  describe('on the server named by DATABASE_URL', () => {
    let database: { url: string; name: string };
    let app: BuiltApp | undefined;
    let provider: SlowTwilio | undefined;
    beforeAll(async () => {
      database = await createTestDatabase();
    });
    afterAll(async () => {
      await app?.dispose();
      await provider?.stop();
      await dropDatabase(testServerUrl(), database.name);
    });

    it('finishes an in-flight request and the sends under way, refuses new connections, closes its pool and exits 0', async () => {
      // Twilio answers each text after 1.5 s: SIGTERM lands while three are being sent.
      provider = new SlowTwilio(() => 1500);
      const providerUrl = await provider.start();
      app = await startBuiltApp({
        DATABASE_URL: database.url,
        ...TWILIO_TEST_ENV,
        TWILIO_API_BASE_URL: providerUrl,
        DISPATCH_SMS_PER_SECOND: '0',
        REMINDER_DISPATCH_CRON: '* * * * * *',
        DISPATCH_BATCH_SIZE: '40',
        DISPATCH_CONCURRENCY: '3',
      });
      const { url, proc } = app;
      const broker = await signIn(url, 'graceful.stop@agency.test');
      expect((await query(database.url, 'select 1 from pg_stat_activity where datname = $1', [database.name])).length).toBeGreaterThan(0);

      const held = heldPost(url, '/api/clients', broker.cookie, {
        firstName: 'Arrived',
        lastName: 'During Shutdown',
        phone: '+12125550177',
      });
      const reminders = await dueReminders(database.url, broker.id, 40, 'sms', '+1917');
      await waitFor('three texts in flight', async () => provider!.requests.length >= 3, 15_000, 20);

      const signalledAt = performance.now();
      proc.child.kill('SIGTERM');
      await proc.waitForLog('Shutting down');
      await waitFor('new connections to be refused', () => refused(url), 3000, 50);
      const answer = await held.finish();
      expect(answer.status).toBe(201);
      expect(JSON.parse(answer.body)).toMatchObject({ lastName: 'During Shutdown' });

      expect(await proc.exited).toEqual({ code: 0, signal: null });
      expect(performance.now() - signalledAt).toBeLessThan(SHUTDOWN_BUDGET_MS);
      expect(proc.logLines().map((line) => line.msg)).toContain('Requests and dispatching finished');

      // The sends under way finished (Twilio took them); the rest of the batch is back in the queue, none left claimed.
      const statuses = await query<{ status: string; attempts: number; n: number }>(
        database.url,
        `select status, attempts, count(*)::int as n from deliveries where reminder_id = any($1::uuid[]) group by 1, 2 order by 1, 2`,
        [reminders],
      );
      const sentIds = new Set(provider.requests.map((r) => r.deliveryId));
      expect(statuses.find((s) => s.status === 'sending')).toBeUndefined();
      expect(statuses.find((s) => s.status === 'sent')).toEqual({ status: 'sent', attempts: 1, n: sentIds.size });
      expect(statuses.find((s) => s.status === 'queued')).toEqual({ status: 'queued', attempts: 0, n: 40 - sentIds.size });
      expect(sentIds.size).toBeLessThan(40);

      // No connection of the app is left on the server.
      await waitFor(
        'the app’s connections to close',
        async () =>
          (await query(database.url, 'select 1 from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [database.name]))
            .length === 0,
        3000,
      );
    });
  });

  describe('out of rotation before draining (SHUTDOWN_DELAY_MS)', () => {
    let database: { url: string; name: string };
    let app: BuiltApp | undefined;
    beforeAll(async () => {
      database = await createTestDatabase();
    });
    afterAll(async () => {
      await app?.dispose();
      await dropDatabase(testServerUrl(), database.name);
    });

    it('answers 503 on its readiness check at once, still serves requests for the delay, then drains and exits 0', async () => {
      app = await startBuiltApp({ DATABASE_URL: database.url, SHUTDOWN_DELAY_MS: '2000' });
      const { url, proc } = app;
      const broker = await signIn(url, 'rolling.restart@agency.test');
      expect((await fetch(`${url}/api/health/ready`)).status).toBe(200);

      const signalledAt = performance.now();
      proc.child.kill('SIGTERM');
      await proc.waitForLog('Shutting down');
      const ready = await fetch(`${url}/api/health/ready`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toMatchObject({ message: 'This instance is stopping: send new requests to another one' });
      // Liveness is unchanged (a platform must not kill it for draining), and a broker's request is still answered.
      expect((await fetch(`${url}/api/health`)).status).toBe(200);
      const page = await fetch(`${url}/api/clients`, { headers: { cookie: broker.cookie } });
      expect(page.status).toBe(200);
      expect(performance.now() - signalledAt).toBeLessThan(2000);

      await waitFor('new connections to be refused', () => refused(url), 5000, 50);
      expect(performance.now() - signalledAt).toBeGreaterThanOrEqual(2000);
      expect(await proc.exited).toEqual({ code: 0, signal: null });
    });
  });

  describe('a request whose client has gone', () => {
    let database: { url: string; name: string };
    let app: BuiltApp | undefined;
    let blocker: pg.Client | undefined;
    beforeAll(async () => {
      database = await createTestDatabase();
    });
    afterAll(async () => {
      await blocker?.end().catch(() => undefined);
      await app?.dispose();
      await dropDatabase(testServerUrl(), database.name);
    });

    it('is still worked to the end before the database closes: a client added as the browser gave up is saved', async () => {
      app = await startBuiltApp({ DATABASE_URL: database.url });
      const { url, proc } = app;
      const broker = await signIn(url, 'left.early@agency.test');
      // Holds the request at its first statement (the access guard's read of the broker).
      blocker = new pg.Client({ connectionString: database.url });
      await blocker.connect();
      await blocker.query('begin');
      await blocker.query('lock table users in access exclusive mode');
      const gaveUp = new AbortController();
      const posted = fetch(`${url}/api/clients`, {
        method: 'POST',
        headers: { cookie: broker.cookie, origin: url, 'content-type': 'application/json' },
        body: JSON.stringify({ firstName: 'Left', lastName: 'Early', phone: '+12125550179' }),
        signal: gaveUp.signal,
      }).catch((error: unknown) => error);
      await waitFor(
        'the request to wait for the lock',
        async () =>
          (await query(database.url, `select 1 from pg_stat_activity where datname = $1 and wait_event_type = 'Lock'`, [database.name]))
            .length > 0,
        5000,
        20,
      );
      gaveUp.abort();
      expect(await posted).toMatchObject({ name: 'AbortError' });

      proc.child.kill('SIGTERM');
      await proc.waitForLog('Shutting down');
      await waitFor('new connections to be refused', () => refused(url), 3000, 50);
      await blocker.query('commit');

      expect(await proc.exited).toEqual({ code: 0, signal: null });
      expect(await query(database.url, `select first_name from clients where last_name = 'Early'`)).toEqual([{ first_name: 'Left' }]);
      expect(proc.logLines().filter((line) => Number(line.level) >= 50)).toEqual([]);
    });
  });

  describe('on its own embedded PostgreSQL', () => {
    let dataDir: string;
    let app: BuiltApp | undefined;
    beforeAll(async () => {
      dataDir = await mkdtemp(join(tmpdir(), 'carekeep-shutdown-'));
      await chmod(dataDir, 0o755);
    });
    afterAll(async () => {
      await app?.dispose();
      await rm(dataDir, { recursive: true, force: true });
    });

    it('finishes an in-flight request, then stops the embedded database: no postmaster is left', async () => {
      app = await startBuiltApp({ DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(await freePort()) });
      const { url, proc } = app;
      const postmasterPid = Number((await readFile(join(dataDir, 'pg', 'postmaster.pid'), 'utf8')).split('\n')[0]);
      expect(isRunning(postmasterPid)).toBe(true);
      const broker = await signIn(url, 'embedded.stop@agency.test');
      const late = { firstName: 'Late', lastName: 'Arrival', phone: '+12125550178' };
      const held = heldPost(url, '/api/clients', broker.cookie, late, { waitForServer: true });
      // The request has reached the server before the signal: it has asked for the rest of the body.
      await held.received;

      const signalledAt = performance.now();
      proc.child.kill('SIGTERM');
      await proc.waitForLog('Shutting down');
      await waitFor('new connections to be refused', () => refused(url), 3000, 50);
      expect((await held.finish()).status).toBe(201);

      expect(await proc.exited).toEqual({ code: 0, signal: null });
      expect(performance.now() - signalledAt).toBeLessThan(SHUTDOWN_BUDGET_MS);
      expect(proc.logLines().some((line) => line.msg === 'Embedded PostgreSQL stopped')).toBe(true);
      expect(isRunning(postmasterPid)).toBe(false);
    });
  });
});
