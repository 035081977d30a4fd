import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { MikroORM } from '@mikro-orm/postgresql';
import request from 'supertest';

import { ApiToken } from '../src/api-tokens/api-token.entity.js';
import { ROLE_REFUSED } from '../src/auth/access.guard.js';
import { Client } from '../src/clients/client.entity.js';
import { REPO_ROOT } from '../src/config/config.js';
import { seedDemoData } from '../src/database/seeders/demo-data.seeder.js';
import { Member } from '../src/members/member.entity.js';
import { LAST_OWNER, MEMBER_INVITATION_PURPOSE, NOT_YOURSELF } from '../src/members/members.service.js';
import { type MemberRole, type Permission, PERMISSIONS } from '../src/members/roles.js';
import { OutboxMessage } from '../src/messaging/outbox-message.entity.js';
import { User } from '../src/users/user.entity.js';
import { type Agent, browser, follow, joinThroughLink, signInAsBroker } from './helpers/browser-agent.js';
import { realNow } from './helpers/clock.js';
import { makeClient, makeUser } from './helpers/factories.js';
import { outboxInFull } from './helpers/outbox.js';
import * as sessions from './helpers/session.js';
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
    expect(me.body.member).toEqual({ id: expect.any(String), role: 'owner', permissions: [...PERMISSIONS], seesOnlyAssigned: false });

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
    const withToken = () =>
      request(t.http)
        .get('/api/clients')
        .auth(token.body.token as string, { type: 'bearer' });
    expect((await withToken()).status).toBe(200);

    await t.em().nativeUpdate(Member, { agencyId: broker.id }, { removedAt: realNow() });
    const me = await broker.agent.get('/api/auth/user');
    expect(me.status).toBe(401);
    expect((await withToken()).status).toBe(401);
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

/** A person signed in as a member of `agencyId` with `role`. */
const memberSession = async (agencyId: string, role: MemberRole, email: string): Promise<Agent> =>
  (await sessions.memberSession(t, agencyId, role, email)).agent;

const refused = (permission: Permission) => ({ statusCode: 403, message: ROLE_REFUSED, permission });

