import request from 'supertest';

import { createTestApp, type TestApp } from './helpers/test-app.js';

describe('GET /api/health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('reports the process up and the database reachable', async () => {
    const res = await request(t.http).get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('ok');
    expect(res.body.details.database.status).toBe('up');
    expect(res.body.details.process.status).toBe('up');
  });

  it('reports 503 when the database is gone', async () => {
    const other = await createTestApp();
    try {
      const { MikroORM } = await import('@mikro-orm/postgresql');
      await other.app.get(MikroORM).close();
      const res = await request(other.http).get('/api/health');
      expect(res.status).toBe(503);
      expect(res.body.details.database.status).toBe('down');
    } finally {
      await other.close();
    }
  });
});
