import session from 'express-session';
import { loadConfig } from '../config/config.js';
import { sessionExpiry, sessionOptions } from './session.js';

const production = loadConfig({
  NODE_ENV: 'production',
  OIDC_ISSUER: 'https://id.example.com',
  OIDC_CLIENT_ID: 'app',
  OIDC_CLIENT_SECRET: 'secret',
  SESSION_SECRET: 'q8Jd93hfK2mZx0Lp4Vb7Nc1Rt6Yw5Ea9',
  PHI_ENCRYPTION_KEY: 'S8fM3b0mYt3Qx5wq7bq4v8o0mJmYl0d0bY7cQ0k9uZ0=',
});
const development = loadConfig({});
const MINUTE = 60_000;

describe('session cookie', () => {
  it('is HttpOnly and SameSite=Lax, and Secure in production only', () => {
    const store = new session.MemoryStore();
    expect(sessionOptions(production, 's', store).cookie).toMatchObject({ httpOnly: true, sameSite: 'lax', secure: true });
    expect(sessionOptions(development, 's', store).cookie).toMatchObject({ httpOnly: true, sameSite: 'lax', secure: false });
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
