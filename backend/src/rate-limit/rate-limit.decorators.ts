import { SetMetadata } from '@nestjs/common';

/**
 * Which limit a route counts against. Without a decorator, anonymous (`@Public()`) routes count
 * per address ('public') and every other route per signed-in user ('api'), so a new route is
 * never unlimited by accident.
 *
 * - 'sign-in': client sign-in, registration and password reset, per address and per account
 *   (`account` names the body field that identifies it);
 * - 'tracking': what e-mails load and link to, per address with a generous limit (mail
 *   providers' image proxies fetch for many recipients from a few addresses);
 * - 'exempt': not limited; say why where it is used.
 */
export type RateLimitKind = 'sign-in' | 'tracking' | 'public' | 'api' | 'exempt';

/** The body field naming the account: a username, an invitation, or what a password reset names (else its link's token). */
export type RateLimitAccount = 'username' | 'token' | 'identifier';

export interface RateLimitRule {
  kind: RateLimitKind;
  account?: RateLimitAccount;
}

export const RATE_LIMIT_KEY = 'carekeep:rate-limit';

export function RateLimit(kind: 'sign-in', account: RateLimitAccount): MethodDecorator & ClassDecorator;
export function RateLimit(kind: 'tracking' | 'exempt'): MethodDecorator & ClassDecorator;
export function RateLimit(kind: RateLimitKind, account?: RateLimitAccount): MethodDecorator & ClassDecorator {
  return SetMetadata(RATE_LIMIT_KEY, { kind, account } satisfies RateLimitRule);
}
