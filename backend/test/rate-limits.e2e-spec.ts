import { Agent as HttpAgent } from 'node:http';

import request from 'supertest';

import { RateLimitStorage, SYNC_INTERVAL_MS } from '../src/rate-limit/rate-limit.storage.js';
import { AccessFixtureModule } from './fixtures/access-fixture.module.js';
import { browser } from './helpers/browser-agent.js';
import { waitFor } from './helpers/built-app.js';
import { realNow } from './helpers/clock.js';
import { makeClient, makeInvitation, makeUser } from './helpers/factories.js';
import { listRoutes } from './helpers/routes.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

const SIGN_IN_PER_ADDRESS = 20;
const SIGN_IN_PER_ACCOUNT = 10;
const PUBLIC_PER_ADDRESS = 120;
const API_PER_USER = 600;
const SIGN_IN_BLOCKED = /^Too many sign-in attempts\. Please try again in 1[45] minutes\.$/;
const BLOCKED = /^Too many requests\. Please try again in (\d+ seconds?|1 minute)\.$/;

/** One wrong-password sign-in; `from` is sent as X-Forwarded-For. */
function attempt(t: TestApp, username: string, from?: string) {
  const req = browser(t).post('/api/client/login');
  if (from) req.set('X-Forwarded-For', from);
  return req.send({ username, password: 'Spring-2026-guess' });
}

async function statuses(requests: (() => PromiseLike<request.Response>)[]): Promise<number[]> {
  const seen: number[] = [];
  for (const send of requests) seen.push((await send()).status);
  return seen;
}

/** Requests within a limit, a few at a time over kept-alive connections (as a browser sends them): their statuses. */
async function statusesAtOnce(requests: ((connections: HttpAgent) => PromiseLike<request.Response>)[], lanes = 4): Promise<number[]> {
  const connections = new HttpAgent({ keepAlive: true, maxSockets: lanes });
  const seen: number[] = [];
  let next = 0;
  const lane = async () => {
    while (next < requests.length) {
      const i = next++;
      seen[i] = (await requests[i](connections)).status;
    }
  };
  try {
    await Promise.all(Array.from({ length: lanes }, lane));
  } finally {
    connections.destroy();
  }
  return seen;
}

const times = <T>(n: number, make: (i: number) => T): T[] => Array.from({ length: n }, (_, i) => make(i));

/** A 429 as the UI gets it: Retry-After, and a message with the same wait. */
function expectRateLimited(res: request.Response, message: RegExp, maxSeconds: number) {
  expect(res.status).toBe(429);
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(maxSeconds);
  expect(res.body).toEqual({ statusCode: 429, message: expect.stringMatching(message), retryAfterSeconds: retryAfter });
}

