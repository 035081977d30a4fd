import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { type BuiltApp, query, signIn, startBuiltApp, waitFor } from './helpers/built-app.js';
import { createTestDatabase, dropDatabase, testServerUrl } from './setup/test-database.js';

/** Enough rows that the import is certainly still running when its instance is stopped. */
const ROWS = 80_000;
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
    for (const app of apps) await app.dispose();
    await dropDatabase(testServerUrl(), database.name);
    await rm(uploadsDir, { recursive: true, force: true });
  });

  async function start(): Promise<BuiltApp> {
    const app = await startBuiltApp({
      DATABASE_URL: database.url,
      // Both processes read the uploads from one place, as instances do from S3 or a shared volume.
      UPLOADS_DIR: uploadsDir,
      CSV_UPLOAD_MAX_MB: '50',
      JOB_HEARTBEAT_SECONDS: String(HEARTBEAT_SECONDS),
      REMINDER_DISPATCH_CRON: '0 0 1 1 *',
    });
    apps.push(app);
    return app;
  }

  async function upload(app: BuiltApp, email: string): Promise<{ cookie: string; brokerId: string; jobId: string }> {
    const { cookie, id } = await signIn(app.url, email);
    await query(database.url, `update users set subscription_tier = 'pmpm' where id = $1`, [id]);
    const form = new FormData();
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'book.csv');
    const res = await fetch(`${app.url}/api/clients/upload`, { method: 'POST', body: form, headers: { cookie, origin: app.url } });
    expect(res.status).toBe(202);
    const { jobId } = (await res.json()) as { jobId: string };
    return { cookie, brokerId: id, jobId };
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

  async function stopMidway(signal: NodeJS.Signals, email: string): Promise<void> {
    const first = await start();
    const { cookie, brokerId, jobId } = await upload(first, email);
    await waitFor('the first batches imported', async () => (await progress(jobId)).rows_read >= 1000, 60_000, 50);
    const before = await state(first, cookie, jobId);
    expect(before.status).toBe('running');
    expect(before.rowsRead).toBeLessThan(ROWS);

    await first.proc.stop(signal);
    const stoppedAt = await progress(jobId);
    // Stopped part-way: what it had committed is kept and counted; the rest is still to come.
    expect(stoppedAt.status).toBe('running');
    expect(stoppedAt.rows_read).toBeLessThan(ROWS);

    const second = await start();
    // The takeover: at once after a deploy's stop (the job was handed back), after the heartbeat after a crash.
    await waitFor('the import finished by the second process', async () => (await progress(jobId)).status !== 'running', 180_000, 250);
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
    await second.proc.stop('SIGTERM');
  }

  it('is finished by another process after a deploy stops the one working it (SIGTERM)', async () => {
    await stopMidway('SIGTERM', 'deploy.restart@agency.test');
  }, 300_000);

  it('is finished by another process after the one working it is killed (SIGKILL)', async () => {
    await stopMidway('SIGKILL', 'crash.restart@agency.test');
  }, 300_000);
});
