import type { OpenAPIObject } from '@nestjs/swagger';
import request from 'supertest';

import type { Access } from '../src/auth/access.decorators.js';
import { PMPM_PER_CLIENT_CENTS } from '../src/billing/pricing.js';
import { PasswordResetsService } from '../src/client-portal/password-resets.service.js';
import { Client } from '../src/clients/client.entity.js';
import { OutboxMessage } from '../src/messaging/outbox-message.entity.js';
import { buildOpenApiDocument } from '../src/openapi/openapi.js';
import { User } from '../src/users/user.entity.js';
import { KeptAliveClient } from './helpers/bad-input-client.js';
import { type Agent, browser } from './helpers/browser-agent.js';
import { waitFor } from './helpers/built-app.js';
import { realNow } from './helpers/clock.js';
import { makeClient, makeInvitation, makeUser } from './helpers/factories.js';
import { image, PDF } from './helpers/files.js';
import { outboxInFull } from './helpers/outbox.js';
import { listRoutes } from './helpers/routes.js';
import { brokerSession } from './helpers/session.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/**
 * Bad input on every route of the contract: each operation of the OpenAPI document is called by an
 * anonymous visitor, a broker, a client (portal session) and an admin, with a valid request in
 * which one parameter, one body field or the body as a whole is replaced by a bad value (wrong
 * types, NUL, unpaired surrogates, huge text, deep nesting, impossible and far dates, numbers out of
 * range, unknown enum values, unsupported media types). Every answer must be below 500, every 4xx
 * must carry a message the UI can show, and no application table may change. A last test sends
 * each valid request as it is and expects it to succeed, so that each bad value is what was refused.
 */

type Role = 'anonymous' | 'client' | 'broker' | 'admin';
const ROLES: Role[] = ['anonymous', 'client', 'broker', 'admin'];

interface Schema {
  $ref?: string;
  type?: string;
  format?: string;
  enum?: unknown[];
  items?: Schema;
  properties?: Record<string, Schema>;
  nullable?: boolean;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  default?: unknown;
  example?: unknown;
  description?: string;
}

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  schema?: Schema;
  description?: string;
}

interface Operation {
  method: string;
  path: string;
  key: string;
  parameters: Parameter[];
  body?: { type: 'json' | 'multipart'; schema: Schema };
  access: Access;
}

type Payload =
  | { kind: 'none' }
  | { kind: 'text'; contentType: string; text: string | Buffer }
  | { kind: 'multipart'; fields: Record<string, string>; files: Record<string, { content: Buffer; filename: string }> };

/** One request of the walk: a valid request with one thing replaced. */
interface Probe {
  target: string;
  label: string;
  path: string;
  query: string;
  payload: Payload;
  /** What the route's own role must get (the other roles are refused earlier). */
  expect?: number;
}

/** One answer, however it was sent. */
interface Answer {
  status: number;
  text: string;
  body: { message?: unknown } | undefined;
}

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
/** Bad requests of one operation in flight at once: the server works on one while the database answers another. */
const IN_FLIGHT = 4;
/** Operations walked between two digests of the tables (a digest reads every table). */
const OPERATIONS_PER_FINGERPRINT = 8;
/**
 * A sampled walk (`BAD_INPUT_SAMPLE=<n>`): each role walks about one operation in n, picked by
 * `BAD_INPUT_SEED` (printed at the end; the same seed walks the same operations). `npm test` walks
 * every operation; its second run of the backend suites, with the clock shifted, walks a sample.
 */
const SAMPLE_EVERY = Number(process.env.BAD_INPUT_SAMPLE ?? 1);
if (!Number.isInteger(SAMPLE_EVERY) || SAMPLE_EVERY < 1)
  throw new Error(`BAD_INPUT_SAMPLE must be a whole number from 1 (it is "${process.env.BAD_INPUT_SAMPLE}")`);
const SAMPLE_SEED = process.env.BAD_INPUT_SEED ?? String(Math.floor(Math.random() * 2 ** 31));

/** FNV-1a: whether the seeded sample holds this role's operation. */
function sampled(role: Role, op: { key: string }): boolean {
  if (SAMPLE_EVERY === 1) return true;
  let hash = 0x811c9dc5;
  for (const char of `${SAMPLE_SEED} ${role} ${op.key}`) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193) >>> 0;
  return hash % SAMPLE_EVERY === 0;
}
const DEEP = 5000;
const deep = (depth = DEEP) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const J = (value: unknown) => JSON.stringify(value);
const MARKER = '\u0001bad-value\u0001';
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
// Written on every request or by throttling, never by what a request asks for.
const UNFINGERPRINTED = ['session', 'login_throttles', 'rate_limit_counters', 'mikro_orm_migrations'];
// Rows a request the route accepts writes whatever its values: an export under any search is recorded in the activity log.
const FINGERPRINTED_ROWS: Record<string, string> = { agency_events: `x.action <> 'clients_exported'` };
// High enough that the walk never meets them: a 429 would skip the checks behind it.
const NO_RATE_LIMITS = Object.fromEntries(
  [
    'SIGN_IN_PER_ADDRESS',
    'SIGN_IN_PER_ACCOUNT',
    'PUBLIC_PER_ADDRESS',
    'TRACKING_PER_ADDRESS',
    'API_PER_USER',
    'PASSWORD_RESET_PER_ADDRESS',
  ].map((name) => [`RATE_LIMIT_${name}`, '1000000']),
);

