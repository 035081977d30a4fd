import { afterEach, describe, expect, it, vi } from 'vitest';

import { brokerSession, chooseEntry, isClientPath, isClientSignedIn, resolveEntry } from './entry.ts';

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
    ['/client/portal', true, 'admin'],
    ['/client/dashboard', true, 'admin'],
    ['/client/portal/', true, 'admin'],
    ['/client/portal', false, 'portal'],
    ['/client/dashboard', false, 'portal'],
    ['/client/help', true, 'portal'],
    ['/client/register/abc', true, 'portal'],
    ['/account-suspended', false, 'portal'],
    ['/account-suspended', true, 'portal'],
    ['/invitation', false, 'portal'],
    ['/invitation', true, 'portal'],
    ['/soa/abc.def', false, 'portal'],
    ['/soa/abc.def', true, 'portal'],
  ] as const)('%s with a broker signed in=%s loads the %s bundle', (path, signedIn, entry) => {
    expect(chooseEntry(path, signedIn)).toBe(entry);
  });

  it('treats only /client and /client/... as client paths', () => {
    expect(isClientPath('/client')).toBe(true);
    expect(isClientPath('/clients')).toBe(false);
    expect(isClientPath('/client/help')).toBe(true);
  });
});

afterEach(() => vi.unstubAllGlobals());

/** Stubs fetch with a server where a broker, a client or nobody is signed in; it records what was asked. */
function server(who: 'broker' | 'client' | 'nobody' | 'suspended broker') {
  const fetchMock = vi.fn(async (url: string | URL | Request) => {
    if (url === '/api/auth/user' && who === 'suspended broker') {
      return new Response(JSON.stringify({ statusCode: 401, message: 'This CareKeep account is suspended.', accountSuspended: true }), {
        status: 401,
      });
    }
    const ok = (url === '/api/auth/user' && who === 'broker') || (url === '/api/client-portal/branding' && who === 'client');
    return new Response('{}', { status: ok ? 200 : 401 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('brokerSession', () => {
  it('is true only for a successful /api/auth/user', async () => {
    const answer = (status: number) => vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response('{}', { status })));
    answer(200);
    expect(await brokerSession()).toBe('signed-in');
    expect(vi.mocked(fetch).mock.calls[0]?.[0]).toBe('/api/auth/user');
    expect(vi.mocked(fetch).mock.calls[0]?.[1]?.credentials).toBe('include');
    answer(401);
    expect(await brokerSession()).toBe('signed-out');
    answer(500);
    expect(await brokerSession()).toBe('signed-out');
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('offline')));
    expect(await brokerSession()).toBe('signed-out');
  });
});

describe('resolveEntry', () => {
  it.each([
    ['/client/portal', 'broker', 'admin'],
    ['/client/dashboard', 'broker', 'admin'],
    ['/client/portal', 'client', 'portal'],
    ['/client/dashboard', 'client', 'portal'],
    ['/client/portal', 'nobody', 'portal'],
    ['/', 'broker', 'admin'],
    ['/', 'nobody', 'portal'],
    // A suspended broker's session answers 401, and their sign-in starts none: the public page loads.
    ['/account-suspended', 'nobody', 'portal'],
    ['/account-suspended', 'broker', 'portal'],
  ] as const)('%s with a %s signed in loads the %s bundle', async (path, who, entry) => {
    server(who);
    expect(await resolveEntry(path)).toBe(entry);
  });

  it('shows a suspended broker, back on any page, the suspension page instead of the landing page', async () => {
    for (const path of ['/', '/clients', '/campaigns/c1/show']) {
      window.history.replaceState(null, '', path);
      server('suspended broker');
      expect(await resolveEntry(path)).toBe('portal');
      expect(window.location.pathname).toBe('/account-suspended');
    }
    window.history.replaceState(null, '', '/');
  });

  it('asks nothing on the other client pages, and no broker check for a client in their portal', async () => {
    const nothing = server('broker');
    expect(await resolveEntry('/client/login')).toBe('portal');
    expect(nothing).not.toHaveBeenCalled();
    const client = server('client');
    await resolveEntry('/client/portal');
    expect(client.mock.calls.map(([url]) => url)).toEqual(['/api/client-portal/branding']);
  });

  it('counts a failed client check as not signed in', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('offline')));
    expect(await isClientSignedIn()).toBe(false);
  });
});
