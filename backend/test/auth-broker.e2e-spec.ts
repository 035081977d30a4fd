import { MikroORM } from '@mikro-orm/postgresql';
import request from 'supertest';

import { seedDemoData } from '../src/database/seeders/demo-data.seeder.js';
import { User } from '../src/users/user.entity.js';
import { UsersService } from '../src/users/users.service.js';
import { browser, last, sessionCookie, signInAsBroker } from './helpers/browser-agent.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

const DAY_MS = 24 * 60 * 60 * 1000;

// One app for both groups of tests, its database seeded with the demo accounts first (the seed
// fills an empty database only); the sign-in tests use addresses of their own.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ listen: true });
  expect(await seedDemoData(t.em())).toBe(true);
});
afterAll(() => t?.close());

describe('broker sign-in through OpenID Connect (embedded development provider)', () => {
  it('signs a new broker in with a full authorization-code round trip and lands on /', async () => {
    const agent = browser(t);
    const chain = await signInAsBroker(agent, t.appUrl, 'Jane.Doe@Agency.Test');
    const start = chain[0];
    expect(start.status).toBe(302);
    const authorize = new URL(start.headers.location);
    expect(authorize.pathname).toBe('/oidc/auth');
    expect(authorize.searchParams.get('response_type')).toBe('code');
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('state')).toBeTruthy();
    expect(authorize.searchParams.get('nonce')).toBeTruthy();
    expect(authorize.searchParams.get('scope')).toBe('openid email profile');

    const callback = chain[chain.length - 2];
    expect(callback.status).toBe(302);
    expect(callback.headers.location).toBe('/');
    expect(last(chain).status).not.toBeGreaterThanOrEqual(400);

    const me = await agent.get('/api/auth/user');
    expect(me.status).toBe(200);
    // The development provider gives no name for this address: none is made up from the e-mail.
    expect(me.body).toMatchObject({
      email: 'jane.doe@agency.test',
      firstName: null,
      lastName: null,
      isAdmin: false,
      primaryColor: '#2563eb',
      secondaryColor: '#10b981',
      logoUrl: null,
      agencyName: '',
      agencyPhone: '',
      subscriptionStatus: 'trial',
    });
    // The trial runs 30 days from the sign-in that made the account.
    const [account] = await t.em().execute<{ last_sign_in_at: string }[]>('select last_sign_in_at from users where id = ?', [me.body.id]);
    expect(new Date(me.body.trialEndsAt).getTime() - new Date(account.last_sign_in_at).getTime()).toBe(30 * DAY_MS);
  });

  it('finds the same broker on a later sign-in, never duplicating, and keeps the name the broker gave', async () => {
    const first = browser(t);
    await signInAsBroker(first, t.appUrl, 'returning.broker@agency.test');
    const { body: before } = await first.get('/api/auth/user');
    expect(before).toMatchObject({ firstName: null, lastName: null });
    expect((await first.put('/api/profile').send({ firstName: 'Rita', lastName: 'Returning' })).status).toBe(200);

    const second = browser(t);
    await signInAsBroker(second, t.appUrl, 'returning.broker@agency.test');
    const { body: after } = await second.get('/api/auth/user');
    expect(after.id).toBe(before.id);
    expect(after).toMatchObject({ firstName: 'Rita', lastName: 'Returning' });
    expect(await t.em().count(User, { email: 'returning.broker@agency.test' })).toBe(1);
  });

  it('fills a missing name from the provider, but never from an e-mail sent as the name', async () => {
    const users = t.app.get(UsersService);
    const issuer = 'https://idp.example.test/';
    const { user: byEmail } = await users.signIn({
      issuer,
      subject: 'auth0|1',
      email: 'pat@agency.test',
      emailVerified: true,
      name: 'pat@agency.test',
    });
    expect([byEmail.firstName, byEmail.lastName]).toEqual([null, null]);
    const named = await users.signIn({ issuer, subject: 'auth0|1', name: '  Pat   van Dijk ' });
    expect([named.user.firstName, named.user.lastName]).toEqual(['Pat', 'van Dijk']);
    expect([named.member.firstName, named.member.lastName]).toEqual(['Pat', 'van Dijk']);
    const renamed = await users.signIn({ issuer, subject: 'auth0|1', givenName: 'Patricia', familyName: 'Other' });
    expect([renamed.user.firstName, renamed.user.lastName]).toEqual(['Pat', 'van Dijk']);
    expect([renamed.member.firstName, renamed.member.lastName]).toEqual(['Pat', 'van Dijk']);
    expect(renamed.member.id).toBe(named.member.id);
  });

  it('answers 401 Unauthorized when signed out', async () => {
    const res = await request(t.http).get('/api/auth/user');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ statusCode: 401, message: 'Unauthorized' });
  });

  it('makes the pre-sign-in session id worthless after sign-in (no fixation)', async () => {
    const agent = browser(t);
    const started = await agent.get('/api/login');
    const before = sessionCookie(started);
    expect(before).toBeTruthy();
    const chain = await signInAsBroker(agent, t.appUrl, 'fixation@agency.test');
    const after = chain.map(sessionCookie).filter(Boolean).pop();
    expect(after).toBeTruthy();
    const setCookie = chain.flatMap((res) => ([] as string[]).concat(res.headers['set-cookie'] ?? [])).find((c) => c.startsWith(after!));
    expect(setCookie).toMatch(/; HttpOnly/);
    expect(setCookie).toMatch(/; SameSite=Lax/);
    expect(after).not.toBe(before);
    expect((await request(t.appUrl).get('/api/auth/user').set('Cookie', before!)).status).toBe(401);
    expect((await request(t.appUrl).get('/api/auth/user').set('Cookie', after!)).status).toBe(200);
  });

  it('signs out: destroys the session and goes through the provider’s end-session endpoint back to /', async () => {
    const agent = browser(t);
    const chain = await signInAsBroker(agent, t.appUrl, 'leaving@agency.test');
    const cookie = chain.map(sessionCookie).filter(Boolean).pop()!;
    const out = await agent.get('/api/logout');
    expect(out.status).toBe(302);
    const endSession = new URL(out.headers.location);
    expect(endSession.pathname).toBe('/oidc/session/end');
    expect(endSession.searchParams.get('post_logout_redirect_uri')).toBe(`${t.appUrl}/`);
    expect(endSession.searchParams.get('id_token_hint')).toBeTruthy();
    expect((await request(t.appUrl).get('/api/auth/user').set('Cookie', cookie)).status).toBe(401);
  });

  it('keeps sessions in PostgreSQL', async () => {
    const agent = browser(t);
    await signInAsBroker(agent, t.appUrl, 'stored@agency.test');
    const rows: { sess: { auth?: { kind: string } } }[] = await t.app.get(MikroORM).em.fork().execute(`select sess from session`);
    expect(rows.some((row) => row.sess.auth?.kind === 'broker')).toBe(true);
  });
});

describe('demo accounts', () => {
  it('signs the demo admin into the seeded admin account, with isAdmin from the database', async () => {
    const seeded = await t.em().findOneOrFail(User, { email: 'admin@example.com' });
    const agent = browser(t);
    await signInAsBroker(agent, t.appUrl, 'admin@example.com');
    const me = await agent.get('/api/auth/user');
    expect(me.body).toMatchObject({ id: seeded.id, isAdmin: true, firstName: 'Avery', lastName: 'Admin' });
    expect(await t.em().count(User, { email: 'admin@example.com' })).toBe(1);
  });

  it('signs the demo broker into the seeded broker with its agency, not an admin', async () => {
    const agent = browser(t);
    await signInAsBroker(agent, t.appUrl, 'dana.whitfield@example.com');
    const me = await agent.get('/api/auth/user');
    expect(me.body).toMatchObject({ isAdmin: false, agencyName: 'Whitfield Medicare Advisors', firstName: 'Dana' });
  });
});