describe('roles: what each member may do, decided by the one guard', () => {
  let owner: { agent: Agent; id: string };
  let campaignId: string;
  beforeAll(async () => {
    owner = await brokerSession(t, 'roles.owner@agency.test', { readyForCampaigns: true });
    expect((await owner.agent.post('/api/clients').send({ firstName: 'Rosa', lastName: 'Diaz', phone: '(615) 555-0142' })).status).toBe(
      201,
    );
    const draft = await owner.agent.post('/api/campaigns').send({ name: 'AEP', type: 'email', subject: 'AEP', message: 'Hello' });
    campaignId = draft.body.id as string;
  });

  it('lets a read-only member see the agency’s book and change nothing', async () => {
    const reviewer = await memberSession(owner.id, 'read_only', 'roles.reviewer@agency.test');
    const me = await reviewer.get('/api/auth/user');
    expect(me.body).toMatchObject({
      id: owner.id,
      member: { role: 'read_only', permissions: ['read', 'activity:read', 'commissions:read', 'inbox:read'] },
    });
    const clients = await reviewer.get('/api/clients');
    expect(clients.status).toBe(200);
    expect(clients.body.map((client: { lastName: string }) => client.lastName)).toEqual(['Diaz']);
    expect((await reviewer.get('/api/campaigns')).status).toBe(200);

    const added = await reviewer.post('/api/clients').send({ firstName: 'Al', lastName: 'Lee', phone: '(615) 555-0143' });
    expect([added.status, added.body]).toEqual([403, refused('clients:write')]);
    expect((await reviewer.put('/api/branding').send({ agencyName: 'Mine now' })).body).toEqual(refused('branding:manage'));
    expect((await reviewer.post(`/api/campaigns/${campaignId}/send`)).body).toEqual(refused('campaigns:send'));
    expect((await reviewer.get('/api/clients/export.csv')).body).toEqual(refused('clients:export'));
    expect(await t.em().count(Client, { broker: owner.id })).toBe(1);
  });

  it('lets an assistant add clients and draft campaigns, but not send them, export, or touch billing and tokens', async () => {
    const assistant = await memberSession(owner.id, 'assistant', 'roles.assistant@agency.test');
    expect((await assistant.post('/api/clients').send({ firstName: 'Ann', lastName: 'Bell', phone: '(615) 555-0144' })).status).toBe(201);
    expect((await assistant.post('/api/campaigns').send({ name: 'Draft', type: 'email', subject: 'S', message: 'M' })).status).toBe(201);
    expect((await assistant.post(`/api/campaigns/${campaignId}/send`)).body).toEqual(refused('campaigns:send'));
    expect((await assistant.get('/api/clients/export.csv')).body).toEqual(refused('clients:export'));
    expect((await assistant.post('/api/billing/portal')).body).toEqual(refused('billing:manage'));
    expect((await assistant.post('/api/tokens').send({ name: 'Mine', scopes: ['clients:read'], expiresInDays: 30 })).body).toEqual(
      refused('tokens:manage'),
    );
  });

  it('lets an agent export and send campaigns, but not manage billing, branding or tokens', async () => {
    const agent = await memberSession(owner.id, 'agent', 'roles.agent@agency.test');
    expect((await agent.get('/api/clients/export.csv')).status).toBe(200);
    expect((await agent.post(`/api/campaigns/${campaignId}/test`)).status).toBe(200);
    expect((await agent.put('/api/branding').send({ agencyName: 'Agent Co' })).body).toEqual(refused('branding:manage'));
    expect((await agent.delete('/api/tokens/00000000-0000-4000-8000-000000000000')).body).toEqual(refused('tokens:manage'));
  });

  it('names, in the contract, what every change a member can make needs of them', () => {
    const contract = JSON.parse(readFileSync(join(REPO_ROOT, 'openapi.json'), 'utf8')) as {
      paths: Record<string, Record<string, { security?: unknown[]; 'x-member-permission'?: { write?: string } }>>;
    };
    const unnamed = Object.entries(contract.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([method, operation]) => ['post', 'put', 'patch', 'delete'].includes(method) && operation.security?.length)
        .filter(() => !/^\/api\/(admin|client\/|client-portal\/)/.test(path))
        .filter(([, operation]) => !PERMISSIONS.includes(operation['x-member-permission']?.write as Permission))
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(unnamed).toEqual([]);
  });
});

