import { hotReadRows } from '../src/database/hot-reads.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/**
 * The broker's row and the client list are read on MikroORM's own pool without its query wrapper
 * (ADR 0006). Those reads must answer exactly what `em.execute` answers for the same SQL: the same
 * parameter quoting, the same column types, the same rows.
 */
describe('hot reads on the ORM pool', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const SQL = `select ?::text as name, ?::int as count, ?::timestamptz as at, ?::uuid as id,
                      ?::jsonb as facts, ?::boolean as flag, ?::text as missing, ?::numeric as amount,
                      array['a', 'b'] as tags, '2026-11-27'::date as day`;
  const PARAMS = [
    "O'Brien; drop table users --",
    42,
    new Date('2026-11-27T08:30:00.000Z'),
    'b6f1c7de-1d1a-4c8e-9a57-6c0d5b0e2f11',
    JSON.stringify({ plan: 'MAPD', nested: { level: 2 } }),
    true,
    null,
    '12.50',
  ];

  it('answers the same rows, types and quoting as em.execute', async () => {
    const viaOrm = await t.em().execute(SQL, PARAMS);
    const viaPool = await hotReadRows(t.em(), SQL, PARAMS);
    expect(viaPool).toEqual(viaOrm);
    expect(viaPool).toEqual([
      {
        name: "O'Brien; drop table users --",
        count: 42,
        // MikroORM's parsers leave times, dates and decimals as PostgreSQL writes them.
        at: '2026-11-27 08:30:00+00',
        id: 'b6f1c7de-1d1a-4c8e-9a57-6c0d5b0e2f11',
        facts: { plan: 'MAPD', nested: { level: 2 } },
        flag: true,
        missing: null,
        amount: '12.50',
        tags: ['a', 'b'],
        day: '2026-11-27',
      },
    ]);
  });

  it('answers no rows as an empty list, and a refused statement as the database error', async () => {
    expect(await hotReadRows(t.em(), 'select 1 from users where id = ?', ['00000000-0000-0000-0000-000000000000'])).toEqual([]);
    await expect(hotReadRows(t.em(), 'select * from no_such_table', [])).rejects.toThrow(/no_such_table/);
  });

  it("keeps no rows in the driver's result once it has answered", async () => {
    // The driver's row array outlived the request and kept every row of the client list alive
    // through young-generation collections until the next full one, and those full collections set
    // the list's p99 under load (docs/performance.md, "What set the page's p99").
    const pool = await t.em().getConnection().getNativeClient();
    const query = pool.query;
    const results: { rows: unknown[] }[] = [];
    const capturing = async (...args: unknown[]) => {
      const result = (await Reflect.apply(query, pool, args)) as { rows: unknown[] };
      results.push(result);
      return result;
    };
    pool.query = capturing as typeof pool.query;
    try {
      const rows = await hotReadRows(t.em(), 'select n from generate_series(1, ?::int) as n', [3]);
      expect(rows).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
      expect(results).toHaveLength(1);
      expect(results[0].rows).toEqual([]);
    } finally {
      pool.query = query;
    }
  });
});
