import type { ExecutionContext, INestApplication } from '@nestjs/common';
import { DiscoveryService, MetadataScanner, ModulesContainer, Reflector } from '@nestjs/core';
import {
  DocumentBuilder,
  type OpenAPIObject,
  type OperationObject,
  type ParameterObject,
  type PathItemObject,
  type ResponseObject,
  type SchemaObject,
  SwaggerModule,
} from '@nestjs/swagger';

import { BEARER_AUTH, type TokenScopeRule } from '../api-tokens/scopes.js';
import { type Access, ACCESS_KEY, SESSION_COOKIE_AUTH } from '../auth/access.decorators.js';
import { SESSION_COOKIE } from '../auth/session.js';
import { ErrorDto } from '../common/error.dto.js';
import type { RateLimitKind } from '../rate-limit/rate-limit.decorators.js';
import { ruleOf } from '../rate-limit/rate-limits.js';

export const API_TITLE = 'CareKeep API';
export const API_VERSION = '0.1.0';

/** Every tag an operation may carry, with what its operations are about (a new tag needs a line here). */
export const TAGS: Readonly<Record<string, string>> = {
  activity: 'The broker’s recent activity: reminders, campaigns, invitations, registrations, client engagement',
  admin:
    'Platform admins: analytics, brokers, their subscriptions, trials, API tokens, compliance, agencies’ activity logs and the audit log',
  'agency-log':
    'The agency’s activity log: who changed what (clients, imports, exports, consent, campaigns, members, tokens, branding, billing), never health data',
  'api-tokens':
    'Personal access tokens: the scopes, creating, listing and revoking tokens, and their activity (in the app, never with a token)',
  auth: 'Broker sign-in through OpenID Connect, sign-out, and who is signed in',
  members:
    'The agency’s team: its members and their roles, invitations by e-mail (accepted by signing in through their link), and removing a member',
  'messaging-registration':
    'The agency’s text messaging registration with the US carriers (A2P 10DLC) through Twilio: its brand, campaign, fees and number; whether its texts wait',
  tasks: 'Tasks and follow-ups, the automatic task rules, and each client’s call and meeting log',
  inbox: 'The agency’s two-way text inbox: threads per person, replies, assignment, reply templates (docs/messaging.md)',
  commissions:
    'What carriers pay the agency: per-carrier schedules, statements imported from carriers’ CSV files and matched to policies, paid against expected',
  policies: 'Each client’s coverage: carrier, plan and CMS plan ID, type, status and dates, premium and the member who wrote it',
  billing: 'The broker’s plan, trial and payments (Stripe or local billing), and the monthly analytics',
  branding: 'The agency’s branding (name, colours, logo, disclaimer), and the public logo and disclaimer pages',
  campaigns: 'E-mail and text campaigns: drafts, their audience, test sends, sending, recipients and skipped sends',
  'client portal: caregivers': 'The signed-in client’s caregivers, who get copies of their reminders',
  'client portal: contact details': 'The signed-in client confirms or refuses a phone or e-mail change their broker made',
  'client portal: medications': 'The signed-in client’s medications, adherence and history (health data: the client only)',
  'client portal: texts':
    'The signed-in client’s own texts that answered their own reminders, kept from the agency (health data: the client only)',
  'client portal: reminders': 'The signed-in client’s own reminders',
  'client portal: scopes of appointment': 'The Scopes of Appointment the signed-in client signed, and their PDFs',
  'client portal: settings': 'The signed-in client’s settings: language, time zone, channels',
  'client portal: sign-in':
    'Clients’ registration from an invitation, sign-in, sign-out and password reset (the portal has its own accounts)',
  clients: 'The broker’s clients: list, search, add, edit, import from CSV, export, invite, bulk actions, engagement and timeline',
  compliance: 'The broker’s compliance report, as JSON, CSV and PDF',
  consent: 'Clients’ permission to be contacted: the record per channel and purpose, lapsing permissions, renewal requests',
  development: 'Local development only (404 in production): what would have been sent',
  live: 'Live updates for the broker app: a stream of server-sent events naming what changed (never its contents), kept to the member’s book',
  health: 'Whether the process is up and the database answers, for the load balancer',
  profile: 'The signed-in broker’s or admin’s own profile',
  reminders: 'The broker’s one-time reminders to clients (generic messages only): schedule, edit, cancel, run',
  'scope of appointment':
    'Scopes of Appointment: prepared for a client, sent as a single-use link, signed on a page without signing in (typed or drawn), kept with their PDF and hashes; the dated rules decide the wait',
  resources: 'The resource library: guides, scripts and templates to read and download',
  stats: 'The broker dashboard’s figures',
  'resources: admin': 'Admins: upload, edit, publish and remove resources of the library',
};