describe('the team: invitations, roles and removal', () => {
  let owner: { agent: Agent; id: string };
  let ownerMember: string;
  beforeAll(async () => {
    owner = await brokerSession(t, 'team.owner@agency.test');
    await t.em().nativeUpdate(User, { id: owner.id }, { agencyName: 'Sunrise Benefits' });
    ownerMember = (await owner.agent.get('/api/auth/user')).body.member.id as string;
  });

  const invite = (email: string, role: MemberRole) => owner.agent.post('/api/members').send({ email, role });
  const listed = async () =>
    ((await owner.agent.get('/api/members')).body as { email: string; role: string; status: string; clients: number }[]).map(
      ({ email, role, status, clients }) => ({ email, role, status, clients }),
    );

  it('invites by e-mail with a link valid 7 days, and the person joins by signing in through it', async () => {
    const sent = await invite('Maria.Lopez@Agency.Test', 'agent');
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ email: 'maria.lopez@agency.test', role: 'agent', status: 'invited', clients: 0 });
    const days = (new Date(sent.body.invitationExpiresAt as string).getTime() - realNow().getTime()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
    const link = sent.body.invitationUrl as string;
    expect(link).toMatch(/\/api\/join\?token=[A-Za-z0-9_-]{43}$/);

    const [mail] = await outboxInFull(t, { purpose: MEMBER_INVITATION_PURPOSE, recipient: 'maria.lopez@agency.test' });
    expect(mail.subject).toBe('Join Sunrise Benefits on CareKeep');
    expect(mail.body).toContain('You are invited to join Sunrise Benefits on CareKeep as an agent.');
    expect(mail.body).toContain(link);
    // The agency reads its outbox: the link there is hidden.
    const [stored] = await t.em().find(OutboxMessage, { id: mail.id });
    expect(JSON.stringify(stored)).not.toContain(new URL(link).searchParams.get('token'));

    const maria = browser(t);
    const chain = await joinThroughLink(maria, t.appUrl, link, 'maria.lopez@agency.test');
    expect(chain.map((res) => res.headers.location).at(-2)).toBe('/');
    const me = await maria.get('/api/auth/user');
    expect(me.body).toMatchObject({ id: owner.id, member: { id: sent.body.id, role: 'agent' } });
    expect(await listed()).toEqual([
      { email: 'team.owner@agency.test', role: 'owner', status: 'active', clients: 0 },
      { email: 'maria.lopez@agency.test', role: 'agent', status: 'active', clients: 0 },
    ]);

    // A link works once.
    const again = await follow(browser(t), t.appUrl, await browser(t).get(new URL(link).pathname + new URL(link).search));
    expect(again[0].headers.location).toBe('/invitation?problem=expired');
  });

  it('refuses an expired link, and a person who works in another agency', async () => {
    const late = await invite('late@agency.test', 'assistant');
    await t.em().nativeUpdate(Member, { id: late.body.id }, { invitationExpiresAt: new Date(realNow().getTime() - 1000) });
    expect((await listed()).find((m) => m.email === 'late@agency.test')).toMatchObject({ status: 'expired' });
    const lateAgent = browser(t);
    const chain = await joinThroughLink(lateAgent, t.appUrl, late.body.invitationUrl, 'late@agency.test');
    expect(chain[0].headers.location).toBe('/invitation?problem=expired');
    expect((await lateAgent.get('/api/auth/user')).status).toBe(401);

    // Sent again: a new link, the old one stops working.
    const resent = await owner.agent.post(`/api/members/${late.body.id}/invitation`);
    expect(resent.status).toBe(201);
    expect(resent.body).toMatchObject({ id: late.body.id, status: 'invited' });
    expect(resent.body.invitationUrl).not.toBe(late.body.invitationUrl);

    const elsewhere = await brokerSession(t, 'has.own.agency@agency.test');
    const invited = await invite('has.own.agency@agency.test', 'agent');
    const refusedJoin = await joinThroughLink(browser(t), t.appUrl, invited.body.invitationUrl, 'has.own.agency@agency.test');
    expect(refusedJoin.map((res) => res.headers.location)).toContain('/invitation?problem=other-agency');
    expect((await elsewhere.agent.get('/api/auth/user')).body.id).toBe(elsewhere.id);
    expect((await listed()).find((m) => m.email === 'has.own.agency@agency.test')).toMatchObject({ status: 'invited' });
  });

  it.each([
    [{ email: 'not an address', role: 'agent' }, 400, 'Enter an e-mail address such as name@agency.com'],
    [{ email: 'x@agency.test', role: 'boss' }, 400, 'role must be one of: owner, agent, assistant, read_only'],
    [{ email: `${'a'.repeat(250)}@agency.test`, role: 'agent' }, 400, 'An e-mail address has at most 254 characters'],
    [{ email: 'team.owner@agency.test', role: 'agent' }, 409, 'team.owner@agency.test is already a member of this agency'],
  ])('refuses the invitation %j with %i and a message', async (body, status, message) => {
    const res = await owner.agent.post('/api/members').send(body);
    expect(res.status).toBe(status);
    expect(res.body.message).toContain(message);
  });

  it('changes a role from the member’s next request, and keeps the agency an owner', async () => {
    const { agent: sam, memberId } = await sessions.memberSession(t, owner.id, 'agent', 'sam.role@agency.test');
    expect((await sam.get('/api/clients/export.csv')).status).toBe(200);
    const changed = await owner.agent.put(`/api/members/${memberId}`).send({ role: 'assistant' });
    expect([changed.status, changed.body.role]).toEqual([200, 'assistant']);
    expect((await sam.get('/api/auth/user')).body.member.role).toBe('assistant');
    expect((await sam.get('/api/clients/export.csv')).body).toEqual(refused('clients:export'));

    const lastOwner = await owner.agent.put(`/api/members/${ownerMember}`).send({ role: 'agent' });
    expect([lastOwner.status, lastOwner.body.message]).toEqual([400, LAST_OWNER]);
    expect((await owner.agent.put(`/api/members/${memberId}`).send({ role: 'king' })).status).toBe(400);
    expect((await owner.agent.put('/api/members/not-a-uuid').send({ role: 'agent' })).status).toBe(404);
  });

  it('removes a member at once: sessions and tokens end, clients go to another member, their sign-in no longer reaches the agency', async () => {
    const { agent: leaving, memberId } = await sessions.memberSession(t, owner.id, 'owner', 'leaving.owner@agency.test');
    const token = await leaving.post('/api/tokens').send({ name: 'Theirs', scopes: ['clients:read'], expiresInDays: 30 });
    expect(token.status).toBe(201);
    const agency = await t.em().findOneOrFail(User, owner.id);
    const clients = [await makeClient(t.em(), agency), await makeClient(t.em(), agency)];
    await t.em().nativeUpdate(Client, { id: { $in: clients.map((c) => c.id) } }, { assignedMemberId: memberId });
    const [maria] = await t.em().find(Member, { agencyId: owner.id, email: 'maria.lopez@agency.test' });

    expect((await owner.agent.delete(`/api/members/${ownerMember}`)).body.message).toBe(NOT_YOURSELF);
    const badHeir = await owner.agent.delete(`/api/members/${memberId}`).query({ reassignTo: memberId });
    expect([badHeir.status, badHeir.body.message]).toEqual([400, 'Choose a member of this agency who has joined to take over the clients']);
    expect((await t.em().findOneOrFail(Member, memberId)).removedAt).toBeNull();

    const removed = await owner.agent.delete(`/api/members/${memberId}`).query({ reassignTo: maria.id });
    expect([removed.status, removed.body]).toEqual([200, { id: memberId, reassignedTo: maria.id, clientsReassigned: 2 }]);
    expect((await leaving.get('/api/auth/user')).status).toBe(401);
    const withToken = await request(t.http)
      .get('/api/clients')
      .auth(token.body.token as string, { type: 'bearer' });
    expect(withToken.status).toBe(401);
    const moved = await t.em().find(Client, { id: { $in: clients.map((c) => c.id) } });
    expect(moved.map((client) => client.assignedMemberId)).toEqual([maria.id, maria.id]);
    expect((await listed()).map((m) => m.email)).not.toContain('leaving.owner@agency.test');

    // Signing in again, they are no longer in the agency: a new one of their own begins.
    const back = await brokerSession(t, 'leaving.owner@agency.test');
    expect(back.id).not.toBe(owner.id);
    expect((await owner.agent.delete(`/api/members/${memberId}`)).status).toBe(404);
  });

  it('lets each member keep their own name and language, and only those who manage the branding change the agency’s settings', async () => {
    const { agent: ana } = await sessions.memberSession(t, owner.id, 'assistant', 'ana.own@agency.test');
    const saved = await ana.put('/api/profile').send({ firstName: 'Ana', lastName: 'Ruiz', language: 'es' });
    expect([saved.status, saved.body]).toMatchObject([
      200,
      { firstName: 'Ana', lastName: 'Ruiz', language: 'es', email: 'ana.own@agency.test' },
    ]);
    expect((await ana.get('/api/auth/user')).body).toMatchObject({
      id: owner.id,
      firstName: 'Ana',
      language: 'es',
      member: { role: 'assistant' },
    });
    expect((await ana.put('/api/profile').send({ agencyPhone: '(615) 555-0100' })).body).toEqual(refused('branding:manage'));
    expect((await ana.put('/api/profile').send({ firstName: 'Ana', weeklyDigest: false })).body).toEqual(refused('branding:manage'));

    // The owner's own name and the agency's language are theirs still.
    const mine = await owner.agent.get('/api/auth/user');
    expect(mine.body).toMatchObject({ email: 'team.owner@agency.test', language: 'en' });
    expect(mine.body.firstName).not.toBe('Ana');
    const ownerSaved = await owner.agent.put('/api/profile').send({ firstName: 'Olivia', agencyPhone: '(615) 555-0100' });
    expect(ownerSaved.body).toMatchObject({ firstName: 'Olivia', agencyPhone: '+16155550100' });
    expect((await t.em().findOneOrFail(User, owner.id)).firstName).toBe('Olivia');
    expect((await ana.get('/api/auth/user')).body).toMatchObject({ firstName: 'Ana', agencyPhone: '+16155550100' });
  });

  it('keeps another agency’s members out of reach', async () => {
    const other = await brokerSession(t, 'team.other@agency.test');
    const [theirOwner] = await membersOf(other.id);
    expect((await owner.agent.put(`/api/members/${theirOwner.id}`).send({ role: 'agent' })).status).toBe(404);
    expect((await owner.agent.delete(`/api/members/${theirOwner.id}`)).status).toBe(404);
    expect((await owner.agent.post(`/api/members/${theirOwner.id}/invitation`)).status).toBe(404);
    expect((await other.agent.get('/api/members')).body.map((m: { email: string }) => m.email)).toEqual(['team.other@agency.test']);
  });
});

