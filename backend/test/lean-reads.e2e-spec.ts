import { createHmac, randomBytes } from 'node:crypto';

import { ApplicationConfig } from '@nestjs/core';

import { SessionService } from '../src/auth/session.service.js';
import { LeanReads } from '../src/lean-reads/lean-reads.js';
import { User } from '../src/users/user.entity.js';
import { browser, sessionCookie, signInAsBroker } from './helpers/browser-agent.js';
import { query } from './helpers/built-app.js';
import { realNow } from './helpers/clock.js';
import { makeClient, makeInvitation } from './helpers/factories.js';
import { createTestApp, TEST_SESSION_SECRET, type TestApp } from './helpers/test-app.js';

/** An answer as a user agent sees it: status, body and headers, without those that differ per answer. */
interface Answer {
  status: number;
  body: string;
  headers: Record<string, string>;
}

const PER_ANSWER = new Set(['date', 'x-request-id', 'connection', 'keep-alive']);

async function get(baseUrl: string, path: string, headers: Record<string, string> = {}): Promise<Answer> {
  const res = await fetch(new URL(path, baseUrl), { headers, redirect: 'manual' });
  const kept: Record<string, string> = {};
  res.headers.forEach((value, name) => {
    if (!PER_ANSWER.has(name)) kept[name] = value;
  });
  return { status: res.status, body: await res.text(), headers: kept };
}

/** A Cookie header for this session id, signed as express-session signs it. */
function cookieFor(sid: string, secret = TEST_SESSION_SECRET): string {
  const mac = createHmac('sha256', secret).update(sid).digest('base64').replace(/=+$/, '');
  return `carekeep.sid=${encodeURIComponent(`s:${sid}.${mac}`)}`;
}

/** The session cookie the sign-in ended with. */
function lastSessionCookie(answers: Parameters<typeof sessionCookie>[0][]): string {
  const cookie = answers.map(sessionCookie).filter(Boolean).pop();
  if (!cookie) throw new Error('no session cookie after sign-in');
  return cookie;
}

