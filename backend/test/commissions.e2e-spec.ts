import type { StatementDto } from '../src/policies/dto/commission.dto.js';
import type { Agent } from './helpers/browser-agent.js';
import { waitFor } from './helpers/built-app.js';
import { realNow, TestClock } from './helpers/clock.js';
import { brokerSession, memberSession } from './helpers/session.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/** Commissions (issue 51, docs/policies.md "Commissions"): schedules, expected per policy, statements imported and matched. */
let t: TestApp;
const clock = new TestClock(realNow());
beforeAll(async () => {
  t = await createTestApp({ listen: true, clock });
});
afterAll(() => t?.close());

let owner: { agent: Agent; id: string };
let agent: { agent: Agent; memberId: string };
let assistant: { agent: Agent; memberId: string };
const policy: Record<string, string> = {};
const client: Record<string, string> = {};

async function addClient(key: string, firstName: string, lastName: string, phone: string, assignedTo?: string) {
  const res = await owner.agent.post('/api/clients').send({ firstName, lastName, phone });
  expect(res.status).toBe(201);
  client[key] = res.body.id as string;
  if (assignedTo)
    expect((await owner.agent.post('/api/clients/assign').send({ ids: [res.body.id], memberId: assignedTo })).status).toBe(200);
}

async function addPolicy(key: string, clientKey: string, body: Record<string, unknown>) {
  const res = await owner.agent.post(`/api/clients/${client[clientKey]}/policies`).send({ status: 'active', ...body });
  expect(res.status).toBe(201);
  policy[key] = res.body.id as string;
  return res.body;
}

const upload = (who: Agent, csv: string | Buffer, carrier = 'Humana', name = 'humana-2026-02.csv') =>
  who.post('/api/commissions/statements').field('carrier', carrier).attach('file', Buffer.from(csv), name);

async function finished(id: string): Promise<StatementDto> {
  let statement = {} as StatementDto;
  await waitFor(
    `statement ${id} to be imported`,
    async () => {
      const res = await owner.agent.get(`/api/commissions/statements/${id}`);
      expect(res.status).toBe(200);
      statement = res.body as StatementDto;
      return statement.status === 'completed' || statement.status === 'failed';
    },
    30_000,
    50,
  );
  return statement;
}

beforeAll(async () => {
  owner = await brokerSession(t, 'commissions.owner@agency.test');
  agent = await memberSession(t, owner.id, 'agent', 'commissions.agent@agency.test');
  assistant = await memberSession(t, owner.id, 'assistant', 'commissions.assistant@agency.test');
  // Signed in on the real day; the figures are read on a day of the statement's year.
  clock.set('2026-03-15T15:00:00Z');
  await addClient('rosa', 'Rosa', 'Díaz', '(615) 555-0171');
  await addClient('john', 'John', 'Smith', '(615) 555-0172', agent.memberId);
  await addClient('katharine', 'Katharine', 'Johnson', '(615) 555-0173');
  await addClient('ana', 'Ana', 'Lopez', '(615) 555-0174');
  await addClient('paul', 'Paul', 'Green', '(615) 555-0175');
  await addClient('jane', 'Jane', 'Smith', '(615) 555-0176');
  await addPolicy('rosa', 'rosa', {
    carrier: 'Humana',
    planName: 'Humana Gold Plus (HMO)',
    planType: 'mapd',
    planId: 'H1234-001-000',
    effectiveDate: '2026-01-01',
    carrierMemberId: 'hum100200',
  });
  await addPolicy('john', 'john', {
    carrier: 'Humana',
    planName: 'Humana Gold Plus (HMO)',
    planType: 'mapd',
    planId: 'H1234-001',
    effectiveDate: '2025-01-01',
  });
  await addPolicy('katharine', 'katharine', {
    carrier: 'humana',
    planName: 'Humana Choice (PPO)',
    planType: 'mapd',
    planId: 'H5216-002-001',
    effectiveDate: '2025-06-01',
  });
  await addPolicy('ana', 'ana', {
    carrier: 'Humana',
    planName: 'Humana Walmart Value Rx',
    planType: 'pdp',
    planId: 'S5884-100',
    effectiveDate: '2026-01-01',
  });
  await addPolicy('paul', 'paul', {
    carrier: 'Humana',
    planName: 'Humana Gold Plus (HMO)',
    planType: 'mapd',
    planId: 'H1234-001',
    effectiveDate: '2026-01-01',
  });
  await addPolicy('jane', 'jane', {
    carrier: 'Aetna',
    planName: 'Aetna Medicare Eagle (PPO)',
    planType: 'mapd',
    planId: 'H5521-045',
    effectiveDate: '2026-01-01',
  });
});