describe('each client’s member: who looks after them', () => {
  let owner: { agent: Agent; id: string };
  let agentMember: string;
  beforeAll(async () => {
    owner = await brokerSession(t, 'book.owner@agency.test');
    agentMember = (await sessions.memberSession(t, owner.id, 'agent', 'book.agent@agency.test')).memberId;
    await t.em().nativeUpdate(Member, { id: agentMember }, { firstName: 'Luis', lastName: 'Ortega' });
  });

  const add = (agent: Agent, lastName: string, phone: string) =>
    agent
      .post('/api/clients')
      .send({ firstName: 'Pat', lastName, phone })
      .then((res) => res.body.id as string);
  const names = async (filter: object) =>
    ((await owner.agent.get('/api/clients').query({ filter: JSON.stringify(filter) })).body as { lastName: string }[])
      .map((client) => client.lastName)
      .sort();

  it('gives a new client to the owner or agent who adds it, and none to an assistant’s', async () => {
    const me = (await owner.agent.get('/api/auth/user')).body.member.id as string;
    const ownClient = await add(owner.agent, 'Owned', '(615) 555-0161');
    expect((await owner.agent.get(`/api/clients/${ownClient}`)).body.assignedMemberId).toBe(me);
    const { agent: assistant } = await sessions.memberSession(t, owner.id, 'assistant', 'book.assistant@agency.test');
    const entered = await add(assistant, 'Entered', '(615) 555-0162');
    expect((await owner.agent.get(`/api/clients/${entered}`)).body.assignedMemberId).toBeNull();
    expect(await names({ assignedTo: 'none' })).toEqual(['Entered']);
    expect(await names({ assignedTo: me })).toEqual(['Owned']);
  });

  it('hands clients to a member who has joined, all or nothing, and filters by them', async () => {
    const a = await add(owner.agent, 'Alpha', '(615) 555-0163');
    const b = await add(owner.agent, 'Bravo', '(615) 555-0164');
    const assigned = await owner.agent.post('/api/clients/assign').send({ ids: [a, b], memberId: agentMember });
    expect([assigned.status, assigned.body]).toEqual([
      200,
      { memberId: agentMember, done: 2, message: 'Assigned 2 clients to Luis Ortega.' },
    ]);
    expect(await names({ assignedTo: agentMember })).toEqual(['Alpha', 'Bravo']);

    const other = await brokerSession(t, 'book.other@agency.test');
    const theirs = await add(other.agent, 'Theirs', '(615) 555-0165');
    const [theirOwner] = await membersOf(other.id);
    const refusedMember = await owner.agent.post('/api/clients/assign').send({ ids: [a], memberId: theirOwner.id });
    expect([refusedMember.status, refusedMember.body.message]).toEqual([400, 'Choose a member of this agency who has joined']);
    const notOurs = await owner.agent.post('/api/clients/assign').send({ ids: [a, theirs], memberId: null });
    expect(notOurs.status).toBe(404);
    expect(await names({ assignedTo: agentMember })).toEqual(['Alpha', 'Bravo']);
    expect((await other.agent.get(`/api/clients/${theirs}`)).body.assignedMemberId).toBe(theirOwner.id);

    const none = await owner.agent.post('/api/clients/assign').send({ ids: [a], memberId: null });
    expect(none.body).toEqual({ memberId: null, done: 1, message: 'Left 1 client with nobody to look after them.' });
    expect((await owner.agent.get('/api/clients').query({ filter: JSON.stringify({ assignedTo: 'someone' }) })).body.message).toBe(
      'filter assignedTo must be a member’s id, or none',
    );
  });
});