/** Bad JSON values for a field of this schema, as JSON text. */
function badJson(schema: Schema): [string, string][] {
  const type = schema.type ?? (schema.enum ? 'string' : undefined);
  const bad: [string, string][] = [
    ['nested 5000 levels deep', deep()],
    ['an object with an operator', '{"$gt":""}'],
  ];
  if (!schema.nullable) bad.push(['null', 'null']);
  if (type !== 'array') bad.push(['an array', '["x"]']);
  if (type === 'string') {
    bad.push(['a number', '123'], ['a boolean', 'true'], ['text with NUL', J('a\u0000b')], ['an unpaired surrogate', '"a\\ud800b"']);
    bad.push(['60,000 characters', J('x'.repeat(60_000))]);
    if (schema.maxLength !== undefined) bad.push([`${schema.maxLength + 1} characters`, J('x'.repeat(schema.maxLength + 1))]);
    if (schema.enum) bad.push(['an unknown enum value', J('not-an-option')]);
    if (schema.format === 'date-time') {
      for (const date of [
        '2030-02-30T10:00:00Z',
        '+275760-09-13T00:00:00Z',
        '9999-12-31T00:00:00Z',
        '2030-01-31T25:00:00Z',
        'not a date',
        '',
      ]) {
        bad.push([`the date-time ${J(date)}`, J(date)]);
      }
    }
    if (schema.format === 'date') {
      for (const date of ['2030-02-30', '+275760-09-13', '9999-12-31', '2030-13-01', '31/01/2030']) bad.push([`the date ${date}`, J(date)]);
    }
    if (schema.format === 'uuid') bad.push(['not a uuid', J('not-a-uuid')], ['an unknown id', J(UNKNOWN_ID)]);
  }
  if (type === 'integer' || type === 'number') {
    // A number the contract declares in range (an amount in cents up to its maximum) is not a bad one.
    const declared = (n: number) =>
      schema.minimum !== undefined && schema.maximum !== undefined && n >= schema.minimum && n <= schema.maximum;
    const outOfRange: [string, string][] = [
      ['-1', '-1'],
      ['2147483648 (beyond int)', '2147483648'],
      ['40000 (beyond smallint)', '40000'],
    ];
    bad.push(['numeric text', J('1')], ['a fraction', '1.5'], ...outOfRange.filter(([, value]) => !declared(Number(value))));
    bad.push(['1e308', '1e308'], ['a boolean', 'true'], ['text', J('seven')]);
    if (schema.maximum !== undefined) bad.push(['above the maximum', String(schema.maximum + 1)]);
    if (schema.minimum !== undefined) bad.push(['below the minimum', String(schema.minimum - 1)]);
  }
  if (type === 'boolean') bad.push(['text', J('true')], ['a number', '1']);
  if (type === 'array') {
    bad.push(['a scalar', J('x')], ['nested arrays', '[[1]]'], ['an object', '{"0":1}']);
    for (const [label, item] of badJson(schema.items ?? {})) bad.push([`an item ${label}`, `[${item}]`]);
    if (schema.maxItems !== undefined)
      bad.push([`${schema.maxItems + 1} items`, J(Array.from({ length: schema.maxItems + 1 }, (_, i) => i))]);
    if (schema.uniqueItems) bad.push(['a repeated item', '[1,1]']);
  }
  return bad;
}

