import { AdminAction } from '../src/audit/admin-action.entity.js';
import { User } from '../src/users/user.entity.js';
import type { Agent } from './helpers/browser-agent.js';
import { realNow } from './helpers/clock.js';
import { parseCsv } from './helpers/csv.js';
import { PDF } from './helpers/files.js';
import { brokerSession } from './helpers/session.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

interface Person {
  id: string;
  name: string | null;
  email: string | null;
}

interface Entry {
  id: string;
  createdAt: string;
  admin: Person;
  action: string;
  targetType: string;
  targetId: string | null;
  broker: Person | null;
  notes: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

const DAY_MS = 86_400_000;

describe('the admin audit log', () => {
  let t: TestApp;
  let admin: { agent: Agent; id: string };
  let second: { agent: Agent; id: string };
  let broker: { agent: Agent; id: string };
  let trialBroker: User;
  let planBroker: User;
  let trialEndBefore: Date;
  const ids = {} as Record<'trial' | 'subscription' | 'token' | 'resource' | 'formula' | 'older' | 'oldest', string>;

  async function list(query: Record<string, unknown> = {}, agent: Agent = admin.agent): Promise<Entry[]> {
    const res = await agent
      .get('/api/admin/audit')
      .query(
        Object.fromEntries(Object.entries(query).map(([key, value]) => [key, typeof value === 'string' ? value : JSON.stringify(value)])),
      );
    expect({ status: res.status, body: res.status === 200 ? 'rows' : res.body }).toEqual({ status: 200, body: 'rows' });
    return res.body as Entry[];
  }

  const actionsOf = (entries: Entry[]) => entries.map((entry) => entry.action);

  beforeAll(async () => {
    t = await createTestApp({ listen: true });
    admin = await brokerSession(t, 'audit.admin@agency.test');
    second = await brokerSession(t, 'second.admin@agency.test');
    broker = await brokerSession(t, 'token.owner@agency.test');
    const em = t.em();
    await em.nativeUpdate(User, { id: admin.id }, { isAdmin: true, firstName: 'Alex', lastName: 'Morgan' });
    await em.nativeUpdate(User, { id: second.id }, { isAdmin: true, firstName: 'Sam', lastName: 'Ortiz' });
    await em.nativeUpdate(User, { id: broker.id }, { firstName: 'Tomas', lastName: 'Owner' });
    trialEndBefore = new Date(realNow().getTime() + 5 * DAY_MS);
    trialBroker = em.create(User, {
      firstName: 'Rita',
      lastName: 'Trial',
      email: 'rita.trial@agency.test',
      subscriptionStatus: 'trial',
      trialEndsAt: trialEndBefore,
    });
    planBroker = em.create(User, {
      firstName: 'Paul',
      lastName: 'Plan',
      email: 'paul.plan@agency.test',
      subscriptionTier: 'flat',
      subscriptionStatus: 'active',
    });
    // A name a spreadsheet would run as a formula, and no e-mail: the export names the broker by it.
    const formulaBroker = em.create(User, { firstName: '@SUM(1+1)', lastName: 'Evil', email: null });
    await em.flush();

    // Real admin actions, through the API, in this order.
    expect((await admin.agent.post(`/api/admin/brokers/${trialBroker.id}/trial`).send({ days: 14 })).status).toBe(200);
    expect((await second.agent.post(`/api/admin/brokers/${planBroker.id}/subscription`).send({ subscriptionTier: 'pmpm' })).status).toBe(
      200,
    );
    const token = await broker.agent.post('/api/tokens').send({ name: 'Zapier sync', scopes: ['clients:read'] });
    expect(token.status).toBe(201);
    expect((await admin.agent.delete(`/api/admin/brokers/${broker.id}/tokens/${token.body.id}`)).status).toBe(204);
    const resource = await admin.agent.post('/api/admin/resources').field('title', 'Enrollment checklist').attach('file', PDF, 'guide.pdf');
    expect(resource.status).toBe(201);

    // Entries written as the services write them: one with a formula in its notes, two on past days.
    const formula = em.create(AdminAction, {
      adminId: admin.id,
      action: 'subscription_updated',
      targetType: 'broker',
      targetId: formulaBroker.id,
      brokerId: formulaBroker.id,
      notes: '=HYPERLINK("http://evil.test","click")',
      before: { subscriptionStatus: 'active' },
      after: { subscriptionStatus: 'canceled' },
    });
    // 03:30 UTC is still the evening before in New York, the admins' time zone (the default).
    const older = em.create(AdminAction, {
      adminId: second.id,
      action: 'trial_extended',
      targetType: 'broker',
      targetId: planBroker.id,
      brokerId: planBroker.id,
      notes: 'Extended by 7 days',
      createdAt: new Date('2024-01-15T03:30:00Z'),
    });
    const oldest = em.create(AdminAction, {
      adminId: second.id,
      action: 'trial_extended',
      targetType: 'broker',
      targetId: planBroker.id,
      brokerId: planBroker.id,
      notes: 'Extended by 3 days',
      createdAt: new Date('2024-01-10T16:00:00Z'),
    });
    await em.flush();

    const entries = await em.find(AdminAction, {}, { orderBy: { createdAt: 'asc' } });
    const find = (action: string, targetId: string) => entries.find((e) => e.action === action && e.targetId === targetId)!.id;
    ids.trial = find('trial_extended', trialBroker.id);
    ids.subscription = find('subscription_updated', planBroker.id);
    ids.token = find('api_token_revoked', token.body.id as string);
    ids.resource = find('resource_uploaded', resource.body.id as string);
    ids.formula = formula.id;
    ids.older = older.id;
    ids.oldest = oldest.id;
  });
  afterAll(() => t?.close());

  it('lists every action done through the API, newest first, with the admin, the broker and the values before and after', async () => {
    const entries = await list();
    expect(entries.map((e) => e.id)).toEqual([ids.formula, ids.resource, ids.token, ids.subscription, ids.trial, ids.older, ids.oldest]);
    const byId = Object.fromEntries(entries.map((e) => [e.id, e]));

    const trial = byId[ids.trial];
    expect(trial).toMatchObject({
      action: 'trial_extended',
      targetType: 'broker',
      targetId: trialBroker.id,
      admin: { id: admin.id, name: 'Alex Morgan', email: 'audit.admin@agency.test' },
      broker: { id: trialBroker.id, name: 'Rita Trial', email: 'rita.trial@agency.test' },
      notes: 'Extended by 14 days',
      before: { trialEndsAt: trialEndBefore.toISOString() },
      after: { trialEndsAt: new Date(trialEndBefore.getTime() + 14 * DAY_MS).toISOString() },
    });
    expect(Object.keys(trial).sort()).toEqual(
      ['action', 'admin', 'after', 'before', 'broker', 'createdAt', 'id', 'notes', 'targetId', 'targetType'].sort(),
    );
    expect(Math.abs(new Date(trial.createdAt).getTime() - realNow().getTime())).toBeLessThan(120_000);

    expect(byId[ids.subscription]).toMatchObject({
      admin: { id: second.id, name: 'Sam Ortiz' },
      broker: { id: planBroker.id, name: 'Paul Plan' },
      before: { subscriptionTier: 'flat', subscriptionStatus: 'active' },
      after: { subscriptionTier: 'pmpm', subscriptionStatus: 'active' },
    });
    expect(byId[ids.token]).toMatchObject({
      action: 'api_token_revoked',
      targetType: 'api_token',
      broker: { id: broker.id, name: 'Tomas Owner', email: 'token.owner@agency.test' },
      notes: 'Revoked the API token “Zapier sync”',
      before: { revoked: false },
      after: { revoked: true },
    });
    // A resource concerns no broker.
    expect(byId[ids.resource]).toMatchObject({ action: 'resource_uploaded', targetType: 'resource', broker: null, before: null });
    expect(byId[ids.resource].after).toMatchObject({ title: 'Enrollment checklist' });
  });

  it('narrows by admin, broker and action, each on its own and together', async () => {
    expect((await list({ filter: { adminId: second.id } })).map((e) => e.id)).toEqual([ids.subscription, ids.older, ids.oldest]);
    expect((await list({ filter: { brokerId: planBroker.id } })).map((e) => e.id)).toEqual([ids.subscription, ids.older, ids.oldest]);
    expect((await list({ filter: { brokerId: trialBroker.id } })).map((e) => e.id)).toEqual([ids.trial]);
    expect(actionsOf(await list({ filter: { action: 'trial_extended' } }))).toEqual(['trial_extended', 'trial_extended', 'trial_extended']);
    expect((await list({ filter: { action: 'trial_extended', brokerId: planBroker.id, adminId: second.id } })).map((e) => e.id)).toEqual([
      ids.older,
      ids.oldest,
    ]);
    expect(await list({ filter: { action: 'trial_extended', adminId: admin.id, brokerId: planBroker.id } })).toEqual([]);
    expect(await list({ filter: { action: 'nothing_like_this' } })).toEqual([]);
  });

  it('narrows by whole days in the admin’s time zone, both ends included', async () => {
    const days = async (from?: string, to?: string) =>
      (await list({ filter: { ...(from ? { from } : {}), ...(to ? { to } : {}) } })).map((e) => e.id);
    // 2024-01-15T03:30Z is 14 January in New York.
    expect(await days('2024-01-14', '2024-01-14')).toEqual([ids.older]);
    expect(await days('2024-01-15', '2024-01-15')).toEqual([]);
    expect(await days('2024-01-10', '2024-01-14')).toEqual([ids.older, ids.oldest]);
    expect(await days('2024-01-11', '2024-01-14')).toEqual([ids.older]);
    expect(await days(undefined, '2024-01-13')).toEqual([ids.oldest]);
    const today = realNow().toLocaleDateString('en-CA', { timeZone: 'America/New_York' });
    expect(await days('2024-01-16')).toEqual([ids.formula, ids.resource, ids.token, ids.subscription, ids.trial]);
    expect(await days(today, today)).toHaveLength(5);

    // In the admin's own zone the same entry falls on the 15th.
    await t.em().nativeUpdate(User, { id: admin.id }, { timeZone: 'Europe/Madrid' });
    try {
      expect(await days('2024-01-15', '2024-01-15')).toEqual([ids.older]);
    } finally {
      await t.em().nativeUpdate(User, { id: admin.id }, { timeZone: 'America/New_York' });
    }
  });

  it('searches the notes, the action, and the admin’s and the broker’s names and e-mails', async () => {
    const search = async (q: string) => (await list({ filter: { q } })).map((e) => e.id);
    expect(await search('14 days')).toEqual([ids.trial]);
    expect(await search('zapier')).toEqual([ids.token]);
    expect(await search('token revoked')).toEqual([ids.token]);
    expect(await search('resource_uploaded')).toEqual([ids.resource]);
    expect(await search('sam ortiz')).toEqual([ids.subscription, ids.older, ids.oldest]);
    expect(await search('second.admin@')).toEqual([ids.subscription, ids.older, ids.oldest]);
    expect(await search('Rita')).toEqual([ids.trial]);
    expect(await search('paul.plan@agency')).toEqual([ids.subscription, ids.older, ids.oldest]);
    // Wildcards are text.
    expect(await search('100%')).toEqual([]);
    expect(await search('_')).toHaveLength(7);
    expect((await list({ filter: { q: 'days', adminId: second.id } })).map((e) => e.id)).toEqual([ids.older, ids.oldest]);
  });

  it('pages with Content-Range, sorts by action, and answers getMany', async () => {
    const first = await admin.agent.get('/api/admin/audit').query({ range: '[0,2]' });
    expect(first.status).toBe(200);
    expect(first.headers['content-range']).toBe('audit 0-2/7');
    expect(first.body.map((e: Entry) => e.id)).toEqual([ids.formula, ids.resource, ids.token]);
    const next = await admin.agent.get('/api/admin/audit').query({ range: '[3,5]' });
    expect(next.headers['content-range']).toBe('audit 3-5/7');
    expect(next.body.map((e: Entry) => e.id)).toEqual([ids.subscription, ids.trial, ids.older]);
    const filtered = await admin.agent.get('/api/admin/audit').query({ range: '[0,9]', filter: JSON.stringify({ adminId: second.id }) });
    expect(filtered.headers['content-range']).toBe('audit 0-2/3');
    const empty = await admin.agent.get('/api/admin/audit').query({ range: '[0,9]', filter: JSON.stringify({ action: 'none_such' }) });
    expect(empty.headers['content-range']).toBe('audit */0');

    expect(actionsOf(await list({ sort: ['action', 'ASC'] }))).toEqual([
      'api_token_revoked',
      'resource_uploaded',
      'subscription_updated',
      'subscription_updated',
      'trial_extended',
      'trial_extended',
      'trial_extended',
    ]);
    // Within one action, newest first.
    expect((await list({ sort: ['action', 'DESC'] })).slice(0, 3).map((e) => e.id)).toEqual([ids.trial, ids.older, ids.oldest]);

    expect((await list({ filter: { id: [ids.token, ids.oldest] } })).map((e) => e.id).sort()).toEqual([ids.token, ids.oldest].sort());
  });

  it('refuses a bad filter with 400 and a message', async () => {
    const bad = async (filter: Record<string, unknown>) => {
      const res = await admin.agent.get('/api/admin/audit').query({ filter: JSON.stringify(filter) });
      expect(res.status).toBe(400);
      return res.body.message as string;
    };
    expect(await bad({ from: 'yesterday' })).toBe('filter from must be a date such as 2026-11-30');
    expect(await bad({ to: '2026-02-30' })).toBe('filter to must be a date such as 2026-11-30');
    expect(await bad({ from: '9999-01-01' })).toBe('filter from must be in the years 1900 to 2100');
    expect(await bad({ from: '2026-03-02', to: '2026-03-01' })).toBe('filter from must not be after to');
    expect(await bad({ adminId: 'alex' })).toBe('filter adminId must be an id (a UUID)');
    expect(await bad({ brokerId: 42 })).toBe('filter brokerId must be text');
    expect(await bad({ who: 'x' })).toBe('filter has unknown field(s): who');
    const sort = await admin.agent.get('/api/admin/audit').query({ sort: '["notes","ASC"]' });
    expect(sort.status).toBe(400);
    const exported = await admin.agent.get('/api/admin/audit/export').query({ filter: JSON.stringify({ from: 'yesterday' }) });
    expect(exported.status).toBe(400);
    expect(exported.body.message).toBe('filter from must be a date such as 2026-11-30');
  });

  it('exports the filtered log as CSV, newest first, with formulas neutralised', async () => {
    const res = await admin.agent.get('/api/admin/audit/export').buffer(true);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.text.startsWith('\uFEFF')).toBe(true);
    const rows = parseCsv(res.text.slice(1));
    expect(rows[0]).toEqual(['Time', 'Admin', 'Action', 'Broker', 'Target', 'Before', 'After', 'Notes']);
    expect(rows).toHaveLength(8);

    const [formula, , token, subscription, trial] = rows.slice(1);
    expect(trial).toEqual([
      expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      'audit.admin@agency.test',
      'trial_extended',
      'rita.trial@agency.test',
      `broker ${trialBroker.id}`,
      JSON.stringify({ trialEndsAt: trialEndBefore.toISOString() }),
      JSON.stringify({ trialEndsAt: new Date(trialEndBefore.getTime() + 14 * DAY_MS).toISOString() }),
      'Extended by 14 days',
    ]);
    expect(subscription.slice(1, 4)).toEqual(['second.admin@agency.test', 'subscription_updated', 'paul.plan@agency.test']);
    expect(token[7]).toBe('Revoked the API token “Zapier sync”');
    // A leading quote keeps the notes and the broker's name text in a spreadsheet.
    expect(formula[7]).toBe(`'=HYPERLINK("http://evil.test","click")`);
    expect(formula[3]).toBe(`'@SUM(1+1) Evil`);
    expect(res.text).not.toMatch(/(^|,)"?[=+\-@]/m);

    const filtered = await admin.agent
      .get('/api/admin/audit/export')
      .query({ filter: JSON.stringify({ brokerId: planBroker.id, from: '2024-01-01', to: '2024-01-31' }) })
      .buffer(true);
    const filteredRows = parseCsv(filtered.text.slice(1));
    expect(filteredRows.slice(1).map((row) => [row[0], row[7]])).toEqual([
      ['2024-01-15T03:30:00.000Z', 'Extended by 7 days'],
      ['2024-01-10T16:00:00.000Z', 'Extended by 3 days'],
    ]);
  });

  it('exports more entries than one batch, each once', async () => {
    const em = t.em();
    const at = new Date('2023-06-01T12:00:00Z');
    // Many at the same moment: the batches continue from an entry's (time, id), so none repeats or goes missing.
    for (let i = 0; i < 1005; i++)
      em.create(AdminAction, { adminId: admin.id, action: 'bulk_note', targetType: 'broker', notes: `Bulk ${i}`, createdAt: at });
    await em.flush();
    const res = await admin.agent
      .get('/api/admin/audit/export')
      .query({ filter: JSON.stringify({ action: 'bulk_note' }) })
      .buffer(true);
    const notes = parseCsv(res.text.slice(1))
      .slice(1)
      .map((row) => row[7]);
    expect(notes).toHaveLength(1005);
    expect(new Set(notes).size).toBe(1005);
  });

  it('offers every admin, and anyone who acted as one, to the admin filter', async () => {
    const res = await admin.agent.get('/api/admin/audit/admins');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { id: admin.id, name: 'Alex Morgan', email: 'audit.admin@agency.test' },
      { id: second.id, name: 'Sam Ortiz', email: 'second.admin@agency.test' },
    ]);
  });