describe('rate limits: real limits, counted in PostgreSQL', () => {
  // One instance with the configured limits for every group of tests that needs no other settings
  // (the test routes of each kind of access mounted, for the per-user limit); each group starts
  // from no counts at all, as on a new database.
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ realRateLimits: true, listen: true, imports: [AccessFixtureModule] });
  });
  afterAll(() => t?.close());

  /** Forgets every count the instances share, as a new database has none. */
  async function forgetCounts(): Promise<void> {
    await t.em().execute('delete from rate_limit_counters');
  }

  // First in the file: its app is the first one, whose log stream nestjs-pino keeps for every app after it.
  it('ignores X-Forwarded-For without a trusted proxy: a new one each time does not reset the count', async () => {
    const seen = await statuses(times(SIGN_IN_PER_ADDRESS + 1, (i) => () => attempt(t, `spoofing.user${i}`, `203.0.113.${i + 1}`)));
    expect(seen).toEqual([...times(SIGN_IN_PER_ADDRESS, () => 401), 429]);
    // Once, for whoever runs it behind a proxy without saying so.
    expect(t.logs.filter((line) => line.includes('set TRUST_PROXY'))).toHaveLength(1);
  });

  describe('client sign-in from one address, no trusted proxy', () => {
    beforeAll(() => forgetCounts());

    it('stops password spraying: 30 usernames from one address meet 429 before the 30th', async () => {
      const seen = await statuses(times(30, (i) => () => attempt(t, `sprayed.user${i}`)));
      expect(seen).toEqual([...times(SIGN_IN_PER_ADDRESS, () => 401), ...times(30 - SIGN_IN_PER_ADDRESS, () => 429)]);
      expectRateLimited(await attempt(t, 'sprayed.user31'), SIGN_IN_BLOCKED, 15 * 60);
    });

    it('counts registration attempts from that address too', async () => {
      const em = t.em();
      const token = await makeInvitation(em, await makeClient(em, await makeUser(em)));
      const res = await browser(t).post('/api/client/register').send({ token, username: 'late.comer', password: 'violet-tractor-91' });
      expectRateLimited(res, SIGN_IN_BLOCKED, 15 * 60);
    });
  });

  describe('behind a trusted proxy (TRUST_PROXY)', () => {
    let proxied: TestApp;
    beforeAll(async () => {
      proxied = await createTestApp({ realRateLimits: true, listen: true, env: { TRUST_PROXY: 'loopback' } });
    });
    afterAll(() => proxied?.close());

    it('counts the address the proxy names, each on its own', async () => {
      const seen = await statuses(times(SIGN_IN_PER_ADDRESS + 1, (i) => () => attempt(proxied, `proxied.user${i}`, '203.0.113.7')));
      expect(seen).toEqual([...times(SIGN_IN_PER_ADDRESS, () => 401), 429]);
      // An address the caller prepends is not the one the proxy added.
      expect((await attempt(proxied, 'proxied.user99', '198.51.100.1, 203.0.113.7')).status).toBe(429);
      expect((await attempt(proxied, 'proxied.user99', '198.51.100.23')).status).toBe(401);
    });

    it('limits one account from many addresses', async () => {
      const seen = await statuses(times(SIGN_IN_PER_ACCOUNT + 1, (i) => () => attempt(proxied, 'Target.User', `192.0.2.${i + 1}`)));
      expect(seen).toEqual([...times(SIGN_IN_PER_ACCOUNT, () => 401), 429]);
      expectRateLimited(await attempt(proxied, 'target.user', '192.0.2.200'), SIGN_IN_BLOCKED, 15 * 60);
      expect((await attempt(proxied, 'another.user', '192.0.2.200')).status).toBe(401);
    });
  });

  it('holds across app instances on one database: they share the count', async () => {
    await forgetCounts();
    const first = t;
    const second = await createTestApp({
      realRateLimits: true,
      listen: true,
      imports: [AccessFixtureModule],
      databaseUrl: first.databaseUrl,
    });
    try {
      const seen = await statuses(times(SIGN_IN_PER_ADDRESS, (i) => () => attempt(i % 2 ? second : first, `shared.user${i}`)));
      expect(seen).toEqual(times(SIGN_IN_PER_ADDRESS, () => 401));
      expect((await attempt(first, 'shared.user98')).status).toBe(429);
      expect((await attempt(second, 'shared.user99')).status).toBe(429);
    } finally {
      await second.close();
    }
  });

  describe('anonymous routes', () => {
    beforeAll(() => forgetCounts());

    it('limits every anonymous route per address, in one count', async () => {
      const seen = await statusesAtOnce(
        times(PUBLIC_PER_ADDRESS, (i) => (connections) => request(t.http).get(`/api/client/invite/not-a-token-${i}`).agent(connections)),
      );
      expect(seen).toEqual(times(PUBLIC_PER_ADDRESS, () => 404));
      expectRateLimited(await request(t.http).get('/api/client/invite/one-more'), BLOCKED, 60);
      for (const path of [
        `/api/u/${'a'.repeat(64)}`,
        '/api/public/resources/00000000-0000-4000-8000-000000000000/download',
        '/api/login',
      ]) {
        expect({ path, status: (await request(t.http).get(path)).status }).toEqual({ path, status: 429 });
      }
    });

    it('counts open pixels and clicks apart, and never limits the health check or the signed webhooks', async () => {
      expect((await request(t.http).get(`/api/t/o/${'b'.repeat(64)}.gif`)).status).toBe(200);
      expect((await request(t.http).get('/api/health')).status).toBe(200);
      expect((await request(t.http).post('/api/billing/webhook').send({})).status).toBe(400);
      // Without Twilio the webhooks check the development phone's signature: unsigned, refused (not limited).
      expect((await request(t.http).post('/api/webhooks/twilio/voice-status').type('form').send({})).status).toBe(403);
    });

    it('leaves only the health check and the signed provider webhooks unlimited', () => {
      const routes = listRoutes(t.app);
      const exempt = routes.filter((r) => r.rateLimit === 'exempt').map((r) => r.path);
      expect(exempt.length).toBeGreaterThan(2);
      for (const path of exempt) expect(path).toMatch(/^\/api\/(health|billing\/webhook|webhooks\/twilio\/|webhooks\/email$)/);
      for (const route of routes.filter((r) => r.access !== 'public'))
        expect({ path: route.path, limit: route.rateLimit }).toEqual({ path: route.path, limit: 'api' });
      expect(
        routes
          .filter((r) => r.rateLimit === 'sign-in')
          .map((r) => `${r.method} ${r.path}`)
          .sort(),
      ).toEqual([
        'POST /api/client/login',
        'POST /api/client/password-reset',
        'POST /api/client/password-reset/confirm',
        'POST /api/client/register',
      ]);
    });
  });

  it('limits each signed-in user, not their address', async () => {
    await forgetCounts();
    const em = t.em();
    const broker = await makeUser(em);
    const signIn = async (username: string) => {
      const agent = browser(t);
      const token = await makeInvitation(em, await makeClient(em, broker));
      expect((await agent.post('/api/client/register').send({ token, username, password: 'violet-tractor-91' })).status).toBe(201);
      return agent;
    };
    const busy = await signIn('busy.client');
    const calm = await signIn('calm.client');
    const seen = await statusesAtOnce(
      times(API_PER_USER, () => (connections) => busy.get('/api/client/test-fixture/me').agent(connections)),
    );
    expect(seen.filter((status) => status !== 200)).toEqual([]);
    expectRateLimited(await busy.get('/api/client/test-fixture/me'), BLOCKED, 60);
    // Refused before the access guard looks anything up (which would answer 401 here).
    expect((await busy.get('/api/clients')).status).toBe(429);
    expect((await calm.get('/api/client/test-fixture/me')).status).toBe(200);
  });

  describe('counter storage', () => {
    let storage: RateLimitStorage;
    let instanceClock: () => number;
    beforeAll(async () => {
      await forgetCounts();
      storage = t.app.get(RateLimitStorage);
      instanceClock = storage.now;
    });
    afterAll(() => {
      storage.now = instanceClock;
    });

    /** Until the database's clock has passed the end of these windows. */
    const ended = (...keys: string[]) =>
      waitFor(
        `the windows of ${keys.join(', ')} to end`,
        async () => {
          const [{ open }] = await t
            .em()
            .execute<{ open: number }[]>(`select count(*)::int as open from rate_limit_counters where key in (?) and resets_at > now()`, [
              keys,
            ]);
          return open === 0;
        },
        5_000,
        5,
      );

    it('blocks past the limit for the block duration, from the hit that passed it', async () => {
      const hits = await Promise.all(times(3, () => storage.increment('test:block', 60_000, 2, 300_000, 'public')));
      expect(hits.map((h) => h.totalHits).sort()).toEqual([1, 2, 3]);
      const blocked = hits.find((h) => h.totalHits === 3)!;
      expect(blocked.isBlocked).toBe(true);
      expect(blocked.timeToBlockExpire).toBeGreaterThan(290);
      expect(blocked.timeToBlockExpire).toBeLessThanOrEqual(300);
      expect(hits.filter((h) => h.isBlocked)).toHaveLength(1);
    });

    it('starts counting again once the window has ended, and deletes ended windows', async () => {
      await storage.increment('test:short', 1, 1, 1, 'public');
      await storage.increment('test:short', 1, 1, 1, 'public');
      await storage.increment('test:live', 60_000, 5, 60_000, 'public');
      await ended('test:short');
      expect(await storage.increment('test:short', 60_000, 1, 60_000, 'public')).toMatchObject({ totalHits: 1, isBlocked: false });
      await storage.increment('test:ended', 1, 1, 1, 'public');
      await ended('test:ended');
      expect(await storage.deleteExpired()).toBeGreaterThanOrEqual(1);
      const keys = await t.em().execute<{ key: string }[]>(`select key from rate_limit_counters where key like 'test:%' order by key`);
      expect(keys.map((k) => k.key)).toEqual(['test:block', 'test:live', 'test:short']);
    });

    it('counts per-user hits in the instance between statements, adding them at least once a second', async () => {
      let now = realNow().getTime();
      storage.now = () => now;
      const shared = async () =>
        (await t.em().execute<{ hits: number }[]>(`select hits from rate_limit_counters where key = 'test:user'`))[0]?.hits;
      for (let i = 0; i < 5; i++) await storage.increment('test:user', 60_000, 600, 60_000, 'api');
      expect(await shared()).toBe(1);
      now += SYNC_INTERVAL_MS;
      expect(await storage.increment('test:user', 60_000, 600, 60_000, 'api')).toMatchObject({ totalHits: 6, isBlocked: false });
      expect(await shared()).toBe(6);
    });

    it('asks the shared count once the per-user count reaches the limit, and then answers blocked on its own', async () => {
      const now = realNow().getTime();
      storage.now = () => now;
      const api = () => storage.increment('test:user2', 60_000, 3, 60_000, 'api');
      expect(await api()).toMatchObject({ totalHits: 1, isBlocked: false });
      // Another instance's hits, added to the shared count meanwhile.
      await storage.increment('test:user2', 60_000, 3, 60_000, 'public');
      await storage.increment('test:user2', 60_000, 3, 60_000, 'public');
      // Not seen yet (less than a second since this instance's statement)...
      expect(await api()).toMatchObject({ totalHits: 2, isBlocked: false });
      expect(await api()).toMatchObject({ totalHits: 3, isBlocked: false });
      // ...but at the limit it asks: 3 shared + 3 from here.
      expect(await api()).toMatchObject({ totalHits: 6, isBlocked: true });
      const [row] = await t.em().execute<{ hits: number }[]>(`select hits from rate_limit_counters where key = 'test:user2'`);
      expect(await api()).toMatchObject({ isBlocked: true });
      expect((await t.em().execute<{ hits: number }[]>(`select hits from rate_limit_counters where key = 'test:user2'`))[0]).toEqual(row);
    });

    it('keeps the counters in an unlogged table (no WAL for every request)', async () => {
      const [table] = await t
        .em()
        .execute<{ relpersistence: string }[]>(`select relpersistence from pg_class where relname = 'rate_limit_counters'`);
      expect(table).toEqual({ relpersistence: 'u' });
    });
  });
});
