import request from 'supertest';

import { ApiToken } from '../src/api-tokens/api-token.entity.js';
import { ApiTokenEvent } from '../src/api-tokens/api-token-event.entity.js';
import { AdminAction } from '../src/audit/admin-action.entity.js';
import { User } from '../src/users/user.entity.js';
import type { Agent } from './helpers/browser-agent.js';
import { realNow } from './helpers/clock.js';
import { brokerSession } from './helpers/session.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/** Requests one token may make per minute in this suite, so its limit can be met. */
const PER_TOKEN = 8;

describe('API access: personal access tokens', () => {
  let t: TestApp;
  let broker: { agent: Agent; id: string };
  let other: { agent: Agent; id: string };
  let admin: { agent: Agent; id: string };
  let phoneSeq = 0;

  beforeAll(async () => {
    t = await createTestApp({ listen: true, env: { RATE_LIMIT_API_PER_TOKEN: String(PER_TOKEN) } });
    broker = await brokerSession(t, 'token.broker@agency.test');
    other = await brokerSession(t, 'token.other@agency.test');
    admin = await brokerSession(t, 'token.admin@agency.test');
    await t.em().nativeUpdate(User, { id: admin.id }, { isAdmin: true });
  });
  afterAll(async () => {
    await t.close();
  });

  /** A plain HTTP client with no cookie and no Origin: what a script or a CRM sends. */
  const api = () => request(t.appUrl);
  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
  const nextPhone = () => `+1615555${String(4000 + phoneSeq++).padStart(4, '0')}`;

  async function newToken(
    who: { agent: Agent },
    scopes: string[],
    expiresInDays: number | null = 30,
  ): Promise<{ id: string; token: string; prefix: string }> {
    const created = await who.agent.post('/api/tokens').send({ name: `Token ${scopes.join(' ')}`, scopes, expiresInDays });
    expect(created.status).toBe(201);
    return created.body as { id: string; token: string; prefix: string };
  }

  const events = async (tokenId: string) =>
    (await t.em().find(ApiTokenEvent, { tokenId }, { orderBy: { createdAt: 'asc' } })).map(
      (e) => `${e.kind}${e.detail ? `: ${e.detail}` : ''}`,
    );

  it('shows the secret once, keeps only its hash, and lists the token without it', async () => {
    const created = await broker.agent.post('/api/tokens').send({ name: 'CRM sync', scopes: ['clients:read'], expiresInDays: 90 });
    expect(created.status).toBe(201);
    expect(created.body.token).toMatch(/^ck_pat_[A-Za-z0-9_-]{43}$/);
    expect(created.body.token.startsWith(created.body.prefix)).toBe(true);
    const days = (new Date(created.body.expiresAt as string).getTime() - realNow().getTime()) / 86_400_000;
    expect(days).toBeGreaterThan(89.9);
    expect(days).toBeLessThanOrEqual(90);

    const stored = await t.em().findOneOrFail(ApiToken, created.body.id);
    expect(JSON.stringify(stored)).not.toContain(created.body.token);
    expect(stored.tokenHash).toMatch(/^[0-9a-f]{64}$/);

    const list = await broker.agent.get('/api/tokens');
    expect(list.status).toBe(200);
    const listed = list.body.find((token: { id: string }) => token.id === created.body.id);
    const me = await broker.agent.get('/api/auth/user');
    expect(listed).toEqual({
      id: created.body.id,
      name: 'CRM sync',
      memberId: me.body.member.id,
      scopes: ['clients:read'],
      prefix: created.body.prefix,
      createdAt: expect.any(String),
      lastUsedAt: null,
      expiresAt: created.body.expiresAt,
    });
    expect(JSON.stringify(list.body)).not.toContain(created.body.token);
    // Another broker sees none of it.
    expect((await other.agent.get('/api/tokens')).body).toEqual([]);
  });

  it('lets a clients:read token list clients but not add one (403), noted on the owner’s activity', async () => {
    const { id, token } = await newToken(broker, ['clients:read']);
    const list = await api().get('/api/clients').set(bearer(token));
    expect(list.status).toBe(200);
    expect(list.headers['content-range']).toMatch(/^clients \d+-\d+\/\d+$|^clients \*\/0$/);
    const create = await api().post('/api/clients').set(bearer(token)).send({ firstName: 'Ana', lastName: 'Ruiz', phone: nextPhone() });
    expect(create.status).toBe(403);
    expect(create.body.message).toBe('POST /api/clients needs the clients:write scope');
    expect(await events(id)).toEqual([
      'created: clients:read',
      'first_use: GET /api/clients',
      'refused: POST /api/clients needs the clients:write scope',
    ]);
    const mine = await broker.agent.get('/api/tokens');
    expect(mine.body.find((row: { id: string }) => row.id === id).lastUsedAt).toEqual(expect.any(String));
    const activity = await broker.agent.get('/api/tokens/activity');
    expect(activity.body[0]).toMatchObject({ tokenId: id, kind: 'refused' });
  });

  it('acts as its broker without an Origin header: adds a client, reads it, and gets 404 for another broker’s client', async () => {
    const { token } = await newToken(broker, ['clients:read', 'clients:write']);
    const created = await api().post('/api/clients').set(bearer(token)).send({ firstName: 'Luis', lastName: 'Vega', phone: nextPhone() });
    expect(created.status).toBe(201);
    expect((await api().get(`/api/clients/${created.body.id}`).set(bearer(token))).body.firstName).toBe('Luis');
    expect((await broker.agent.get(`/api/clients/${created.body.id}`)).status).toBe(200);

    const theirs = await other.agent.post('/api/clients').send({ firstName: 'Eva', lastName: 'Sol', phone: nextPhone() });
    expect(theirs.status).toBe(201);
    expect((await api().get(`/api/clients/${theirs.body.id}`).set(bearer(token))).status).toBe(404);
    expect((await api().put(`/api/clients/${theirs.body.id}`).set(bearer(token)).send({ firstName: 'X' })).status).toBe(404);
    expect((await other.agent.get(`/api/clients/${theirs.body.id}`)).body.firstName).toBe('Eva');
  });

  it('never reaches the client portal, nor routes not open to tokens (tokens, branding, the plan)', async () => {
    const { token } = await newToken(broker, ['clients:read', 'clients:write', 'analytics:read']);
    const portal = await api().get('/api/client/medications').set(bearer(token));
    expect(portal.status).toBe(401);
    expect(portal.body.message).toBe('API tokens cannot be used on client portal routes');
    expect((await api().get('/api/client-portal/my-info').set(bearer(token))).status).toBe(401);
    expect(
      (
        await api()
          .post('/api/tokens')
          .set(bearer(token))
          .send({ name: 'More', scopes: ['clients:read'] })
      ).status,
    ).toBe(403);
    const branding = await api().put('/api/branding').set(bearer(token)).send({ agencyName: 'Changed' });
    expect(branding.status).toBe(403);
    expect(branding.body.message).toBe('PUT /api/branding cannot be used with an API token');
    expect((await api().post('/api/billing/tier/switch').set(bearer(token)).send({})).status).toBe(403);
    expect((await api().get('/api/auth/user').set(bearer(token))).body.id).toBe(broker.id);
  });

  it('refuses an unknown, an expired and a revoked token with 401, and says which', async () => {
    expect((await api().get('/api/clients').set(bearer('ck_pat_nothing-like-a-real-one'))).body.message).toBe('Invalid API token');
    expect((await api().get('/api/clients').set(bearer(''))).status).toBe(401);

    const expiring = await newToken(broker, ['clients:read']);
    await t.em().nativeUpdate(ApiToken, { id: expiring.id }, { expiresAt: new Date(realNow().getTime() - 1000) });
    const expired = await api().get('/api/clients').set(bearer(expiring.token));
    expect(expired.status).toBe(401);
    expect(expired.body.message).toBe('This API token has expired');

    const revoking = await newToken(broker, ['clients:read']);
    expect((await api().get('/api/clients').set(bearer(revoking.token))).status).toBe(200);
    expect((await broker.agent.delete(`/api/tokens/${revoking.id}`)).status).toBe(204);
    const revoked = await api().get('/api/clients').set(bearer(revoking.token));
    expect(revoked.status).toBe(401);
    expect(revoked.body.message).toBe('This API token was revoked');
    expect((await broker.agent.get('/api/tokens')).body.map((row: { id: string }) => row.id)).not.toContain(revoking.id);
    expect(await events(revoking.id)).toEqual([
      'created: clients:read',
      'first_use: GET /api/clients',
      'revoked: by you',
      'refused: GET /api/clients: the token was revoked',
    ]);
    // Revoked twice, or someone else's: 404.
    expect((await broker.agent.delete(`/api/tokens/${revoking.id}`)).status).toBe(404);
    const mine = await newToken(broker, ['clients:read']);
    expect((await other.agent.delete(`/api/tokens/${mine.id}`)).status).toBe(404);
    expect((await other.agent.delete('/api/tokens/not-a-uuid')).status).toBe(404);
    expect((await api().get('/api/clients').set(bearer(mine.token))).status).toBe(200);
  });

  it('judges a request with a token by the token alone: a session cookie beside a bad token does not count', async () => {
    const withCookie = await broker.agent.get('/api/clients').set(bearer('ck_pat_wrong'));
    expect(withCookie.status).toBe(401);
    // A cookie request still needs the site's Origin to write.
    const noOrigin = await broker.agent
      .post('/api/clients')
      .set('Origin', 'https://elsewhere.example')
      .send({ firstName: 'A', lastName: 'B', phone: nextPhone() });
    expect(noOrigin.status).toBe(403);
    expect(noOrigin.body.message).toBe('Request refused: it did not come from this site.');
  });

  it('refuses names, scopes and expiries that are not allowed, with messages the page shows', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '', scopes: ['clients:read'] }, 'name is required'],
      [{ name: 'x'.repeat(81), scopes: ['clients:read'] }, 'name must be at most 80 characters'],
      [{ name: 'Line\nbreak', scopes: ['clients:read'] }, 'name cannot contain control characters'],
      [{ name: 'None', scopes: [] }, 'choose at least one scope'],
      [{ name: 'Unknown', scopes: ['clients:delete'] }, 'each scope must be one of'],
      [{ name: 'Twice', scopes: ['clients:read', 'clients:read'] }, 'scopes must not repeat'],
      [{ name: 'Week', scopes: ['clients:read'], expiresInDays: 7 }, 'expiresInDays must be 30, 90, 365 or null'],
      [{ name: 'Text', scopes: 'clients:read' }, 'scopes must be a list'],
      [{ name: 'Admin', scopes: ['admin:read'] }, 'Only platform admins may grant admin:read'],
    ];
    for (const [body, message] of cases) {
      const answer = await broker.agent.post('/api/tokens').send(body);
      expect({ body, status: answer.status }).toEqual({ body, status: 400 });
      expect(JSON.stringify(answer.body)).toContain(message);
    }
    // No expiry is a choice; left out, 90 days.
    const forever = await broker.agent.post('/api/tokens').send({ name: 'Forever', scopes: ['analytics:read'], expiresInDays: null });
    expect(forever.body.expiresAt).toBeNull();
    const unsaid = await broker.agent.post('/api/tokens').send({ name: 'Default', scopes: ['analytics:read'] });
    expect(unsaid.body.expiresAt).toEqual(expect.any(String));
  });

  it('offers brokers the broker scopes and admins the admin ones too; an admin token reads analytics, a broker token cannot', async () => {
    const brokerScopes = (await broker.agent.get('/api/tokens/scopes')).body.map((s: { scope: string }) => s.scope);
    expect(brokerScopes).toContain('clients:write');
    expect(brokerScopes).not.toContain('admin:read');
    const adminScopes = (await admin.agent.get('/api/tokens/scopes')).body.map((s: { scope: string }) => s.scope);
    expect(adminScopes).toEqual(expect.arrayContaining(['admin:read', 'admin:write', 'analytics:read']));

    const adminToken = await newToken(admin, ['admin:read']);
    const analytics = await api().get('/api/admin/analytics').set(bearer(adminToken.token));
    expect(analytics.status).toBe(200);
    expect(analytics.body).toHaveProperty('totalBrokers');
    expect((await api().post(`/api/admin/brokers/${broker.id}/trial`).set(bearer(adminToken.token)).send({ days: 5 })).status).toBe(403);

    const brokerToken = await newToken(broker, ['analytics:read']);
    expect((await api().get('/api/stats').set(bearer(brokerToken.token))).status).toBe(200);
    expect((await api().get('/api/admin/analytics').set(bearer(brokerToken.token))).status).toBe(403);
  });

  it('lets an admin list a broker’s tokens and revoke one, in the audit log; the broker sees who revoked it', async () => {
    const { id, token } = await newToken(broker, ['reminders:read']);
    const listed = await admin.agent.get(`/api/admin/brokers/${broker.id}/tokens`);
    expect(listed.status).toBe(200);
    expect(listed.body.map((row: { id: string }) => row.id)).toContain(id);
    expect(JSON.stringify(listed.body)).not.toContain(token);
    expect((await broker.agent.get(`/api/admin/brokers/${broker.id}/tokens`)).status).toBe(403);

    expect((await admin.agent.delete(`/api/admin/brokers/${other.id}/tokens/${id}`)).status).toBe(404);
    expect((await admin.agent.delete(`/api/admin/brokers/${broker.id}/tokens/${id}`)).status).toBe(204);
    expect((await api().get('/api/reminders').set(bearer(token))).status).toBe(401);
    const audit = await t.em().findOneOrFail(AdminAction, { action: 'api_token_revoked', targetId: id });
    expect(audit).toMatchObject({ adminId: admin.id, brokerId: broker.id, notes: 'Revoked the API token “Token reminders:read”' });
    expect(audit.after).toMatchObject({ revoked: true });
    expect(await events(id)).toContain('revoked: by a platform admin');
    expect((await admin.agent.get('/api/admin/brokers/not-a-uuid/tokens')).status).toBe(404);
  });

  it('limits each token per minute with 429 and Retry-After, noted once on the owner’s activity; the session is not affected', async () => {
    const { id, token } = await newToken(broker, ['clients:read']);
    const statuses: number[] = [];
    let limited: request.Response | undefined;
    for (let i = 0; i < PER_TOKEN + 3; i++) {
      const answer = await api().get('/api/clients').set(bearer(token));
      statuses.push(answer.status);
      if (answer.status === 429) limited ??= answer;
    }
    expect(statuses.slice(0, PER_TOKEN)).toEqual(Array(PER_TOKEN).fill(200));
    expect(statuses.slice(PER_TOKEN)).toEqual([429, 429, 429]);
    expect(Number(limited!.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited!.body.message).toMatch(/^Too many requests\. Please try again in /);
    expect((await events(id)).filter((e) => e.startsWith('rate_limited'))).toEqual(['rate_limited: GET /api/clients']);
    // Another token of the same broker, and the broker's own session, still work.
    const second = await newToken(broker, ['clients:read']);
    expect((await api().get('/api/clients').set(bearer(second.token))).status).toBe(200);
    expect((await broker.agent.get('/api/clients')).status).toBe(200);
  });
});