  it('answers 403 to a broker on the log, its export and its admins', async () => {
    for (const path of ['/api/admin/audit', '/api/admin/audit/export', '/api/admin/audit/admins']) {
      const res = await broker.agent.get(path);
      expect({ path, status: res.status }).toEqual({ path, status: 403 });
    }
  });

  it('keeps the entries of a broker whose account is deleted (no foreign key cascades into the log)', async () => {
    const gone = await t.em().findOneOrFail(User, { email: 'rita.trial@agency.test' });
    await t.em().getConnection().execute('delete from users where id = ?', [gone.id]);
    const [entry] = await list({ filter: { brokerId: gone.id } });
    expect(entry).toMatchObject({ id: ids.trial, broker: { id: gone.id, name: null, email: null }, notes: 'Extended by 14 days' });
  });

  describe('append-only in the database', () => {
    const notesOf = async (id: string) =>
      (await t.em().getConnection().execute<{ notes: string | null }[]>('select notes from admin_actions where id = ?', [id]))[0]?.notes;

    it('refuses an UPDATE through the ORM’s connection, and the entry is unchanged', async () => {
      const connection = t.em().getConnection();
      await expect(connection.execute(`update admin_actions set notes = 'Extended by 90 days' where id = ?`, [ids.trial])).rejects.toThrow(
        /admin_actions is append-only: UPDATE of an audit entry is not allowed/,
      );
      await expect(connection.execute(`update admin_actions set after = null`)).rejects.toThrow(/append-only/);
      await expect(t.em().nativeUpdate(AdminAction, { id: ids.trial }, { notes: 'Nothing happened' })).rejects.toThrow(/append-only/);
      expect(await notesOf(ids.trial)).toBe('Extended by 14 days');
      expect((await list({ filter: { id: [ids.trial] } }))[0].after).toEqual({
        trialEndsAt: new Date(trialEndBefore.getTime() + 14 * DAY_MS).toISOString(),
      });
    });

    it('refuses a DELETE through the ORM’s connection, and the entry stays', async () => {
      const connection = t.em().getConnection();
      await expect(connection.execute('delete from admin_actions where id = ?', [ids.token])).rejects.toThrow(
        /admin_actions is append-only: DELETE of an audit entry is not allowed/,
      );
      await expect(connection.execute('delete from admin_actions')).rejects.toThrow(/append-only/);
      await expect(t.em().nativeDelete(AdminAction, { id: ids.token })).rejects.toThrow(/append-only/);
      expect(await notesOf(ids.token)).toBe('Revoked the API token “Zapier sync”');
      expect(await t.em().count(AdminAction, { action: { $ne: 'bulk_note' } })).toBe(7);
    });

    it('still records new entries', async () => {
      const res = await admin.agent.post(`/api/admin/brokers/${planBroker.id}/subscription`).send({ subscriptionStatus: 'past_due' });
      expect(res.status).toBe(200);
      const [newest] = await list({ range: '[0,0]' });
      expect(newest).toMatchObject({ action: 'subscription_updated', after: { subscriptionStatus: 'past_due' } });
    });
  });
});