/** Recursively orders object keys so the generated contract diffs cleanly. */
export function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, sortKeys((value as Record<string, unknown>)[key])]),
  );
}

/** What the guards decide for a route, read from the same metadata they read. */
export interface RouteFacts {
  access: Access;
  rateLimit: RateLimitKind;
}

/** Every handler's facts, by its operationId (`Controller_method`, Nest's default). */
export function routeFacts(app: INestApplication): Map<string, RouteFacts> {
  const reflector = new Reflector();
  const scanner = new MetadataScanner();
  const facts = new Map<string, RouteFacts>();
  for (const { instance, metatype } of new DiscoveryService(app.get(ModulesContainer)).getControllers()) {
    if (!instance || !metatype) continue;
    const prototype = Object.getPrototypeOf(instance) as Record<string, object>;
    for (const name of scanner.getAllMethodNames(prototype)) {
      const handler = prototype[name] as () => unknown;
      const access = reflector.getAllAndOverride<Access | undefined>(ACCESS_KEY, [handler, metatype]) ?? 'broker';
      const rateLimit = ruleOf({ getHandler: () => handler, getClass: () => metatype } as unknown as ExecutionContext).kind;
      facts.set(`${metatype.name}_${name}`, { access, rateLimit });
    }
  }
  return facts;
}

export const ERROR_SCHEMA = 'ErrorDto';
const ERROR_REF = { $ref: `#/components/schemas/${ERROR_SCHEMA}` };
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
const SAFE_METHODS = new Set(['get', 'head']);
/** An example id, for path parameters. */
const EXAMPLE_ID = '3c9e1f2a-7b4d-4e8a-9f6c-2d1b0a9e8f7c';

const TOO_MANY: Record<Exclude<RateLimitKind, 'exempt'>, string> = {
  'sign-in': 'Too many sign-in attempts from this address or for this account',
  public: 'Too many requests from this address in a minute',
  tracking: 'Too many requests from this address in a minute',
  api: 'Too many requests by this person, or with this token, in a minute',
};

function operations(document: OpenAPIObject): [string, string, OperationObject][] {
  return Object.entries(document.paths).flatMap(([path, item]: [string, PathItemObject]) =>
    METHODS.filter((method) => item[method]).map((method): [string, string, OperationObject] => [path, method, item[method]!]),
  );
}

/**
 * Completes each operation with what the middleware, the guards, the pipes and the error filter do
 * to every route alike, so that no controller has to repeat it (and none can forget it):
 *
 * - its security: `[]` (anonymous) for a @Public() route; any other route already names the session
 *   (and, open to tokens, the bearer scheme) through its access decorators;
 * - the error answers every route can give, each the ErrorDto: 400 for bad input (safeInput refuses
 *   NUL, broken escapes and deep nesting in the address, the query and the body of any route),
 *   401 signed out, 403 (not an admin, a token without the scope, a write from another site), 404
 *   for an id that is not the caller's, 413 and 415 for a write's body too large or in another media
 *   type, 429 with Retry-After unless the route is exempt from rate limits, and `default` for a 500
 *   or a 503;
 * - path ids as UUIDs (common/ids.ts: anything else is simply not found), with an example.
 */
