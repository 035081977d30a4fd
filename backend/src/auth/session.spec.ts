import session from 'express-session';

import { loadConfig } from '../config/config.js';
import { PRODUCTION_TEST_ENV } from '../config/test-env.js';
import { sessionExpiry, sessionOptions } from './session.js';

const production = loadConfig(PRODUCTION_TEST_ENV);
const development = loadConfig({});
const MINUTE = 60_000;

describe('session cookie', () => {
  it('is HttpOnly and SameSite=Lax, and Secure in production only', () => {
    const store = new session.MemoryStore();
    expect(sessionOptions(production, 's', store).cookie).toMatchObject({ httpOnly: true, sameSite: 'lax', secure: true });
    expect(sessionOptions(development, 's', store).cookie).toMatchObject({ httpOnly: true, sameSite: 'lax', secure: false });
  });

  it('carries the __Host- prefix in production, with what the prefix requires: Secure, Path=/ and no Domain', () => {
    const store = new session.MemoryStore();
    const options = sessionOptions(production, 's', store);
    expect(options.name).toBe('__Host-carekeep.sid');
    expect(options.cookie).toMatchObject({ secure: true, path: '/' });
    expect(options.cookie).not.toHaveProperty('domain');
    // Locally the app runs over plain HTTP, where browsers refuse __Host- cookies.
    expect(sessionOptions(development, 's', store).name).toBe('carekeep.sid');
  });
});

describe('sessionExpiry', () => {
  const now = Date.UTC(2026, 10, 21, 12);
  const broker = { kind: 'broker' as const, userId: 'u' };
  const client = { kind: 'client' as const, accountId: 'a', clientId: 'c' };

  it.each([
    [broker, 479, 0, undefined],
    [broker, 481, 0, 'idle'],
    [client, 29, 0, undefined],
    [client, 31, 0, 'idle'],
    [broker, 1, 7 * 24 * 60 - 1, undefined],
    [broker, 1, 7 * 24 * 60 + 1, 'lifetime'],
  ] as const)('%j idle %i min, signed in %i min ago → %s', (auth, idleMinutes, ageMinutes, expected) => {
    const startedAt = now - Math.max(ageMinutes, idleMinutes) * MINUTE;
    expect(sessionExpiry(development, { ...auth, startedAt, lastSeenAt: now - idleMinutes * MINUTE }, now)).toBe(expected);
  });
});
