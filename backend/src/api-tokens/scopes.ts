import { applyDecorators, type ExecutionContext, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ApiBearerAuth, ApiExtension } from '@nestjs/swagger';

/** What a personal access token may do. A route names the scope it needs; a token without it gets 403. */
export const SCOPES = {
  'clients:read': 'Read clients, their consent records, timelines and compliance reports',
  'clients:write': 'Add, edit, import, invite, deactivate and delete clients; record consent',
  'policies:read': 'Read clients’ policies',
  'policies:write': 'Add, change and delete clients’ policies',
  'soas:read': 'Read Scopes of Appointment and download signed ones',
  'soas:write': 'Prepare, send again and cancel Scopes of Appointment',
  'tasks:read': 'Read tasks, the automatic task rules and clients’ call and meeting logs',
  'tasks:write': 'Add, change, tick done and delete tasks; log calls and meetings',
  'inbox:read': 'Read the text inbox: threads, their messages and the reply templates',
  'inbox:write': 'Reply to texts, assign threads, mark them done, make tasks from them and manage reply templates',
  'reminders:read': 'Read reminders',
  'reminders:write': 'Schedule, edit and cancel reminders',
  'campaigns:read': 'Read campaigns and their results',
  'campaigns:write': 'Create, edit, test and send campaigns',
  'messaging:register': 'Read and submit the agency’s text messaging registration with the carriers (A2P 10DLC)',
  'analytics:read': 'Read dashboard figures, recent activity, monthly analytics, the subscription and the agency’s activity log',
  'admin:read': 'Admins: read platform analytics, brokers and resources',
  'admin:write': 'Admins: extend trials, change subscriptions, manage resources',
} as const;

export type Scope = keyof typeof SCOPES;
export const ALL_SCOPES = Object.keys(SCOPES) as Scope[];
export const ADMIN_SCOPES: readonly Scope[] = ['admin:read', 'admin:write'];
/** The scopes a person may put on a token: admins every scope, brokers all but the admin ones. */
export function grantableScopes(isAdmin: boolean): Scope[] {
  return isAdmin ? ALL_SCOPES : ALL_SCOPES.filter((scope) => !ADMIN_SCOPES.includes(scope));
}

/** The OpenAPI security scheme of tokens (`Authorization: Bearer ck_pat_…`). */
export const BEARER_AUTH = 'token';

/**
 * The scopes a route's reads (GET, HEAD) and writes need; `any` lets every valid token through
 * (who am I). A route without a rule cannot be used with a token at all: tokens cannot create
 * tokens, change the plan, the branding or the profile, or reach the client portal.
 */
export interface TokenScopeRule {
  read?: Scope | 'any';
  write?: Scope | 'any';
}

export const TOKEN_SCOPE_KEY = 'carekeep:token-scope';

/** On a controller or a route: which scopes its reads and writes need with a token (shown in the API docs). */
export const TokenScopes = (rule: TokenScopeRule) =>
  applyDecorators(SetMetadata(TOKEN_SCOPE_KEY, rule), ApiBearerAuth(BEARER_AUTH), ApiExtension('x-token-scopes', rule));

const reflector = new Reflector();
const SAFE_METHODS = new Set(['GET', 'HEAD']);

/** The scope a request to this route needs with a token, `any`, or undefined when tokens may not call it. */
export function requiredScope(context: ExecutionContext, method: string): Scope | 'any' | undefined {
  const rule = reflector.getAllAndOverride<TokenScopeRule | undefined>(TOKEN_SCOPE_KEY, [context.getHandler(), context.getClass()]);
  if (!rule) return undefined;
  return SAFE_METHODS.has(method.toUpperCase()) ? rule.read : rule.write;
}