/** Bad values for a query parameter, URL-encoded (or deliberately not). */
function badQuery(parameter: Parameter): [string, string][] {
  const schema = parameter.schema ?? {};
  const name = encodeURIComponent(parameter.name);
  const bad: [string, string][] = [
    ['text with NUL', `${name}=a%00b`],
    ['bytes of an unpaired surrogate', `${name}=%ED%A0%80`],
    ['a broken escape', `${name}=%E0%A4%A`],
    ['8,000 characters', `${name}=${'x'.repeat(8000)}`],
    ['given twice', `${name}=a&${name}=b`],
    ['bracket syntax', `${name}[$ne]=x`],
  ];
  if (schema.type === 'integer' || schema.type === 'number') {
    for (const value of ['seven', '-1', '0', '1.5', '1e3', '99999999999999999999']) bad.push([`the number ${value}`, `${name}=${value}`]);
  }
  if (schema.type === 'boolean') bad.push(['not a boolean', `${name}=maybe`]);
  if (schema.enum) bad.push(['an unknown enum value', `${name}=not-an-option`]);
  if (schema.format === 'date') {
    for (const date of ['9999-12-31', '0000-01-01', '2030-02-30', '+275760-09-13', '31/01/2030'])
      bad.push([`the date ${date}`, `${name}=${date}`]);
  }
  const description = parameter.description ?? '';
  if (/JSON/.test(description)) {
    const json = (label: string, text: string) => bad.push([label, `${name}=${encodeURIComponent(text)}`]);
    json('not JSON', '{"a":');
    bad.push([`JSON nested ${DEEP} levels deep`, `${name}=${deep()}`]);
    json('JSON with NUL', '["\\u0000",1]');
    json('JSON with an unpaired surrogate', '["\\ud800",1]');
    json('a JSON string', '"x"');
    json('JSON null', 'null');
    if (parameter.name === 'range') {
      for (const range of ['[5,2]', '[-1,5]', '[0,1e20]', '[0.5,1]', '["0","9"]', '[0,99999999]', '{"start":0}', '[0,1,2]'])
        json(`the range ${range}`, range);
    }
    if (parameter.name === 'sort') {
      for (const sort of ['["nope","ASC"]', '["id","SIDEWAYS"]', '[1,2]', '["id"]', '{"id":"ASC"}']) json(`the sort ${sort}`, sort);
    }
    if (parameter.name === 'filter') {
      json('an unknown filter key', '{"brokerId":"x"}');
      json('a filter array', '[1]');
      const keys = /keys: (.+)$/.exec(description)?.[1]?.split(', ') ?? [];
      for (const key of keys) {
        for (const [label, value] of [
          ['a number', '123'],
          ['an object', '{"$ne":""}'],
          ['an array', '["a"]'],
          ['null', 'null'],
          ['NUL', '"a\\u0000b"'],
          ['an unpaired surrogate', '"\\udc00"'],
          ['4,000 characters', J('x'.repeat(4000))],
          ['an unknown value', '"not-an-option"'],
        ]) {
          json(`filter ${key} ${label}`, `{${J(key)}:${value}}`);
        }
        // Brackets unencoded: encoded, this would pass the limit on a request line (431).
        bad.push([`filter ${key} nested ${DEEP} levels deep`, `${name}=${encodeURIComponent(`{${J(key)}:`)}${deep()}%7D`]);
      }
    }
  }
  return bad;
}

const WALK_STATEMENT = 'Name,Amount,Month\nNobody Walking,$10.00,2026-01\n';

/** Bad values for a path parameter, as they appear in the URL. */
const BAD_PATH: [string, string][] = [
  ['not a uuid', 'not-a-uuid'],
  ['an unknown id', UNKNOWN_ID],
  ['NUL', 'a%00b'],
  ['bytes of an unpaired surrogate', '%ED%A0%80'],
  ['a broken escape', '%E0%A4%A'],
  ['2,000 characters', 'x'.repeat(2000)],
  ['dot segments', '..%2F..%2Fetc%2Fpasswd'],
  ['a SQL fragment', "1'%20or%20'1'='1"],
];

describe('bad input on every route', () => {
  let t: TestApp;
  let document: OpenAPIObject;
  let operations: Operation[];
  const agents = {} as Record<Role, Agent>;
  const ids: Record<string, string> = {};
  /** What PMPM costs the walk broker a month at their active clients (counted just before it is needed). */
  let walkBrokerPmpmCents = 0;

  async function countWalkBrokerPmpmCents(): Promise<void> {
    const [{ active }] = await t
      .em()
      .execute<{ active: number }[]>(`select count(*)::int as active from clients where broker_id = ? and is_active`, [ids.broker]);
    walkBrokerPmpmCents = active * PMPM_PER_CLIENT_CENTS;
  }
  let clientUsername: string;
  const clientPassword = 'violet-tractor-walk-91';
  let pngFile: Buffer;
  let tables: string[];
  const counts = {
    requests: 0,
    byRole: {} as Record<string, number>,
    walked: {} as Record<string, number>,
    valid: 0,
    fingerprints: 0,
    operations: 0,
  };
  const started = performance.now();
  let http: KeptAliveClient;

  /** What a valid request carries in each field, for fields whose schema cannot say. */
  const MEDIGAP_POLICY = {
    planType: 'medigap',
    medigapPlan: 'G',
    planId: null,
    status: 'active',
    terminationDate: null,
    terminationReason: null,
  };
  function fieldBase(op: Operation): Record<string, unknown> {
    const byField: Record<string, unknown> = {
      email: 'walk@example.com',
      phone: '(615) 555-0142',
      agencyPhone: '(615) 555-0143',
      clientId: ids.client,
      medicationId: ids.medication,
      writingMemberId: ids.ownerMember,
      agentMemberId: ids.ownerMember,
      soaId: null,
      assigneeMemberId: ids.ownerMember,
      assignedMemberId: ids.ownerMember,
      messageId: ids.inboxMessage,
      policyId: ids.policy,
      recurrencePattern: 'weekly',
      timeZone: 'America/Chicago',
      message: 'See you at the office on Friday.',
      audience: { kind: 'all' },
      token: ids.invitation,
      username: 'walk.client.two',
      password: 'orange-bicycle-walk-47',
    };
    const byOperation: Record<string, Record<string, unknown>> = {
      'POST /api/client/login': { username: clientUsername, password: clientPassword },
      // Nobody's: a valid request that sends nothing (the walk client's code must stay the newest).
      'POST /api/client/password-reset': { identifier: 'walk.nobody' },
      // The walk client's real code, setting the password it already has; not the invitation's token.
      'POST /api/client/password-reset/confirm': {
        identifier: clientUsername,
        code: ids.resetCode,
        password: clientPassword,
        token: undefined,
      },
      'PUT /api/clients/{id}': { phone: '(615) 555-0144' },
      // A caregiver is reached by text or by e-mail, not both: the valid request gives a phone.
      'POST /api/client/caregivers': { phone: '(615) 555-0149', email: null },
      // Marking the walk client active changes nothing the walk depends on; invite or delete would.
      'POST /api/clients/bulk': { action: 'activate', ids: [ids.client] },
      'POST /api/campaigns/{id}/clients': { ids: [ids.client] },
      // A Medigap policy: its plan letter and no CMS plan ID.
      'POST /api/clients/{id}/policies': MEDIGAP_POLICY,
      'PUT /api/policies/{id}': MEDIGAP_POLICY,
      // The walk client signs for themself, with a typed name.
      'POST /api/soa-signing/{token}': { signerRole: 'beneficiary', signatureKind: 'typed', relationship: null, drawnSignature: null },
      // A call logged now: a call in the future is refused.
      'POST /api/clients/{id}/interactions': { at: undefined },
      // The walk's schedule keeps its carrier and type; a new one is another carrier's.
      'POST /api/commissions/schedules': { carrier: 'Walk Valid', planType: null },
      'PUT /api/commissions/schedules/{id}': { carrier: 'Walk', planType: null },
      'POST /api/commissions/statements': { carrier: 'Walk' },
      'POST /api/commissions/statements/{id}/import': { mapping: { memberName: 'Name', amount: 'Amount', period: 'Month' } },
      // The walk client has nobody looking after them: the valid request leaves it so.
      'POST /api/clients/assign': { ids: [ids.client], memberId: null },
      // The walk client's permission is not about to lapse: the valid request sends nothing.
      'POST /api/consent/renewals': { clientIds: [ids.client] },
      'POST /api/consent/bulk': { clientIds: [ids.client], purpose: 'marketing', attested: true },
      // Monday to Friday 9–5 with one holiday.
      'PUT /api/inbox/office-hours': {
        week: Object.fromEntries(
          ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((day, i) => [day, i < 5 ? { open: '09:00', close: '17:00' } : null]),
        ),
        holidays: [{ date: '2026-12-25', name: 'Christmas Day' }],
      },
      'POST /api/dev/outbox/{id}/answer': { action: 'reply', text: 'Thank you' },
      'POST /api/client/dev/outbox/{id}/answer': { action: 'reply', text: 'Thank you' },
      'POST /api/admin/admins': { email: 'walk.colleague@agency.test' },
      'POST /api/admin/brokers/{id}/subscription': { subscriptionTier: 'flat', subscriptionStatus: 'trial' },
      'POST /api/subscription': { subscriptionTier: 'flat' },
      // PMPM at the walk broker's active clients, as counted when the walk starts (see activeClients).
      'POST /api/subscription/start': { subscriptionTier: 'pmpm', confirmMonthlyPriceCents: walkBrokerPmpmCents },
    };
    return { ...byField, ...byOperation[op.key] };
  }

  function resolve(schema: Schema | undefined): Schema {
    if (!schema?.$ref) return schema ?? {};
    const name = schema.$ref.split('/').pop()!;
    return (document.components?.schemas?.[name] ?? {}) as Schema;
  }

  function baseValue(name: string, schema: Schema, op: Operation): unknown {
    const known = fieldBase(op);
    if (name in known) return known[name];
    if (schema.default !== undefined) return schema.default;
    if (schema.enum) return schema.enum[0];
    // The app runs on the real clock here: an instant is a few days ahead of it. A documented example
    // instant is not used, as it is a fixed day that every run after it finds in the past (a day such
    // as a date of birth keeps its example).
    const day = 24 * 60 * 60 * 1000;
    if (schema.format === 'date-time') return new Date(realNow().getTime() + 3 * day).toISOString();
    if (schema.example !== undefined) return schema.example;
    if (schema.format === 'date') return new Date(realNow().getTime() + 30 * day).toISOString().slice(0, 10);
    switch (schema.type) {
      case 'boolean':
        return true;
      case 'integer':
      case 'number':
        return schema.minimum ?? 1;
      case 'array':
        return [baseValue('', resolve(schema.items), op)];
    }
    if (schema.format === 'uuid') throw new Error(`${op.key}: no existing record for the uuid field "${name}"; add it to fieldBase`);
    return 'Walk text';
  }

  function baseBody(op: Operation): Record<string, unknown> {
    const schema = resolve(op.body?.schema);
    return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([name, field]) => [name, baseValue(name, resolve(field), op)]));
  }

  /** A real value for a path parameter, so that the route gets past "not found" to validation. */
  function pathValue(op: Operation, parameter: Parameter): string {
    const real: [RegExp, string | undefined][] = [
      [/^\/api\/admin\/brokers\/\{id\}\/tokens\/\{tokenId\}/, ids.token],
      [/^\/api\/admin\/brokers\/\{id\}/, ids.broker],
      [/^\/api\/admin\/admins\/\{id\}/, ids.otherAdmin],
      [/^\/api\/tokens\/\{id\}/, ids.token],
      [/^\/api\/members\/\{id\}/, ids.member],
      [/^\/api\/(admin\/resources|resources|public\/resources)\/\{id\}/, ids.resource],
      [/^\/api\/campaigns\/\{id\}/, ids.campaign],
      [/^\/api\/dev\/outbox\/\{id\}/, ids.outboxMessage],
      [/^\/api\/client\/dev\/outbox\/\{id\}/, ids.clientOutboxMessage],
      [/^\/api\/reminders\/\{id\}/, ids.reminder],
      [/^\/api\/policies\/\{id\}/, ids.policy],
      [/^\/api\/soas\/\{id\}\/(cancel|resend)/, ids.soaToCancel],
      [/^\/api\/(soas|client-portal\/soas)\/\{id\}/, ids.signedSoa],
      [/^\/api\/soa-signing\/\{token\}/, ids.soaToken],
      [/^\/api\/tasks\/\{id\}/, ids.task],
      [/^\/api\/inbox\/threads\/\{id\}/, ids.thread],
      [/^\/api\/inbox\/templates\/\{id\}/, ids.inboxTemplate],
      [/^\/api\/commissions\/schedules\/\{id\}/, ids.schedule],
      [/^\/api\/commissions\/statements\/\{id\}/, ids.statement],
      [/^\/api\/commissions\/statement-rows\/\{id\}/, ids.statementRow],
      [/^\/api\/client\/medications\/\{id\}/, ids.medication],
      [/^\/api\/client\/reminders\/\{id\}/, ids.clientReminder],
      [/^\/api\/client\/caregivers\/\{id\}/, ids.caregiver],
      [/^\/api\/client\/contact-changes\/\{id\}/, ids.contactChange],
      [/^\/api\/import-jobs\/\{jobId\}/, ids.importJob],
      [/^\/api\/clients\/\{id\}/, ids.client],
      [/^\/api\/client\/invite\/\{token\}/, ids.invitation],
      [/^\/api\/public\/logos\/\{file\}/, 'walk.png'],
      [/^\/api\/public\/disclaimer\/\{brokerId\}/, ids.broker],
      [/^\/api\/public\/agency\/\{slug\}/, 'walk-agency'],
    ];
    if (parameter.name === 'tokenId') return ids.token;
    if (parameter.name === 'interactionId') return ids.interaction;
    if (['id', 'jobId', 'token', 'file', 'brokerId', 'slug'].includes(parameter.name)) {
      const found = real.find(
        ([pattern]) => pattern.test(op.path) && !(parameter.name === 'id' && pattern.source.includes('tokenId')),
      )?.[1];
      if (found) return found;
    }
    const schema = resolve(parameter.schema);
    if (schema.enum) return String(schema.enum[0]);
    throw new Error(`${op.key}: no existing record for the path parameter "${parameter.name}"; add it to pathValue`);
  }

  function url(op: Operation, replace?: { name: string; raw: string }): string {
    return op.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
      if (replace?.name === name) return replace.raw;
      return encodeURIComponent(
        pathValue(
          op,
          op.parameters.find((p) => p.in === 'path' && p.name === name)!,
        ),
      );
    });
  }

  function basePayload(op: Operation): Payload {
    if (!op.body) return { kind: 'none' };
    const body = baseBody(op);
    if (op.body.type === 'json') return { kind: 'text', contentType: 'application/json', text: J(body) };
    const schema = resolve(op.body.schema);
    const fields: Record<string, string> = {};
    const files: Record<string, { content: Buffer; filename: string }> = {};
    for (const [name, field] of Object.entries(schema.properties ?? {})) {
      if (field.format === 'binary') files[name] = sampleFile(op);
      else fields[name] = String(body[name]);
    }
    return { kind: 'multipart', fields, files };
  }

  function sampleFile(op: Operation): { content: Buffer; filename: string } {
    if (op.path === '/api/clients/upload')
      return {
        content: Buffer.from('firstName,lastName,email,phone\nWalk,Upload,upload@example.com,(615) 555-0145\n'),
        filename: 'clients.csv',
      };
    if (op.path === '/api/branding/logo') return { content: pngFile, filename: 'logo.png' };
    if (op.path === '/api/commissions/statements') return { content: Buffer.from(WALK_STATEMENT), filename: 'statement.csv' };
    return { content: PDF, filename: 'guide.pdf' };
  }

  /** Every bad request for one operation, grouped by what is bad. */
  function probes(op: Operation): Probe[] {
    const path = url(op);
    const list: Probe[] = [];
    // The valid request's body, made once: every probe that does not replace the body sends it.
    const valid = basePayload(op);
    const add = (target: string, label: string, fields: Partial<Probe>) =>
      list.push({ target, label, path, query: '', payload: valid, ...fields });

    for (const parameter of op.parameters.filter((p) => p.in === 'path')) {
      for (const [label, raw] of BAD_PATH) add(`path ${parameter.name}`, label, { path: url(op, { name: parameter.name, raw }) });
    }
    for (const parameter of op.parameters.filter((p) => p.in === 'query')) {
      for (const [label, query] of badQuery({ ...parameter, schema: resolve(parameter.schema) }))
        add(`query ${parameter.name}`, label, { query });
    }
    if (!WRITE_METHODS.has(op.method)) return list;

    // The body as a whole: media types the route does not take, and what no route takes.
    const takes = op.body?.type === 'multipart' ? 'multipart' : 'json';
    const text = (contentType: string, body: string | Buffer): Payload => ({ kind: 'text', contentType, text: body });
    add('body', 'text/plain', { payload: text('text/plain', 'hello'), expect: 415 });
    add('body', 'application/xml', { payload: text('application/xml', '<client><firstName>x</firstName></client>'), expect: 415 });
    add('body', 'application/octet-stream', { payload: text('application/octet-stream', Buffer.from([0, 1, 2, 255])), expect: 415 });
    if (takes === 'multipart') {
      add('body', 'JSON instead of multipart', { payload: text('application/json', '{"title":"x"}'), expect: 415 });
      add('body', 'a form instead of multipart', { payload: text('application/x-www-form-urlencoded', 'title=x'), expect: 415 });
      const part = '--x\r\nContent-Disposition: form-data; name="title"\r\n\r\nx\r\n--x--\r\n';
      add('body', 'multipart without a boundary', { payload: text('multipart/form-data', part), expect: 400 });
      add('body', 'multipart with an empty boundary', { payload: text('multipart/form-data; boundary=', part), expect: 400 });
    } else {
      add('body', 'a form instead of JSON', { payload: text('application/x-www-form-urlencoded', 'a=1'), expect: 415 });
      add('body', 'malformed JSON', { payload: text('application/json', '{"firstName":'), expect: 400 });
      add('body', `JSON nested ${DEEP} levels deep`, { payload: text('application/json', deep()), expect: 400 });
      add('body', 'a field nested deep', { payload: text('application/json', `{"deep":${deep()}}`), expect: 400 });
      add('body', 'a key with NUL', { payload: text('application/json', '{"a\\u0000b":1}'), expect: 400 });
      add('body', 'a JSON string', { payload: text('application/json', '"x"'), expect: 400 });
      add('body', 'over 100 kB', { payload: text('application/json', J({ filler: 'x'.repeat(200_000) })), expect: 413 });
      if (op.body) {
        const base = baseBody(op);
        add('body', 'an array of the body', { payload: text('application/json', J([base])), expect: 400 });
        add('body', 'an unknown field', { payload: text('application/json', J({ ...base, unexpected: 1 })), expect: 400 });
      }
    }
    if (!op.body) {
      // A route that takes no body refuses one that says something (it would otherwise act on junk).
      if (takes === 'json') add('body', 'a body where none is taken', { payload: text('application/json', '[1,2,3]'), expect: 400 });
      return list;
    }

    const schema = resolve(op.body.schema);
    const validBody = baseBody(op);
    for (const [name, rawField] of Object.entries(schema.properties ?? {})) {
      const field = resolve(rawField);
      if (op.body.type === 'json') {
        const template = J({ ...validBody, [name]: MARKER });
        for (const [label, json] of badJson(field)) {
          add(`body ${name}`, label, {
            payload: text(
              'application/json',
              template.replace(J(MARKER), () => json),
            ),
          });
        }
        continue;
      }
      const base = valid as Extract<Payload, { kind: 'multipart' }>;
      const multipart = (label: string, change: (fields: typeof base.fields, files: typeof base.files) => void) => {
        const fields = { ...base.fields };
        const files = { ...base.files };
        change(fields, files);
        add(`body ${name}`, label, { payload: { kind: 'multipart', fields, files } });
      };
      if (field.format === 'binary') {
        multipart('an empty file', (_, files) => (files[name] = { content: Buffer.alloc(0), filename: 'empty.csv' }));
        multipart(
          'binary garbage',
          (_, files) => (files[name] = { content: Buffer.from([0, 159, 146, 150, 0, 255, 254, 0]), filename: 'garbage.bin' }),
        );
        multipart(
          'text with NUL',
          (_, files) =>
            (files[name] = {
              content: Buffer.from('firstName,lastName,email,phone\nNu\u0000l,Byte,,(615) 555-0146\n'),
              filename: 'nul.csv',
            }),
        );
        multipart(
          'invalid UTF-8',
          (_, files) =>
            (files[name] = {
              content: Buffer.concat([
                Buffer.from('firstName,lastName,email,phone\n'),
                Buffer.from([0xed, 0xa0, 0x80]),
                Buffer.from(',X,,(615) 555-0147\n'),
              ]),
              filename: 'bytes.csv',
            }),
        );
        multipart('a file name with NUL', (_, files) => (files[name] = { ...base.files[name], filename: 'a\u0000b.pdf' }));
        multipart('no file', (_, files) => delete files[name]);
      } else {
        multipart('text with NUL', (fields) => (fields[name] = 'a\u0000b'));
        multipart('20,000 characters', (fields) => (fields[name] = 'x'.repeat(20_000)));
        if (field.maxLength !== undefined)
          multipart(`${field.maxLength + 1} characters`, (fields) => (fields[name] = 'x'.repeat(field.maxLength! + 1)));
        if (field.enum) multipart('an unknown enum value', (fields) => (fields[name] = 'not-an-option'));
      }
    }
    return list;
  }

  /**
   * One request as the agent's browser sends it. A text body or none goes over the walk's kept-alive
   * connections; a multipart body is encoded by the agent itself (as a browser's form would be).
   */
  async function send(agent: Agent, method: string, target: string, payload: Payload): Promise<Answer> {
    if (payload.kind !== 'multipart') {
      return http.send(
        agent,
        method,
        target,
        payload.kind === 'text' ? { contentType: payload.contentType, content: payload.text } : undefined,
      );
    }
    let req = agent[method.toLowerCase() as 'get'](target);
    for (const [name, value] of Object.entries(payload.fields)) req = req.field(name, value);
    for (const [name, file] of Object.entries(payload.files)) req = req.attach(name, file.content, { filename: file.filename });
    const res = await req.ok(() => true);
    return { status: res.status, text: res.text, body: res.body as Answer['body'] };
  }

  /** A digest of every application table: a change shows which table was written. */
  async function fingerprint(): Promise<Map<string, string>> {
    counts.fingerprints += 1;
    const sql = tables
      .map(
        (table) =>
          `select '${table}' as t, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h from "${table}" x` +
          (FINGERPRINTED_ROWS[table] ? ` where ${FINGERPRINTED_ROWS[table]}` : ''),
      )
      .join(' union all ');
    const rows = await t.em().execute<{ t: string; h: string }[]>(sql);
    return new Map(rows.map((row) => [row.t, row.h]));
  }

  function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
    return tables.filter((table) => before.get(table) !== after.get(table));
  }

  /** Whether the agent still is who it was (a bad request must not sign anyone in or out). */
  async function stillSignedIn(role: Role): Promise<boolean> {
    const agent = agents[role];
    if (role === 'client') return (await agent.get('/api/client-portal/branding')).status === 200;
    const me = await agent.get('/api/auth/user');
    if (role === 'anonymous') return me.status === 401;
    return me.status === 200 && me.body.id === (role === 'admin' ? ids.admin : ids.broker) && me.body.isAdmin === (role === 'admin');
  }

  function ownRole(access: Access): Role {
    return access === 'public' ? 'anonymous' : access;
  }

  /** Sends one bad request and says what is wrong with its answer, if anything. */
  async function check(role: Role, op: Operation, probe: Probe): Promise<string | undefined> {
    const full = probe.query ? `${probe.path}?${probe.query}` : probe.path;
    const res = await send(agents[role], op.method, full, probe.payload);
    counts.requests += 1;
    counts.byRole[role] = (counts.byRole[role] ?? 0) + 1;
    const what = `${role} ${op.key} ${probe.target} = ${probe.label}: ${res.status}`;
    const message: unknown = res.body?.message;
    if (res.status === 429) return `${what} (rate limited: raise the limits in this test, the checks behind it were skipped)`;
    if (res.status >= 500) return `${what} ${res.text.slice(0, 200)}`;
    if (res.status >= 400 && (typeof message !== 'string' || !message.trim()))
      return `${what} without a message: ${res.text.slice(0, 200)}`;
    if (probe.expect && role === ownRole(op.access) && res.status !== probe.expect)
      return `${what}, expected ${probe.expect} ${res.text.slice(0, 200)}`;
    return undefined;
  }

  /** Runs `work` on every item, at most `limit` at a time. */
  async function inFlight<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
    let next = 0;
    const lane = async () => {
      while (next < items.length) await work(items[next++]);
    };
    await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  }

  /**
   * Every bad request of every operation, as `role`. The tables are compared before and after every
   * few operations; when they changed, those operations' requests are sent again one target at a
   * time to name the target that wrote.
   */
  async function walk(role: Role): Promise<string[]> {
    const failures: string[] = [];
    const walked = operations.filter((op) => sampled(role, op));
    counts.walked[role] = walked.length;
    let before = await fingerprint();
    for (let first = 0; first < walked.length; first += OPERATIONS_PER_FINGERPRINT) {
      const sent: Operation[] = [];
      let signedOut = false;
      for (const op of walked.slice(first, first + OPERATIONS_PER_FINGERPRINT)) {
        sent.push(op);
        await inFlight(probes(op), IN_FLIGHT, async (probe) => {
          const failure = await check(role, op, probe);
          if (failure) failures.push(failure);
        });
        if (!(await stillSignedIn(role))) {
          failures.push(`${role} ${op.key}: the bad requests changed who is signed in`);
          signedOut = true;
          break;
        }
      }
      const after = await fingerprint();
      const changed = changedTables(before, after);
      if (changed.length) {
        const names = sent.map((op) => op.key).join(', ');
        failures.push(`${role} ${names}: the bad requests wrote to ${changed.join(', ')}${await writingTargets(role, sent)}`);
      }
      if (signedOut) break;
      before = changed.length ? await fingerprint() : after;
    }
    return failures;
  }

  /** After a write: the targets whose requests, sent again on their own, write again. */
  async function writingTargets(role: Role, sent: Operation[]): Promise<string> {
    const found: string[] = [];
    let before = await fingerprint();
    for (const op of sent) {
      const groups = new Map<string, Probe[]>();
      for (const probe of probes(op)) groups.set(probe.target, [...(groups.get(probe.target) ?? []), probe]);
      for (const [target, group] of groups) {
        for (const probe of group) await check(role, op, probe);
        const after = await fingerprint();
        const changed = changedTables(before, after);
        if (changed.length) found.push(`${op.key} ${target} wrote to ${changed.join(', ')}`);
        before = after;
      }
    }
    return ` (sent again one target at a time: ${found.length ? found.join('; ') : 'none of them wrote again'})`;
  }

  beforeAll(async () => {
    t = await createTestApp({ listen: true, env: { ...NO_RATE_LIMITS, REMINDER_DISPATCH_CRON: '0 0 1 1 *' } });
    http = new KeptAliveClient(t.appUrl, IN_FLIGHT);
    pngFile = await image('png', 32, 32);
    document = buildOpenApiDocument(t.app);
    const access = new Map(listRoutes(t.app).map((route) => [`${route.method} ${route.path}`, route.access]));
    operations = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item as Record<string, Record<string, unknown>>).map(([method, raw]) => {
        const content = (raw.requestBody as { content?: Record<string, { schema: Schema }> } | undefined)?.content;
        const body = content?.['application/json']
          ? { type: 'json' as const, schema: content['application/json'].schema }
          : content?.['multipart/form-data']
            ? { type: 'multipart' as const, schema: content['multipart/form-data'].schema }
            : undefined;
        const upper = method.toUpperCase();
        const routeKey = `${upper} ${path.replace(/\{[^}]+\}/g, UNKNOWN_ID)}`;
        const found = access.get(routeKey);
        if (!found) throw new Error(`${upper} ${path} is in the document but not among the routes`);
        return {
          method: upper,
          path,
          key: `${upper} ${path}`,
          parameters: (raw.parameters as Parameter[] | undefined) ?? [],
          body,
          access: found,
        };
      }),
    );
    counts.operations = operations.length;

    // Who calls, and real records for the ids in paths and bodies.
    agents.anonymous = browser(t);
    const broker = await brokerSession(t, 'walk.broker@agency.test');
    const admin = await brokerSession(t, 'walk.admin@agency.test');
    await t.em().nativeUpdate(User, { id: admin.id }, { isAdmin: true });
    agents.broker = broker.agent;
    agents.admin = admin.agent;
    ids.broker = broker.id;
    ids.admin = admin.id;
    const em = t.em();
    // Admin access is given to a colleague and taken from another admin, never the walk's own people.
    ids.colleague = (await makeUser(em, { email: 'walk.colleague@agency.test' })).id;
    ids.otherAdmin = (await makeUser(em, { email: 'walk.other.admin@agency.test', isAdmin: true })).id;
    const owner = await em.findOneOrFail(User, broker.id);
    ids.client = (await makeClient(em, owner, { firstName: 'Walk', lastName: 'Client' })).id;
    ids.invitation = await makeInvitation(em, await makeClient(em, owner, { firstName: 'Invited', lastName: 'Client' }));
    const registered = await makeClient(em, owner, { firstName: 'Portal', lastName: 'Client' });
    clientUsername = 'walk.portal';
    agents.client = browser(t);
    const signedUp = await agents.client
      .post('/api/client/register')
      .send({ token: await makeInvitation(em, registered), username: clientUsername, password: clientPassword });
    expect(signedUp.status).toBe(201);
    // A real password reset of the walk client: the valid confirmation uses its code.
    expect((await browser(t).post('/api/client/password-reset').send({ identifier: clientUsername })).status).toBe(202);
    await t.app.get(PasswordResetsService).settled();
    const [resetText] = await outboxInFull(t, { purpose: 'client-password-reset', recipient: registered.phone });
    ids.resetCode = /\b(\d{6})\b/.exec(resetText.body)?.[1] ?? '';
    ids.medication = (await agents.client.post('/api/client/medications').send({ name: 'Walk medication' })).body.id;
    ids.clientReminder = (
      await agents.client.post('/api/client/reminders').send({ scheduledTime: new Date(realNow().getTime() + 86_400_000).toISOString() })
    ).body.id;
    ids.caregiver = (await agents.client.post('/api/client/caregivers').send({ name: 'Walk Caregiver', phone: '(615) 555-0152' })).body.id;
    // A text to the caregiver in the client's own development outbox (as the dispatcher stores one).
    const toCaregiver = em.create(OutboxMessage, { channel: 'sms', recipient: '+16155550152', body: 'Walk alert', purpose: 'caregiver' });
    await em.flush();
    ids.clientOutboxMessage = toCaregiver.id;
    // A registered client's new phone waits for their confirmation.
    expect((await agents.broker.put(`/api/clients/${registered.id}`).send({ phone: '(615) 555-0150' })).status).toBe(200);
    const changes = (await agents.client.get('/api/client/contact-changes')).body as { id: string; status: string }[];
    ids.contactChange = changes.find((change) => change.status === 'pending')?.id ?? '';
    ids.reminder = (
      await agents.broker
        .post('/api/reminders')
        .send({ clientId: ids.client, scheduledTime: new Date(realNow().getTime() + 86_400_000).toISOString(), message: 'Walk reminder' })
    ).body.id;
    ids.campaign = (await agents.broker.post('/api/campaigns').send({ name: 'Walk', type: 'sms', message: 'Hello' })).body.id;
    ids.policy = (
      await agents.broker.post(`/api/clients/${ids.client}/policies`).send({ carrier: 'Walk', planName: 'Walk Plan', planType: 'other' })
    ).body.id;
    // The walk broker's own member: who wrote a policy.
    ids.ownerMember = (await agents.broker.get('/api/auth/user')).body.member.id;
    // Scopes of Appointment: one to sign through its link (the valid signature comes last), one the
    // walk client signed (its PDF in the portal and the broker's app), one to send again or cancel.
    const soaLink = async (clientId: string, phone: string) => {
      const appointmentAt = new Date(realNow().getTime() + 3 * 86_400_000).toISOString();
      const soa = await agents.broker.post(`/api/clients/${clientId}/soas`).send({ products: ['pdp'], method: 'phone', appointmentAt });
      const [text] = (await outboxInFull(t, { purpose: 'scope-of-appointment', recipient: phone })).slice(-1);
      return { id: soa.body.id as string, token: /\/soa\/(\S+?\.\S+?)(?=[\s)])/.exec(text.body)?.[1] ?? '' };
    };
    const toSign = await soaLink(ids.client, (await em.findOneOrFail(Client, ids.client)).phone);
    ids.soaToken = toSign.token;
    ids.soaToCancel = (await soaLink(ids.client, (await em.findOneOrFail(Client, ids.client)).phone)).id;
    const signed = await soaLink(registered.id, registered.phone);
    expect(
      (
        await browser(t)
          .post(`/api/soa-signing/${signed.token}`)
          .send({ signerName: 'Portal Client', signerRole: 'beneficiary', signatureKind: 'typed', agree: true })
      ).status,
    ).toBe(200);
    ids.signedSoa = signed.id;
    ids.task = (
      await agents.broker.post('/api/tasks').send({ title: 'Walk task', dueAt: '2030-01-31T15:00:00Z', clientId: ids.client })
    ).body.id;
    ids.interaction = (
      await agents.broker.post(`/api/clients/${ids.client}/interactions`).send({ kind: 'call', outcome: 'other' })
    ).body.id;
    // An invitation text in the broker's development outbox, which its phone can answer.
    expect((await agents.broker.post(`/api/clients/${ids.client}/invite`)).status).toBe(200);
    ids.outboxMessage = (
      await em.findOneOrFail(OutboxMessage, { brokerId: broker.id, channel: 'sms' }, { orderBy: { createdAt: 'desc' } })
    ).id;
    // The walk client's text in their own words makes a task to answer it, once while it is open: made
    // here, so that no request of the walk that answers the text writes one.
    expect(
      (await agents.broker.post(`/api/dev/outbox/${ids.outboxMessage}/answer`).send({ action: 'reply', text: 'Thank you' })).status,
    ).toBe(200);
    // That text is the walk's inbox thread.
    ids.thread = (await agents.broker.get('/api/inbox/threads')).body[0].id;
    ids.inboxMessage = (await agents.broker.get(`/api/inbox/threads/${ids.thread}/messages`)).body.find(
      (entry: { source: string; direction: string }) => entry.source === 'inbox' && entry.direction === 'in',
    ).id;
    ids.inboxTemplate = (await agents.broker.post('/api/inbox/templates').send({ name: 'Walk template', body: 'Hi {firstName}' })).body.id;
    ids.token = (await agents.broker.post('/api/tokens').send({ name: 'Walk token', scopes: ['clients:read'] })).body.id;
    // A person invited to the walk broker's agency: the member routes' path.
    ids.member = (await agents.broker.post('/api/members').send({ email: 'walk.member@agency.test', role: 'agent' })).body.id;
    ids.resource = (
      await agents.admin.post('/api/admin/resources').field('title', 'Walk guide').attach('file', PDF, { filename: 'guide.pdf' })
    ).body.id;
    const upload = await agents.broker
      .post('/api/clients/upload')
      .attach('file', Buffer.from('firstName,lastName,email,phone\nWalk,Import,,(615) 555-0151\n'), { filename: 'walk.csv' });
    ids.importJob = upload.body.jobId;
    // Finished before the walk, so that its writes are not taken for a bad request's.
    await waitFor('the walk import to end', async () => {
      const job = await agents.broker.get(`/api/clients/upload/${ids.importJob}`);
      return job.body.status === 'completed';
    });
    // A commission schedule, a statement imported (its unmatched row) and one waiting for its mapping.
    ids.schedule = (
      await agents.broker
        .post('/api/commissions/schedules')
        .send({ carrier: 'Walk', initialAnnualCents: 60_000, renewalAnnualCents: 30_000 })
    ).body.id;
    const imported = (
      await agents.broker
        .post('/api/commissions/statements')
        .field('carrier', 'Walk')
        .attach('file', Buffer.from(WALK_STATEMENT), 'walk.csv')
    ).body.id;
    await agents.broker
      .post(`/api/commissions/statements/${imported}/import`)
      .send({ mapping: { memberName: 'Name', amount: 'Amount', period: 'Month' } });
    await waitFor(
      'the walk statement to be imported',
      async () => {
        const statement = await agents.broker.get(`/api/commissions/statements/${imported}`);
        if (statement.body.status === 'failed') throw new Error(`the walk statement failed: ${statement.body.message}`);
        return statement.body.status === 'completed';
      },
      60_000,
    );
    ids.statementRow = (await agents.broker.get(`/api/commissions/statements/${imported}/rows`)).body[0]?.id;
    ids.statement = (
      await agents.broker
        .post('/api/commissions/statements')
        .field('carrier', 'Walk')
        .attach('file', Buffer.from(WALK_STATEMENT), 'walk.csv')
    ).body.id;
    for (const [name, id] of Object.entries(ids)) if (!id) throw new Error(`setting up ${name} failed`);

    const rows = await t
      .em()
      .execute<{ table_name: string }[]>(
        `select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`,
      );
    tables = rows.map((row) => row.table_name).filter((name) => !UNFINGERPRINTED.includes(name));
  }, 120_000);

  afterAll(async () => {
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const byRole = ROLES.map((role) => `${role} ${counts.byRole[role] ?? 0}`).join(', ');
    const sample =
      SAMPLE_EVERY === 1
        ? 'every operation'
        : `a sample of about one operation in ${SAMPLE_EVERY} (${ROLES.map((role) => `${role} ${counts.walked[role] ?? 0}`).join(', ')}), BAD_INPUT_SEED=${SAMPLE_SEED}`;
    console.log(
      `Bad-input walk: ${counts.operations} operations, ${sample}; ${counts.requests} bad requests (${byRole}), ${counts.valid} valid ones, ${counts.fingerprints} table fingerprints, ${seconds} s`,
    );
    http?.close();
    await t?.close();
  });

  it.each(ROLES)(
    'answers every bad request of %s with a 4xx and a message, and writes nothing',
    async (role) => {
      const failures = await walk(role);
      expect(failures.slice(0, 60)).toEqual([]);
    },
    120_000,
  );

  it('names a field once when its value breaks several of its rules', async () => {
    const res = await agents.admin.post(`/api/admin/brokers/${ids.broker}/trial`).send({ days: 'seven' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('days must be a whole number from 1 to 90');
  });

  it('accepts each valid request the walk started from, so that the bad value is what was refused', async () => {
    const failures: string[] = [];
    for (const op of operations.filter((o) => o.body)) {
      const agent = op.access === 'public' ? browser(t) : agents[op.access];
      // The amount to confirm follows the clients the valid requests before it added.
      if (op.key === 'POST /api/subscription/start') await countWalkBrokerPmpmCents();
      const res = await send(agent, op.method, url(op), basePayload(op));
      if (op.key === 'POST /api/clients/upload' && res.status === 202) {
        // Its import runs in the background: finished before anything counts the broker's clients.
        await waitFor('the valid import to end', async () => {
          const job = await agents.broker.get(`/api/clients/upload/${(res.body as { jobId: string }).jobId}`);
          return ['completed', 'failed'].includes((job.body as { status: string }).status);
        });
      }
      // The valid password reset ends the walk client's sessions: signed in again for the requests after it.
      if (op.key === 'POST /api/client/password-reset/confirm' && res.status === 200) {
        agents.client = browser(t);
        expect((await agents.client.post('/api/client/login').send({ username: clientUsername, password: clientPassword })).status).toBe(
          200,
        );
      }
      // The valid suspension is of the walk broker: lifted at once, so the walk's later requests are theirs again.
      if (op.key === 'POST /api/admin/brokers/{id}/suspend' && res.status === 200) {
        expect((await agents.admin.post(`/api/admin/brokers/${ids.broker}/reactivate`)).status).toBe(200);
      }
      counts.valid += 1;
      if (res.status >= 300) failures.push(`${op.key}: ${res.status} ${res.text.slice(0, 300)}`);
    }
    expect(failures).toEqual([]);
  }, 60_000);

  it('takes a DELETE that names a media type but has no body, as react-admin sends it', async () => {
    const res = await agents.client.delete(`/api/client/reminders/${ids.clientReminder}`).set('Content-Type', 'text/plain');
    expect(res.status).toBe(204);
  });
});

