import request from 'supertest';

import { ClientAccount } from '../src/auth/client-account.entity.js';
import { ClientInvitation } from '../src/clients/client-invitation.entity.js';
import { AccessFixtureModule } from './fixtures/access-fixture.module.js';
import { type Agent, browser } from './helpers/browser-agent.js';
import { realNow } from './helpers/clock.js';
import { makeClient, makeInvitation, makeUser } from './helpers/factories.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const GOOD_PASSWORD = 'violet-tractor-91';

describe('client accounts: invitation, registration, sign-in, sign-out', () => {
  let t: TestApp;
  const responses: string[] = [];
  const record = (res: request.Response) => {
    responses.push(JSON.stringify({ headers: res.headers, body: res.body, text: res.text }));
    return res;
  };

  beforeAll(async () => {
    t = await createTestApp({ imports: [AccessFixtureModule] });
  });
  afterAll(() => t.close());

  async function invitedClient(fields = {}) {
    const em = t.em();
    const broker = await makeUser(em);
    const client = await makeClient(em, broker, fields);
    const token = await makeInvitation(em, client);
    return { broker, client, token };
  }

  async function register(agent: Agent, body: Record<string, unknown>) {
    return record(await agent.post('/api/client/register').send(body));
  }

  it('looks up an invitation by its token, with the inviting agency’s branding', async () => {
    const { token } = await invitedClient({ firstName: 'Ruth', lastName: 'Alvarez' });
    const res = await request(t.http).get(`/api/client/invite/${token}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      firstName: 'Ruth',
      lastName: 'Alvarez',
      language: 'en',
      // makeUser's broker has no agency name, logo or phone: the portal's defaults.
      agency: { agencyName: 'Your Healthcare Team', logoUrl: null, primaryColor: '#2563eb', agencyPhone: null },
    });
  });

  it('stores only a hash of the token', async () => {
    const { client, token } = await invitedClient();
    const stored = await t.em().findOneOrFail(ClientInvitation, { client: client.id });
    expect(stored.tokenHash).not.toContain(token);
    expect(stored.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
  });

  it('registers, signs the client in, and uses the invitation up', async () => {
    const { client, token } = await invitedClient({ firstName: 'Ruth' });
    const agent = browser(t);
    const res = await register(agent, { token, username: 'Ruth.A', password: GOOD_PASSWORD });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ firstName: 'Ruth', lastName: 'Jones', username: 'ruth.a', language: 'en' });
    expect((await agent.get('/api/client/test-fixture/me')).body).toEqual({ firstName: 'Ruth' });

    const account = await t.em().findOneOrFail(ClientAccount, { client: client.id }, { populate: ['passwordHash'] });
    expect(account.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const invitation = await t.em().findOneOrFail(ClientInvitation, { client: client.id });
    expect(invitation.acceptedAt).toBeInstanceOf(Date);

    // Tapped again once the account exists: not "invalid", but "you have an account: sign in".
    const again = await request(t.http).get(`/api/client/invite/${token}`);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      statusCode: 409,
      message: 'You already have an account: sign in with your username and password.',
      alreadyRegistered: true,
      agencySlug: null,
      language: 'en',
    });
    const reuse = await register(browser(t), { token, username: 'someone.else', password: GOOD_PASSWORD });
    expect(reuse.status).toBe(400);
    expect(reuse.body.message).toBe('Invalid invitation');
  });

  it('refuses unknown and expired invitations with the spec’s messages', async () => {
    expect((await request(t.http).get('/api/client/invite/not-a-real-token')).body).toEqual({
      statusCode: 404,
      message: 'Invalid or expired invitation',
    });
    const em = t.em();
    const client = await makeClient(em, await makeUser(em));
    const expired = await makeInvitation(em, client, new Date(realNow().getTime() - 8 * DAY_MS));
    expect((await request(t.http).get(`/api/client/invite/${expired}`)).status).toBe(404);
    const res = await register(browser(t), { token: expired, username: 'late.user', password: GOOD_PASSWORD });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Invalid invitation');
  });

  it('accepts an invitation up to 7 days old', async () => {
    const em = t.em();
    const client = await makeClient(em, await makeUser(em));
    const token = await makeInvitation(em, client, new Date(realNow().getTime() - 6.9 * DAY_MS));
    expect((await request(t.http).get(`/api/client/invite/${token}`)).status).toBe(200);
  });

  it('makes an earlier invitation stop working when a new one is sent', async () => {
    const em = t.em();
    const client = await makeClient(em, await makeUser(em));
    const first = await makeInvitation(em, client);
    const second = await makeInvitation(t.em(), client);
    expect((await request(t.http).get(`/api/client/invite/${first}`)).status).toBe(404);
    expect((await request(t.http).get(`/api/client/invite/${second}`)).status).toBe(200);
  });

  it.each([
    [{ username: 'a.user', password: GOOD_PASSWORD }, 'Missing invitation token'],
    [{ token: 'x', password: GOOD_PASSWORD }, 'Missing fields'],
    [{ token: 'x', username: 'a.user' }, 'Missing fields'],
    [{ token: 'x', username: '  ', password: GOOD_PASSWORD }, 'Missing fields'],
    [{ token: 'x', username: 'a.user', password: 'short7!' }, 'Password too short'],
    [{ token: 'x', username: 'a.user', password: 'p'.repeat(129) }, 'Password must be at most 128 characters'],
    [{ token: 'x', username: 'a.user', password: 'password1' }, 'That password is too common. Please choose a different one.'],
    [{ token: 'x', username: 'no spaces please', password: GOOD_PASSWORD }, 'Username must be 3 to 64 characters'],
    [{ token: 'not-a-real-token', username: 'a.user', password: GOOD_PASSWORD }, 'Invalid invitation'],
  ])('refuses registration %j with "%s"', async (body, message) => {
    const res = await register(browser(t), body);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(message);
  });

  it('refuses fields it does not know', async () => {
    const { token } = await invitedClient();
    const res = await register(browser(t), { token, username: 'x.y.z', password: GOOD_PASSWORD, isAdmin: true });
    expect(res.status).toBe(400);
  });

  it('answers 409 for a username already taken (case-insensitively)', async () => {
    const one = await invitedClient();
    expect((await register(browser(t), { token: one.token, username: 'taken.name', password: GOOD_PASSWORD })).status).toBe(201);
    const two = await invitedClient();
    const res = await register(browser(t), { token: two.token, username: 'Taken.Name', password: GOOD_PASSWORD });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('That username is already taken. Please choose another.');
    expect((await request(t.http).get(`/api/client/invite/${two.token}`)).status).toBe(200);
  });

  describe('sign-in', () => {
    let username: string;
    beforeAll(async () => {
      const { token } = await invitedClient({ firstName: 'Walter' });
      username = 'walter.w';
      await register(browser(t), { token, username, password: GOOD_PASSWORD });
    });

    it('signs in with username (any case) and password, under a new session id', async () => {
      const agent = browser(t);
      await agent.get('/api/client/test-fixture/me');
      const res = record(await agent.post('/api/client/login').send({ username: 'Walter.W', password: GOOD_PASSWORD }));
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ firstName: 'Walter', lastName: 'Jones', username, language: 'en' });
      expect((await agent.get('/api/client/test-fixture/me')).body).toEqual({ firstName: 'Walter' });
    });

    it('gives one answer for an unknown user and a wrong password', async () => {
      const wrong = record(await browser(t).post('/api/client/login').send({ username, password: 'not-the-password' }));
      const unknown = record(await browser(t).post('/api/client/login').send({ username: 'nobody.here', password: GOOD_PASSWORD }));
      expect(wrong.status).toBe(401);
      expect(unknown.status).toBe(401);
      expect(wrong.body).toEqual({ statusCode: 401, message: 'Invalid username or password' });
      expect(unknown.body).toEqual(wrong.body);
    });

    it('asks for both fields', async () => {
      const res = await browser(t).post('/api/client/login').send({ username });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Missing fields');
    });

    it('answers 429 with Retry-After after 5 failures for a username from one address', async () => {
      const { token } = await invitedClient();
      await register(browser(t), { token, username: 'guessed.user', password: GOOD_PASSWORD });
      for (let i = 0; i < 5; i++) {
        const res = await browser(t)
          .post('/api/client/login')
          .send({ username: 'guessed.user', password: `wrong-${i}-password` });
        expect(res.status).toBe(401);
      }
      const blocked = await browser(t).post('/api/client/login').send({ username: 'guessed.user', password: GOOD_PASSWORD });
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(800);
      expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(900);
      expect(blocked.body.message).toMatch(/Too many failed sign-in attempts. Please try again in 1[45] minutes./);
      // Other accounts are unaffected.
      const other = await browser(t).post('/api/client/login').send({ username, password: GOOD_PASSWORD });
      expect(other.status).toBe(200);
    });

    it('signs out: destroys the session and goes to /client/login', async () => {
      const agent = browser(t);
      await agent.post('/api/client/login').send({ username, password: GOOD_PASSWORD });
      const out = await agent.get('/api/client/logout');
      expect(out.status).toBe(302);
      expect(out.headers.location).toBe('/client/login');
      expect((await agent.get('/api/client/test-fixture/me')).status).toBe(401);
    });
  });

  it('never sends or logs a password or a password hash', async () => {
    const secrets = [GOOD_PASSWORD, 'not-the-password', 'wrong-0-password'];
    for (const text of [...responses, ...t.logs]) {
      for (const secret of secrets) expect(text).not.toContain(secret);
      expect(text).not.toContain('$argon2');
      expect(text).not.toMatch(/passwordHash|password_hash/);
    }
    expect(t.logs.some((line) => line.includes('/api/client/login'))).toBe(true);
  });
});
