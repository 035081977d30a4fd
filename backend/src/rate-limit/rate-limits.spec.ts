import type { ExecutionContext } from '@nestjs/common';
import type { ThrottlerStorage } from '@nestjs/throttler';

import { Public } from '../auth/access.decorators.js';
import { loadConfig } from '../config/config.js';
import { RateLimit } from './rate-limit.decorators.js';
import { accountOf, rateLimitOptions, ruleOf, tokenOf, userOf } from './rate-limits.js';

class SignedInRoutes {
  list() {}
}

@Public()
class PublicRoutes {
  lookup() {}
  @RateLimit('sign-in', 'username') login() {}
  @RateLimit('sign-in', 'token') register() {}
  @RateLimit('sign-in', 'identifier') reset() {}
  @RateLimit('tracking') pixel() {}
}

@Public()
@RateLimit('exempt')
class WebhookRoutes {
  receive() {}
}

const context = (type: object, handler: () => void, body?: unknown) =>
  ({
    getClass: () => type,
    getHandler: () => handler,
    switchToHttp: () => ({ getRequest: () => ({ body }) }),
  }) as unknown as ExecutionContext;

describe('ruleOf', () => {
  it.each([
    [SignedInRoutes, SignedInRoutes.prototype.list, 'api'],
    [PublicRoutes, PublicRoutes.prototype.lookup, 'public'],
    [PublicRoutes, PublicRoutes.prototype.login, 'sign-in'],
    [PublicRoutes, PublicRoutes.prototype.pixel, 'tracking'],
    [WebhookRoutes, WebhookRoutes.prototype.receive, 'exempt'],
  ])('%p.%p counts against %s', (type, handler, kind) => {
    expect(ruleOf(context(type, handler)).kind).toBe(kind);
  });
});

describe('accountOf', () => {
  const login = context(PublicRoutes, PublicRoutes.prototype.login);
  const register = context(PublicRoutes, PublicRoutes.prototype.register);
  const reset = context(PublicRoutes, PublicRoutes.prototype.reset);

  it.each([
    [login, { username: '  Ruth.A ' }, 'username:ruth.a'],
    [login, { username: 'ruth.a', token: 'anything' }, 'username:ruth.a'],
    [login, { username: ['ruth.a'] }, 'username:'],
    [login, undefined, 'username:'],
    [register, { token: ' AbC ', username: 'ruth.a' }, 'token:AbC'],
    [reset, { identifier: ' Ruth.A ', code: '123456' }, 'identifier:ruth.a'],
    [reset, { token: ' AbC.d ', password: 'x' }, 'token:AbC.d'],
  ])('%#: the route names which field is the account (%j → %s)', (ctx, body, account) => {
    expect(accountOf({ body }, ctx)).toBe(account);
  });
});

describe('userOf', () => {
  it.each([
    [{ kind: 'broker', userId: 'u1' }, 'broker:u1'],
    [{ kind: 'client', accountId: 'a1', clientId: 'c1' }, 'client:a1'],
    [undefined, ''],
  ])('%j → %j', (auth, tracker) => {
    expect(userOf({ session: { auth } } as unknown as Parameters<typeof userOf>[0])).toBe(tracker);
  });
});
describe('tokenOf and userOf with a bearer token', () => {
  it('counts a bearer request by its token’s hash, never by the session beside it', () => {
    const req = { headers: { authorization: 'Bearer ck_pat_abc' }, session: { auth: { kind: 'broker', userId: 'u1' } } };
    expect(userOf(req as unknown as Parameters<typeof userOf>[0])).toBe('');
    expect(tokenOf(req as unknown as Parameters<typeof tokenOf>[0])).toMatch(/^token:[0-9a-f]{64}$/);
    expect(tokenOf({ headers: {} } as unknown as Parameters<typeof tokenOf>[0])).toBe('');
  });
});

describe('rateLimitOptions', () => {
  const options = rateLimitOptions(loadConfig({}), {} as ThrottlerStorage);
  if (Array.isArray(options)) throw new Error('expected module options');

  it('keys one count per limit and tracker, whatever the route, without the tracker in clear', () => {
    const key = options.generateKey!;
    const a = key(context(PublicRoutes, PublicRoutes.prototype.lookup), '203.0.113.7', 'public');
    expect(key(context(PublicRoutes, PublicRoutes.prototype.pixel), '203.0.113.7', 'public')).toBe(a);
    expect(key(context(PublicRoutes, PublicRoutes.prototype.lookup), '203.0.113.8', 'public')).not.toBe(a);
    expect(key(context(PublicRoutes, PublicRoutes.prototype.lookup), '203.0.113.7', 'sign-in-address')).not.toBe(a);
    expect(a).toMatch(/^[0-9a-f]{64}$/);
  });

  it('applies each limit only to its kind of route', () => {
    const applies = (name: string, type: object, handler: () => void) =>
      !options.throttlers.find((t) => t.name === name)!.skipIf!(context(type, handler));
    expect(applies('sign-in-address', PublicRoutes, PublicRoutes.prototype.login)).toBe(true);
    expect(applies('sign-in-account', PublicRoutes, PublicRoutes.prototype.register)).toBe(true);
    expect(applies('public', PublicRoutes, PublicRoutes.prototype.login)).toBe(false);
    expect(applies('public', PublicRoutes, PublicRoutes.prototype.lookup)).toBe(true);
    expect(applies('tracking', PublicRoutes, PublicRoutes.prototype.pixel)).toBe(true);
    for (const name of ['sign-in-address', 'sign-in-account', 'public', 'tracking', 'api']) {
      expect(applies(name, WebhookRoutes, WebhookRoutes.prototype.receive)).toBe(false);
    }
    // Signed out, a signed-in route is the access guard's 401, not counted.
    expect(applies('api', SignedInRoutes, SignedInRoutes.prototype.list)).toBe(false);
  });
});