describe('commission schedules', () => {
  it('adds a carrier’s schedules (one per plan type, whatever the carrier’s case) and logs them', async () => {
    const all = await owner.agent
      .post('/api/commissions/schedules')
      .send({ carrier: 'Humana', initialAnnualCents: 61_200, renewalAnnualCents: 30_600 });
    expect(all.status).toBe(201);
    expect(all.body).toMatchObject({ carrier: 'Humana', planType: null, initialAnnualCents: 61_200, renewalAnnualCents: 30_600 });
    const pdp = await owner.agent
      .post('/api/commissions/schedules')
      .send({ carrier: 'HUMANA', planType: 'pdp', initialAnnualCents: 10_000, renewalAnnualCents: 5_000 });
    expect(pdp.status).toBe(201);
    const again = await owner.agent
      .post('/api/commissions/schedules')
      .send({ carrier: 'humana ', initialAnnualCents: 1, renewalAnnualCents: 1 });
    expect([again.status, again.body.message]).toEqual([409, 'The carrier already has a schedule for this plan type']);
    const list = await agent.agent.get('/api/commissions/schedules');
    expect(list.body.map((s: { planType: string | null }) => s.planType)).toEqual([null, 'pdp']);
    const changed = await owner.agent.put(`/api/commissions/schedules/${pdp.body.id}`).send({ renewalAnnualCents: 6_000 });
    expect(changed.body).toMatchObject({ carrier: 'HUMANA', planType: 'pdp', initialAnnualCents: 10_000, renewalAnnualCents: 6_000 });
    const log = await owner.agent.get('/api/agency-log');
    expect(log.body[0]).toMatchObject({ action: 'commission_schedule_updated', summary: 'Changed the HUMANA pdp commission schedule' });
  });

  it.each([
    [{ carrier: 'Aetna', initialAnnualCents: -1, renewalAnnualCents: 0 }, 'initialAnnualCents must be 0 or more'],
    [{ carrier: 'Aetna', initialAnnualCents: 1.5, renewalAnnualCents: 0 }, 'initialAnnualCents must be a whole number of cents'],
    [{ carrier: 'Aetna', initialAnnualCents: 0 }, 'renewalAnnualCents must be a whole number of cents'],
    [{ carrier: 'Aetna', planType: 'hmo', initialAnnualCents: 0, renewalAnnualCents: 0 }, 'planType must be one of'],
    [{ carrier: '  ', initialAnnualCents: 0, renewalAnnualCents: 0 }, 'carrier is required'],
  ])('refuses a bad schedule with a message: %#', async (body, message) => {
    const res = await owner.agent.post('/api/commissions/schedules').send(body);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain(message);
  });

  it('lets only owners change schedules, and keeps money from assistants', async () => {
    const byAgent = await agent.agent
      .post('/api/commissions/schedules')
      .send({ carrier: 'Aetna', initialAnnualCents: 1, renewalAnnualCents: 1 });
    expect([byAgent.status, byAgent.body.permission]).toEqual([403, 'commissions:write']);
    const read = await assistant.agent.get('/api/commissions/schedules');
    expect([read.status, read.body.permission]).toEqual([403, 'commissions:read']);
    const policyRead = await assistant.agent.get(`/api/policies/${policy.rosa}`);
    expect(policyRead.body).toMatchObject({ expectedCommission: null, paidCommissionCents: null, carrierMemberId: 'hum100200' });
  });
});

describe('the commission expected of a policy', () => {
  it('is initial in the calendar year the policy took effect and renewal after, a twelfth of the year each month', async () => {
    expect((await owner.agent.get(`/api/policies/${policy.rosa}`)).body).toMatchObject({
      expectedCommission: { kind: 'initial', annualCents: 61_200, monthlyCents: 5_100 },
      paidCommissionCents: 0,
    });
    expect((await owner.agent.get(`/api/policies/${policy.john}`)).body.expectedCommission).toMatchObject({
      kind: 'renewal',
      monthlyCents: 2_550,
    });
    // The plan type's own schedule before the carrier's for every type.
    expect((await owner.agent.get(`/api/policies/${policy.ana}`)).body.expectedCommission).toMatchObject({
      kind: 'initial',
      annualCents: 10_000,
    });
    // No schedule for Aetna.
    expect((await owner.agent.get(`/api/policies/${policy.jane}`)).body.expectedCommission).toBeNull();
  });

  it('takes the carrier’s member ID, up to 40 characters, and clears it with null', async () => {
    const long = await owner.agent.put(`/api/policies/${policy.jane}`).send({ carrierMemberId: 'x'.repeat(41) });
    expect([long.status, JSON.stringify(long.body)]).toEqual([
      400,
      expect.stringContaining('carrierMemberId must be at most 40 characters'),
    ]);
    const set = await owner.agent.put(`/api/policies/${policy.jane}`).send({ carrierMemberId: ' AET-777 ' });
    expect(set.body.carrierMemberId).toBe('AET-777');
    const cleared = await owner.agent.put(`/api/policies/${policy.jane}`).send({ carrierMemberId: null });
    expect(cleared.body.carrierMemberId).toBeNull();
  });
});

