import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';

import { REPO_ROOT } from '../src/config/config.js';
import { type BuiltApp, dueReminders, query, signIn, SlowTwilio, startBuiltApp, TWILIO_TEST_ENV, waitFor } from './helpers/built-app.js';
import { realNow } from './helpers/clock.js';
import { createTestDatabase, dropDatabase, testServerUrl } from './setup/test-database.js';

const MIGRATIONS_DIR = join(REPO_ROOT, 'backend/src/database/migrations');
const REMINDERS = 1000;
const CLAIM_TIMEOUT_SECONDS = 5;

/** Every second, in small batches, so both processes take part. */
const DISPATCH_ENV = {
  REMINDER_DISPATCH_CRON: '* * * * * *',
  DISPATCH_BATCH_SIZE: '20',
  DISPATCH_CONCURRENCY: '4',
  DISPATCH_CLAIM_TIMEOUT_SECONDS: String(CLAIM_TIMEOUT_SECONDS),
};

interface Round {
  deliveries: number;
  distinct_reminders: number;
  completed: number;
  sending: number;
  outbox: number;
  outbox_deliveries: number;
  pending_reminders: number;
}

/**
 * Two built app processes on different ports against one PostgreSQL database, each with its own
 * dispatcher running: sessions are shared, and every due reminder goes out exactly once, even
 * when one process is killed while it is sending.
 */
describe('several app processes on one database', () => {
  let database: { url: string; name: string };
  const apps: BuiltApp[] = [];
  let provider: SlowTwilio | undefined;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    for (const app of apps) await app.dispose();
    await provider?.stop();
    await dropDatabase(testServerUrl(), database.name);
  });

  async function round(reminderIds: string[]): Promise<Round> {
    const [row] = await query<Round>(
      database.url,
      `select count(*)::int as deliveries,
              count(distinct d.reminder_id)::int as distinct_reminders,
              count(*) filter (where d.status = 'completed')::int as completed,
              count(*) filter (where d.status = 'sending')::int as sending,
              (select count(*)::int from outbox_messages o join deliveries x on x.id = o.delivery_id where x.reminder_id = any($1::uuid[])) as outbox,
              (select count(distinct o.delivery_id)::int from outbox_messages o join deliveries x on x.id = o.delivery_id where x.reminder_id = any($1::uuid[])) as outbox_deliveries,
              (select count(*)::int from reminders where id = any($1::uuid[]) and status = 'pending') as pending_reminders
         from deliveries d where d.reminder_id = any($1::uuid[])`,
      [reminderIds],
    );
    return row;
  }

  const exactlyOnce: Round = {
    deliveries: REMINDERS,
    distinct_reminders: REMINDERS,
    completed: REMINDERS,
    sending: 0,
    outbox: REMINDERS,
    outbox_deliveries: REMINDERS,
    pending_reminders: 0,
  };

  function sentBy(app: BuiltApp): number {
    return app.proc
      .logLines()
      .filter((line) => line.msg === 'Dispatched')
      .reduce((sum, line) => sum + Number(line.sent ?? 0), 0);
  }

  /** The dispatch runs of `app` that skipped a reminder (as they do one to a client who never agreed to texts). */
  function runsThatSkipped(app: BuiltApp): number {
    return app.proc.logLines().filter((line) => line.msg === 'Dispatched' && Number(line.skipped ?? 0) > 0).length;
  }

  let laterReminders = 0;

  /**
   * Resolves once `app`, the only process dispatching, has finished a run that came to a reminder
   * falling due after this call: every run it had under way before has ended too (it runs one at a
   * time). That reminder is to a client who never agreed to texts, so it is skipped, never sent.
   */
  async function laterRun(brokerId: string, app: BuiltApp): Promise<void> {
    const before = runsThatSkipped(app);
    laterReminders += 1;
    await query(
      database.url,
      `with client as (
         insert into clients (id, broker_id, first_name, last_name, phone, time_zone)
         values (gen_random_uuid(), $1, 'Later', 'Client', $2, 'America/New_York') returning id, broker_id)
       insert into reminders (id, broker_id, client_id, scheduled_time, deliver_after, delivery_method, message)
       select gen_random_uuid(), broker_id, id, now() - interval '1 second', now() - interval '1 second', 'sms', 'Your plan review is on Friday'
         from client`,
      [brokerId, `+1212990${String(laterReminders).padStart(4, '0')}`],
    );
    await waitFor('a later dispatch run', async () => runsThatSkipped(app) > before, 15_000, 20);
  }

  it('accepts a session made on one process on the other, and sends 1,000 due reminders exactly once between them', async () => {
    const env = { DATABASE_URL: database.url, ...DISPATCH_ENV };
    apps.push(...(await Promise.all([startBuiltApp(env), startBuiltApp(env)])));
    const [first, second] = apps as [BuiltApp, BuiltApp];

    const broker = await signIn(first.url, 'scale.out@agency.test');
    const onSecond = await fetch(`${second.url}/api/auth/user`, { headers: { cookie: broker.cookie } });
    expect(onSecond.status).toBe(200);
    expect(((await onSecond.json()) as { email: string }).email).toBe('scale.out@agency.test');
    // And it can change things there too (same origin rules, same session).
    const created = await fetch(`${second.url}/api/clients`, {
      method: 'POST',
      headers: { cookie: broker.cookie, origin: second.url, 'content-type': 'application/json' },
      body: JSON.stringify({ firstName: 'Both', lastName: 'Instances', phone: '+12125550100' }),
    });
    expect(created.status).toBe(201);
    const listed = await fetch(`${first.url}/api/clients?search=Instances`, { headers: { cookie: broker.cookie } });
    expect(await listed.json()).toEqual([expect.objectContaining({ firstName: 'Both', lastName: 'Instances' })]);

    const reminders = await dueReminders(database.url, broker.id, REMINDERS, 'sms', '+1646');
    await waitFor('1,000 completed deliveries', async () => (await round(reminders)).completed >= REMINDERS);
    // Then the second process leaves cleanly (a deploy stops it), finishing what it had under way,
    // and the first finishes a later run: nothing is sent again.
    expect(await second.proc.stop('SIGTERM')).toEqual({ code: 0, signal: null });
    await laterRun(broker.id, first);
    expect(await round(reminders)).toEqual(exactlyOnce);
    expect(sentBy(first) + sentBy(second)).toBe(REMINDERS);
    expect(sentBy(first)).toBeGreaterThan(0);
    expect(sentBy(second)).toBeGreaterThan(0);
  });

  it('still sends exactly 1,000, none twice, when a process is killed with SIGKILL in the middle of sending', async () => {
    const [survivor] = apps as [BuiltApp];
    // The place of the second process, which has left, is taken by one whose provider holds every
    // send, so it is certainly in the middle of a batch when it is killed.
    provider = new SlowTwilio(() => Number.POSITIVE_INFINITY);
    const providerUrl = await provider.start();
    const doomed = await startBuiltApp({
      DATABASE_URL: database.url,
      ...DISPATCH_ENV,
      ...TWILIO_TEST_ENV,
      TWILIO_API_BASE_URL: providerUrl,
    });
    apps.push(doomed);

    const [{ id: brokerId }] = await query<{ id: string }>(database.url, `select id from users where email = 'scale.out@agency.test'`);
    const reminders = await dueReminders(database.url, brokerId, REMINDERS, 'sms', '+1718');
    await waitFor('the doomed process to start sending', async () => provider!.requests.length > 0, 15_000, 20);
    doomed.proc.child.kill('SIGKILL');
    expect(await doomed.proc.exited).toEqual({ code: null, signal: 'SIGKILL' });
    const killedAt = realNow();

    // What the killed process had claimed stays claimed until the claim timeout, then the survivor sends it.
    const [{ abandoned }] = await query<{ abandoned: number }>(
      database.url,
      `select count(*)::int as abandoned from deliveries where reminder_id = any($1::uuid[]) and status = 'sending' and claimed_at < $2`,
      [reminders, killedAt],
    );
    expect(abandoned).toBeGreaterThan(0);
    await waitFor(
      '1,000 completed deliveries',
      async () => (await round(reminders)).completed >= REMINDERS,
      (CLAIM_TIMEOUT_SECONDS + 30) * 1000,
    );
    // A later run on the survivor: nothing is sent again.
    await laterRun(brokerId, survivor);
    expect(await round(reminders)).toEqual(exactlyOnce);

    // The deliveries the killed process had started were sent once more by the survivor, and only once.
    const attempted = [...new Set(provider.requests.map((r) => r.deliveryId).filter((id): id is string => id !== null))];
    expect(attempted.length).toBeGreaterThan(0);
    const retried = await query<{ status: string; attempts: number; outbox: number }>(
      database.url,
      `select d.status, d.attempts, (select count(*)::int from outbox_messages o where o.delivery_id = d.id) as outbox
         from deliveries d where d.id = any($1::uuid[])`,
      [attempted],
    );
    expect(retried).toHaveLength(attempted.length);
    expect(retried.every((d) => d.status === 'completed' && d.attempts === 2 && d.outbox === 1)).toBe(true);
    expect(survivor.proc.logLines().some((line) => line.level === 40 && /^Released \d+ abandoned claim/.test(String(line.msg)))).toBe(true);
  });
});

