import { randomUUID } from 'node:crypto';

import request from 'supertest';

import type { DepartureReason } from '../src/clients/client.entity.js';
import { seedDemoData } from '../src/database/seeders/demo-data.seeder.js';
import { wholeBook } from '../src/members/book.js';
import { RetentionService } from '../src/reporting/retention.service.js';
import { RETENTION_MIN_HISTORY_DAYS } from '../src/reporting/stats.service.js';
import { User } from '../src/users/user.entity.js';
import type { Agent } from './helpers/browser-agent.js';
import { TestClock } from './helpers/clock.js';
import { brokerSession } from './helpers/session.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/** Inside the 2026 AEP; the broker's months run December 2025 to November 2026 (New York time). */
const NOW = new Date('2026-11-20T15:00:00Z');

describe('retention: months, AEP seasons and why clients left (GET /api/stats/retention)', () => {
  let t: TestApp;
  let broker: { agent: Agent; id: string };
  let other: { agent: Agent; id: string };
  let phone = 0;

  beforeAll(async () => {
    // The app's today is NOW, as the figures below are.
    t = await createTestApp({ listen: true, clock: new TestClock(NOW) });
    broker = await brokerSession(t, 'retention@agency.test');
    other = await brokerSession(t, 'retention.other@agency.test');
  });
  afterAll(() => t.close());

  /**
   * A client of the broker who joined at `created` and left (and maybe came back) as `departures`
   * say; `deleted`: only the departure row is left, as after a deletion.
   */
  async function client(
    brokerId: string,
    created: string,
    departures: { at: string; back?: string; reason: DepartureReason }[] = [],
    deleted = false,
  ): Promise<string> {
    const id = randomUUID();
    const gone = departures.find((d) => !d.back);
    if (!deleted) {
      phone += 1;
      await t.em().execute(
        `insert into clients (id, broker_id, first_name, last_name, phone, is_active, deactivated_at, departure_reason, created_at)
           values (?, ?, 'Client', ?, ?, ?, ?, ?, ?)`,
        [id, brokerId, created, `+1615555${String(3000 + phone)}`, !gone, gone?.at ?? null, gone?.reason ?? null, created],
      );
    }
    for (const departure of departures) {
      await t.em().execute(
        `insert into client_departures (id, broker_id, client_id, client_created_at, departed_at, returned_at, reason, deleted)
           values (gen_random_uuid(), ?, ?, ?, ?, ?, ?, ?)`,
        [brokerId, id, created, departure.at, departure.back ?? null, departure.reason, deleted && !departure.back],
      );
    }
    return id;
  }

  beforeAll(async () => {
    const b = broker.id;
    await t.em().execute(`update users set time_zone = 'America/New_York' where id = ?`, [b]);
    await client(b, '2025-06-01T12:00:00Z'); // A: there throughout
    await client(b, '2025-06-01T12:00:00Z', [{ at: '2026-03-10T15:00:00Z', reason: 'switched_agent' }]); // B
    await client(b, '2025-06-01T12:00:00Z', [{ at: '2026-05-05T15:00:00Z', back: '2026-05-20T15:00:00Z', reason: 'moved' }]); // C: back within May
    await client(b, '2025-06-01T12:00:00Z', [{ at: '2026-07-15T15:00:00Z', back: '2026-08-10T15:00:00Z', reason: 'other' }]); // D: away over 1 August
    await client(b, '2025-09-01T12:00:00Z', [{ at: '2026-10-20T15:00:00Z', reason: 'deceased' }], true); // E: deleted
    await client(b, '2026-02-15T12:00:00Z'); // F: joined mid-February
    await client(b, '2026-11-05T12:00:00Z'); // G: joined this month
    await client(b, '2026-01-01T06:00:00Z'); // H: 1 January 01:00 in New York, 31 December 22:00 in Los Angeles
    await client(b, '2025-06-01T12:00:00Z', [{ at: '2026-11-10T15:00:00Z', reason: 'switched_agent' }]); // I: left this month
    await client(b, '2025-06-01T12:00:00Z', [{ at: '2025-08-01T15:00:00Z', reason: 'moved' }]); // J: gone before the window
    // Another broker's book never counts.
    await client(other.id, '2025-06-01T12:00:00Z', [{ at: '2026-03-10T15:00:00Z', reason: 'moved' }]);
  });

  const retention = () => t.app.get(RetentionService);

  it('counts each of the last 12 months: active at its start, and of them active at its end', async () => {
    const figures = await retention().forBroker(broker.id, NOW);
    expect(figures.months.map((m) => [m.month, m.startCount, m.retained, m.lost, m.rate])).toEqual([
      ['2025-12', 6, 6, 0, 100],
      ['2026-01', 6, 6, 0, 100], // H joined after midnight in New York: not at January's start
      ['2026-02', 7, 7, 0, 100],
      ['2026-03', 8, 7, 1, 88], // F (joined mid-February) is in March's start; B left
      ['2026-04', 7, 7, 0, 100],
      ['2026-05', 7, 7, 0, 100], // C left and came back within the month: retained
      ['2026-06', 7, 7, 0, 100],
      ['2026-07', 7, 6, 1, 86], // D left
      ['2026-08', 6, 6, 0, 100], // D was away on 1 August, back on the 10th
      ['2026-09', 7, 7, 0, 100],
      ['2026-10', 7, 6, 1, 86], // E deleted: counted from the departure kept
      ['2026-11', 6, 5, 1, 83], // G joined this month; I left; up to now
    ]);
  });

  it('counts the last two AEPs, the running one up to now', async () => {
    expect((await retention().forBroker(broker.id, NOW)).aep).toEqual([
      { season: 2025, start: '2025-10-15', end: '2025-12-07', startCount: 6, retained: 6, rate: 100 },
      { season: 2026, start: '2026-10-15', end: '2026-11-20', startCount: 7, retained: 5, rate: 71 },
    ]);
    // Before this year's AEP: the two before it. After it: this year's whole.
    expect((await retention().forBroker(broker.id, new Date('2026-08-01T12:00:00Z'))).aep.map((a) => [a.season, a.end])).toEqual([
      [2024, '2024-12-07'],
      [2025, '2025-12-07'],
    ]);
    expect(
      (await retention().forBroker(broker.id, new Date('2026-12-20T12:00:00Z'))).aep.map((a) => [a.season, a.end, a.retained]),
    ).toEqual([
      [2025, '2025-12-07', 6],
      [2026, '2026-12-07', 5],
    ]);
  });

  it('counts the clients lost in the last 12 months by reason, not those back within the month', async () => {
    expect((await retention().forBroker(broker.id, NOW)).lostByReason).toEqual({ switched_agent: 2, moved: 0, deceased: 1, other: 1 });
  });

  it('draws months in the broker’s time zone', async () => {
    await t.em().execute(`update users set time_zone = 'America/Los_Angeles' where id = ?`, [broker.id]);
    try {
      const january = (await retention().forBroker(broker.id, NOW)).months.find((m) => m.month === '2026-01');
      expect(january).toMatchObject({ startCount: 7, retained: 7 });
    } finally {
      await t.em().execute(`update users set time_zone = 'America/New_York' where id = ?`, [broker.id]);
    }
  });

  it('answers the dashboard’s Retention Rate over the same 12 months: active then, still active now', async () => {
    // Active on 2025-11-20: A, B, C, D, E, I; still active now: A, C, D.
    expect(await retention().twelveMonthRate(wholeBook(broker.id), RETENTION_MIN_HISTORY_DAYS, NOW)).toBe(50);
    expect(
      await retention().twelveMonthRate(wholeBook(broker.id), RETENTION_MIN_HISTORY_DAYS, new Date('2025-06-20T12:00:00Z')),
    ).toBeNull();
  });

  it('answers the figures over HTTP for the signed-in broker only', async () => {
    const res = await broker.agent.get('/api/stats/retention');
    expect(res.status).toBe(200);
    expect(res.body.months).toHaveLength(12);
    expect(res.body.months.at(-1).month).toBe(
      new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York', year: 'numeric', month: '2-digit' }).format(NOW),
    );
    expect(res.body).toEqual(await retention().forBroker(broker.id));
    expect(res.body.lostByReason.switched_agent).toBeGreaterThanOrEqual(1);

    const theirs = await other.agent.get('/api/stats/retention');
    expect(theirs.status).toBe(200);
    expect(theirs.body.months.every((m: { startCount: number }) => m.startCount <= 1)).toBe(true);
    expect(theirs.body.lostByReason.deceased).toBe(0);
    expect((await request(t.appUrl).get('/api/stats/retention')).status).toBe(401);
  });
});

