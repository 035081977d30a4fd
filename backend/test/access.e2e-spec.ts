import { Agent as HttpAgent } from 'node:http';

import request from 'supertest';

import { User } from '../src/users/user.entity.js';
import { AccessFixtureModule } from './fixtures/access-fixture.module.js';
import { type Agent, browser, signInAsBroker } from './helpers/browser-agent.js';
import { realNow } from './helpers/clock.js';
import { makeClient, makeInvitation, makeUser } from './helpers/factories.js';
import { listRoutes, type RouteInfo } from './helpers/routes.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The app's guards and sessions run on the real clock here: times relative to it. */
const fromNow = (ms: number) => new Date(realNow().getTime() + ms);

/** Kept-alive connections for the walks over every route, instead of a new connection per request. */
let connections: HttpAgent;

function call(agent: Agent | request.Agent, route: RouteInfo) {
  const method = route.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
  return agent[method](route.path).redirects(0).agent(connections);
}

describe('access: secure by default, roles, client/broker separation, CSRF, subscription, lifetimes', () => {
  let t: TestApp;
  let routes: RouteInfo[];
  let broker: Agent;
  let admin: Agent;
  let client: Agent;

  beforeAll(async () => {
    connections = new HttpAgent({ keepAlive: true, maxSockets: 1 });
    t = await createTestApp({ listen: true, imports: [AccessFixtureModule] });
    routes = listRoutes(t.app);
    const em = t.em();
    await makeUser(em, { email: 'the.admin@agency.test', isAdmin: true });
    broker = browser(t);
    await signInAsBroker(broker, t.appUrl, 'plain.broker@agency.test');
    admin = browser(t);
    await signInAsBroker(admin, t.appUrl, 'the.admin@agency.test');
    const token = await makeInvitation(em, await makeClient(em, await makeUser(em)));
    client = browser(t);
    expect((await client.post('/api/client/register').send({ token, username: 'portal.user', password: 'violet-tractor-91' })).status).toBe(
      201,
    );
  });
  afterAll(async () => {
    connections?.destroy();
    await t?.close();
  });

  it('finds the routes from the router, including admin and client ones', () => {
    expect(routes.length).toBeGreaterThan(8);
    expect(routes.filter((r) => r.path.startsWith('/api/admin/')).length).toBeGreaterThan(0);
    expect(routes.filter((r) => r.access === 'client').length).toBeGreaterThan(0);
  });

  it('declares every /api/admin route admin-only and every /api/client route client-only or public', () => {
    for (const route of routes.filter((r) => r.path.startsWith('/api/admin/'))) expect(route).toMatchObject({ access: 'admin' });
    for (const route of routes.filter((r) => r.path.startsWith('/api/client/'))) {
      expect(['client', 'public']).toContain(route.access);
    }
  });

  it('answers 401 Unauthorized on every non-public route when signed out', async () => {
    const anonymous = request.agent(t.appUrl).set('Origin', t.appUrl);
    for (const route of routes.filter((r) => r.access !== 'public')) {
      const res = await call(anonymous, route);
      expect({ route: `${route.method} ${route.path}`, status: res.status, body: res.body }).toEqual({
        route: `${route.method} ${route.path}`,
        status: 401,
        body: { statusCode: 401, message: 'Unauthorized' },
      });
    }
  });

  it('answers 403 to a broker on every /api/admin route, and lets an admin in', async () => {
    for (const route of routes.filter((r) => r.access === 'admin')) {
      const res = await call(broker, route);
      expect({ route: route.path, status: res.status, message: res.body.message }).toEqual({
        route: route.path,
        status: 403,
        message: 'Admin access required',
      });
    }
    const res = await admin.get('/api/admin/test-fixture');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ adminEmail: 'the.admin@agency.test' });
  });

  it('keeps broker sessions out of client routes and client sessions out of broker routes', async () => {
    for (const route of routes.filter((r) => r.access === 'client')) {
      expect((await call(broker, route)).status).toBe(401);
      expect((await call(admin, route)).status).toBe(401);
    }
    for (const route of routes.filter((r) => r.access === 'broker' || r.access === 'admin')) {
      expect({ route: route.path, status: (await call(client, route)).status }).toEqual({ route: route.path, status: 401 });
    }
    expect((await client.get('/api/client/test-fixture/me')).status).toBe(200);
    expect((await broker.get('/api/auth/user')).status).toBe(200);
  });

  it('refuses a cross-origin state change with 403 and lets the same origin through', async () => {
    const crossSite = await request(t.appUrl)
      .post('/api/test-fixture/paid-feature')
      .set('Cookie', broker.jar.getCookies({ domain: '127.0.0.1', path: '/', secure: false, script: false }).toValueString())
      .set('Origin', 'https://evil.example');
    expect(crossSite.status).toBe(403);
    expect(crossSite.body.message).toBe('Request refused: it did not come from this site.');
    const noOrigin = await request(t.appUrl).post('/api/client/login').send({ username: 'a', password: 'b' });
    expect(noOrigin.status).toBe(403);
    const sameSite = await broker.post('/api/test-fixture/paid-feature');
    expect(sameSite.status).toBe(201);
  });

  it('refuses a change on a broker route that names no permission for members, even to the owner', async () => {
    const res = await broker.post('/api/test-fixture/unnamed-change');
    expect([res.status, res.body.message]).toEqual([403, 'POST /api/test-fixture/unnamed-change names no permission for members']);
  });

  describe('subscription guard', () => {
    async function withSubscription(fields: Partial<User>) {
      const { body } = await broker.get('/api/auth/user');
      await t.em().nativeUpdate(User, { id: body.id }, fields);
      return broker.post('/api/test-fixture/paid-feature');
    }

    afterAll(() => withSubscription({ subscriptionStatus: 'trial', trialEndsAt: fromNow(30 * DAY_MS) }));

    it('lets a running trial and an active subscription through', async () => {
      expect((await withSubscription({ subscriptionStatus: 'trial', trialEndsAt: fromNow(DAY_MS) })).status).toBe(201);
      expect((await withSubscription({ subscriptionStatus: 'active', trialEndsAt: fromNow(-DAY_MS) })).status).toBe(201);
    });

    it('answers an expired trial with 403 and trialExpired', async () => {
      const res = await withSubscription({ subscriptionStatus: 'trial', trialEndsAt: fromNow(-1000) });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({
        statusCode: 403,
        message: 'Your trial has expired. Please upgrade to continue.',
        trialExpired: true,
        subscriptionStatus: 'trial',
      });
    });

    it('answers past due and canceled with their own messages', async () => {
      const pastDue = await withSubscription({ subscriptionStatus: 'past_due' });
      expect(pastDue.status).toBe(403);
      expect(pastDue.body.message).toBe('Your payment is past due. Please update your payment method to continue.');
      const canceled = await withSubscription({ subscriptionStatus: 'canceled' });
      expect(canceled.status).toBe(403);
      expect(canceled.body.message).toBe('Your subscription has been canceled. Please contact support to restore access.');
      expect(canceled.body.trialExpired).toBeUndefined();
    });
  });

  describe('session lifetimes, enforced on the server', () => {
    async function ageSession(kind: 'broker' | 'client', field: 'lastSeenAt' | 'startedAt', msAgo: number) {
      await t
        .em()
        .execute(
          `update session set sess = jsonb_set(sess::jsonb, '{auth,${field}}', to_jsonb(?::bigint))::json where sess->'auth'->>'kind' = ?`,
          [realNow().getTime() - msAgo, kind],
        );
    }

    it('re-sends the session cookie when activity moves the session on, not with every answer', async () => {
      const agent = browser(t);
      await signInAsBroker(agent, t.appUrl, 'cookie.refresh@agency.test');
      const quiet = await agent.get('/api/auth/user');
      expect(quiet.status).toBe(200);
      expect(quiet.headers['set-cookie']).toBeUndefined();
      await ageSession('broker', 'lastSeenAt', 2 * 60 * 1000);
      const moved = await agent.get('/api/auth/user');
      expect(moved.status).toBe(200);
      expect(([] as string[]).concat(moved.headers['set-cookie'] ?? []).find((c) => c.startsWith('carekeep.sid='))).toMatch(/Expires=/);
    });

    it('ends a client session after 30 idle minutes', async () => {
      const agent = browser(t);
      await agent.post('/api/client/login').send({ username: 'portal.user', password: 'violet-tractor-91' });
      await ageSession('client', 'lastSeenAt', 29 * 60 * 1000);
      expect((await agent.get('/api/client/test-fixture/me')).status).toBe(200);
      await ageSession('client', 'lastSeenAt', 31 * 60 * 1000);
      expect((await agent.get('/api/client/test-fixture/me')).status).toBe(401);
    });

    it('ends a broker session after 8 idle hours, and any session after 7 days', async () => {
      const agent = browser(t);
      await signInAsBroker(agent, t.appUrl, 'idle.broker@agency.test');
      await ageSession('broker', 'lastSeenAt', 7.5 * 60 * 60 * 1000);
      expect((await agent.get('/api/auth/user')).status).toBe(200);
      await ageSession('broker', 'lastSeenAt', 8.5 * 60 * 60 * 1000);
      expect((await agent.get('/api/auth/user')).status).toBe(401);

      const week = browser(t);
      await signInAsBroker(week, t.appUrl, 'long.session@agency.test');
      await ageSession('broker', 'startedAt', 7 * DAY_MS + 60_000);
      expect((await week.get('/api/auth/user')).status).toBe(401);
    });
  });
});
