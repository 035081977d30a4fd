import { MikroORM } from '@mikro-orm/postgresql';
import request from 'supertest';

import { seedDemoData } from '../src/database/seeders/demo-data.seeder.js';
import { Member } from '../src/members/member.entity.js';
import { PERMISSIONS } from '../src/members/roles.js';
import { User } from '../src/users/user.entity.js';
import { browser, signInAsBroker } from './helpers/browser-agent.js';
import { realNow } from './helpers/clock.js';
import { makeUser } from './helpers/factories.js';
import { brokerSession } from './helpers/session.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/** The migration before members: the schema every existing account lived in. */
const BEFORE_MEMBERS = 'Migration20261128215308_marketing_details';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ listen: true });
});
afterAll(() => t?.close());

const membersOf = (agencyId: string) => t.em().find(Member, { agencyId }, { orderBy: { createdAt: 'asc' } });

describe('an agency and its members (the person signed in)', () => {
  it('makes a new agency with its first person as owner, with every permission, and finds them again', async () => {
    const first = await brokerSession(t, 'Owner.One@Agency.Test');
    const me = await first.agent.get('/api/auth/user');
    expect(me.status).toBe(200);
    expect(me.body.member).toEqual({ id: expect.any(String), role: 'owner', permissions: [...PERMISSIONS] });

    const members = await membersOf(first.id);
    expect(members).toHaveLength(1);
    expect(members[0]).toMatchObject({ id: me.body.member.id, role: 'owner', email: 'owner.one@agency.test', removedAt: null });
    expect(members[0].oidcSubject).toBeTruthy();
    expect(members[0].lastSignInAt).toBeInstanceOf(Date);

    const again = await brokerSession(t, 'owner.one@agency.test');
    expect(again.id).toBe(first.id);
    expect((await again.agent.get('/api/auth/user')).body.member.id).toBe(me.body.member.id);
    expect(await membersOf(first.id)).toHaveLength(1);
  });

  it('gives an account made with an e-mail its owner at once, and that owner is who signs in', async () => {
    const prepared = await makeUser(t.em(), { email: 'prepared@agency.test' });
    const [owner] = await membersOf(prepared.id);
    expect(owner).toMatchObject({ role: 'owner', email: 'prepared@agency.test', oidcSubject: null });

    const session = await brokerSession(t, 'prepared@agency.test');
    expect(session.id).toBe(prepared.id);
    expect((await session.agent.get('/api/auth/user')).body.member.id).toBe(owner.id);
    const [signedIn, ...others] = await membersOf(prepared.id);
    expect(others).toEqual([]);
    expect(signedIn.oidcSubject).toBeTruthy();
  });

  it('ends a removed member’s session at once, and their token too', async () => {
    const broker = await brokerSession(t, 'leaving@agency.test');
    const token = await broker.agent.post('/api/tokens').send({ name: 'CRM', scopes: ['clients:read'], expiresInDays: 30 });
    expect(token.status).toBe(201);
    expect(
      (
        await request(t.http)
          .get('/api/clients')
          .auth(token.body.token as string, { type: 'bearer' })
      ).status,
    ).toBe(200);

    await t.em().nativeUpdate(Member, { agencyId: broker.id }, { removedAt: realNow() });
    const me = await broker.agent.get('/api/auth/user');
    expect(me.status).toBe(401);
    expect(
      (
        await request(t.http)
          .get('/api/clients')
          .auth(token.body.token as string, { type: 'bearer' })
      ).status,
    ).toBe(401);
  });

  it('keeps a session from before members working, as the agency’s owner', async () => {
    const broker = await brokerSession(t, 'long.session@agency.test');
    const [owner] = await membersOf(broker.id);
    // The stored session as it was written before sessions named their member.
    await t
      .em()
      .execute(`update "session" set sess = (sess::jsonb #- '{auth,memberId}')::json where sess->'auth'->>'userId' = ?`, [broker.id]);
    const me = await broker.agent.get('/api/auth/user');
    expect(me.status).toBe(200);
    expect(me.body.member).toMatchObject({ id: owner.id, role: 'owner' });
  });
});

describe('the members migration', () => {
  it('makes every existing account a one-member agency owned by its person, and each signs in to the same book', async () => {
    // Today's demo data in the schema before members: seeded, then the members migration taken back.
    await t.em().nativeDelete(User, {});
    expect(await seedDemoData(t.em())).toBe(true);
    const migrator = t.app.get(MikroORM).migrator;
    await migrator.down({ to: BEFORE_MEMBERS });
    const [{ exists }] = await t.em().execute<{ exists: boolean }[]>(`select to_regclass('members') is not null as exists`);
    expect(exists).toBe(false);
    const accounts = await t.em().execute<
      {
        id: string;
        email: string | null;
        first_name: string | null;
        last_name: string | null;
        oidc_subject: string | null;
        clients: number;
      }[]
    >(
      `select u.id, u.email, u.first_name, u.last_name, u.oidc_subject, (select count(*)::int from clients c where c.broker_id = u.id) as clients
         from users u order by u.email`,
    );
    expect(accounts.length).toBeGreaterThanOrEqual(10);

    await migrator.up();
    for (const account of accounts) {
      const members = await membersOf(account.id);
      expect(
        members.map((m) => ({ role: m.role, email: m.email, firstName: m.firstName, lastName: m.lastName, subject: m.oidcSubject })),
      ).toEqual([
        { role: 'owner', email: account.email, firstName: account.first_name, lastName: account.last_name, subject: account.oidc_subject },
      ]);
    }

    const dana = accounts.find((account) => account.email === 'dana.whitfield@example.com')!;
    expect(dana.clients).toBeGreaterThan(0);
    const agent = browser(t);
    await signInAsBroker(agent, t.appUrl, 'dana.whitfield@example.com');
    const me = await agent.get('/api/auth/user');
    expect(me.body).toMatchObject({ id: dana.id, email: 'dana.whitfield@example.com', member: { role: 'owner' } });
    const clients = await agent.get('/api/clients').query({ range: '[0,0]' });
    expect(clients.headers['content-range']).toBe(`clients 0-0/${dana.clients}`);
  });
});
