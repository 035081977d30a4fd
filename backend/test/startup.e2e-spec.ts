import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import pg from 'pg';

import { AppProcess, freePort } from './helpers/app-process.js';
import { createTestDatabase, dropDatabase, testServerUrl } from './setup/test-database.js';

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Stops what a failed test left running (and, on its own database, its PostgreSQL with it). */
async function stopAll(procs: AppProcess[]): Promise<void> {
  for (const proc of procs) if (proc.child.exitCode === null && proc.child.signalCode === null) await proc.stop('SIGTERM');
}

describe('starting and stopping the built server', () => {
  it('refuses a bad setting with one line naming the variable, and a non-zero exit', async () => {
    const app = new AppProcess({ PORT: 'abc' });
    const { code } = await app.exited;
    expect(code).toBe(1);
    expect(app.stderr.trim()).toBe('Invalid configuration: PORT must be a whole number from 1 to 65535 (got "abc")');
  });

  describe('on its own embedded PostgreSQL', () => {
    let dataDir: string;
    const procs: AppProcess[] = [];
    beforeAll(async () => {
      dataDir = await mkdtemp(join(tmpdir(), 'carekeep-start-'));
      await chmod(dataDir, 0o755);
    });
    afterAll(async () => {
      await stopAll(procs);
      await rm(dataDir, { recursive: true, force: true });
    });

    it('starts, seeds once, stops cleanly on Ctrl-C and keeps its data for the next start', async () => {
      const pgPort = await freePort();
      const env = { DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(pgPort), SEED_DEMO_DATA: 'true', LOG_LEVEL: 'info' };
      // The superuser's password is generated on the first start, beside the cluster.
      const dbUrl = async () =>
        `postgres://postgres:${(await readFile(join(dataDir, 'pg-password'), 'utf8')).trim()}@127.0.0.1:${pgPort}/carekeep`;

      const port1 = await freePort();
      const first = new AppProcess({ ...env, PORT: String(port1) });
      procs.push(first);
      await first.waitHealthy(`http://127.0.0.1:${port1}`);
      const postmasterPid = Number((await readFile(join(dataDir, 'pg', 'postmaster.pid'), 'utf8')).split('\n')[0]);
      expect(isRunning(postmasterPid)).toBe(true);
      const client = new pg.Client({ connectionString: await dbUrl() });
      await client.connect();
      let seeded: number;
      try {
        // The demo data: an admin, the two spec brokers and seven more with a year of history (demo-data.seeder.ts).
        seeded = (await client.query('select count(*)::int as n from users')).rows[0].n;
        await client.query(`update users set agency_name = 'Kept Across Restarts' where email = 'dana.whitfield@example.com'`);
      } finally {
        await client.end();
      }
      expect(seeded).toBe(10);
      // Under `npm start` a Ctrl-C arrives twice: from the terminal and forwarded by npm.
      first.child.kill('SIGINT');
      await first.waitForLog('Shutting down');
      expect(await first.stop('SIGINT')).toEqual({ code: 0, signal: null });
      expect(isRunning(postmasterPid)).toBe(false);
      expect(first.logLines().filter((line) => line.msg === 'Shutting down')).toHaveLength(1);
      expect(first.logLines().some((line) => line.msg === 'Embedded PostgreSQL stopped')).toBe(true);

      const port2 = await freePort();
      const second = new AppProcess({ ...env, PORT: String(port2) });
      procs.push(second);
      await second.waitHealthy(`http://127.0.0.1:${port2}`);
      const again = new pg.Client({ connectionString: await dbUrl() });
      await again.connect();
      const rows = (await again.query('select agency_name from users order by email')).rows;
      await again.end();
      // Seeded once: the second start adds nobody.
      expect(rows).toHaveLength(seeded);
      expect(rows.map((r) => r.agency_name)).toContain('Kept Across Restarts');
      expect(await second.stop('SIGTERM')).toEqual({ code: 0, signal: null });
    });
  });

  describe('on the server named by DATABASE_URL', () => {
    let database: { url: string; name: string };
    const procs: AppProcess[] = [];
    beforeAll(async () => {
      database = await createTestDatabase();
    });
    afterAll(async () => {
      await stopAll(procs);
      await dropDatabase(testServerUrl(), database.name);
    });

    it('uses it, logs requests as JSON without secrets, and stops cleanly', async () => {
      const port = await freePort();
      const app = new AppProcess({
        DATABASE_URL: database.url,
        PORT: String(port),
        LOG_LEVEL: 'info',
        DATA_DIR: '/nonexistent/never-used',
      });
      procs.push(app);
      const url = `http://127.0.0.1:${port}`;
      await app.waitHealthy(url);
      const res = await fetch(`${url}/api/nothing-here?token=secret-query-value`, {
        method: 'POST',
        headers: {
          cookie: 'connect.sid=secret-cookie-value',
          authorization: 'Bearer secret-bearer-value',
          'content-type': 'application/json',
          'x-request-id': 'trace-me-123',
          origin: `http://localhost:${port}`,
        },
        body: JSON.stringify({ password: 'secret-body-value' }),
      });
      expect(res.status).toBe(404);
      expect(await app.stop('SIGTERM')).toEqual({ code: 0, signal: null });

      const requestLog = app.logLines().find((line) => (line.req as { id?: string } | undefined)?.id === 'trace-me-123');
      expect(requestLog).toMatchObject({ req: { method: 'POST', path: '/api/nothing-here' }, res: { statusCode: 404 } });
      expect(app.stdout).not.toMatch(/secret-(query|cookie|bearer|body)-value/);
      expect(app.stderr).not.toMatch(/secret-/);
      expect(app.stdout).toContain('"database":"external"');
    });
  });
});
