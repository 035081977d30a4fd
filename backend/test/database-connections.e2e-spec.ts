import pg from 'pg';

import { waitFor } from './helpers/built-app.js';
import { brokerSession } from './helpers/session.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/**
 * The database may close the app's connections at any time (a restart, a failover, an
 * administrator). Idle pooled connections that die must not take the process down, and the next
 * request must work on fresh ones.
 */
describe('database connections closed by the server', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ listen: true });
  });
  afterAll(() => t.close());

  async function onServer<T>(sql: string, params: unknown[] = []): Promise<T[]> {
    const client = new pg.Client({ connectionString: t.databaseUrl });
    await client.connect();
    try {
      return (await client.query(sql, params)).rows as T[];
    } finally {
      await client.end();
    }
  }

  /** Ends every connection the app has open on the server; answers their server processes. */
  async function terminateAppConnections(): Promise<number[]> {
    const rows = await onServer<{ pid: number }>(
      'select pid, pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    return rows.map((row) => row.pid);
  }

  it('keeps serving signed-in requests after its idle connections are terminated', async () => {
    const broker = await brokerSession(t, 'connections.lost@agency.test');
    expect((await broker.agent.get('/api/auth/user')).status).toBe(200);

    const terminated = await terminateAppConnections();
    expect(terminated.length).toBeGreaterThan(0);
    // The pools notice the closed connections while they sit idle: the server has ended every one of
    // them, and the session store says it lost its own.
    await waitFor(
      'the terminated connections to be gone and the session store to log its loss',
      async () =>
        (await onServer('select pid from pg_stat_activity where pid = any($1::int[])', [terminated])).length === 0 &&
        t.logs.some((line) => line.includes('PostgreSQL session connection lost')),
      5000,
      10,
    );

    const me = await broker.agent.get('/api/auth/user');
    expect(me.status).toBe(200);
    expect(me.body.email).toBe('connections.lost@agency.test');
    expect((await broker.agent.get('/api/clients')).status).toBe(200);
  });
});