/** Routes the contract leaves out (provider webhooks, e-mail links) refuse the same input. */
describe('bad input on routes outside the contract', () => {
  let t: TestApp;
  const token = 'ab'.repeat(32);

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it.each([
    ['/api/billing/webhook', 'text/plain', 'hello', 'application/json'],
    ['/api/webhooks/twilio/sms-inbound', 'application/json', '{"Body":"STOP"}', 'application/x-www-form-urlencoded'],
    [`/api/u/${token}`, 'text/plain', 'List-Unsubscribe=One-Click', 'application/x-www-form-urlencoded or multipart/form-data'],
    [
      `/api/caregiver/${token}/stop`,
      'text/plain',
      'List-Unsubscribe=One-Click',
      'application/x-www-form-urlencoded or multipart/form-data',
    ],
    [`/api/caregiver/${token}/agree`, 'application/json', '{}', 'application/x-www-form-urlencoded or multipart/form-data'],
    [`/api/consent/renew/${'R'.repeat(43)}`, 'application/json', '{}', 'application/x-www-form-urlencoded or multipart/form-data'],
    [`/api/consent/renew/${'R'.repeat(43)}/stop`, 'text/plain', 'x', 'application/x-www-form-urlencoded or multipart/form-data'],
  ])('%s refuses a %s body with 415', async (path, type, body, accepted) => {
    const res = await request(t.http).post(path).set('Content-Type', type).send(body);
    expect(res.status).toBe(415);
    expect(res.body.message).toBe(`Send the request body as ${accepted} (it was ${type})`);
  });

  it('takes the media type each of them is sent in', async () => {
    expect((await request(t.http).post('/api/billing/webhook').set('Content-Type', 'application/json').send('{}')).body.message).toBe(
      'Stripe billing is not configured',
    );
    // Without Twilio, in development, the outbox's phone signs these: an unsigned form is read and refused.
    expect((await request(t.http).post('/api/webhooks/twilio/sms-inbound').type('form').send('Body=STOP')).body.message).toBe(
      'Invalid Twilio signature',
    );
    expect((await request(t.http).post(`/api/u/${token}`).type('form').send('List-Unsubscribe=One-Click')).status).toBe(404);
    expect((await request(t.http).post(`/api/caregiver/${token}/stop`).type('form').send('List-Unsubscribe=One-Click')).status).toBe(404);
  });

  it.each([
    `/api/t/c/${token}?u=a%00b`,
    '/api/u/a%00b',
    '/api/caregiver/a%00b',
    '/api/caregiver/a%00b/stop',
    '/api/t/o/%ED%A0%80.gif',
    `/api/t/c/${token}?u=${encodeURIComponent('https://x.test/')}&u%00=1`,
  ])('%s answers 400 with a message', async (path) => {
    const res = await request(t.http).get(path);
    expect(res.status).toBe(400);
    expect(res.body.message).toEqual(expect.any(String));
  });
});
