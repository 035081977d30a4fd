import { User } from '../src/users/user.entity.js';
import type { Agent } from './helpers/browser-agent.js';
import { parseCsv } from './helpers/csv.js';
import { makeUser } from './helpers/factories.js';
import { PDF } from './helpers/files.js';
import { brokerSession } from './helpers/session.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

const HEADER = [
  'Name',
  'Email',
  'Agency',
  'Tier',
  'Status',
  'Suspended',
  'Clients',
  'Active Clients',
  'Monthly Revenue (USD)',
  'Trial Ends',
  'Last Activity',
  'Created',
];

describe('admin lists: the broker export and the resource search', () => {
  let t: TestApp;
  let admin: { agent: Agent; id: string };
  let broker: { agent: Agent; id: string };

  beforeAll(async () => {
    t = await createTestApp({ listen: true });
    admin = await brokerSession(t, 'lists.admin@agency.test');
    await t.em().nativeUpdate(User, { id: admin.id }, { isAdmin: true });
    broker = await brokerSession(t, 'lists.broker@agency.test');
  });
  afterAll(() => t.close());

  describe('GET /api/admin/exports/brokers', () => {
    const trialEnd = new Date('2027-01-15T23:59:59.999Z');
    const suspendedAt = new Date('2026-11-20T10:00:00.000Z');
    const lastSignIn = new Date('2026-11-25T08:30:00.000Z');

    /** A broker with `active` active clients and `inactive` inactive ones. */
    async function brokerWith(fields: Partial<User>, active: number, inactive = 0): Promise<User> {
      const em = t.em();
      const user = await makeUser(em, fields);
      await em.execute(
        `insert into clients (id, broker_id, first_name, last_name, phone, is_active)
         select gen_random_uuid(), ?, 'C', 'N' || n, '+1720' || lpad(n::text, 7, '0'), n <= ? from generate_series(1, ?) n`,
        [user.id, active, active + inactive],
      );
      return user;
    }

    beforeAll(async () => {
      await brokerWith(
        {
          firstName: 'Rita',
          lastName: 'Trial',
          email: 'rita@export.test',
          agencyName: 'Trial & Sons, LLC',
          subscriptionTier: 'flat',
          subscriptionStatus: 'trial',
          trialEndsAt: trialEnd,
          createdAt: new Date('2026-10-01T12:00:00.000Z'),
        },
        3,
        1,
      );
      // A name a spreadsheet would run as a formula; suspended.
      await brokerWith(
        {
          firstName: '=HYPERLINK("http://evil.test","click")',
          lastName: 'Plan',
          email: 'paul@export.test',
          agencyName: '@Evil Agency',
          subscriptionTier: 'pmpm',
          subscriptionStatus: 'active',
          trialEndsAt: null,
          suspendedAt,
          lastSignInAt: lastSignIn,
          createdAt: new Date('2026-10-02T12:00:00.000Z'),
        },
        12,
      );
      await brokerWith(
        {
          firstName: 'Fran',
          lastName: 'Flat',
          email: 'fran@export.test',
          subscriptionTier: 'flat',
          subscriptionStatus: 'active',
          trialEndsAt: null,
          createdAt: new Date('2026-10-03T12:00:00.000Z'),
        },
        5,
      );
    });

    const exportOf = (query: Record<string, string>) => admin.agent.get('/api/admin/exports/brokers').query(query).buffer(true);
    const rowsOf = (text: string) => parseCsv(text.replace(/^\uFEFF/, ''));

    it('downloads every broker as CSV, newest sign-up first', async () => {
      const res = await admin.agent.get('/api/admin/exports/brokers').buffer(true);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="brokers-\d{4}-\d{2}-\d{2}\.csv"$/);
      expect(res.text.startsWith('\uFEFF')).toBe(true);
      expect(rowsOf(res.text)[0]).toEqual(HEADER);
      // Every broker (admins excluded), newest sign-up first, as the list starts.
      const list = await admin.agent.get('/api/admin/brokers').query({ range: '[0,999]' });
      const emails = rowsOf(res.text)
        .slice(1)
        .map((row) => row[1]);
      expect(emails).toEqual(list.body.map((row: { broker: { email: string } }) => row.broker.email));
      expect(emails).not.toContain('lists.admin@agency.test');
      // The detail route still answers for a real id.
      expect((await admin.agent.get(`/api/admin/brokers/${broker.id}`)).status).toBe(200);
    });

    it('writes each column: name, e-mail, agency, plan, suspension, clients, revenue in dollars and the times', async () => {
      const res = await exportOf({ filter: JSON.stringify({ search: 'export.test' }), sort: '["email","ASC"]' });
      expect(res.status).toBe(200);
      const [header, fran, paul, rita] = rowsOf(res.text);
      expect(header).toEqual(HEADER);
      expect(fran).toEqual([
        'Fran Flat',
        'fran@export.test',
        '',
        'flat',
        'active',
        'no',
        '5',
        '5',
        '297.00',
        '',
        '',
        '2026-10-03T12:00:00.000Z',
      ]);
      expect(paul.slice(1)).toEqual([
        'paul@export.test',
        `'@Evil Agency`,
        'pmpm',
        'active',
        'yes',
        '12',
        '12',
        '60.00',
        '',
        lastSignIn.toISOString(),
        '2026-10-02T12:00:00.000Z',
      ]);
      expect(rita).toEqual([
        'Rita Trial',
        'rita@export.test',
        'Trial & Sons, LLC',
        'flat',
        'trial',
        'no',
        '4',
        '3',
        '0.00',
        trialEnd.toISOString(),
        '',
        '2026-10-01T12:00:00.000Z',
      ]);
    });

    it('neutralises cells a spreadsheet would read as a formula', async () => {
      const res = await exportOf({ filter: JSON.stringify({ search: 'paul@export.test' }) });
      const [, paul] = rowsOf(res.text);
      expect(paul[0]).toBe(`'=HYPERLINK("http://evil.test","click") Plan`);
      expect(paul[2]).toBe(`'@Evil Agency`);
      expect(res.text).not.toMatch(/(^|,)"?[=+\-@]/m);
    });

    it('exports under the list’s filters and sort: search, tier, status, in the filter or as parameters', async () => {
      const emails = async (query: Record<string, string>) => {
        const res = await exportOf(query);
        expect(res.status).toBe(200);
        return rowsOf(res.text)
          .slice(1)
          .map((row) => row[1]);
      };
      const mine = (filter: Record<string, string>) => JSON.stringify({ search: 'export.test', ...filter });
      expect(await emails({ filter: mine({ tier: 'pmpm' }) })).toEqual(['paul@export.test']);
      expect(await emails({ filter: mine({ status: 'trial' }) })).toEqual(['rita@export.test']);
      expect(await emails({ filter: mine({ tier: 'flat', status: 'active' }) })).toEqual(['fran@export.test']);
      expect(await emails({ filter: mine({ tier: 'all', status: 'all' }), sort: '["clientCount","DESC"]' })).toEqual([
        'paul@export.test',
        'fran@export.test',
        'rita@export.test',
      ]);
      // Newest sign-up first without a sort, as the list.
      expect(await emails({ filter: mine({}) })).toEqual(['fran@export.test', 'paul@export.test', 'rita@export.test']);
      expect(await emails({ search: 'RITA', status: 'trial' })).toEqual(['rita@export.test']);
      // % and _ are plain text.
      expect(await emails({ filter: JSON.stringify({ search: '%export%' }) })).toEqual([]);
    });

    it('exports more brokers than one batch, each once', async () => {
      const em = t.em();
      const at = new Date('2025-01-01T00:00:00.000Z');
      // Many signed up at the same moment: the batches follow the list's order, ties broken by id.
      for (let i = 0; i < 1005; i++) em.create(User, { email: `b${i}@batch.export-many.test`, createdAt: at });
      await em.flush();
      const res = await exportOf({ filter: JSON.stringify({ search: 'export-many.test' }) });
      const emails = rowsOf(res.text)
        .slice(1)
        .map((row) => row[1]);
      expect(emails).toHaveLength(1005);
      expect(new Set(emails).size).toBe(1005);
    });

    it('refuses a bad filter or sort with a message, before any of the file', async () => {
      const tier = await exportOf({ filter: JSON.stringify({ tier: 'gold' }) });
      expect(tier.status).toBe(400);
      expect(tier.body.message).toBe('tier must be pmpm or flat');
      const sort = await exportOf({ sort: '["password","ASC"]' });
      expect(sort.status).toBe(400);
      expect(sort.body.message).toMatch(/^sort field "password" is not one of/);
      expect((await exportOf({ filter: '{"agency":"x"}' })).status).toBe(400);
    });

    it('answers 403 to a broker', async () => {
      const res = await broker.agent.get('/api/admin/exports/brokers');
      expect(res.status).toBe(403);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
    });
  });

  describe('searching the resource library (GET /api/admin/resources)', () => {
    const titles: Record<string, string> = {};

    async function upload(title: string, description: string): Promise<string> {
      const res = await admin.agent
        .post('/api/admin/resources')
        .attach('file', PDF, 'file.pdf')
        .field('title', title)
        .field('description', description);
      expect(res.status).toBe(201);
      titles[res.body.id as string] = title;
      return res.body.id as string;
    }

    beforeAll(async () => {
      await upload('Medigap Comparison Chart', 'Plans side by side');
      await upload('AEP Playbook', 'Week by week, from outreach to MEDIGAP follow-up');
      await upload('100% Enrollment Checklist', 'Everything for the enrollment_period');
      const retired = await upload('Retired Medigap Flyer', 'Last year’s');
      expect((await admin.agent.patch(`/api/admin/resources/${retired}/toggle`).send({ isActive: false })).status).toBe(200);
    });

    const search = async (filter: Record<string, unknown>, agent: Agent = admin.agent) => {
      const res = await agent.get(agent === admin.agent ? '/api/admin/resources' : '/api/resources').query({
        filter: JSON.stringify(filter),
        sort: '["title","ASC"]',
        range: '[0,24]',
      });
      expect(res.status).toBe(200);
      return (res.body as { title: string }[]).map((resource) => resource.title);
    };

    it('finds the words in the title or the description, whatever the case, inactive ones with includeInactive', async () => {
      expect(await search({ q: 'medigap' })).toEqual(['AEP Playbook', 'Medigap Comparison Chart']);
      expect(await search({ q: 'MEDIGAP', includeInactive: true })).toEqual([
        'AEP Playbook',
        'Medigap Comparison Chart',
        'Retired Medigap Flyer',
      ]);
      expect(await search({ q: 'side by' })).toEqual(['Medigap Comparison Chart']);
      expect(await search({ q: 'nothing like this' })).toEqual([]);
      // The query parameter still means the same.
      const res = await admin.agent
        .get('/api/admin/resources')
        .query({ includeInactive: 'true', filter: JSON.stringify({ q: 'flyer' }), range: '[0,24]' });
      expect(res.body.map((resource: { title: string }) => resource.title)).toEqual(['Retired Medigap Flyer']);
      expect(res.headers['content-range']).toBe('resources 0-0/1');
    });

    it('takes % and _ as plain text', async () => {
      expect(await search({ q: '%' })).toEqual(['100% Enrollment Checklist']);
      expect(await search({ q: 'enrollment_' })).toEqual(['100% Enrollment Checklist']);
      expect(await search({ q: 'p_ans' })).toEqual([]);
    });

    it('refuses an includeInactive that is not true or false, and offers it to admins only', async () => {
      const res = await admin.agent.get('/api/admin/resources').query({ filter: JSON.stringify({ includeInactive: 'yes' }) });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('filter includeInactive must be true or false');
      const brokers = await broker.agent.get('/api/resources').query({ filter: JSON.stringify({ includeInactive: true }) });
      expect(brokers.status).toBe(400);
      expect(await search({ q: 'medigap' }, broker.agent)).toEqual(['AEP Playbook', 'Medigap Comparison Chart']);
    });
  });
});
