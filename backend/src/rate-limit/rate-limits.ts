import { createHash } from 'node:crypto';

import type { ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { ThrottlerModuleOptions, ThrottlerStorage } from '@nestjs/throttler';
import type { Request } from 'express';

import { bearerOf, hashToken } from '../api-tokens/bearer.js';
import { type Access, ACCESS_KEY } from '../auth/access.decorators.js';
import type { SessionAuth } from '../auth/session.js';
import type { AppConfig } from '../config/config.js';
import { RATE_LIMIT_KEY, type RateLimitKind, type RateLimitRule } from './rate-limit.decorators.js';

const MINUTE_MS = 60_000;
export const SIGN_IN_WINDOW_MS = 15 * MINUTE_MS;
/** The per-user limit, on every signed-in request: the storage counts it locally between statements. */
export const COUNTED_LOCALLY_FIRST: ReadonlySet<string> = new Set(['api']);

const reflector = new Reflector();
const rules = new WeakMap<object, RateLimitRule>();

/** The route's rule (its decorator, else by its access), read once per handler. */
export function ruleOf(context: ExecutionContext): RateLimitRule {
  const handler = context.getHandler();
  let rule = rules.get(handler);
  if (!rule) {
    const targets = [handler, context.getClass()];
    const access = reflector.getAllAndOverride<Access | undefined>(ACCESS_KEY, targets) ?? 'broker';
    rule = reflector.getAllAndOverride<RateLimitRule | undefined>(RATE_LIMIT_KEY, targets) ?? {
      kind: access === 'public' ? 'public' : 'api',
    };
    rules.set(handler, rule);
  }
  return rule;
}

/**
 * The account a sign-in, registration or password reset is for: the username as sign-in
 * normalises it, the invitation, or the identifier a reset names (its link's token when it names none).
 */
export function accountOf(req: Pick<Request, 'body'>, context: ExecutionContext): string {
  const body = req.body as Record<string, unknown> | undefined;
  let field: string = ruleOf(context).account ?? 'username';
  if (field === 'identifier' && typeof body?.identifier !== 'string') field = 'token';
  const raw: unknown = body?.[field];
  const value = typeof raw === 'string' ? raw.trim() : '';
  return `${field}:${field === 'token' ? value : value.toLowerCase()}`;
}

/** The signed-in broker, admin or client (from the server-side session), whatever the device; '' for a bearer request. */
export function userOf(req: Pick<Request, 'session' | 'headers'>): string {
  if (bearerOf(req.headers?.authorization) !== undefined) return '';
  const auth = req.session?.auth;
  return auth ? sessionTracker(auth) : '';
}

/** Who a signed-in session counts as in the per-user limit. */
export function sessionTracker(auth: SessionAuth): string {
  return auth.kind === 'broker' ? `broker:${auth.userId}` : `client:${auth.accountId}`;
}

/** The API token a request carries, as its hash ('' without one). */
export function tokenOf(req: Pick<Request, 'headers'>): string {
  const bearer = bearerOf(req.headers?.authorization);
  return bearer === undefined ? '' : `token:${hashToken(bearer)}`;
}

/** The per-user limit's throttler: its name and window (its block lasts the window). */
export const API_RATE_LIMIT = { name: 'api', ttl: MINUTE_MS } as const;

/** The counter of a throttler and who is counted: hashed, so that no user or address is stored. */
export function rateLimitKey(name: string, tracker: string): string {
  return createHash('sha256').update(`${name}\n${tracker}`).digest('hex');
}

/**
 * The limits, one named throttler per kind of route. Each counts in one bucket across all the
 * routes of its kind (the key is the throttler's name and who is counted, hashed), so spreading
 * requests over routes gains nothing. Addresses are the guard's default tracker: Express's
 * `req.ip` (TRUST_PROXY decides whether X-Forwarded-For counts), IPv6 grouped by /64.
 */
export function rateLimitOptions(config: AppConfig, storage: ThrottlerStorage): ThrottlerModuleOptions {
  const limits = config.rateLimits;
  const otherThan = (kind: RateLimitKind) => (context: ExecutionContext) => ruleOf(context).kind !== kind;
  return {
    storage,
    // The 429 carries Retry-After; no X-RateLimit-* headers on every answer.
    setHeaders: false,
    generateKey: (_context, tracker, name) => rateLimitKey(name, tracker),
    throttlers: [
      // Address first: a sprayer stopped by it adds nothing to the accounts' counts.
      { name: 'sign-in-address', ttl: SIGN_IN_WINDOW_MS, limit: limits.signInPerAddress, skipIf: otherThan('sign-in') },
      {
        name: 'sign-in-account',
        ttl: SIGN_IN_WINDOW_MS,
        limit: limits.signInPerAccount,
        skipIf: otherThan('sign-in'),
        getTracker: (req, context) => accountOf(req as Request, context),
      },
      { name: 'public', ttl: MINUTE_MS, limit: limits.publicPerAddress, skipIf: otherThan('public') },
      { name: 'tracking', ttl: MINUTE_MS, limit: limits.trackingPerAddress, skipIf: otherThan('tracking') },
      {
        ...API_RATE_LIMIT,
        limit: limits.apiPerUser,
        // Signed out, the access guard answers 401 without doing any work worth limiting.
        skipIf: (context) => otherThan('api')(context) || !userOf(context.switchToHttp().getRequest<Request>()),
        getTracker: (req) => userOf(req as Request),
      },
      {
        // Per token, whoever holds it and whichever instance answers (the counters are shared).
        name: 'token',
        ttl: MINUTE_MS,
        limit: limits.apiPerToken,
        skipIf: (context) => otherThan('api')(context) || !tokenOf(context.switchToHttp().getRequest<Request>()),
        getTracker: (req) => tokenOf(req as Request),
      },
    ],
  };
}