describe('the demo data’s retention', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    await seedDemoData(t.em());
  });
  afterAll(() => t.close());

  it('gives the demo brokers a year of departures with reasons, some come back, and the facts of their clients', async () => {
    for (const email of ['dana.whitfield@example.com', 'marcus.reyes@example.com']) {
      const broker = await t.em().findOneOrFail(User, { email });
      const figures = await t.app.get(RetentionService).forBroker(broker.id);
      expect(figures.months).toHaveLength(12);
      expect(figures.months.every((m) => m.startCount > 0)).toBe(true);
      expect(figures.months.filter((m) => m.lost > 0).length).toBeGreaterThanOrEqual(3);
      expect(Object.values(figures.lostByReason).filter((n) => n > 0).length).toBeGreaterThanOrEqual(3);
      expect(figures.aep.map((a) => a.startCount > 0)).toEqual([true, true]);
      const [returned] = await t
        .em()
        .execute<{ n: number }[]>('select count(*)::int as n from client_departures where broker_id = ? and returned_at is not null', [
          broker.id,
        ]);
      expect(returned.n).toBeGreaterThanOrEqual(1);
    }
    const dana = await t.em().findOneOrFail(User, { email: 'dana.whitfield@example.com' });
    const [facts] = await t.em().execute<{ turning65: number; birthdays: number; plans: number; carriers: number; gone: number }[]>(
      `select count(*) filter (where date_of_birth + interval '65 years' between current_date and current_date + 45)::int as turning65,
              count(*) filter (where extract(month from date_of_birth) = extract(month from current_date))::int as birthdays,
              count(plan_type)::int as plans, count(distinct carrier)::int as carriers,
              count(*) filter (where not is_active and departure_reason is not null)::int as gone
         from clients where broker_id = ?`,
      [dana.id],
    );
    expect(facts.turning65).toBeGreaterThanOrEqual(3);
    expect(facts.birthdays).toBeGreaterThanOrEqual(4);
    expect(facts.plans).toBeGreaterThanOrEqual(20);
    expect(facts.carriers).toBeGreaterThanOrEqual(5);
    expect(facts.gone).toBe(5);
  });

  it('gives the demo agency policies that make the list’s policy filters and retention on policies meaningful', async () => {
    const dana = await t.em().findOneOrFail(User, { email: 'dana.whitfield@example.com' });
    const figures = await t.app.get(RetentionService).forDashboard(wholeBook(dana.id));
    expect(figures.basis).toBe('policies');
    expect(figures.months.every((m) => m.startCount > 0)).toBe(true);
    expect(figures.aep.map((a) => a.startCount > 0)).toEqual([true, true]);
    expect(figures.keptThroughAep).toBeGreaterThan(0);
    // The dental plan moved to another agent at the last AEP, and the client who left for another agent 30 days ago.
    expect(figures.lostToAnotherAgent).toBeGreaterThanOrEqual(2);
    const [book] = await t.em().execute<{ carriers: number; types: number; ending: number; years: number }[]>(
      `select count(distinct carrier)::int as carriers, count(distinct plan_type)::int as types,
              count(*) filter (where termination_date between current_date and current_date + 60)::int as ending,
              count(distinct extract(year from effective_date))::int as years
         from policies where broker_id = ?`,
      [dana.id],
    );
    expect(book.carriers).toBeGreaterThanOrEqual(6);
    expect(book.types).toBeGreaterThanOrEqual(4);
    expect(book.ending).toBe(2);
    expect(book.years).toBeGreaterThanOrEqual(3);
  });
});
