import { randomUUID } from 'node:crypto';

import type { Agent } from './helpers/browser-agent.js';
import { realNow, TestClock } from './helpers/clock.js';
import { brokerSession, memberSession } from './helpers/session.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/**
 * Retention measured on policies (issue 51, docs/clients.md "Retention on policies"): once a book has
 * a policy that is or was in force, GET /api/stats/retention counts policies — in force at a period's
 * start, lost when terminated by its end other than for a change of plan within the agency, an AEP's
 * losses counted through 1 January — and says so (basis), with kept through AEP and lost to another
 * agent. The clock is pinned before, during and after the 2026 AEP (New York time).
 */
const BEFORE_AEP = '2026-10-01T16:00:00Z';
const DURING_AEP = '2026-11-20T15:00:00Z';
const AFTER_AEP = '2026-12-15T17:00:00Z';

const clock = new TestClock(BEFORE_AEP);
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ listen: true, clock });
});
afterAll(() => t?.close());

type Retention = {
  basis: 'policies' | 'clients';
  keptThroughAep: number | null;
  lostToAnotherAgent: number;
  months: { month: string; startCount: number; retained: number; lost: number; rate: number | null }[];
  aep: { season: number; start: string; end: string; startCount: number; retained: number; rate: number | null }[];
  lostByReason: Record<string, number>;
};

