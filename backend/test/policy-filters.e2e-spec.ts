import type { Agent } from './helpers/browser-agent.js';
import { realNow, TestClock } from './helpers/clock.js';
import { brokerSession, memberSession } from './helpers/session.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/**
 * The client list's Current plan and its policy filters (issue 51, docs/clients.md "Policies in the
 * list"): each client's current policy in the list's one statement, the filters on the clients'
 * policies, and both kept to the member's book. The clock stands at 03:00 UTC on 21 November 2026,
 * still the 20th in the agency's New York: "terminating soon" runs from 2026-11-20 to 2027-01-19.
 */
const clock = new TestClock('2026-11-21T03:00:00.000Z');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ listen: true, clock });
});
afterAll(() => t?.close());

type Listed = { firstName: string; currentPolicy: Record<string, unknown> | null };

describe('policies in the client list', () => {
  let owner: { agent: Agent; id: string };
  const ids: Record<string, string> = {};
  const policyIds: Record<string, string> = {};

  const addClient = async (who: Agent, firstName: string, phone: string): Promise<string> => {
    const res = await who.post('/api/clients').send({ firstName, lastName: 'Book', phone });
    expect(res.status).toBe(201);
    return res.body.id as string;
  };
  const addPolicy = async (who: Agent, clientId: string, policy: Record<string, unknown>): Promise<string> => {
    const res = await who.post(`/api/clients/${clientId}/policies`).send(policy);
    expect([res.status, res.body.message]).toEqual([201, undefined]);
    return res.body.id as string;
  };
  const list = async (who: Agent, filter: Record<string, unknown> = {}): Promise<Listed[]> => {
    const res = await who.get('/api/clients').query({ filter: JSON.stringify(filter), sort: JSON.stringify(['firstName', 'ASC']) });
    expect([res.status, res.body.message]).toEqual([200, undefined]);
    return res.body as Listed[];
  };
  const names = async (who: Agent, filter: Record<string, unknown>) => (await list(who, filter)).map((client) => client.firstName);

  const MAPD = { carrier: 'Humana', planName: 'Humana Gold Plus (HMO)', planType: 'mapd', planId: 'H1234-001' };

  beforeAll(async () => {
    owner = await brokerSession(t, 'filters.owner@agency.test');
    // Ada: two active plans (the latest effective is current), a pending one for next year.
    ids.ada = await addClient(owner.agent, 'Ada', '(615) 555-0201');
    await addPolicy(owner.agent, ids.ada, { ...MAPD, status: 'active', effectiveDate: '2024-01-01' });
    policyIds.ada = await addPolicy(owner.agent, ids.ada, {
      carrier: 'Aetna',
      planName: 'Aetna Medicare Rx Saver (PDP)',
      planType: 'pdp',
      planId: 'S5601-042',
      status: 'active',
      effectiveDate: '2025-01-01',
    });
    await addPolicy(owner.agent, ids.ada, { ...MAPD, carrier: 'HUMANA', status: 'pending', effectiveDate: '2027-01-01' });
    // Bea: a pending application only; her Medigap ends on the agency's today.
    ids.bea = await addClient(owner.agent, 'Bea', '(615) 555-0202');
    policyIds.bea = await addPolicy(owner.agent, ids.bea, { ...MAPD, carrier: 'UnitedHealthcare', planName: 'AARP Medicare Advantage' });
    await addPolicy(owner.agent, ids.bea, {
      carrier: 'Mutual of Omaha',
      planName: 'Plan G',
      planType: 'medigap',
      medigapPlan: 'G',
      status: 'terminated',
      effectiveDate: '2023-03-01',
      terminationDate: '2026-11-20',
      terminationReason: 'switched_plan',
    });
    // Cy: a Medicare plan and dental from the same day (the Medicare plan is current); his Humana plan ends in 60 days.
    ids.cy = await addClient(owner.agent, 'Cy', '(615) 555-0203');
    await addPolicy(owner.agent, ids.cy, {
      carrier: 'Delta Dental',
      planName: 'Delta Dental Medicare',
      planType: 'dental',
      status: 'active',
      effectiveDate: '2026-01-01',
    });
    policyIds.cy = await addPolicy(owner.agent, ids.cy, { ...MAPD, status: 'active', effectiveDate: '2026-01-01' });
    await addPolicy(owner.agent, ids.cy, {
      ...MAPD,
      planId: 'H1234-002',
      status: 'terminated',
      effectiveDate: '2025-01-01',
      terminationDate: '2027-01-19',
      terminationReason: 'switched_agent',
    });
    // Dee: a plan that ended yesterday and one that ends 61 days from today; neither current.
    ids.dee = await addClient(owner.agent, 'Dee', '(615) 555-0204');
    await addPolicy(owner.agent, ids.dee, { ...MAPD, status: 'terminated', effectiveDate: '2025-01-01', terminationDate: '2026-11-19' });
    await addPolicy(owner.agent, ids.dee, {
      carrier: 'Aetna',
      planName: 'Aetna Dental',
      planType: 'dental',
      status: 'terminated',
      effectiveDate: '2025-01-01',
      terminationDate: '2027-01-20',
    });
    // Eve: no policy at all.
    ids.eve = await addClient(owner.agent, 'Eve', '(615) 555-0205');
  });

  it('answers each client’s current policy: an active one (latest effective first), else a pending one, else null', async () => {
    const clients = await list(owner.agent);
    const current = Object.fromEntries(clients.map((client) => [client.firstName, client.currentPolicy]));
    expect(current.Ada).toEqual({
      id: policyIds.ada,
      carrier: 'Aetna',
      planName: 'Aetna Medicare Rx Saver (PDP)',
      planId: 'S5601-042-000',
      planType: 'pdp',
      medigapPlan: null,
      status: 'active',
      effectiveDate: '2025-01-01',
      terminationDate: null,
    });
    expect(current.Bea).toMatchObject({ id: policyIds.bea, carrier: 'UnitedHealthcare', status: 'pending', effectiveDate: null });
    expect(current.Cy).toMatchObject({ id: policyIds.cy, planType: 'mapd', status: 'active' });
    expect([current.Dee, current.Eve]).toEqual([null, null]);
    // The client's own page answers the same.
    expect((await owner.agent.get(`/api/clients/${ids.ada}`)).body.currentPolicy).toEqual(current.Ada);
    expect((await owner.agent.get(`/api/clients/${ids.eve}`)).body.currentPolicy).toBeNull();
  });

  it('filters by carrier, any case but the whole name, among all of a client’s policies', async () => {
    expect(await names(owner.agent, { carrier: 'humana' })).toEqual(['Ada', 'Cy', 'Dee']);
    expect(await names(owner.agent, { carrier: '  AETNA ' })).toEqual(['Ada', 'Dee']);
    expect(await names(owner.agent, { carrier: 'Huma' })).toEqual([]);
    expect(await names(owner.agent, { carrier: 'mutual of omaha' })).toEqual(['Bea']);
  });

  it('filters by plan type and by the year a policy took effect, all filters on one policy', async () => {
    expect(await names(owner.agent, { policyType: 'dental' })).toEqual(['Cy', 'Dee']);
    expect(await names(owner.agent, { policyType: 'medigap' })).toEqual(['Bea']);
    expect(await names(owner.agent, { effectiveYear: 2025 })).toEqual(['Ada', 'Cy', 'Dee']);
    expect(await names(owner.agent, { effectiveYear: 2027 })).toEqual(['Ada']);
    // One policy must meet them all: Ada's Humana plans are MAPD, her PDP is Aetna's.
    expect(await names(owner.agent, { carrier: 'Humana', policyType: 'pdp' })).toEqual([]);
    expect(await names(owner.agent, { carrier: 'Aetna', policyType: 'pdp', effectiveYear: 2025 })).toEqual(['Ada']);
    // With the list's other filters and its total.
    const res = await owner.agent.get('/api/clients').query({
      filter: JSON.stringify({ carrier: 'Humana', q: 'cy' }),
      range: '[0,0]',
    });
    expect([res.body.length, res.headers['content-range']]).toEqual([1, 'clients 0-0/1']);
  });

  it('finds the policies terminating soon: from the agency’s today through 60 days, by the app’s clock', async () => {
    // Bea's ends today (the 20th in New York, already the 21st in UTC), Cy's on the 60th day; Dee's yesterday and on the 61st.
    expect(await names(owner.agent, { terminatingSoon: true })).toEqual(['Bea', 'Cy']);
    expect(await names(owner.agent, { terminatingSoon: false })).toEqual(['Ada', 'Bea', 'Cy', 'Dee', 'Eve']);
    expect(await names(owner.agent, { terminatingSoon: true, carrier: 'humana' })).toEqual(['Cy']);
    clock.set('2026-11-21T06:00:00.000Z');
    try {
      expect(await names(owner.agent, { terminatingSoon: true })).toEqual(['Cy', 'Dee']);
    } finally {
      clock.set('2026-11-21T03:00:00.000Z');
    }
  });

  it.each([
    [
      'an unknown type',
      { policyType: 'hmo' },
      'filter policyType must be one of: medicare_advantage, mapd, pdp, medigap, dental, vision, other',
    ],
    ['a year before Medicare', { effectiveYear: 1900 }, 'filter effectiveYear must be a year from 1965 to 2200'],
    ['a year as text', { effectiveYear: '2026' }, 'filter effectiveYear must be a whole number'],
    ['a carrier of 101 characters', { carrier: 'x'.repeat(101) }, 'filter carrier must be at most 100 characters'],
    ['a carrier as a number', { carrier: 12 }, 'filter carrier must be text'],
    ['terminatingSoon as text', { terminatingSoon: 'yes' }, 'filter terminatingSoon must be true or false'],
  ])('refuses %s with its reason', async (_label, filter, message) => {
    const res = await owner.agent.get('/api/clients').query({ filter: JSON.stringify(filter) });
    expect([res.status, res.body.message]).toEqual([400, message]);
  });

  it('exports the clients under the policy filters', async () => {
    const res = await owner.agent.get('/api/clients/export.csv').query({ filter: JSON.stringify({ carrier: 'aetna' }) });
    expect(res.status).toBe(200);
    const names = res.text
      .split('\r\n')
      .slice(1)
      .filter(Boolean)
      .map((line) => line.split(',')[0]);
    expect(names.sort()).toEqual(['Ada', 'Dee']);
  });

  it('lists the carriers of the book, one spelling each, for the filter’s choices', async () => {
    const res = await owner.agent.get('/api/policies/carriers');
    expect(res.status).toBe(200);
    // Humana twice as "Humana", once as "HUMANA": the spelling used most.
    expect(res.body).toEqual(['Aetna', 'Delta Dental', 'Humana', 'Mutual of Omaha', 'UnitedHealthcare']);
  });

  it('keeps the column, the filters and the carriers to the book: another agency’s never, a restricted agent’s own clients only', async () => {
    const other = await brokerSession(t, 'filters.other@agency.test');
    const theirs = await addClient(other.agent, 'Flo', '(615) 555-0206');
    await addPolicy(other.agent, theirs, { ...MAPD, carrier: 'Cigna', status: 'active', effectiveDate: '2026-01-01' });
    await addPolicy(other.agent, theirs, { ...MAPD, status: 'terminated', effectiveDate: '2025-01-01', terminationDate: '2026-12-01' });
    expect(await names(owner.agent, { carrier: 'cigna' })).toEqual([]);
    expect(await names(owner.agent, { terminatingSoon: true })).toEqual(['Bea', 'Cy']);
    expect((await owner.agent.get('/api/policies/carriers')).body).not.toContain('Cigna');
    expect(await names(other.agent, { carrier: 'humana' })).toEqual(['Flo']);
    expect((await other.agent.get('/api/policies/carriers')).body).toEqual(['Cigna', 'Humana']);

    // An invitation is checked against the database's time: joined on the real day.
    clock.set(realNow());
    const { agent, memberId } = await memberSession(t, owner.id, 'agent', 'filters.agent@agency.test').finally(() =>
      clock.set('2026-11-21T03:00:00.000Z'),
    );
    expect((await owner.agent.post('/api/clients/assign').send({ ids: [ids.bea, ids.dee], memberId })).status).toBe(200);
    // Until the agency keeps agents to their own clients, the agent sees the whole book.
    expect(await names(agent, { carrier: 'humana' })).toEqual(['Ada', 'Cy', 'Dee']);
    expect((await owner.agent.put('/api/team/settings').send({ agentsSeeAssignedOnly: true })).status).toBe(200);
    expect(await names(agent, { carrier: 'humana' })).toEqual(['Dee']);
    expect(await names(agent, { terminatingSoon: true })).toEqual(['Bea']);
    expect(await names(agent, { policyType: 'pdp' })).toEqual([]);
    expect((await list(agent)).map((client) => [client.firstName, client.currentPolicy?.carrier ?? null])).toEqual([
      ['Bea', 'UnitedHealthcare'],
      ['Dee', null],
    ]);
    expect((await agent.get('/api/policies/carriers')).body).toEqual(['Aetna', 'Humana', 'Mutual of Omaha', 'UnitedHealthcare']);
  });
});
