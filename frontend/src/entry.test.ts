import { describe, expect, it, vi } from 'vitest';
import { chooseEntry, isBrokerSignedIn, isClientPath } from './entry.ts';

describe('chooseEntry', () => {
  it.each([
    ['/', false, 'portal'],
    ['/', true, 'admin'],
    ['/clients', true, 'admin'],
    ['/admin/brokers', true, 'admin'],
    ['/unknown', false, 'portal'],
    ['/clients', false, 'admin'],
    ['/admin', false, 'admin'],
    ['/billing/', false, 'admin'],
    ['/helpful', false, 'portal'],
    ['/client/login', false, 'portal'],
    ['/client/portal', true, 'portal'],
    ['/client/register/abc', true, 'portal'],
  ] as const)('%s with a broker signed in=%s loads the %s bundle', (path, signedIn, entry) => {
    expect(chooseEntry(path, signedIn)).toBe(entry);
  });

  it('treats only /client and /client/... as client paths', () => {
    expect(isClientPath('/client')).toBe(true);
    expect(isClientPath('/clients')).toBe(false);
    expect(isClientPath('/client/help')).toBe(true);
  });
});

describe('isBrokerSignedIn', () => {
  it('is true only for a successful /api/auth/user', async () => {
    const answer = (status: number) => vi.fn().mockResolvedValue(new Response('{}', { status }));
    const ok = answer(200);
    expect(await isBrokerSignedIn(ok)).toBe(true);
    expect(ok).toHaveBeenCalledWith('/api/auth/user', { credentials: 'include' });
    expect(await isBrokerSignedIn(answer(401))).toBe(false);
    expect(await isBrokerSignedIn(answer(500))).toBe(false);
    expect(await isBrokerSignedIn(vi.fn().mockRejectedValue(new TypeError('offline')))).toBe(false);
  });
});