const STATEMENT = [
  'Member ID,Member Name,Plan ID,Paid Amount,Period,Effective Date',
  // Exact by the carrier's member ID (the name as the carrier has it).
  'HUM100200,"DIAZ, ROSA M",H1234-001,$51.00,2026-02,01/01/2026',
  // Exact by name (no member ID on the policy); the segment left out.
  ',John Smith,H1234001,25.50,Feb 2026,',
  // Fuzzy: an initial for the first name.
  ',"SMITH, J",H1234-001,25.50,02/2026,',
  // Fuzzy: names alike.
  ',Katherine Jonson,H5216-002,"$1,000.00",2026-02-01,',
  // A chargeback for January.
  'HUM100200,"DIAZ, ROSA",H1234-001,(51.00),2026-01,',
  // Unmatched: no such member on the plan.
  ',Nobody Here,H1234-001,51.00,2026-02,',
  // Unreadable: the amount.
  ',Ana Lopez,S5884-100,fifty,2026-02,',
].join('\n');

describe('a carrier’s commission statement', () => {
  let statement: StatementDto;

  it('is checked and stored, then waits for its columns to be mapped (guessed from its header)', async () => {
    const res = await upload(owner.agent, STATEMENT);
    expect(res.status).toBe(201);
    statement = res.body as StatementDto;
    expect(statement).toMatchObject({
      carrier: 'Humana',
      status: 'mapping',
      rowsTotal: 7,
      headers: ['Member ID', 'Member Name', 'Plan ID', 'Paid Amount', 'Period', 'Effective Date'],
      mappingRemembered: false,
      mapping: { memberId: 'Member ID', memberName: 'Member Name', planId: 'Plan ID', amount: 'Paid Amount', period: 'Period' },
    });
    expect(statement.preview[0]).toEqual(['HUM100200', 'DIAZ, ROSA M', 'H1234-001', '$51.00', '2026-02', '01/01/2026']);
  });

  it('refuses a mapping that names a column the file does not have, or leaves out the amount', async () => {
    const missing = await owner.agent
      .post(`/api/commissions/statements/${statement.id}/import`)
      .send({ mapping: { memberName: 'Member Name', amount: 'Amount', period: 'Period' } });
    expect([missing.status, missing.body.message, missing.body.field]).toEqual([400, 'The file has no column “Amount”', 'mapping.amount']);
    const noAmount = await owner.agent
      .post(`/api/commissions/statements/${statement.id}/import`)
      .send({ mapping: { memberName: 'Member Name', period: 'Period' } });
    expect([noAmount.status, noAmount.body.field]).toEqual([400, 'mapping.amount']);
    const byAgent = await agent.agent.post(`/api/commissions/statements/${statement.id}/import`).send({ mapping: statement.mapping });
    expect(byAgent.status).toBe(403);
  });

  it('statement import matching (exact, fuzzy name, unmatched): imports as a job and matches each row', async () => {
    const res = await owner.agent
      .post(`/api/commissions/statements/${statement.id}/import`)
      .send({ mapping: { ...statement.mapping, effectiveDate: 'Effective Date' } });
    expect(res.status).toBe(202);
    const done = await finished(statement.id);
    expect(done).toMatchObject({
      status: 'completed',
      rowsTotal: 7,
      rowsDone: 7,
      matchedExact: 3,
      matchedFuzzy: 2,
      unmatched: 1,
      rejected: 1,
    });
    expect(done.message).toBe('Imported 7 rows: 3 matched exactly, 2 by a similar name, 1 unmatched, 1 row unreadable');

    const matched = (await owner.agent.get(`/api/commissions/statements/${statement.id}/rows?match=matched`)).body;
    expect(matched.map((row: Record<string, unknown>) => [row.line, row.match, row.policyId, row.amountCents, row.month])).toEqual([
      [2, 'exact', policy.rosa, 5_100, '2026-02'],
      [3, 'exact', policy.john, 2_550, '2026-02'],
      [4, 'fuzzy', policy.john, 2_550, '2026-02'],
      [5, 'fuzzy', policy.katharine, 100_000, '2026-02'],
      [6, 'exact', policy.rosa, -5_100, '2026-01'],
    ]);
    const unmatched = (await owner.agent.get(`/api/commissions/statements/${statement.id}/rows`)).body;
    // With the rows that could not be read, and why.
    expect(unmatched.map((row: Record<string, unknown>) => [row.line, row.memberName, row.problem])).toEqual([
      [7, 'Nobody Here', null],
      [8, 'Ana Lopez', 'The amount is not a sum of money such as $1,234.56'],
    ]);

    const log = await owner.agent.get('/api/agency-log');
    expect(log.body[0]).toMatchObject({
      action: 'commission_statement_imported',
      summary: 'Imported the Humana commission statement humana-2026-02.csv (7 rows)',
    });
  });

  it('lists the carrier’s policies expected in the statement’s months that nothing paid', async () => {
    const unpaid = (await owner.agent.get(`/api/commissions/statements/${statement.id}/unpaid`)).body;
    expect(unpaid.map((row: Record<string, unknown>) => [row.month, row.clientName, row.expectedCents])).toEqual([
      ['2026-01', 'Paul Green', 5_100],
      ['2026-01', 'Katharine Johnson', 2_550],
      ['2026-01', 'Ana Lopez', 833],
      ['2026-01', 'John Smith', 2_550],
      ['2026-02', 'Paul Green', 5_100],
      ['2026-02', 'Ana Lopez', 833],
    ]);
  });

  it('matches an unmatched row by hand to a policy, and counts it', async () => {
    const [row] = (await owner.agent.get(`/api/commissions/statements/${statement.id}/rows`)).body;
    expect(row.memberName).toBe('Nobody Here');
    const byAgent = await agent.agent.put(`/api/commissions/statement-rows/${row.id}`).send({ policyId: policy.paul });
    expect(byAgent.status).toBe(403);
    const otherPolicy = await owner.agent
      .put(`/api/commissions/statement-rows/${row.id}`)
      .send({ policyId: '00000000-0000-4000-8000-000000000000' });
    expect(otherPolicy.status).toBe(404);
    const res = await owner.agent.put(`/api/commissions/statement-rows/${row.id}`).send({ policyId: policy.paul });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ match: 'manual', policyId: policy.paul, clientName: 'Paul Green' });
    expect((await owner.agent.get(`/api/commissions/statements/${statement.id}`)).body).toMatchObject({ matchedExact: 4, unmatched: 0 });
    expect((await owner.agent.get(`/api/policies/${policy.paul}`)).body.paidCommissionCents).toBe(5_100);
  });

  it('shows a policy’s paid against expected per month, and the book’s months', async () => {
    const rosa = (await owner.agent.get(`/api/policies/${policy.rosa}/commissions`)).body;
    expect(rosa).toMatchObject({ expectedCents: 15_300, paidCents: 0 });
    expect(rosa.months).toEqual([
      { month: '2026-01', kind: 'initial', expectedCents: 5_100, paidCents: -5_100 },
      { month: '2026-02', kind: 'initial', expectedCents: 5_100, paidCents: 5_100 },
      { month: '2026-03', kind: 'initial', expectedCents: 5_100, paidCents: 0 },
    ]);
    const months = (await owner.agent.get('/api/commissions/months?from=2026-01&to=2026-02')).body;
    expect(months).toEqual([
      {
        month: '2026-01',
        expectedCents: 5_100 + 2_550 + 2_550 + 833 + 5_100,
        paidCents: -5_100,
        policiesExpected: 5,
        policiesPaid: 1,
        policiesUnpaid: 4,
        unmatchedCents: 0,
      },
      {
        month: '2026-02',
        expectedCents: 5_100 + 2_550 + 2_550 + 833 + 5_100,
        paidCents: 5_100 + 2_550 + 2_550 + 100_000 + 5_100,
        policiesExpected: 5,
        policiesPaid: 4,
        policiesUnpaid: 1,
        unmatchedCents: 0,
      },
    ]);
    const bad = await owner.agent.get('/api/commissions/months?from=2026-13');
    expect([bad.status, JSON.stringify(bad.body)]).toEqual([400, expect.stringContaining('from must be a month such as 2026-01')]);
  });

  it('keeps an agent kept to their own clients to their policies’ rows and figures', async () => {
    expect((await owner.agent.put('/api/team/settings').send({ agentsSeeAssignedOnly: true })).status).toBe(200);
    try {
      const matched = (await agent.agent.get(`/api/commissions/statements/${statement.id}/rows?match=matched`)).body;
      expect(matched.map((row: { policyId: string }) => row.policyId)).toEqual([policy.john, policy.john]);
      const months = (await agent.agent.get('/api/commissions/months?from=2026-02&to=2026-02')).body;
      expect(months).toEqual([expect.objectContaining({ expectedCents: 2_550, paidCents: 5_100, policiesExpected: 1 })]);
      expect((await agent.agent.get(`/api/policies/${policy.rosa}/commissions`)).status).toBe(404);
      expect((await agent.agent.get(`/api/policies/${policy.john}/commissions`)).status).toBe(200);
    } finally {
      expect((await owner.agent.put('/api/team/settings').send({ agentsSeeAssignedOnly: false })).status).toBe(200);
    }
  });

  it('offers the carrier’s remembered mapping with its next statement', async () => {
    const next = await upload(
      owner.agent,
      'Member ID,Member Name,Plan ID,Paid Amount,Period,Effective Date\nHUM100200,"DIAZ, ROSA",H1234-001,51.00,2026-03,\n',
      'humana',
    );
    expect(next.body).toMatchObject({
      mappingRemembered: true,
      mapping: {
        memberId: 'Member ID',
        memberName: 'Member Name',
        planId: 'Plan ID',
        amount: 'Paid Amount',
        period: 'Period',
        effectiveDate: 'Effective Date',
      },
    });
    const removed = await owner.agent.delete(`/api/commissions/statements/${next.body.id}`);
    expect(removed.status).toBe(200);
    expect((await owner.agent.get(`/api/commissions/statements/${next.body.id}`)).status).toBe(404);
  });

  it.each([
    ['NUL bytes', Buffer.from('Member,Amount\u0000\nA,1\n'), 'NUL'],
    ['another encoding', Buffer.from([0x4e, 0x61, 0x6d, 0x65, 0x0a, 0x4a, 0x6f, 0x73, 0xe9, 0x0a]), 'UTF-8'],
    ['two columns of one name', Buffer.from('Name,Name\nA,B\n'), 'the same name'],
    ['an empty file', Buffer.from(''), 'The file is empty'],
    ['an unclosed quote', Buffer.from('Name,Amount\n"A,1\n'), 'not a readable CSV'],
  ])('refuses a file with %s, with a message', async (_, content, message) => {
    const res = await upload(owner.agent, content);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(message);
  });

  it('refuses an upload without a carrier', async () => {
    const res = await owner.agent.post('/api/commissions/statements').attach('file', Buffer.from(STATEMENT), 'x.csv');
    expect([res.status, res.body.field]).toEqual([400, 'carrier']);
  });

  it('leaves the rows of a deleted policy unmatched, to be matched again by hand', async () => {
    const before = (await owner.agent.get(`/api/commissions/statements/${statement.id}/rows?match=matched`)).body;
    const katharines = before.filter((row: { policyId: string }) => row.policyId === policy.katharine);
    expect(katharines.length).toBeGreaterThan(0);
    expect((await owner.agent.delete(`/api/policies/${policy.katharine}`)).status).toBe(200);
    const after = (await owner.agent.get(`/api/commissions/statements/${statement.id}/rows?match=matched`)).body;
    expect(after.map((row: { line: number }) => row.line)).toEqual(
      before.filter((row: { policyId: string }) => row.policyId !== policy.katharine).map((row: { line: number }) => row.line),
    );
    const unmatched = (await owner.agent.get(`/api/commissions/statements/${statement.id}/rows`)).body;
    for (const row of katharines)
      expect(unmatched).toContainEqual(expect.objectContaining({ line: row.line, match: 'unmatched', policyId: null }));
  });

  it('takes a deleted statement’s payments away with it', async () => {
    expect((await owner.agent.delete(`/api/commissions/statements/${statement.id}`)).status).toBe(200);
    const months = (await owner.agent.get('/api/commissions/months?from=2026-01&to=2026-02')).body;
    expect(months.map((m: Record<string, unknown>) => [m.month, m.paidCents, m.policiesPaid, m.unmatchedCents])).toEqual([
      ['2026-01', 0, 0, 0],
      ['2026-02', 0, 0, 0],
    ]);
    expect((await owner.agent.get(`/api/policies/${policy.rosa}/commissions`)).body).toMatchObject({ paidCents: 0 });
  });
});
