import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import pg from 'pg';

import { BATCH_SIZE } from '../src/clients/csv-import.service.js';
import { type BuiltApp, query, signIn, startBuiltApp, waitFor } from './helpers/built-app.js';
import { createTestDatabase, dropDatabase, testServerUrl } from './setup/test-database.js';

/** Many batches: the import is stopped after its first few, with most of the file still to come. */
const ROWS = 5_000;
/** The shortest allowed: a killed instance's import is taken again after this long. */
const HEARTBEAT_SECONDS = 10;

interface ImportState {
  status: string;
  rowsTotal: number | null;
  rowsRead: number;
  imported: number;
  rejected: number;
  message: string | null;
}

interface Progress {
  status: string;
  attempts: number;
  rows_read: number;
}

/**
 * A CSV import taken by one built app process that is stopped in the middle, by a deploy (SIGTERM)
 * or a crash (SIGKILL): another process on the same database and uploads takes it over and finishes
 * it, every row imported once, and the broker's progress answers say so throughout.
 */
describe('a CSV import when the instance working it stops', () => {
  let database: { url: string; name: string };
  let uploadsDir: string;
  const apps: BuiltApp[] = [];
  const blockers: pg.Client[] = [];
  const csv = Buffer.from(
    [
      'First Name,Last Name,Email,Phone',
      ...Array.from({ length: ROWS }, (_, i) => `Restart,Client${i},,+1615${String(2_000_000 + i)}`),
    ].join('\n'),
  );

  beforeAll(async () => {
    database = await createTestDatabase();
    uploadsDir = await mkdtemp(join(tmpdir(), 'carekeep-import-restart-'));
  });
  afterAll(async () => {
    for (const blocker of blockers) await blocker.end().catch(() => undefined);
    for (const app of apps) await app.dispose();
    await dropDatabase(testServerUrl(), database.name);
    await rm(uploadsDir, { recursive: true, force: true });
  });

  async function start(): Promise<BuiltApp> {
    const app = await startBuiltApp({
      DATABASE_URL: database.url,
      // Both processes read the uploads from one place, as instances do from S3 or a shared volume.
      UPLOADS_DIR: uploadsDir,
      // The book imports in the background, where a restart can catch it.
      CSV_IMPORT_INLINE_MAX_ROWS: '0',
      JOB_HEARTBEAT_SECONDS: String(HEARTBEAT_SECONDS),
      REMINDER_DISPATCH_CRON: '0 0 1 1 *',
    });
    apps.push(app);
    return app;
  }

  async function upload(app: BuiltApp, cookie: string): Promise<{ jobId: string }> {
    const form = new FormData();
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'book.csv');
    const res = await fetch(`${app.url}/api/clients/upload`, { method: 'POST', body: form, headers: { cookie, origin: app.url } });
    expect(res.status).toBe(202);
    const { jobId } = (await res.json()) as { jobId: string };
    return { jobId };
  }

  async function progress(jobId: string): Promise<Progress> {
    const [row] = await query<Progress>(database.url, 'select status, attempts, rows_read from import_jobs where id = $1', [jobId]);
    return row;
  }

  async function state(app: BuiltApp, cookie: string, jobId: string): Promise<ImportState> {
    const res = await fetch(`${app.url}/api/clients/upload/${jobId}`, { headers: { cookie } });
    expect(res.status).toBe(200);
    return (await res.json()) as ImportState;
  }

  /**
   * Holds the broker's row, as the broker's other work does for a moment: every batch of the import
   * takes that lock, so the import waits in the middle of its next batch until `release()`.
   */
  async function holdBroker(
    brokerId: string,
    connected?: pg.Client,
    lock: 'for update' | 'for no key update' = 'for update',
  ): Promise<{ release(): Promise<void> }> {
    const blocker = connected ?? new pg.Client({ connectionString: database.url });
    if (!connected) {
      blockers.push(blocker);
      await blocker.connect();
    }
    await blocker.query('begin');
    await blocker.query(`select 1 from users where id = $1 ${lock}`, [brokerId]);
    return { release: () => blocker.query('rollback').then(() => blocker.end()) };
  }

  /** How many sessions on the test's database wait for a lock (the import's batch, a queued holder). */
  async function lockWaiters(): Promise<number> {
    const [{ waiting }] = await query<{ waiting: number }>(
      database.url,
      `select count(*)::int as waiting from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
    );
    return waiting;
  }

  /** A connection made ahead, so that taking the broker's row right after the upload is one round trip. */
  async function connectedBlocker(): Promise<pg.Client> {
    const blocker = new pg.Client({ connectionString: database.url });
    blockers.push(blocker);
    await blocker.connect();
    return blocker;
  }

  /** The process that finished the last import, still running: the next import is given to it. */
  let idle: BuiltApp | undefined;

  async function stopMidway(signal: NodeJS.Signals, email: string): Promise<void> {
    const first = idle ?? (await start());
    idle = undefined;
    // Deterministically in the middle of the file: the broker's row is held before the upload, so
    // the import waits for it at its first batch. The hold is FOR NO KEY UPDATE, which the batch's
    // FOR UPDATE waits for but the upload's new import row (a foreign key to the broker, FOR KEY
    // SHARE) does not. A second holder asks for the row behind the import, so that when the first
    // lets go the import commits exactly that one batch before the second has the row and the
    // import waits again.
    const { cookie, id: brokerId } = await signIn(first.url, email);
    await query(database.url, `update users set subscription_tier = 'pmpm' where id = $1`, [brokerId]);
    const waiting = await holdBroker(brokerId, undefined, 'for no key update');
    const { jobId } = await upload(first, cookie);
    expect((await progress(jobId)).rows_read).toBe(0);
    await waitFor('the import waiting for the broker', async () => (await lockWaiters()) >= 1, 60_000, 20);
    const late = await connectedBlocker();
    const queued = holdBroker(brokerId, late);
    await waitFor('the second holder queued behind the import', async () => (await lockWaiters()) >= 2, 60_000, 20);
    await waiting.release();
    const held = await queued;
    const heldAt = await progress(jobId);
    expect(heldAt.rows_read).toBeGreaterThanOrEqual(BATCH_SIZE);
    const before = await state(first, cookie, jobId);
    expect(before.status).toBe('running');
    expect(before.rowsRead).toBe(heldAt.rows_read);
    // Several batches still to come, so the stop lands well before the end of the file.
    expect(before.rowsRead).toBeLessThan(ROWS - 3 * BATCH_SIZE);

    const stopped = first.proc.stop(signal);
    // The broker's row is let go once the instance is on its way out (a deploy) or gone (a crash).
    if (signal === 'SIGTERM') await first.proc.waitForLog('Requests and dispatching finished');
    else await stopped;
    await held.release();
    expect(await stopped).toEqual(signal === 'SIGTERM' ? { code: 0, signal: null } : { code: null, signal: 'SIGKILL' });
    const stoppedAt = await progress(jobId);
    // Stopped part-way: what it had committed is kept and counted; the rest is still to come.
    expect(stoppedAt.status).toBe('running');
    expect(stoppedAt.rows_read).toBeLessThan(ROWS);
    if (signal === 'SIGTERM') {
      // A deploy's stop lets the batch under way finish before the instance lets go.
      expect(stoppedAt.rows_read).toBeGreaterThan(heldAt.rows_read);
    } else {
      // A crash loses the batch under way whole: none of its rows are counted or kept.
      expect(stoppedAt.rows_read).toBe(heldAt.rows_read);
      const [{ clients }] = await query<{ clients: number }>(
        database.url,
        'select count(*)::int as clients from clients where broker_id = $1',
        [brokerId],
      );
      expect(clients).toBe(heldAt.rows_read);
    }

    const second = await start();
    // The takeover: at once after a deploy's stop (the job was handed back), after the heartbeat after a crash.
    await waitFor('the import finished by the second process', async () => (await progress(jobId)).status !== 'running', 120_000, 100);
    const after = await state(second, cookie, jobId);
    expect(after).toMatchObject({ status: 'completed', rowsTotal: ROWS, rowsRead: ROWS, imported: ROWS, rejected: 0 });
    expect(after.message).toBe(`Imported ${ROWS.toLocaleString('en-US')} clients`);
    expect((await progress(jobId)).attempts).toBe(2);
    // Every row once: the rows of the batch under way when it stopped were neither lost nor doubled.
    const [counts] = await query<{ clients: number; distinct_phones: number }>(
      database.url,
      'select count(*)::int as clients, count(distinct phone)::int as distinct_phones from clients where broker_id = $1',
      [brokerId],
    );
    expect(counts).toEqual({ clients: ROWS, distinct_phones: ROWS });
    idle = second;
  }

  it('is finished by another process after a deploy stops the one working it (SIGTERM)', async () => {
    await stopMidway('SIGTERM', 'deploy.restart@agency.test');
  }, 120_000);

  it('is finished by another process after the one working it is killed (SIGKILL)', async () => {
    await stopMidway('SIGKILL', 'crash.restart@agency.test');
  }, 120_000);
});