describe('the members migration', () => {
  it('makes every existing account a one-member agency owned by its person, and each signs in to the same book', async () => {
    // Today's demo data in the schema before members: seeded, then the members migration taken back.
    await t.em().nativeDelete(User, {});
    expect(await seedDemoData(t.em())).toBe(true);
    // The demo's agency of three: Luis signs in to Dana's book as its agent, with his own clients.
    const luis = browser(t);
    await signInAsBroker(luis, t.appUrl, 'luis.ortega@example.com');
    const luisMe = await luis.get('/api/auth/user');
    expect(luisMe.body).toMatchObject({ email: 'luis.ortega@example.com', firstName: 'Luis', member: { role: 'agent' } });
    const team = await luis.get('/api/members');
    expect(team.body.map((m: { email: string; role: string }) => `${m.role} ${m.email}`)).toEqual([
      'owner dana.whitfield@example.com',
      'agent luis.ortega@example.com',
      'assistant ana.ruiz@example.com',
    ]);
    expect(team.body[1].clients).toBeGreaterThan(0);
    await luis.get('/api/logout');
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
    // A token made before members: after the migration it is its agency's owner's.
    await t
      .em()
      .execute(
        `insert into api_tokens (id, user_id, name, scopes, prefix, token_hash) select gen_random_uuid(), id, 'CRM', '{clients:read}', 'ck_pat_abcdef', 'hash' from users where email = 'dana.whitfield@example.com'`,
      );

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
    const [danaOwner] = await membersOf(dana.id);
    expect(await t.em().find(ApiToken, { userId: dana.id })).toEqual([expect.objectContaining({ name: 'CRM', memberId: danaOwner.id })]);
    const agent = browser(t);
    await signInAsBroker(agent, t.appUrl, 'dana.whitfield@example.com');
    const me = await agent.get('/api/auth/user');
    expect(me.body).toMatchObject({ id: dana.id, email: 'dana.whitfield@example.com', member: { role: 'owner' } });
    const clients = await agent.get('/api/clients').query({ range: '[0,0]' });
    expect(clients.headers['content-range']).toBe(`clients 0-0/${dana.clients}`);
  });
});
