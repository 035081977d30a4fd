import pg from 'pg';

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

  async function terminateAppConnections(): Promise<number> {
    const client = new pg.Client({ connectionString: t.databaseUrl });
    await client.connect();
    try {
      const result = await client.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
      );
      return result.rowCount ?? 0;
    } finally {
      await client.end();
    }
  }

  it('keeps serving signed-in requests after its idle connections are terminated', async () => {
    const broker = await brokerSession(t, 'connections.lost@agency.test');
    expect((await broker.agent.get('/api/auth/user')).status).toBe(200);

    expect(await terminateAppConnections()).toBeGreaterThan(0);
    // Let the pools notice the closed connections while they sit idle.
    await new Promise((resolve) => setTimeout(resolve, 300));

    const me = await broker.agent.get('/api/auth/user');
    expect(me.status).toBe(200);
    expect(me.body.email).toBe('connections.lost@agency.test');
    expect((await broker.agent.get('/api/clients')).status).toBe(200);
    expect(t.logs.some((line) => line.includes('PostgreSQL session connection lost'))).toBe(true);
  });
});