export function completeDocument(document: OpenAPIObject, facts: Map<string, RouteFacts>): void {
  for (const [path, method, op] of operations(document)) {
    const key = `${method.toUpperCase()} ${path}`;
    const route = op.operationId ? facts.get(op.operationId) : undefined;
    if (!route) throw new Error(`${key}: no route found for operationId ${op.operationId}`);
    for (const tag of op.tags ?? []) if (!TAGS[tag]) throw new Error(`${key}: the tag "${tag}" has no description in TAGS`);

    if (route.access === 'public') {
      if (op.security?.length) throw new Error(`${key}: a public route that names a security scheme`);
      op.security = [];
    } else if (!op.security?.length) {
      throw new Error(`${key}: a ${route.access} route without a security requirement (use its access decorator)`);
    }

    const parameters = (op.parameters ?? []) as ParameterObject[];
    for (const parameter of parameters) {
      if (parameter.in !== 'path' || !/^(id|[a-z]+Id)$/.test(parameter.name)) continue;
      const schema = (parameter.schema ?? {}) as SchemaObject;
      parameter.schema = { ...schema, type: 'string', format: 'uuid' };
      parameter.example ??= EXAMPLE_ID;
      parameter.description ??= 'An id (UUID): one that is not the caller’s is not found (404)';
    }

    const responses = (op.responses ??= {}) as Record<string, ResponseObject>;
    const add = (status: string, description: string) => (responses[status] ??= { description });
    add(
      '400',
      parameters.length || op.requestBody
        ? 'Bad input: message says what is wrong; errors names each field that failed with its message'
        : 'A malformed address or query string (NUL, a broken percent-escape, invalid text)',
    );
    if (route.access !== 'public') add('401', 'Not signed in, or a missing, unknown, expired or revoked token');

    const forbidden: string[] = responses['403']?.description ? [responses['403'].description] : [];
    if (route.access === 'admin' && !forbidden.length) forbidden.push('Signed in, but not an admin');
    const rule = (op as unknown as Record<string, unknown>)['x-token-scopes'] as TokenScopeRule | undefined;
    if (route.access === 'broker' || route.access === 'admin') {
      // The access guard: a bearer request needs the route's scope for its method.
      const scope = rule && (SAFE_METHODS.has(method) ? rule.read : rule.write);
      if (!scope) forbidden.push('An API token: this operation takes the browser session only');
      else if (scope !== 'any') forbidden.push(`An API token without the ${scope} scope`);
    }
    // sameOriginOnly (auth/csrf.ts): every write not sent with a token must come from the app's origin.
    if (!SAFE_METHODS.has(method)) forbidden.push('A write without a token whose Origin (or Referer) is not this site');
    if (forbidden.length) responses['403'] = { ...responses['403'], description: forbidden.join('; or: ') };

    if (parameters.some((p) => p.in === 'path')) add('404', 'Not found: nothing with that id for the caller');
    if (!SAFE_METHODS.has(method)) {
      // The ContentTypeInterceptor and the JSON body parser (100 kB), on every write alike.
      const types = op.requestBody && 'content' in op.requestBody ? Object.keys(op.requestBody.content) : ['application/json'];
      add('415', `A body that is not sent as ${types.join(' or ')}`);
      add('413', types.includes('application/json') ? 'The JSON body is over 100 kB' : 'The file is over the size limit');
    }
    if (route.rateLimit !== 'exempt') {
      const tooMany = add('429', `${TOO_MANY[route.rateLimit]}: wait the seconds that Retry-After says`);
      tooMany.headers = {
        ...tooMany.headers,
        'Retry-After': { description: 'Seconds to wait before trying again', schema: { type: 'integer', example: 42 } },
      };
    }
    add(
      'default',
      'Any other failure: 500 (logged, never detailed), or 503 when the database or a provider is out of reach for a moment (retry)',
    );

    for (const [status, response] of Object.entries(responses)) {
      if (status !== 'default' && !/^[45]/.test(status)) continue;
      const example = errorExample(status, key, rule, route.rateLimit);
      response.content = { 'application/json': { schema: ERROR_REF, ...(example ? { example } : {}) } };
    }
  }
}