describe('retention on policies (GET /api/stats/retention)', () => {
  let owner: { agent: Agent; id: string };
  let noPolicies: { agent: Agent; id: string };
  let agent: Agent;
  let agentId: string;
  let phone = 0;
  const clients: Record<string, string> = {};

  async function client(brokerId: string, name: string, assignedTo: string | null = null): Promise<string> {
    const id = randomUUID();
    phone += 1;
    await t
      .em()
      .execute(
        `insert into clients (id, broker_id, first_name, last_name, phone, created_at, assigned_member_id) values (?, ?, ?, 'Book', ?, ?, ?)`,
        [id, brokerId, name, `+1615555${String(4000 + phone)}`, '2023-06-01T12:00:00Z', assignedTo],
      );
    return id;
  }
  async function policy(
    brokerId: string,
    clientId: string,
    fields: { type?: string; status: string; effective: string; term?: string; reason?: string; medigap?: string },
  ): Promise<void> {
    await t.em().execute(
      `insert into policies (id, broker_id, client_id, carrier, plan_name, plan_type, medigap_plan, status, effective_date, termination_date,
                             termination_reason)
       values (gen_random_uuid(), ?, ?, 'Humana', 'A plan', ?, ?, ?, ?, ?, ?)`,
      [
        brokerId,
        clientId,
        fields.type ?? 'mapd',
        fields.medigap ?? null,
        fields.status,
        fields.effective,
        fields.term ?? null,
        fields.reason ?? null,
      ],
    );
  }
  const retention = async (who: Agent, scope?: 'mine' | 'agency'): Promise<Retention> => {
    const res = await who.get('/api/stats/retention').query(scope ? { scope } : {});
    expect(res.status).toBe(200);
    return res.body as Retention;
  };
  const month = (figures: Retention, label: string) => figures.months.find((row) => row.month === label);

  beforeAll(async () => {
    owner = await brokerSession(t, 'policy.retention@agency.test');
    noPolicies = await brokerSession(t, 'policy.retention.none@agency.test');
    const other = await brokerSession(t, 'policy.retention.other@agency.test');
    // An invitation is checked against the database's time: joined on the real day.
    clock.set(realNow());
    ({ agent, memberId: agentId } = await memberSession(t, owner.id, 'agent', 'policy.retention.agent@agency.test').finally(() =>
      clock.set(BEFORE_AEP),
    ));
    await t.em().execute(`update users set time_zone = 'America/New_York' where id in (?, ?)`, [owner.id, noPolicies.id]);

    const b = owner.id;
    // Ann's plan runs throughout; Bob leaves for another agent on 31 December 2026 (the agent's two).
    clients.ann = await client(b, 'Ann', agentId);
    await policy(b, clients.ann, { status: 'active', effective: '2025-01-01' });
    clients.bob = await client(b, 'Bob', agentId);
    await policy(b, clients.bob, { status: 'terminated', effective: '2024-01-01', term: '2026-12-31', reason: 'switched_agent' });
    // Cy changes plan within the agency at the 2026 AEP: not a loss.
    clients.cy = await client(b, 'Cy');
    await policy(b, clients.cy, {
      type: 'pdp',
      status: 'terminated',
      effective: '2025-01-01',
      term: '2026-12-31',
      reason: 'switched_plan',
    });
    await policy(b, clients.cy, { type: 'pdp', status: 'active', effective: '2027-01-01' });
    // Dee left for another agent at the 2025 AEP.
    clients.dee = await client(b, 'Dee');
    await policy(b, clients.dee, {
      type: 'medicare_advantage',
      status: 'terminated',
      effective: '2023-01-01',
      term: '2025-12-31',
      reason: 'switched_agent',
    });
    // Eve moved away in June 2026.
    clients.eve = await client(b, 'Eve');
    await policy(b, clients.eve, {
      type: 'medigap',
      medigap: 'G',
      status: 'terminated',
      effective: '2022-06-01',
      term: '2026-06-30',
      reason: 'moved',
    });
    // Fay's dental plan lapsed for nonpayment on 10 November 2026; her application for 2027 is pending (never counted).
    clients.fay = await client(b, 'Fay');
    await policy(b, clients.fay, {
      type: 'dental',
      status: 'terminated',
      effective: '2024-01-01',
      term: '2026-11-10',
      reason: 'nonpayment',
    });
    await policy(b, clients.fay, { status: 'pending', effective: '2027-01-01' });

    // Another agency's losses never count; a book with only a pending policy stays on clients.
    const theirs = await client(other.id, 'Gus');
    await policy(other.id, theirs, { status: 'terminated', effective: '2024-01-01', term: '2026-12-31', reason: 'switched_agent' });
    const pendingOnly = await client(noPolicies.id, 'Hal');
    await policy(noPolicies.id, pendingOnly, { status: 'pending', effective: '2027-01-01' });
  });

  it('before the 2026 AEP: the 2024 and 2025 seasons, Dee lost to another agent at the 2025 one', async () => {
    clock.set(BEFORE_AEP);
    const figures = await retention(owner.agent);
    expect(figures.basis).toBe('policies');
    // 2024: Bob, Dee, Eve and Fay's dental in force on 15 October, none ended by 1 January 2025.
    // 2025: Ann and Cy too; Dee's plan ended on 31 December 2025.
    expect(figures.aep).toEqual([
      { season: 2024, start: '2024-10-15', end: '2024-12-07', startCount: 4, retained: 4, rate: 100 },
      { season: 2025, start: '2025-10-15', end: '2025-12-07', startCount: 6, retained: 5, rate: 83 },
    ]);
    expect(figures.keptThroughAep).toBe(5);
    expect(figures.lostToAnotherAgent).toBe(1);
    expect(figures.lostByReason).toEqual({ switched_agent: 1, moved: 1, deceased: 0, other: 0 });
    expect(month(figures, '2025-12')).toEqual({ month: '2025-12', startCount: 6, retained: 5, lost: 1, rate: 83 });
    expect(month(figures, '2026-06')).toEqual({ month: '2026-06', startCount: 5, retained: 4, lost: 1, rate: 80 });
    expect(month(figures, '2026-10')).toEqual({ month: '2026-10', startCount: 4, retained: 4, lost: 0, rate: 100 });
  });

  it('during the 2026 AEP: the losses recorded so far, dated up to 1 January, count; a change of plan within the agency does not', async () => {
    clock.set(DURING_AEP);
    const figures = await retention(owner.agent);
    // Ann, Bob, Cy and Fay's dental in force on 15 October 2026; Bob's (31 December) and Fay's (10 November) are lost.
    expect(figures.aep.at(-1)).toEqual({ season: 2026, start: '2026-10-15', end: '2026-11-20', startCount: 4, retained: 2, rate: 50 });
    expect(figures.keptThroughAep).toBe(2);
    // In the last 12 months (December 2025 to November 2026): Dee's; Bob's is dated in December.
    expect(figures.lostToAnotherAgent).toBe(1);
    expect(figures.lostByReason).toEqual({ switched_agent: 1, moved: 1, deceased: 0, other: 1 });
    expect(month(figures, '2026-11')).toEqual({ month: '2026-11', startCount: 4, retained: 3, lost: 1, rate: 75 });
  });

  it('after the 2026 AEP: the season’s figures, Bob lost to another agent in December, nonpayment counted as other', async () => {
    clock.set(AFTER_AEP);
    const figures = await retention(owner.agent);
    expect(figures.aep).toEqual([
      { season: 2025, start: '2025-10-15', end: '2025-12-07', startCount: 6, retained: 5, rate: 83 },
      { season: 2026, start: '2026-10-15', end: '2026-12-07', startCount: 4, retained: 2, rate: 50 },
    ]);
    expect(figures.keptThroughAep).toBe(2);
    // January to December 2026: Bob's; Dee's (December 2025) is out of the window.
    expect(figures.lostToAnotherAgent).toBe(1);
    expect(figures.lostByReason).toEqual({ switched_agent: 1, moved: 1, deceased: 0, other: 1 });
    // December: Ann, Bob and Cy in force on the 1st; Bob's ends on the 31st, Cy's is a change of plan.
    expect(month(figures, '2026-12')).toEqual({ month: '2026-12', startCount: 3, retained: 2, lost: 1, rate: 67 });
  });

  it('measures a member’s own book on their clients’ policies, and a book without a policy in force on its clients', async () => {
    clock.set(AFTER_AEP);
    const mine = await retention(owner.agent, 'mine');
    // The owner has no client assigned: no policies in their book, so the clients' definition.
    expect(mine.basis).toBe('clients');
    const agents = await retention(agent, 'mine');
    expect(agents.basis).toBe('policies');
    expect(agents.aep.at(-1)).toMatchObject({ season: 2026, startCount: 2, retained: 1 });
    expect([agents.keptThroughAep, agents.lostToAnotherAgent]).toEqual([1, 1]);

    const clientsOnly = await retention(noPolicies.agent);
    expect(clientsOnly.basis).toBe('clients');
    expect(clientsOnly.keptThroughAep).toBe(clientsOnly.aep.at(-1)!.retained);
    expect(clientsOnly.lostToAnotherAgent).toBe(clientsOnly.lostByReason.switched_agent);
    // The dashboard's 12-month rate (GET /api/stats) stays on clients.
    expect((await owner.agent.get('/api/stats')).body).toMatchObject({ retentionRate: 100, retentionAvailable: true });
  });
});
