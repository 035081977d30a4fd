import { Client as PgClient } from 'pg';

import { AdminService } from '../src/admin/admin.service.js';
import { User } from '../src/users/user.entity.js';
import type { Agent } from './helpers/browser-agent.js';
import { realNow } from './helpers/clock.js';
import { makeClient, makeUser } from './helpers/factories.js';
import { brokerSession } from './helpers/session.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

const HOUR_MS = 3_600_000;
const OPERATING_COSTS = 50_000;

/**
 * The roll-ups (`broker_client_counts`, `broker_delivery_days`) against a full recount after a varied
 * sequence of writes, and the figures read from them against the same figures computed from the
 * rows, as the dashboard and the admin's pages computed them before the roll-ups.
 */
describe('roll-ups of clients and deliveries', () => {
  let t: TestApp;
  let admin: { agent: Agent; id: string };
  let a: { agent: Agent; id: string };
  let b: { agent: Agent; id: string };

  beforeAll(async () => {
    t = await createTestApp({ listen: true, env: { OPERATING_COSTS_MONTHLY_CENTS: String(OPERATING_COSTS) } });
    admin = await brokerSession(t, 'rollups.admin@agency.test');
    a = await brokerSession(t, 'rollups.a@agency.test');
    b = await brokerSession(t, 'rollups.b@agency.test');
    await t.em().nativeUpdate(User, { id: admin.id }, { isAdmin: true });
    for (const broker of [a, b]) {
      await t.em().nativeUpdate(User, { id: broker.id }, { subscriptionTier: 'pmpm', subscriptionStatus: 'active' });
    }
  });
  afterAll(() => t.close());

  const rows = <T>(sql: string, params: unknown[] = []) => t.em().execute<T[]>(sql, params);

  /** Every roll-up row that counts anything, and the same figures recounted from the rows, in one order. */
  async function clientCounts() {
    const rollUp = await rows(
      `select broker_id, total, active from broker_client_counts where total <> 0 or active <> 0 order by broker_id`,
    );
    const recount = await rows(
      `select broker_id, count(*)::int as total, count(*) filter (where is_active)::int as active from clients group by broker_id order by broker_id`,
    );
    return { rollUp, recount };
  }
  async function deliveryDays() {
    const rollUp = await rows(
      `select broker_id, day::text, cost_cents, reminders_delivered, reminders_confirmed from broker_delivery_days
        where cost_cents <> 0 or reminders_delivered <> 0 or reminders_confirmed <> 0 order by broker_id, day`,
    );
    const recount = await rows(
      `select broker_id, (created_at at time zone 'UTC')::date::text as day, sum(cost_cents)::int as cost_cents,
              count(*) filter (where (reminder_id is not null or client_reminder_id is not null)
                                 and (status in ('sent', 'completed') or confirmed_at is not null))::int as reminders_delivered,
              count(*) filter (where (reminder_id is not null or client_reminder_id is not null) and confirmed_at is not null)::int as reminders_confirmed
         from deliveries group by 1, 2
       having sum(cost_cents) <> 0 or count(*) filter (where (reminder_id is not null or client_reminder_id is not null)
                                                         and (status in ('sent', 'completed') or confirmed_at is not null)) <> 0
        order by 1, 2`,
    );
    return { rollUp, recount };
  }
  async function expectExact() {
    const clients = await clientCounts();
    expect(clients.rollUp).toEqual(clients.recount);
    const days = await deliveryDays();
    expect(days.rollUp).toEqual(days.recount);
  }

  /** The dashboard's figures as computed from the rows before the roll-ups. */
  async function statsFromRows(brokerId: string) {
    const [counts] = await rows<{ total: number; active: number }>(
      `select count(*)::int as total, count(*) filter (where is_active)::int as active from clients where broker_id = ?`,
      [brokerId],
    );
    const [calls] = await rows<{ delivered: number; confirmed: number }>(
      `select count(*) filter (where status in ('sent', 'completed') or confirmed_at is not null)::int as delivered,
              count(*) filter (where confirmed_at is not null)::int as confirmed
         from deliveries
        where broker_id = ? and created_at > now() - interval '30 days' and (reminder_id is not null or client_reminder_id is not null)`,
      [brokerId],
    );
    return {
      totalClients: counts.total,
      activeClients: counts.active,
      callCompletionRate: calls.delivered > 0 ? Math.round((calls.confirmed / calls.delivered) * 100) : 0,
    };
  }

  async function addClient(broker: { agent: Agent }, phone: string): Promise<string> {
    const res = await broker.agent.post('/api/clients').send({ firstName: 'Ruth', lastName: 'Alvarez', phone });
    expect(res.status).toBe(201);
    return res.body.id as string;
  }

  async function importCsv(broker: { agent: Agent }, count: number, firstPhone: number) {
    const lines = Array.from({ length: count }, (_, i) => `Otis,Granger${i},,+1615555${String(firstPhone + i).padStart(4, '0')}`);
    const res = await broker.agent
      .post('/api/clients/upload')
      .attach('file', Buffer.from(`firstName,lastName,email,phone\n${lines.join('\n')}\n`), 'c.csv');
    // A file this short is imported while the upload waits.
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'completed', count });
  }

  it('keeps client counts exact through creation, import, deactivation, deletion, concurrent inserts and a broker deleted', async () => {
    const aIds = [await addClient(a, '6155550101'), await addClient(a, '6155550102'), await addClient(a, '6155550103')];
    await addClient(b, '6155550201');
    await importCsv(a, 90, 2000);
    await importCsv(b, 30, 3000);
    await expectExact();

    // Deactivated, reactivated, deactivated in one statement with others, edited without a change of state.
    expect((await a.agent.put(`/api/clients/${aIds[0]}`).send({ isActive: false })).status).toBe(200);
    expect((await a.agent.put(`/api/clients/${aIds[1]}`).send({ isActive: false })).status).toBe(200);
    expect((await a.agent.put(`/api/clients/${aIds[1]}`).send({ isActive: true })).status).toBe(200);
    expect((await a.agent.put(`/api/clients/${aIds[2]}`).send({ lastName: 'Edited' })).status).toBe(200);
    await t.em().execute(`update clients set is_active = not is_active where broker_id = ? and last_name like 'Granger1%'`, [a.id]);
    await t.em().execute(`update clients set engagement_score = 50 where broker_id in (?, ?)`, [a.id, b.id]);
    await expectExact();

    // Deleted one by one through the API, and many in one statement.
    expect((await a.agent.delete(`/api/clients/${aIds[2]}`).query({ reason: 'moved' })).status).toBe(204);
    await t.em().execute(`delete from clients where broker_id = ? and last_name like 'Granger2%'`, [b.id]);
    await expectExact();

    // Two transactions adding clients for the same broker at once: neither count is lost.
    const connect = async () => {
      const c = new PgClient({ connectionString: t.databaseUrl });
      await c.connect();
      return c;
    };
    const [one, two] = [await connect(), await connect()];
    try {
      const insert = (c: PgClient, from: number) =>
        c.query(
          `insert into clients (id, broker_id, first_name, last_name, phone, is_active)
           select gen_random_uuid(), $1, 'Con', 'Current' || n, '+1303' || lpad(n::text, 7, '0'), n % 2 = 0 from generate_series($2::int, $2::int + 9) n`,
          [a.id, from],
        );
      await one.query('begin');
      await two.query('begin');
      await insert(one, 100);
      const blocked = insert(two, 200); // waits for the first one's lock on the broker's row
      await one.query('commit');
      await blocked;
      await two.query('commit');
    } finally {
      await one.end();
      await two.end();
    }
    await expectExact();

    // A broker deleted with their clients (on delete cascade): their row goes too.
    const gone = await makeUser(t.em());
    for (let i = 0; i < 3; i++) await makeClient(t.em(), gone);
    expect(await rows(`select total from broker_client_counts where broker_id = ?`, [gone.id])).toEqual([{ total: 3 }]);
    await t.em().execute(`delete from users where id = ?`, [gone.id]);
    expect(await rows(`select * from broker_client_counts where broker_id = ?`, [gone.id])).toEqual([]);
    await expectExact();

    for (const broker of [a, b]) {
      const stats = await broker.agent.get('/api/stats');
      expect(stats.status).toBe(200);
      expect(stats.body).toMatchObject(await statsFromRows(broker.id));
    }
  });

  it('keeps delivery figures exact as deliveries are created, settled in one statement per batch, confirmed and removed', async () => {
    const [client] = await rows<{ id: string }>(`select id from clients where broker_id = ? limit 1`, [a.id]);
    const [clientB] = await rows<{ id: string }>(`select id from clients where broker_id = ? limit 1`, [b.id]);
    const now = realNow().getTime();
    // 400 queued deliveries in one statement, over 40 days and every hour of the day (the 30-day
    // window's first day is cut through); a quarter of them campaign messages (not reminders).
    await t.em().execute(
      `insert into deliveries (id, broker_id, client_id, reminder_id, campaign_id, occurrence_at, channel, recipient, created_at)
       select gen_random_uuid(), case when n % 5 = 0 then ?::uuid else ?::uuid end, case when n % 5 = 0 then ?::uuid else ?::uuid end,
              case when n % 4 = 0 then null else gen_random_uuid() end, case when n % 4 = 0 then gen_random_uuid() end,
              now(), case when n % 2 = 0 then 'voice' else 'sms' end, '+16155550101', ?::timestamptz - n * interval '143 minutes'
         from generate_series(1, 400) n`,
      [b.id, a.id, clientB.id, client.id, new Date(now)],
    );
    await expectExact(); // nothing settled yet: no figures

    // The dispatcher's claim (queued → sending) and a batch's outcomes, each one statement for many deliveries.
    await t.em().execute(`update deliveries set status = 'sending', attempts = attempts + 1 where status = 'queued'`);
    await t.em().execute(
      `update deliveries d set status = v.status, cost_cents = v.cost, updated_at = now()
         from (select id, case when row_number() over (order by id) % 6 = 0 then 'failed' else 'completed' end as status,
                      (row_number() over (order by id) % 3)::int as cost
                 from deliveries where status = 'sending' order by id limit 300) v
        where d.id = v.id`,
    );
    await expectExact();

    // Confirmations, one by one and many at once; a retry that moves a delivery back to the queue; a late price.
    const some = await rows<{ id: string }>(`select id from deliveries where status = 'completed' order by id limit 5`);
    for (const { id } of some) await t.em().execute(`update deliveries set confirmed_at = now() where id = ?`, [id]);
    await t
      .em()
      .execute(`update deliveries set confirmed_at = created_at + interval '1 minute' where status = 'completed' and cost_cents = 2`);
    await t
      .em()
      .execute(
        `update deliveries set status = 'queued', cost_cents = 0 where id in (select id from deliveries where status = 'failed' limit 10)`,
      );
    await t
      .em()
      .execute(`update deliveries set cost_cents = cost_cents + 7 where id in (select id from deliveries order by created_at limit 3)`);
    // Already settled when written (one statement), one created after the analytics' clock below, and some removed.
    await t.em().execute(
      `insert into deliveries (id, broker_id, client_id, reminder_id, occurrence_at, channel, recipient, status, cost_cents, confirmed_at, created_at)
       select gen_random_uuid(), ?, ?, gen_random_uuid(), now(), 'voice', '+16155550101', 'completed', 4, case when n % 2 = 0 then now() end,
              now() - n * interval '1 day'
         from generate_series(0, 9) n`,
      [a.id, client.id],
    );
    await t.em().execute(
      `insert into deliveries (id, broker_id, client_id, occurrence_at, channel, recipient, status, cost_cents, created_at)
       values (gen_random_uuid(), ?, ?, now(), 'sms', '+16155550101', 'sent', 11, ?)`,
      [a.id, client.id, new Date(now + 2 * HOUR_MS)],
    );
    await t.em().execute(`delete from deliveries where id in (select id from deliveries where cost_cents > 0 order by id limit 25)`);
    await expectExact();

    // The figures read from the roll-ups are the figures read from the rows.
    for (const broker of [a, b]) {
      const stats = await broker.agent.get('/api/stats');
      expect(stats.status).toBe(200);
      expect(stats.body).toMatchObject(await statsFromRows(broker.id));
    }
    const at = new Date(now + HOUR_MS);
    const monthStart = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
    const [month] = await rows<{ cents: number }>(
      `select coalesce(sum(cost_cents), 0)::int as cents from deliveries where created_at >= ? and created_at < ?`,
      [monthStart, at],
    );
    const analytics = await t.app.get(AdminService).analytics(at);
    expect(analytics.totalCosts).toBe(month.cents + OPERATING_COSTS);
    expect(month.cents).toBeGreaterThan(0);

    // A truncation empties the roll-up with the table.
    await t.em().execute('truncate deliveries');
    expect(await rows(`select * from broker_delivery_days`)).toEqual([]);
  });

  it('answers the broker list and detail with the counts of the rows', async () => {
    const counts = await rows<{ id: string; total: number; active: number; last: Date | null }>(
      `select u.id, count(c.id)::int as total, count(c.id) filter (where c.is_active)::int as active
         from users u left join clients c on c.broker_id = u.id where not u.is_admin group by u.id`,
    );
    for (const sort of ['createdAt', 'clientCount', 'lastActivity', 'email']) {
      const res = await admin.agent.get('/api/admin/brokers').query({ range: '[0,99]', sort: JSON.stringify([sort, 'DESC']) });
      expect(res.status).toBe(200);
      expect(res.body).toHaveLength(counts.length);
      for (const row of res.body as { id: string; clientCount: number }[]) {
        expect(row.clientCount).toBe(counts.find((c) => c.id === row.id)!.total);
      }
    }
    const byCount = await admin.agent.get('/api/admin/brokers').query({ range: '[0,0]', sort: '["clientCount","DESC"]' });
    expect(byCount.body[0].id).toBe(a.id);
    const detail = await admin.agent.get(`/api/admin/brokers/${a.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.stats).toMatchObject(await statsFromRows(a.id));
  });
});