describe('the client list’s lean read path answers exactly as the full HTTP stack does', () => {
  /** LEAN_READS on (the default) and off, two instances on one database, sharing sessions. */
  let lean: TestApp;
  let full: TestApp;
  let cookie: string;
  let brokerId: string;
  /** The signed-in broker's stored session, as sign-in wrote it. */
  let stored: { auth: Record<string, unknown> } & Record<string, unknown>;

  const served = () => lean.app.get(LeanReads).served;

  /** The same request to both instances; answers the lean one's answer and whether the lean path served it. */
  async function both(path: string, headers: Record<string, string> = {}): Promise<{ answer: Answer; leanServed: boolean }> {
    const before = served();
    const answer = await get(lean.appUrl, path, headers);
    const leanServed = served() > before;
    expect(full.app.get(LeanReads).served).toBe(0);
    expect(answer).toEqual(await get(full.appUrl, path, headers));
    return { answer, leanServed };
  }

  /** A stored session of this broker with `auth` changed; answers its Cookie header. */
  async function session(auth: Record<string, unknown>): Promise<string> {
    const sid = randomBytes(24).toString('base64url');
    await query(lean.databaseUrl, `insert into "session" (sid, sess, expire) values ($1, $2, now() + interval '1 hour')`, [
      sid,
      JSON.stringify({ ...stored, auth: { ...stored.auth, ...auth } }),
    ]);
    return cookieFor(sid);
  }

  beforeAll(async () => {
    // The lean instance first: the request log writes to the first instance's log stream.
    lean = await createTestApp({ listen: true });
    full = await createTestApp({ listen: true, databaseUrl: lean.databaseUrl, env: { LEAN_READS: 'false' } });
    const agent = browser(lean);
    const answers = await signInAsBroker(agent, lean.appUrl, 'lean.reads@agency.test');
    cookie = lastSessionCookie(answers);
    const me = await get(lean.appUrl, '/api/auth/user', { cookie });
    brokerId = (JSON.parse(me.body) as { id: string }).id;
    const em = lean.em();
    const broker = await em.findOneOrFail(User, brokerId);
    const ruth = await makeClient(em, broker, { firstName: 'Ruth', lastName: 'Alvarez', email: 'ruth@example.com' });
    await makeClient(em, broker, { firstName: 'Walter', lastName: 'Smith', isActive: false, zip: '37203', state: 'TN' });
    await makeClient(em, broker, { firstName: 'Ana', lastName: 'Smithson', language: 'es', engagementScore: 80 });
    await makeInvitation(em, ruth);
    // Another broker's client, never in this broker's list.
    await makeClient(em, await em.findOneOrFail(User, (await makeOtherBroker()).id), { firstName: 'Other', lastName: 'Smith' });
    [{ sess: stored }] = await query<{ sess: typeof stored }>(
      lean.databaseUrl,
      `select sess from "session" where sess->'auth'->>'userId' = $1`,
      [brokerId],
    );
  });
  afterAll(async () => {
    await full?.close();
    await lean?.close();
  });

  async function makeOtherBroker(): Promise<User> {
    const em = lean.em();
    const other = em.create(User, {
      firstName: 'Other',
      lastName: 'Broker',
      email: 'other.lean@agency.test',
      trialEndsAt: new Date(realNow().getTime() + 864e5),
    });
    await em.flush();
    return other;
  }

  it.each([
    ['a page by last name', '/api/clients?range=[0,24]&sort=["lastName","ASC"]'],
    ['a search', '/api/clients?range=[0,24]&sort=["lastName","ASC"]&filter={"q":"smi"}'],
    [
      'filters and another order',
      '/api/clients?range=[0,9]&sort=["engagementScore","DESC"]&filter={"isActive":true,"riskLevel":["low","medium","high"]}',
    ],
    ['the second page', '/api/clients?range=[2,3]&sort=["firstName","ASC"]'],
    ['no parameters', '/api/clients'],
    ['sorted by invitation', '/api/clients?sort=["inviteStatus","DESC"]'],
  ])('serves %s: the same status, body and headers', async (_name, path) => {
    const { answer, leanServed } = await both(path, { cookie });
    expect(leanServed).toBe(true);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-range']).toMatch(/^clients /);
    expect(answer.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(answer.headers['cache-control']).toBe('private, no-cache');
    expect(answer.headers['set-cookie']).toBeUndefined();
    const names = (JSON.parse(answer.body) as { lastName: string }[]).map((c) => c.lastName);
    expect(names).not.toContain('Broker');
  });

  it('lists only the broker’s own clients, with the invitation state', async () => {
    const { answer } = await both('/api/clients?range=[0,24]&sort=["lastName","ASC"]&filter={"q":"smi"}', { cookie });
    const rows = JSON.parse(answer.body) as { firstName: string; lastName: string }[];
    expect(rows.map((c) => `${c.firstName} ${c.lastName}`)).toEqual(['Walter Smith', 'Ana Smithson']);
    const page = await both('/api/clients?sort=["lastName","ASC"]', { cookie });
    expect((JSON.parse(page.answer.body) as { inviteStatus: string }[])[0]?.inviteStatus).toBe('pending');
  });

  it.each([
    ['a malformed range', '/api/clients?range=[0'],
    ['a sort on an unknown field', '/api/clients?sort=["password","ASC"]'],
    ['a NUL in the search', '/api/clients?filter={"q":"a%00b"}'],
    ['a filter on an unknown field', '/api/clients?filter={"password":"x"}'],
    ['a filter of the wrong type', '/api/clients?filter={"isActive":"yes"}'],
    ['JSON nested too deeply', `/api/clients?filter=${'{"q":'.repeat(12)}1${'}'.repeat(12)}`],
    ['a page too large', '/api/clients?range=[0,100000]'],
  ])('leaves %s to the full stack: the same 400', async (_name, path) => {
    const { answer, leanServed } = await both(path, { cookie });
    expect(leanServed).toBe(false);
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toHaveProperty('message');
  });

  it.each([
    ['no cookie', {}],
    ['a cookie with a forged signature', { cookie: cookieFor('someone-else', 'not-the-secret-0123456789abcdefghijkl') }],
    ['a cookie of a session that does not exist', { cookie: cookieFor('no-such-session') }],
    ['an unsigned cookie', { cookie: 'carekeep.sid=abc' }],
    ['an API token that is not one', { authorization: 'Bearer ck_nothing' }],
  ] as [string, Record<string, string>][])('answers %s with the same 401', async (_name, headers) => {
    const { answer, leanServed } = await both('/api/clients', headers);
    expect(leanServed).toBe(false);
    expect(answer.status).toBe(401);
  });

  it('refuses a client portal session, as the access guard does', async () => {
    const client = await session({ kind: 'client', accountId: brokerId, clientId: brokerId, userId: undefined });
    const { answer, leanServed } = await both('/api/clients', { cookie: client });
    expect(leanServed).toBe(false);
    expect(answer.status).toBe(401);
  });

  it('refuses a suspended broker with the suspension message', async () => {
    await query(lean.databaseUrl, 'update users set suspended_at = now() where id = $1', [brokerId]);
    try {
      const { answer, leanServed } = await both('/api/clients', { cookie });
      expect(leanServed).toBe(false);
      expect(answer.status).toBe(401);
      expect(answer.body).toContain('suspended');
    } finally {
      await query(lean.databaseUrl, 'update users set suspended_at = null where id = $1', [brokerId]);
    }
  });

  it('reads a stored session as the session store does: not past its stored expiry, not an unknown id', async () => {
    const sessions = lean.app.get(SessionService);
    const live = await session({});
    const liveSid = decodeURIComponent(live.split('=')[1]!).slice(2).split('.')[0]!;
    expect(await sessions.read(liveSid)).toEqual(stored);
    expect(await sessions.read(randomBytes(24).toString('base64url'))).toBeUndefined();

    const sid = randomBytes(24).toString('base64url');
    await query(lean.databaseUrl, `insert into "session" (sid, sess, expire) values ($1, $2, now() - interval '1 second')`, [
      sid,
      JSON.stringify(stored),
    ]);
    expect(await sessions.read(sid)).toBeUndefined();
    const before = served();
    const { answer } = await both('/api/clients', { cookie: cookieFor(sid) });
    expect(served()).toBe(before);
    expect(answer.status).toBe(401);
  });

  it('ends a session idle past its limit through the full stack', async () => {
    const idle = await session({ lastSeenAt: realNow().getTime() - 9 * 60 * 60_000 });
    const before = served();
    const answer = await get(lean.appUrl, '/api/clients', { cookie: idle });
    expect(served()).toBe(before);
    expect(answer.status).toBe(401);
  });

  it('leaves a session whose last-seen time is due to the full stack, which writes it', async () => {
    const lastSeenAt = realNow().getTime() - 2 * 60_000;
    const due = await session({ lastSeenAt });
    const sid = decodeURIComponent(due.split('=')[1]!).slice(2).split('.')[0]!;
    const before = served();
    const answer = await get(lean.appUrl, '/api/clients', { cookie: due });
    expect(served()).toBe(before);
    expect(answer.status).toBe(200);
    expect(answer.headers['set-cookie']).toContain('carekeep.sid=');
    const [row] = await query<{ seen: string }>(
      lean.databaseUrl,
      `select sess->'auth'->>'lastSeenAt' as seen from "session" where sid = $1`,
      [sid],
    );
    expect(Number(row?.seen)).toBeGreaterThan(lastSeenAt);
    // Written, the next request is served on the lean path again.
    await get(lean.appUrl, '/api/clients', { cookie: due });
    expect(served()).toBe(before + 1);
  });

  it('is mounted ahead of the layers whose work it does; a new global guard, interceptor or middleware is seen here', () => {
    // When this list changes, see whether the lean path must do the same (docs/adr/0006).
    const config = lean.app.get(ApplicationConfig);
    expect(config.getGlobalGuards().map((guard) => guard.constructor.name)).toEqual(['RateLimitGuard', 'AccessGuard']);
    expect([
      ...config.getGlobalInterceptors().map((interceptor) => interceptor.constructor.name),
      ...config.getGlobalRequestInterceptors().map((interceptor) => interceptor.metatype?.name),
    ]).toEqual(['SpanishErrorsInterceptor', 'ContentTypeInterceptor', 'ListResponseInterceptor']);
    const stack = (lean.app.getHttpAdapter().getInstance() as { router: { stack: { handle: unknown; route?: unknown }[] } }).router.stack;
    // Third, after Nest's response hook and the in-flight counter; and the 20 middleware layers of
    // the full stack (helmet, sessions, body parsers, input checks, request log, request context…).
    expect(stack.findIndex((layer) => layer.handle === lean.app.get(LeanReads).mounted)).toBe(2);
    expect(stack.filter((layer) => !layer.route).length).toBe(20);
  });

  it('writes the request log line the full stack writes, without the query string', async () => {
    await both('/api/clients?range=[0,24]&filter={"q":"ruth"}', { cookie });
    const lines = lean.logs
      .map(
        (line) =>
          JSON.parse(line) as { msg?: string; req?: { path?: string; method?: string; id?: string }; res?: { statusCode?: number } },
      )
      .filter((line) => line.msg === 'request completed' && line.req?.path === '/api/clients');
    const [fromLean, fromFull] = lines.slice(-2);
    expect(fromLean).toBeDefined();
    expect(fromFull).toBeDefined();
    const shape = (line: typeof fromLean) => ({ ...line, time: 0, responseTime: 0, req: { ...line!.req, id: '' } });
    expect(shape(fromLean)).toEqual(shape(fromFull));
    expect(fromLean).toMatchObject({ req: { method: 'GET', path: '/api/clients' }, res: { statusCode: 200 } });
    expect(JSON.stringify(lines)).not.toContain('ruth');
  });
});

describe('the lean read path counts the per-user rate limit', () => {
  let t: TestApp;
  afterAll(() => t?.close());

  it('serves up to the limit and leaves the request over it to the full stack’s 429', async () => {
    t = await createTestApp({ listen: true, env: { RATE_LIMIT_API_PER_USER: '4' } });
    const agent = browser(t);
    const answers = await signInAsBroker(agent, t.appUrl, 'lean.limit@agency.test');
    const cookie = lastSessionCookie(answers);
    const before = t.app.get(LeanReads).served;
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await get(t.appUrl, '/api/clients', { cookie })).status);
    // The sign-in's own request to /api/auth/user is not made here, so all four are the list's.
    expect(statuses.slice(0, 4)).toEqual([200, 200, 200, 200]);
    expect(statuses.slice(4)).toEqual([429, 429]);
    expect(t.app.get(LeanReads).served - before).toBe(4);
    const over = await get(t.appUrl, '/api/clients', { cookie });
    expect(over.headers['retry-after']).toMatch(/^\d+$/);
    expect(JSON.parse(over.body).message).toMatch(/^Too many requests\. Please try again in/);
  });
});
