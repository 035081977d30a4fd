import { readFileSync } from 'node:fs';
import { Agent as HttpAgent } from 'node:http';
import { join } from 'node:path';

import request from 'supertest';

import { ApiTokensService } from '../src/api-tokens/api-tokens.service.js';
import { grantableScopes } from '../src/api-tokens/scopes.js';
import { ROLE_REFUSED } from '../src/auth/access.guard.js';
import { REPO_ROOT } from '../src/config/config.js';
import { MEMBER_ROLES, type MemberRole, type Permission, PERMISSIONS, roleMay } from '../src/members/roles.js';
import { User } from '../src/users/user.entity.js';
import type { Agent } from './helpers/browser-agent.js';
import { realNow } from './helpers/clock.js';
import { untilFirstEvent } from './helpers/event-stream.js';
import { grantConsent, makeClient } from './helpers/factories.js';
import { brokerSession, memberSession } from './helpers/session.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/**
 * The role × operation table, generated from the contract: every operation a member can call in
 * `openapi.json`, by every role, with the browser session and with an API token holding every
 * scope. What the contract names (x-member-permission, x-token-scopes) decides what each answer
 * must be, so a new route comes into the table by itself and one without a decision fails it.
 * Every id in a path is another agency's: a member of agency A gets 404 on what agency B owns.
 */
interface Operation {
  method: string;
  path: string;
  /** What it asks of the member, in the order the guard checks: the route's, then a sent field's. */
  permissions: (Permission | undefined)[];
  /** The field whose own permission this row tries, for a route whose fields ask more. */
  field?: string;
  /** A body its validation accepts (the required fields, from the contract), so that the answer is the lookup's. */
  body: unknown;
  /** The scope a token needs, `any`, or undefined when tokens may not call it. */
  scope: string | undefined;
  /** A stream of server-sent events: its answer is read up to its first event. */
  stream: boolean;
}

type Rule = { read?: string; write?: string; fields?: Record<string, string> };
interface Schema {
  $ref?: string;
  type?: string;
  format?: string;
  enum?: unknown[];
  example?: unknown;
  items?: Schema;
  required?: string[];
  properties?: Record<string, Schema>;
}
const contract = JSON.parse(readFileSync(join(REPO_ROOT, 'openapi.json'), 'utf8')) as {
  paths: Record<
    string,
    Record<
      string,
      {
        security?: unknown[];
        'x-member-permission'?: Rule;
        'x-token-scopes'?: Rule;
        requestBody?: { content?: Record<string, { schema?: Schema }> };
        responses?: Record<string, { content?: Record<string, unknown> }>;
      }
    >
  >;
  components: { schemas: Record<string, Schema> };
};
const isRead = (method: string) => method === 'get' || method === 'head';

/** A value the schema accepts: its example, its first choice, or one of its type; objects with their required fields. */
function sample(schema: Schema | undefined): unknown {
  if (!schema) return {};
  if (schema.$ref) return sample(contract.components.schemas[schema.$ref.split('/').pop()!]);
  if (schema.example !== undefined) return schema.example;
  if (schema.enum) return schema.enum[0];
  if (schema.format === 'uuid') return crypto.randomUUID();
  if (schema.format === 'date') return new Date(realNow().getTime() + 10 * 86_400_000).toISOString().slice(0, 10);
  if (schema.type === 'array') return [sample(schema.items)];
  if (schema.type === 'boolean') return true;
  if (schema.type === 'integer' || schema.type === 'number') return 1;
  if (schema.type === 'string') return 'x';
  return Object.fromEntries((schema.required ?? []).map((name) => [name, sample(schema.properties?.[name])]));
}

