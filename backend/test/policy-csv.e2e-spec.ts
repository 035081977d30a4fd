import { Client } from '../src/clients/client.entity.js';
import { Policy } from '../src/policies/policy.entity.js';
import type { Agent } from './helpers/browser-agent.js';
import { parseCsv } from './helpers/csv.js';
import { brokerSession, memberSession } from './helpers/session.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/**
 * Policies in the client CSVs (issue 51, docs/policies.md "In CSV files"): the export's current-plan
 * columns after the others, and the import's policy columns, checked with the policies API's rules,
 * a bad cell being its row's error with nothing of the row written.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ listen: true });
});
afterAll(() => t?.close());

const HEADER =
  'firstName,lastName,phone,Agent Email,Carrier,Plan Name,Plan ID,Plan Type,Policy Status,Effective Date,Medigap Plan,Premium,Term Date,Term Reason';

describe('policies in the client CSVs', () => {
  let owner: { agent: Agent; id: string };
  let ownerMemberId: string;
  let agentId: string;

  const upload = async (who: Agent, csv: string) => {
    const res = await who.post('/api/clients/upload').attach('file', Buffer.from(csv), 'book.csv');
    expect(res.status).toBe(200);
    return res.body as { status: string; count: number; errors: { row: number; field: string; message: string }[]; message: string };
  };
  const policiesOf = async (brokerId: string) => {
    const clients = await t.em().find(Client, { broker: brokerId });
    const byId = new Map(clients.map((client) => [client.id, client.firstName]));
    const policies = await t.em().find(Policy, { broker: brokerId }, { orderBy: { carrier: 'asc' } });
    return policies.map((policy) => ({ ...policy, client: byId.get(policy.client) }));
  };

  beforeAll(async () => {
    owner = await brokerSession(t, 'csv.policies@agency.test');
    ownerMemberId = (await owner.agent.get('/api/auth/user')).body.member.id as string;
    ({ memberId: agentId } = await memberSession(t, owner.id, 'agent', 'csv.policies.agent@agency.test'));
    const existing = await owner.agent.post('/api/clients').send({ firstName: 'Fay', lastName: 'Earlier', phone: '(615) 555-0306' });
    expect(existing.status).toBe(201);
  });

  it('imports each row’s policy with its client, and reports a bad policy cell as its row’s error with nothing of the row written', async () => {
    const job = await upload(
      owner.agent,
      [
        HEADER,
        'Ann,Able,(615) 555-0301,csv.policies.agent@agency.test,Humana,Humana Gold Plus (HMO),h1234 001,MAPD,Active,1/1/2026,,0,,',
        'Bob,Bad,(615) 555-0302,,Aetna,Aetna Medicare Rx Saver,H5601-042,Part D,Active,2026-01-01,,,,',
        'Cy,Carrier,(615) 555-0303,,Cigna,,,,,,,,,',
        'Dee,Gap,(615) 555-0304,,Mutual of Omaha,Plan G,,Medicare Supplement,,2025-03-01,G,"$182.40",,',
        'Eve,Premium,(615) 555-0305,,Wellcare,Wellcare Value Script,S4802-011,PDP,Active,2026-01-01,,12.345,,',
        // Already a client: neither the client nor a policy is added to the one there.
        'Fay,Again,(615) 555-0306,,Humana,Humana Gold Plus (HMO),H1234-001,MAPD,Active,2026-01-01,,,,',
        'Gus,Gone,(615) 555-0307,,Anthem,Anthem MediBlue,H3655-002,MA,terminated,2024-01-01,,,12/31/2025,switched agent',
      ].join('\n'),
    );
    expect(job).toMatchObject({ status: 'completed', count: 4, message: 'Imported 4 of 7 clients; 3 rows skipped' });
    expect(job.errors).toEqual([
      { row: 3, field: 'planId', message: 'A Part D plan’s contract starts with S (or E for an employer plan), not H' },
      { row: 6, field: 'premium', message: 'premium must be the monthly premium in dollars, from 0 to 100,000 (e.g. 25.50), not "12.345"' },
      { row: 7, field: 'phone', message: 'A client with the phone number +16155550306 already exists' },
    ]);
    const clients = await t.em().find(Client, { broker: owner.id }, { orderBy: { firstName: 'asc' } });
    expect(clients.map((client) => [client.firstName, client.carrier, client.planType])).toEqual([
      ['Ann', 'Humana', 'medicare_advantage'],
      ['Cy', 'Cigna', null],
      ['Dee', 'Mutual of Omaha', 'medigap'],
      ['Fay', null, null],
      ['Gus', 'Anthem', 'medicare_advantage'],
    ]);
    const policies = await policiesOf(owner.id);
    expect(
      policies.map(({ client, carrier, planName, planId, planType, medigapPlan, status, effectiveDate, premiumCents }) => ({
        client,
        carrier,
        planName,
        planId,
        planType,
        medigapPlan,
        status,
        effectiveDate,
        premiumCents,
      })),
    ).toEqual([
      {
        client: 'Gus',
        carrier: 'Anthem',
        planName: 'Anthem MediBlue',
        planId: 'H3655-002-000',
        planType: 'medicare_advantage',
        medigapPlan: null,
        status: 'terminated',
        effectiveDate: '2024-01-01',
        premiumCents: null,
      },
      {
        client: 'Ann',
        carrier: 'Humana',
        planName: 'Humana Gold Plus (HMO)',
        planId: 'H1234-001-000',
        planType: 'mapd',
        medigapPlan: null,
        status: 'active',
        effectiveDate: '2026-01-01',
        premiumCents: 0,
      },
      {
        client: 'Dee',
        carrier: 'Mutual of Omaha',
        planName: 'Plan G',
        planId: null,
        planType: 'medigap',
        medigapPlan: 'G',
        status: 'pending',
        effectiveDate: '2025-03-01',
        premiumCents: 18240,
      },
    ]);
    const gus = policies.find((policy) => policy.client === 'Gus')!;
    expect([gus.terminationDate, gus.terminationReason]).toEqual(['2025-12-31', 'switched_agent']);
    // Written by the member the client goes to: the agent the row names, else the owner who uploaded.
    expect(policies.find((policy) => policy.client === 'Ann')?.writingMemberId).toBe(agentId);
    expect(policies.find((policy) => policy.client === 'Dee')?.writingMemberId).toBe(ownerMemberId);
    // Each is on its client's page as the policies API answers it.
    const ann = clients.find((client) => client.firstName === 'Ann')!;
    expect((await owner.agent.get(`/api/clients/${ann.id}/policies`)).body).toEqual([
      expect.objectContaining({ carrier: 'Humana', planId: 'H1234-001-000', status: 'active' }),
    ]);
  });

  it('exports the current plan after the other columns, under headers the import reads back', async () => {
    const res = await owner.agent.get('/api/clients/export.csv').query({ sort: JSON.stringify(['firstName', 'ASC']) });
    expect(res.status).toBe(200);
    const [header, ...rows] = parseCsv(res.text.slice(1));
    expect(header).toEqual([
      'First name',
      'Last name',
      'E-mail',
      'Phone',
      'Status',
      'Invitation',
      'Engagement',
      'Joined',
      'Carrier',
      'Plan name',
      'Plan ID',
      'Plan type',
      'Plan status',
      'Effective date',
      'Medigap plan',
    ]);
    const plan = Object.fromEntries(rows.map((row) => [row[0], row.slice(8)]));
    expect(plan).toEqual({
      Ann: ['Humana', 'Humana Gold Plus (HMO)', 'H1234-001-000', 'MAPD', 'Active', '2026-01-01', ''],
      Cy: ['', '', '', '', '', '', ''],
      Dee: ['Mutual of Omaha', 'Plan G', '', 'Medigap', 'Pending', '2025-03-01', 'G'],
      Fay: ['', '', '', '', '', '', ''],
      // His only policy ended: no current plan.
      Gus: ['', '', '', '', '', '', ''],
    });

    // Another agency imports the file as it is: the same current plans.
    const other = await brokerSession(t, 'csv.policies.other@agency.test');
    const job = await upload(other.agent, res.text);
    expect(job).toMatchObject({ status: 'completed', count: 5 });
    const theirs = await policiesOf(other.id);
    expect(
      theirs.map(({ client, carrier, planName, planId, planType, medigapPlan, status, effectiveDate }) => [
        client,
        carrier,
        planName,
        planId,
        planType,
        medigapPlan,
        status,
        effectiveDate,
      ]),
    ).toEqual([
      ['Ann', 'Humana', 'Humana Gold Plus (HMO)', 'H1234-001-000', 'mapd', null, 'active', '2026-01-01'],
      ['Dee', 'Mutual of Omaha', 'Plan G', null, 'medigap', 'G', 'pending', '2025-03-01'],
    ]);
  });
});
