import request from 'supertest';

import { Readiness } from '../src/health/readiness.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/** One instance for the file; the readiness test, last, takes it out of rotation for good. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/health', () => {
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

describe('GET /api/health/ready', () => {
  it('answers 200 while the instance takes requests, and 503 with a reason once it is stopping, while liveness stays 200', async () => {
    const ready = await request(t.http).get('/api/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body).toMatchObject({ status: 'ok', details: { database: { status: 'up' } } });

    t.app.get(Readiness).drain();
    const stopping = await request(t.http).get('/api/health/ready');
    expect(stopping.status).toBe(503);
    expect(stopping.body).toMatchObject({ statusCode: 503, message: 'This instance is stopping: send new requests to another one' });
    expect((await request(t.http).get('/api/health')).status).toBe(200);
  });
});
