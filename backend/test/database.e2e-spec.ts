import { readdir } from 'node:fs/promises';

import { MikroORM } from '@mikro-orm/postgresql';

import { pendingSchemaChanges } from '../src/database/cli.js';
import { MIGRATIONS } from '../src/database/migrations/index.js';
import { MIGRATIONS_SOURCE_DIR } from '../src/database/paths.js';
import { seedDemoData } from '../src/database/seeders/demo-data.seeder.js';
import { InboxService } from '../src/inbox/inbox.service.js';
import { InboxSettings } from '../src/inbox/inbox-settings.entity.js';
import { InboxThread } from '../src/inbox/inbox-thread.entity.js';
import { wholeBook } from '../src/members/book.js';
import { ClientInteraction } from '../src/tasks/client-interaction.entity.js';
import { User } from '../src/users/user.entity.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

describe('database schema and seed data', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('has entities and committed migrations that agree', async () => {
    const pending = await pendingSchemaChanges(t.app.get(MikroORM));
    // A non-empty diff means an entity changed without a migration: run `npm run migration:create`.
    expect(pending).toBe('');
  });

  it('lists every migration file in migrations/index.ts, oldest first', async () => {
    const files = (await readdir(MIGRATIONS_SOURCE_DIR))
      .filter((file) => /^Migration\d{14}.*\.ts$/.test(file))
      .map((file) => file.replace(/\.ts$/, ''))
      .sort();
    expect(MIGRATIONS.map((m) => m.name)).toEqual(files);
  });

  it('stores a broker with the defaults of the spec', async () => {
    const em = t.em();
    const user = em.create(User, { email: 'new@example.com' });
    await em.flush();
    const row = await t.em().findOneOrFail(User, user.id);
    expect(row).toMatchObject({
      isAdmin: false,
      primaryColor: '#2563eb',
      secondaryColor: '#10b981',
      agencyName: '',
      agencyPhone: '',
      logoUrl: null,
      subscriptionTier: 'flat',
      subscriptionStatus: 'trial',
    });
    expect(row.createdAt).toBeInstanceOf(Date);
  });

  it('refuses a subscription status outside the spec', async () => {
    const em = t.em();
    await expect(em.execute(`insert into users (id, subscription_status) values (gen_random_uuid(), 'paused')`)).rejects.toThrow(
      /users_subscription_status_check/,
    );
  });

  it('seeds demo data into an empty database once, and never again', async () => {
    const em = t.em();
    await em.nativeDelete(User, {});
    expect(await seedDemoData(t.em())).toBe(true);
    const users = await t.em().find(User, {}, { orderBy: { email: 'asc' } });
    expect(users.map((u) => u.email)).toEqual([
      'admin@example.com',
      'dana.whitfield@example.com',
      'gary.holt@example.com',
      'lena.ortiz@example.com',
      'marcus.reyes@example.com',
      'nina.brooks@example.com',
      'priya.natarajan@example.com',
      'ruth.alvarez@example.com',
      'tom.becker@example.com',
      'wendy.park@example.com',
    ]);
    expect(users.find((u) => u.isAdmin)?.email).toBe('admin@example.com');
    // A year of month-end snapshots behind the admin's trends.
    const [history] = await t
      .em()
      .execute<{ months: number; brokers: number }[]>(
        `select (select count(*) from platform_month_snapshots)::int as months, (select count(distinct broker_id) from billing_month_snapshots)::int as brokers`,
      );
    expect(history).toEqual({ months: 12, brokers: 8 });
    // Dana's book has its coverage: a policy for each client, pending for those about to turn 65,
    // terminated for those who left, each written by the member who looks after the client; two
    // plans end within 60 days (one with the new plan pending), two ended at the last AEP, and one
    // client has a dental plan beside his Medicare plan.
    const policies = await t.em().execute<{ status: string; count: number; written: number }[]>(
      `select p.status, count(*)::int as count, count(*) filter (where p.writing_member_id = c.assigned_member_id)::int as written
         from policies p join clients c on c.id = p.client_id join users u on u.id = p.broker_id
        where u.email = 'dana.whitfield@example.com' group by p.status order by p.status`,
    );
    expect(policies).toEqual([
      { status: 'active', count: 16, written: 16 },
      { status: 'pending', count: 4, written: 4 },
      { status: 'terminated', count: 9, written: 9 },
    ]);
    // Dana's team has tasks (some overdue, one of each rule) and calls logged.
    const tasks = await t.em().execute<{ source: string; count: number }[]>(
      `select t.source, count(*)::int as count from tasks t join users u on u.id = t.broker_id
        where u.email = 'dana.whitfield@example.com' group by t.source order by t.source`,
    );
    expect(tasks).toEqual([
      { source: 'at_risk', count: 1 },
      { source: 'client_reply', count: 1 },
      { source: 'manual', count: 7 },
      { source: 'rule_review_call', count: 1 },
      { source: 'rule_turning_65', count: 1 },
      { source: 'rule_welcome_call', count: 1 },
    ]);
    // Dana's inbox: six conversations, one of them waiting past her promise of a reply, and her office hours with the auto-reply on.
    const dana = users.find((u) => u.email === 'dana.whitfield@example.com')!;
    expect(await t.em().count(InboxThread, { agency: dana.id })).toBe(6);
    expect((await t.app.get(InboxService).overdue(wholeBook(dana.id))).threads).toBe(1);
    expect(await t.em().findOneOrFail(InboxSettings, { agency: dana.id })).toMatchObject({ autoReply: true, replyPromiseDays: 1 });
    expect(await t.em().count(ClientInteraction, {})).toBe(4);
    // Dana's commissions: a schedule per carrier, and last month's Humana statement imported and
    // matched: exact and fuzzy rows, two unmatched, and a policy left unpaid.
    const [statement] = await t.em().execute<Record<string, number>[]>(
      `select s.matched_exact as exact, s.matched_fuzzy as fuzzy, s.unmatched,
              (select count(*) from commission_schedules k where k.broker_id = s.broker_id)::int as schedules
         from commission_statements s join users u on u.id = s.broker_id where u.email = 'dana.whitfield@example.com'`,
    );
    expect(statement).toMatchObject({ unmatched: 2, schedules: 12 });
    expect(statement.exact).toBeGreaterThan(0);
    expect(statement.fuzzy).toBeGreaterThan(0);
    expect(await seedDemoData(t.em())).toBe(false);
    expect(await t.em().count(User, {})).toBe(10);
  });
});