describe('several app processes starting together on an empty database', () => {
  const name = `carekeep_test_fresh_${randomBytes(4).toString('hex')}`;
  const apps: BuiltApp[] = [];
  afterAll(async () => {
    for (const app of apps) await app.dispose();
    await dropDatabase(testServerUrl(), name);
  });

  it('applies the migrations once: one process migrates while the others wait, and all of them serve', async () => {
    await query(testServerUrl(), `create database ${name}`);
    const url = new URL(testServerUrl());
    url.pathname = `/${name}`;
    const env = { DATABASE_URL: url.toString() };
    const started = await Promise.allSettled([startBuiltApp(env), startBuiltApp(env), startBuiltApp(env)]);
    for (const result of started) if (result.status === 'fulfilled') apps.push(result.value);
    expect(started.filter((result) => result.status === 'rejected').map((result) => String(result.reason).slice(0, 300))).toEqual([]);

    const migrations = (await readdir(MIGRATIONS_DIR)).filter((file) => /^Migration\d+_\w+\.ts$/.test(file));
    const recorded = await query<{ name: string }>(url.toString(), 'select name from mikro_orm_migrations order by id');
    expect(recorded.map((row) => `${row.name}.ts`).sort()).toEqual(migrations.sort());
    const applied = apps.map((app) => app.proc.logLines().filter((line) => /^Applied \d+ migration/.test(String(line.msg))).length);
    expect(applied.sort()).toEqual([0, 0, 1]);
    for (const app of apps) expect((await fetch(`${app.url}/api/health`)).status).toBe(200);
  });
});