/** Every operation of the broker app in the contract: signed-in ones, not the admins' nor the client portal's. */
const operations: Operation[] = Object.entries(contract.paths).flatMap(([path, byMethod]) =>
  Object.entries(byMethod)
    .filter(([, operation]) => operation.security?.length && !/^\/api\/(admin|client|client-portal)\//.test(path))
    .flatMap(([method, operation]) => {
      const member = operation['x-member-permission'];
      const token = operation['x-token-scopes'];
      const schema = operation.requestBody?.content?.['application/json']?.schema;
      const route = {
        method,
        path,
        permissions: [(isRead(method) ? (member?.read ?? 'read') : member?.write) as Permission | undefined],
        scope: isRead(method) ? token?.read : token?.write,
        body: sample(schema),
        stream: Boolean(operation.responses?.['200']?.content?.['text/event-stream']),
      };
      // A route whose fields ask more: one row per such field, sent alone.
      const properties = (schema?.$ref ? contract.components.schemas[schema.$ref.split('/').pop()!] : schema)?.properties ?? {};
      const fields = Object.entries((!isRead(method) && member?.fields) || {}).map(([field, permission]) => ({
        ...route,
        field,
        permissions: [...route.permissions, permission as Permission],
        body: { ...(route.body as object), [field]: sample(properties[field]) },
      }));
      return [route, ...fields];
    }),
);

const TOKEN_ONLY_REFUSAL = (op: Operation, path: string) => `${op.method.toUpperCase()} ${path} cannot be used with an API token`;

let t: TestApp;
let connections: HttpAgent;
/** What agency B owns, by the path it is found under. */
const theirs: Record<string, string> = {};
const members = {} as Record<MemberRole, { agent: Agent; token: string }>;
/** Agency A's own, assigned to its owner: what its agents do not see while the agency keeps their books apart. */
const ownersBook: Record<string, string> = {};
let owner: Agent;

beforeAll(async () => {
  connections = new HttpAgent({ keepAlive: true, maxSockets: 1 });
  t = await createTestApp({ listen: true });
  const em = t.em();

  const b = await brokerSession(t, 'matrix.other.owner@agency.test', { readyForCampaigns: true });
  const client = await makeClient(em, await em.findOneOrFail(User, b.id), { phone: '+16155550150' });
  await grantConsent(em, [client.id]);
  theirs.clients = client.id;
  theirs.campaigns = (await b.agent.post('/api/campaigns').send({ name: 'Theirs', type: 'email', subject: 'S', message: 'M' })).body.id;
  const reminder = await b.agent
    .post('/api/reminders')
    .send({ clientId: client.id, scheduledTime: '2099-06-01T15:00:00Z', deliveryMethod: 'sms', message: 'Your plan review is next week' });
  theirs.reminders = reminder.body.id;
  theirs.policies = (
    await b.agent.post(`/api/clients/${client.id}/policies`).send({ carrier: 'Humana', planName: 'Gold Plus', planType: 'mapd' })
  ).body.id;
  const soa = (clientId: string) => ({
    path: `/api/clients/${clientId}/soas`,
    body: { products: ['pdp'], method: 'phone', appointmentAt: new Date(realNow().getTime() + 3 * 86_400_000).toISOString() },
  });
  const theirSoa = soa(client.id);
  theirs.soas = (await b.agent.post(theirSoa.path).send(theirSoa.body)).body.id;
  theirs.tasks = (await b.agent.post('/api/tasks').send({ title: 'Theirs', dueAt: '2099-06-01T15:00:00Z', clientId: client.id })).body.id;
  theirs.tokens = (await b.agent.post('/api/tokens').send({ name: 'Theirs', scopes: ['clients:read'], expiresInDays: 30 })).body.id;
  for (const id of Object.values(theirs)) expect(id).toEqual(expect.any(String));

  const a = await brokerSession(t, 'matrix.owner@agency.test', { readyForCampaigns: true });
  const agency = await em.findOneOrFail(User, a.id);
  const tokens = t.app.get(ApiTokensService);
  for (const role of MEMBER_ROLES) {
    const session =
      role === 'owner'
        ? { agent: a.agent, memberId: (await a.agent.get('/api/auth/user')).body.member.id as string }
        : await memberSession(t, a.id, role, `matrix.${role}@agency.test`);
    // A token with every scope a broker may grant: what it may do is what the member's role allows.
    const { secret } = await tokens.create(
      agency,
      { agencyId: a.id, memberId: session.memberId, tokenId: null, ip: null },
      {
        name: `Every scope (${role})`,
        scopes: grantableScopes(false),
        expiresInDays: 30,
      },
    );
    members[role] = { agent: session.agent, token: secret };
  }
  owner = a.agent;
  const mine = await makeClient(em, agency, {
    phone: '+16155550151',
    assignedMemberId: (await a.agent.get('/api/auth/user')).body.member.id,
  });
  ownersBook.clients = mine.id;
  ownersBook.reminders = (
    await a.agent
      .post('/api/reminders')
      .send({ clientId: mine.id, scheduledTime: '2099-06-01T15:00:00Z', deliveryMethod: 'sms', message: 'Your plan review is next week' })
  ).body.id;
  ownersBook.policies = (
    await a.agent.post(`/api/clients/${mine.id}/policies`).send({ carrier: 'Humana', planName: 'Gold Plus', planType: 'mapd' })
  ).body.id;
  const ownersSoa = soa(mine.id);
  ownersBook.soas = (await a.agent.post(ownersSoa.path).send(ownersSoa.body)).body.id;
  ownersBook.tasks = (await a.agent.post('/api/tasks').send({ title: 'Mine', dueAt: '2099-06-01T15:00:00Z', clientId: mine.id })).body.id;
  for (const id of Object.values(ownersBook)) expect(id).toEqual(expect.any(String));
});
afterAll(async () => {
  connections?.destroy();
  await t?.close();
});

/** The path with another agency's ids (or an id no one has) in place of its parameters. */
function pathOf(op: Operation): string {
  return op.path
    .replace(/^\/api\/([a-z-]+)\/\{id\}/, (_, collection: string) => `/api/${collection}/${theirs[collection] ?? crypto.randomUUID()}`)
    .replace(/\{field\}/, 'email')
    .replace(/\{[A-Za-z]+\}/g, () => crypto.randomUUID());
}

type Wanted = { allowed: true } | { status: 404 } | { status: 403; message: string; permission?: Permission };

/** What a role's request must answer, as the contract and the role's permissions decide it. */
function expected(op: Operation, role: MemberRole, path: string, withToken: boolean): Wanted {
  if (withToken && op.scope === undefined) return { status: 403, message: TOKEN_ONLY_REFUSAL(op, path) };
  const lacking = op.permissions.find((permission) => !roleMay(role, permission!));
  if (lacking) return { status: 403, message: ROLE_REFUSED, permission: lacking };
  return op.path.includes('{') ? { status: 404 } : { allowed: true };
}

/** The answer, in the terms of `expected`. */
function answerOf(res: request.Response, wanted: Wanted) {
  const body = res.body as { message?: unknown; permission?: unknown };
  if ('allowed' in wanted) {
    // Let through by the role: any answer but a refusal of the role, and never a server error.
    return { allowed: res.status < 500 && body?.message !== ROLE_REFUSED };
  }
  if (wanted.status === 404) return { status: res.status };
  return 'permission' in wanted
    ? { status: res.status, message: body?.message, permission: body?.permission }
    : { status: res.status, message: body?.message };
}

function send(op: Operation, path: string, role: MemberRole, withToken: boolean) {
  const method = op.method as 'get' | 'post' | 'put' | 'patch' | 'delete';
  const req = withToken ? request(t.http)[method](path).auth(members[role].token, { type: 'bearer' }) : members[role].agent[method](path);
  const sent = req.redirects(0).agent(connections);
  if (op.stream) return sent.parse(untilFirstEvent);
  return isRead(op.method) ? sent : sent.send(op.body as object);
}

describe('the role × operation table, from the contract', () => {
  it('reads every member operation, and each names a permission the roles know', () => {
    expect(operations.length).toBeGreaterThan(60);
    expect(
      operations.filter((op) => !op.permissions.every((p) => PERMISSIONS.includes(p!))).map((op) => `${op.method} ${op.path}`),
    ).toEqual([]);
    expect(operations.filter((op) => op.field).length).toBeGreaterThan(0);
  });

  // The operations on another agency's ids first, then the rest, so that no change the table makes
  // in agency A (its plan, its branding) comes before an answer it depends on.
  const ordered = [...operations].sort((x, y) => Number(y.path.includes('{')) - Number(x.path.includes('{')));

  it.each([
    ['the browser session', false],
    ['an API token with every scope', true],
  ])('answers each role as its permissions say, with %s, and 404 on every id of another agency', async (_, withToken) => {
    const mismatches: unknown[] = [];
    for (const op of ordered) {
      for (const role of MEMBER_ROLES) {
        const path = pathOf(op);
        const wanted = expected(op, role, path, withToken as boolean);
        const answer = answerOf(await send(op, path, role, withToken as boolean), wanted);
        if (JSON.stringify(answer) !== JSON.stringify(wanted)) {
          mismatches.push({
            operation: `${op.method.toUpperCase()} ${op.path}${op.field ? ` with ${op.field}` : ''}`,
            role,
            wanted,
            answer,
          });
        }
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('answers 404 to an agent kept to their own clients on every operation on another member’s client, reminder, policy, Scope of Appointment or task', async () => {
    const kept = operations.filter((op) => /^\/api\/(clients|reminders|policies|soas|tasks)\/\{id\}/.test(op.path));
    expect(kept.length).toBeGreaterThan(10);
    expect((await owner.put('/api/team/settings').send({ agentsSeeAssignedOnly: true })).status).toBe(200);
    const mismatches: unknown[] = [];
    for (const withToken of [false, true]) {
      for (const op of kept) {
        const path = op.path
          .replace(/^\/api\/([a-z-]+)\/\{id\}/, (_, collection: string) => `/api/${collection}/${ownersBook[collection]}`)
          .replace(/\{field\}/, 'email');
        const wanted = expected(op, 'agent', path, withToken);
        const answer = answerOf(await send(op, path, 'agent', withToken), wanted);
        if (JSON.stringify(answer) !== JSON.stringify(wanted))
          mismatches.push({ operation: `${op.method.toUpperCase()} ${op.path}`, withToken, wanted, answer });
      }
    }
    expect((await owner.put('/api/team/settings').send({ agentsSeeAssignedOnly: false })).status).toBe(200);
    expect(mismatches).toEqual([]);
    // Nothing of the owner's changed.
    expect((await owner.get(`/api/clients/${ownersBook.clients}`)).body).toMatchObject({ phone: '+16155550151', isActive: true });
    expect((await owner.get(`/api/reminders/${ownersBook.reminders}`)).status).toBe(200);
  });
});
