import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import request from 'supertest';

import { createTestApp, type TestApp } from './helpers/test-app.js';

const INDEX_HTML = '<!doctype html><html><body><div id="root">spa shell</div></body></html>';

describe('HTTP stack: SPA fallback, API 404s, errors, request ids, docs', () => {
  let t: TestApp;
  let dist: string;

  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'carekeep-dist-'));
    await mkdir(join(dist, 'assets'));
    await writeFile(join(dist, 'index.html'), INDEX_HTML);
    await writeFile(join(dist, 'assets', 'app-1a2b3c.js'), 'console.log("app")');
    t = await createTestApp({ env: { FRONTEND_DIST: dist } });
  });
  afterAll(async () => {
    await t.close();
    await rm(dist, { recursive: true, force: true });
  });

  it.each(['/', '/clients', '/client/portal', '/admin/brokers/123', '/no/such/page'])(
    'serves index.html for the page path %s',
    async (path) => {
      const res = await request(t.http).get(path);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.text).toContain('spa shell');
      expect(res.headers['cache-control']).toBe('no-cache');
    },
  );

  it('sends security headers: a CSP without framing, a same-origin referrer policy', async () => {
    const res = await request(t.http).get('/');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['referrer-policy']).toBe('same-origin');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves hashed assets as immutable', async () => {
    const res = await request(t.http).get('/assets/app-1a2b3c.js');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it.each(['/api/nope', '/api/clients/unknown/route', '/api'])('answers a JSON 404 for the unknown API path %s', async (path) => {
    const res = await request(t.http).get(path);
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.body).toEqual({ statusCode: 404, message: `Cannot GET ${path}` });
  });

  it('answers malformed JSON with a 400, not a 500', async () => {
    const res = await request(t.http)
      .post('/api/health')
      .set('Origin', t.appUrl)
      .set('Content-Type', 'application/json')
      .send('{"broken": ');
    expect(res.status).toBe(400);
    expect(res.body.statusCode).toBe(400);
    expect(typeof res.body.message).toBe('string');
  });

  it('answers a request line over 16 KB with the API’s JSON error, not Node’s bare 431', async () => {
    const res = await request(t.http).get(`/api/clients?search=${'x'.repeat(20_000)}`);
    expect(res.status).toBe(431);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.body).toEqual({ statusCode: 431, message: 'The request line or its headers are too long: at most 16 KB' });
  });

  it('keeps API answers out of shared caches and fetched afresh, without an ETag', async () => {
    const health = await request(t.http).get('/api/health');
    expect(health.status).toBe(200);
    expect(health.headers['cache-control']).toContain('no-cache');
    expect(health.headers.etag).toBeUndefined();
    const signedOut = await request(t.http).get('/api/clients');
    expect(signedOut.status).toBe(401);
    expect(signedOut.headers['cache-control']).toBe('private, no-cache');
    expect(signedOut.headers.etag).toBeUndefined();
  });

  it('gives every response a request id, keeping a proxy-supplied one', async () => {
    const fresh = await request(t.http).get('/api/health');
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await request(t.http).get('/api/health').set('X-Request-Id', 'lb-42');
    expect(kept.headers['x-request-id']).toBe('lb-42');
  });

  it('logs each request once as a JSON line: service, host, request id, method, path without its query, status; no cookie', async () => {
    await request(t.http)
      .get('/api/clients?filter={"q":"smith"}')
      .set('X-Request-Id', 'log-line-1')
      .set('Cookie', 'carekeep.sid=s%3Asecret');
    const lines = t.logs
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => (line.req as { id?: string })?.id === 'log-line-1');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      service: 'carekeep',
      pid: process.pid,
      hostname: expect.any(String),
      req: { id: 'log-line-1', method: 'GET', path: '/api/clients' },
      res: { statusCode: 401 },
      responseTime: expect.any(Number),
    });
    expect(JSON.stringify(lines[0])).not.toMatch(/smith|secret|cookie/i);
  });

  it('logs invitation, tracking and unsubscribe links without their tokens', async () => {
    const paths = [
      '/api/client/invite/Inv1teT0ken-abcdefghijklmnop',
      '/api/t/c/Inv1teT0ken-abcdefghijklmnop',
      '/api/u/Inv1teT0ken-abcdefghijklmnop',
      '/client/register/Inv1teT0ken-abcdefghijklmnop',
    ];
    for (const [i, path] of paths.entries()) await request(t.http).get(path).set('X-Request-Id', `token-line-${i}`);
    const logged = t.logs.map((line) => JSON.parse(line) as { req?: { id?: string; path?: string } });
    for (const i of [0, 1, 2]) {
      expect(logged.find((line) => line.req?.id === `token-line-${i}`)?.req?.path).toBe(
        paths[i].replace('Inv1teT0ken-abcdefghijklmnop', ':token'),
      );
    }
    expect(t.logs.join('\n')).not.toContain('Inv1teT0ken');
  });

  it('serves Swagger UI and the OpenAPI document', async () => {
    const ui = await request(t.http).get('/api/docs/');
    expect(ui.status).toBe(200);
    expect(ui.text).toContain('swagger');
    const doc = await request(t.http).get('/api/docs/openapi.json');
    expect(doc.status).toBe(200);
    expect(doc.body.info.title).toBe('CareKeep API');
    expect(Object.keys(doc.body.paths)).toContain('/api/health');
  });

  it('lets Swagger UI authorize with a token and keep it: the bearer scheme, scopes per operation, persistAuthorization', async () => {
    const init = await request(t.http).get('/api/docs/swagger-ui-init.js');
    expect(init.status).toBe(200);
    expect(init.text).toMatch(/"persistAuthorization":\s*true/);
    const doc = (await request(t.http).get('/api/docs/openapi.json')).body;
    expect(doc.components.securitySchemes.token).toMatchObject({ type: 'http', scheme: 'bearer' });
    const list = doc.paths['/api/clients'].get;
    expect(list.security).toEqual(expect.arrayContaining([{ token: [] }]));
    expect(list['x-token-scopes']).toEqual({ read: 'clients:read', write: 'clients:write' });
    // Routes a token cannot use do not offer it.
    expect(doc.paths['/api/tokens'].post.security).not.toEqual(expect.arrayContaining([{ token: [] }]));
  });
});
