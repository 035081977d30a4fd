import request from 'supertest';

import { Client } from '../src/clients/client.entity.js';
import { OutboxMessage } from '../src/messaging/outbox-message.entity.js';
import { User } from '../src/users/user.entity.js';
import { type Agent, browser } from './helpers/browser-agent.js';
import { realNow } from './helpers/clock.js';
import { makeClient, makeInvitation } from './helpers/factories.js';
import { brokerSession } from './helpers/session.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

const DAY = 24 * 60 * 60 * 1000;

/** The broker's working tools on clients: filters, getMany, CSV export of the whole list, bulk actions. */
describe('client tools: filters, export, bulk actions', () => {
  let t: TestApp;
  let broker: { agent: Agent; id: string };
  let other: { agent: Agent; id: string };
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp({ listen: true });
    broker = await brokerSession(t, 'tools.broker@agency.test');
    other = await brokerSession(t, 'tools.other@agency.test');
    const em = t.em();
    const owner = await em.findOneOrFail(User, broker.id);
    const add = async (key: string, fields: Partial<Client>) => (ids[key] = (await makeClient(em, owner, fields)).id);
    await add('ruth', { firstName: 'Ruth', lastName: 'Álvarez', email: 'ruth@example.com', engagementScore: 80 });
    await add('formula', { firstName: '=HYPERLINK("http://evil.test")', lastName: '+Cmd', email: '@x@example.com', engagementScore: 55 });
    await add('pending', { firstName: 'Paul', lastName: 'Pending', engagementScore: 30 });
    await add('expired', { firstName: 'Edna', lastName: 'Expired', engagementScore: 20 });
    await add('registered', { firstName: 'Rita', lastName: 'Registered', engagementScore: 95 });
    await add('inactive', { firstName: 'Ian', lastName: 'Inactive', isActive: false, engagementScore: 5 });
    await makeInvitation(em, await em.findOneOrFail(Client, ids.pending));
    await makeInvitation(em, await em.findOneOrFail(Client, ids.expired), new Date(realNow().getTime() - 30 * DAY));
    const token = await makeInvitation(em, await em.findOneOrFail(Client, ids.registered));
    const registered = await browser(t)
      .post('/api/client/register')
      .send({ token, username: 'rita.registered', password: 'violet-tractor-91' });
    expect(registered.status).toBe(201);
    // Registering counts towards engagement; the figures below are the test's own.
    await em.nativeUpdate(Client, { id: ids.registered }, { engagementScore: 95 });
    ids.others = (await makeClient(em, await em.findOneOrFail(User, other.id), { firstName: 'Olga', lastName: 'Other' })).id;
  });
  afterAll(() => t.close());

  const list = async (query: Record<string, unknown>) => {
    const res = await broker.agent
      .get('/api/clients')
      .query(Object.fromEntries(Object.entries(query).map(([k, v]) => [k, JSON.stringify(v)])));
    expect([res.status, res.text.slice(0, 200)]).toEqual([200, expect.any(String)]);
    return (res.body as { id: string; lastName: string; inviteStatus: string }[]).map((c) => c.lastName);
  };

  it('filters by invitation state and engagement range, sorts by invitation, and answers getMany by ids', async () => {
    expect(await list({ filter: { inviteStatus: 'pending' } })).toEqual(['Pending']);
    expect(await list({ filter: { inviteStatus: 'expired' } })).toEqual(['Expired']);
    expect(await list({ filter: { inviteStatus: 'accepted' } })).toEqual(['Registered']);
    expect((await list({ filter: { inviteStatus: 'none' }, sort: ['lastName', 'ASC'] })).sort()).toEqual(['+Cmd', 'Inactive', 'Álvarez']);
    expect(await list({ filter: { engagementMin: 50, engagementMax: 90 }, sort: ['engagementScore', 'DESC'] })).toEqual([
      'Álvarez',
      '+Cmd',
    ]);
    expect(await list({ filter: { engagementMin: 90 } })).toEqual(['Registered']);
    const byInvitation = await list({ sort: ['inviteStatus', 'DESC'], filter: { q: 'e' } });
    expect(byInvitation.slice(0, 3)).toEqual(['Registered', 'Expired', 'Pending']);
    // getMany: the broker's own among the ids asked for; another broker's client is simply not there.
    expect(await list({ filter: { id: [ids.ruth, ids.pending, ids.others] }, sort: ['engagementScore', 'DESC'] })).toEqual([
      'Álvarez',
      'Pending',
    ]);
    expect(await list({ filter: { id: [] } })).toEqual([]);
  });

  it('sorts namesakes by first name after last name, in both directions and on every page', async () => {
    const em = t.em();
    const owner = await em.findOneOrFail(User, broker.id);
    // Created in an order that is neither alphabetical nor its reverse.
    for (const firstName of ['Bea', 'Ada', 'Cal']) await makeClient(em, owner, { firstName, lastName: 'Namesake' });
    const names = async (order: 'ASC' | 'DESC', range: [number, number]) => {
      const res = await broker.agent
        .get('/api/clients')
        .query({ filter: JSON.stringify({ q: 'Namesake' }), sort: JSON.stringify(['lastName', order]), range: JSON.stringify(range) });
      return (res.body as { firstName: string }[]).map((c) => c.firstName);
    };
    expect(await names('ASC', [0, 9])).toEqual(['Ada', 'Bea', 'Cal']);
    expect(await names('DESC', [0, 9])).toEqual(['Cal', 'Bea', 'Ada']);
    expect(await names('ASC', [1, 1])).toEqual(['Bea']);
    await em.nativeDelete(Client, { lastName: 'Namesake' });
  });

  it.each([
    [{ filter: JSON.stringify({ inviteStatus: 'maybe' }) }, 'filter inviteStatus must be one of: none, pending, expired, accepted'],
    [{ filter: JSON.stringify({ engagementMin: '50' }) }, 'filter engagementMin must be a whole number'],
    [{ filter: JSON.stringify({ engagementMax: 101 }) }, 'filter engagementMax must be from 0 to 100'],
    [{ filter: JSON.stringify({ engagementMin: 60, engagementMax: 40 }) }, 'filter engagementMin must not be above engagementMax'],
    [{ filter: JSON.stringify({ id: ['not-an-id'] }) }, 'filter id must be a list of at most 1000 ids'],
    [{ filter: JSON.stringify({ id: 'abc' }) }, 'filter id must be a list of at most 1000 ids'],
  ])('refuses the bad filter %j with a message', async (query, message) => {
    for (const path of ['/api/clients', '/api/clients/export.csv']) {
      const res = await broker.agent.get(path).query(query);
      expect([path, res.status, res.body.message]).toEqual([path, 400, message]);
    }
  });

  it('exports every client under the filter as CSV: no other broker’s, formulas neutralised, accents kept', async () => {
    const res = await broker.agent.get('/api/clients/export.csv').query({ sort: '["lastName","ASC"]' }).buffer(true);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="clients-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.text.startsWith('\uFEFF')).toBe(true);
    const lines = res.text.slice(1).split('\r\n');
    expect(lines[0]).toBe(
      'First name,Last name,E-mail,Phone,Status,Invitation,Engagement,Joined,Carrier,Plan name,Plan ID,Plan type,Plan status,Effective date,Medigap plan',
    );
    expect(lines.at(-1)).toBe('');
    const rows = lines.slice(1, -1);
    expect(rows).toHaveLength(6);
    expect(rows.find((r) => r.includes('HYPERLINK'))).toMatch(
      /^"'=HYPERLINK\(""http:\/\/evil\.test""\)",'\+Cmd,'@x@example\.com,\(\d{3}\) \d{3}-\d{4},Active,Not invited,55,\d{4}-\d{2}-\d{2},,,,,,,$/,
    );
    expect(rows.find((r) => r.startsWith('Ruth'))).toMatch(
      /^Ruth,Álvarez,ruth@example\.com,\(\d{3}\) \d{3}-\d{4},Active,Not invited,80,\d{4}-\d{2}-\d{2},,,,,,,$/,
    );
    expect(rows.find((r) => r.includes('Expired'))).toContain(',Invite expired,20,');
    expect(rows.find((r) => r.includes('Registered'))).toContain(',Registered,95,');
    expect(rows.find((r) => r.includes('Inactive'))).toContain(',Inactive,Not invited,5,');
    expect(res.text).not.toContain('Olga');

    const filtered = await broker.agent.get('/api/clients/export.csv').query({ filter: JSON.stringify({ isActive: false }) });
    expect(filtered.text.slice(1).split('\r\n').slice(1, -1)).toEqual([expect.stringMatching(/^Ian,Inactive,/)]);
    expect((await request(t.http).get('/api/clients/export.csv')).status).toBe(401);
  });

  it('exports a large book in full, across its batches', async () => {
    const big = await brokerSession(t, 'tools.big@agency.test');
    await t.em().execute(
      `insert into clients (id, broker_id, first_name, last_name, phone, is_active, engagement_score, created_at)
       select gen_random_uuid(), ?, 'Client', 'No ' || n, '+1615' || lpad(n::text, 7, '0'), true, n % 101, now() - n * interval '1 minute'
         from generate_series(1, 2500) n`,
      [big.id],
    );
    const res = await big.agent.get('/api/clients/export.csv').buffer(true);
    const rows = res.text.slice(1).split('\r\n').slice(1, -1);
    expect(rows).toHaveLength(2500);
    expect(new Set(rows).size).toBe(2500);
    expect(rows[0]).toMatch(/^Client,No 1,/);
    expect(rows[2499]).toMatch(/^Client,No 2500,/);
  });

  describe('bulk actions', () => {
    const bulk = (body: unknown) => broker.agent.post('/api/clients/bulk').send(body as object);
    const activeOf = async (key: string) => (await t.em().findOneOrFail(Client, ids[key])).isActive;

    it('marks the selected clients inactive and active again, saying how many changed', async () => {
      const off = await bulk({ action: 'deactivate', ids: [ids.ruth, ids.pending, ids.inactive] });
      expect(off.status).toBe(200);
      expect(off.body).toEqual({ action: 'deactivate', done: 2, failed: [], message: 'Marked 2 clients inactive (1 already was).' });
      expect([await activeOf('ruth'), await activeOf('pending')]).toEqual([false, false]);
      const on = await bulk({ action: 'activate', ids: [ids.ruth, ids.pending] });
      expect(on.body.message).toBe('Marked 2 clients active.');
      expect([await activeOf('ruth'), await activeOf('pending')]).toEqual([true, true]);
    });

    it('changes nothing when one id is another broker’s, or is not a client at all', async () => {
      for (const foreign of [ids.others, '00000000-0000-4000-8000-000000000000']) {
        const res = await bulk({ action: 'deactivate', ids: [ids.ruth, foreign] });
        expect([res.status, res.body.message]).toEqual([404, 'Some of the selected clients were not found']);
        expect(await activeOf('ruth')).toBe(true);
      }
      const res = await other.agent.post('/api/clients/bulk').send({ action: 'delete', ids: [ids.ruth] });
      expect(res.status).toBe(404);
      expect(await t.em().count(Client, { id: ids.ruth })).toBe(1);
    });

    it('invites the selected clients and lists those it could not, with why', async () => {
      const before = await t.em().count(OutboxMessage, { purpose: 'client-invitation' });
      const res = await bulk({ action: 'invite', ids: [ids.ruth, ids.expired, ids.registered, ids.inactive] });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        action: 'invite',
        done: 2,
        failed: [
          { id: ids.registered, name: 'Rita Registered', reason: 'Rita Registered is already registered.' },
          { id: ids.inactive, name: 'Ian Inactive', reason: 'Reactivate this client before inviting them.' },
        ],
        message: 'Invitations: 2 sent, 2 not sent.',
      });
      expect(await t.em().count(OutboxMessage, { purpose: 'client-invitation' })).toBe(before + 2);
      expect(await list({ filter: { inviteStatus: 'pending' } })).toEqual(expect.arrayContaining(['Álvarez', 'Expired', 'Pending']));
    });

    it('refuses to activate past the flat plan’s limit, all or nothing', async () => {
      const full = await brokerSession(t, 'tools.full@agency.test');
      const owner = await t.em().findOneOrFail(User, full.id);
      await t.em().execute(
        `insert into clients (id, broker_id, first_name, last_name, phone, is_active, created_at)
         select gen_random_uuid(), ?, 'Active', 'No ' || n, '+1629' || lpad(n::text, 7, '0'), n <= 104, now()
           from generate_series(1, 106) n`,
        [owner.id],
      );
      const inactive = await t.em().find(Client, { broker: owner.id, isActive: false });
      expect(inactive).toHaveLength(2);
      const res = await full.agent.post('/api/clients/bulk').send({ action: 'activate', ids: inactive.map((c) => c.id) });
      expect([res.status, res.body.limitReached]).toEqual([403, true]);
      expect(await t.em().count(Client, { broker: owner.id, isActive: true })).toBe(104);
    });

    it('deletes the selected clients together', async () => {
      const em = t.em();
      const owner = await em.findOneOrFail(User, broker.id);
      const doomed = [(await makeClient(em, owner, { firstName: 'Del' })).id, (await makeClient(em, owner, { firstName: 'Del' })).id];
      const res = await bulk({ action: 'delete', ids: doomed });
      expect(res.body).toEqual({ action: 'delete', done: 2, failed: [], message: 'Deleted 2 clients.' });
      expect(await t.em().count(Client, { id: { $in: doomed } })).toBe(0);
    });

    it.each([
      [{ action: 'delete', ids: [] }, 'Select at least one client'],
      [{ action: 'explode', ids: ['00000000-0000-4000-8000-000000000000'] }, 'action must be one of: invite, activate, deactivate, delete'],
      [{ action: 'delete', ids: ['x'] }, 'ids must be a list of client ids'],
      [{ action: 'delete', ids: 'x' }, 'ids must be a list of client ids'],
      [
        { action: 'delete', ids: Array.from({ length: 1001 }, () => '00000000-0000-4000-8000-000000000000') },
        'Select at most 1000 clients at once',
      ],
    ])('answers 400 with a message for a bad body (%#)', async (body, message) => {
      const res = await bulk(body);
      expect(res.status).toBe(400);
      expect(String(res.body.message)).toContain(message);
    });
  });
});