/** What an error of this status typically says for this operation, when one answer stands for it. */
function errorExample(status: string, key: string, rule: TokenScopeRule | undefined, rateLimit: RateLimitKind): object | undefined {
  const [method] = key.split(' ');
  const scope = rule && (SAFE_METHODS.has(method.toLowerCase()) ? rule.read : rule.write);
  switch (status) {
    case '401':
      return { statusCode: 401, message: 'Unauthorized' };
    case '403':
      // As the access guard words it, with the request's own path.
      return scope && scope !== 'any'
        ? { statusCode: 403, message: `${key.replace(/\{[^}]+\}/g, EXAMPLE_ID)} needs the ${scope} scope` }
        : undefined;
    case '429':
      return rateLimit === 'sign-in'
        ? { statusCode: 429, message: 'Too many sign-in attempts. Please try again in 15 minutes.', retryAfterSeconds: 900 }
        : { statusCode: 429, message: 'Too many requests. Please try again in 42 seconds.', retryAfterSeconds: 42 };
    case 'default':
      return { statusCode: 500, message: 'Internal server error' };
    default:
      return undefined;
  }
}

/** The OpenAPI document of the running application's routes. */
export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const builder = new DocumentBuilder()
    .setTitle(API_TITLE)
    .setDescription(
      'API of the CareKeep client-retention platform for Medicare brokers. List endpoints follow ' +
        "react-admin's simple REST protocol: optional range, sort and filter JSON query parameters and a " +
        'Content-Range header; every error is the ErrorDto, JSON { statusCode, message, ... }.',
    )
    .setVersion(API_VERSION)
    // Relative: the API is served under /api by every deployment, each at its own address (APP_URL).
    .addServer('/', 'The deployment that serves this document (its APP_URL)')
    .addCookieAuth(
      SESSION_COOKIE,
      { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE, description: `In production the cookie is __Host-${SESSION_COOKIE}` },
      SESSION_COOKIE_AUTH,
    )
    .addBearerAuth(
      {
        type: 'http',
        scheme: 'bearer',
        bearerFormat: 'ck_pat_…',
        description:
          'A personal access token from the app’s API access page. Each operation open to tokens names the scope it needs ' +
          '(x-token-scopes: read for GET, write for the others); the others take the browser session only.',
      },
      BEARER_AUTH,
    );
  for (const [name, description] of Object.entries(TAGS)) builder.addTag(name, description);
  const config = builder.build();
  // Proprietary: the operator's terms apply. Redocly (info-license-strict) wants a URL for OpenAPI 3.0:
  // the deployment's own site.
  config.info.license = { name: 'Proprietary: all rights reserved', url: '/' };
  const document = SwaggerModule.createDocument(app, config, { extraModels: [ErrorDto] });
  completeDocument(document, routeFacts(app));
  typeNullableUnions(document);
  return sortKeys(document) as OpenAPIObject;
}

/**
 * A nullable property that is one of several objects (a campaign's trigger) needs `type: object`
 * beside `nullable` in OpenAPI 3.0; @nestjs/swagger leaves the type out when `oneOf` is given.
 */
function typeNullableUnions(document: OpenAPIObject): void {
  for (const schema of Object.values(document.components?.schemas ?? {})) {
    const properties = (schema as { properties?: Record<string, Record<string, unknown>> }).properties ?? {};
    for (const property of Object.values(properties))
      if (property.nullable === true && Array.isArray(property.oneOf) && property.type === undefined) property.type = 'object';
  }
}

/** The document as committed in openapi.json: two-space JSON with a final newline. */
export function serializeOpenApi(document: OpenAPIObject): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}
