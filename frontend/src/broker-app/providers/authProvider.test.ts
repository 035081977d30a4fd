import { HttpError } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { authProvider, onSessionEnded, resetSessionState, sessionEnded } from './authProvider.ts';
import { httpClient } from './httpClient.ts';

function answer(status: number, body: unknown = {}) {
  vi.stubGlobal(
    'fetch',
    vi.fn().mockImplementation(async () => new Response(JSON.stringify(body), { status })),
  );
}

beforeEach(() => {
  resetSessionState();
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the auth provider', () => {
  it('passes checkAuth for a signed-in user', async () => {
    answer(200, { id: 'u1', firstName: 'Dana', lastName: 'Whitfield', isAdmin: true });
    await expect(authProvider.checkAuth({})).resolves.toBeUndefined();
    await expect(authProvider.getIdentity?.()).resolves.toMatchObject({ id: 'u1', fullName: 'Dana Whitfield' });
  });

  it('on 401 shows Unauthorized and goes to /api/login after 500 ms, without react-admin navigating', async () => {
    answer(401, { statusCode: 401, message: 'Unauthorized' });
    const navigate = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign: navigate });
    const seen = vi.fn();
    const rejection = (await authProvider.checkAuth({}).catch((e: unknown) => e)) as { redirectTo: unknown; message: unknown };
    expect(rejection).toEqual({ message: false, redirectTo: false });
    // Signed out on a first load, the shell is not listening yet: it hears it when it registers.
    const stop = onSessionEnded(seen);
    expect(seen).toHaveBeenCalledTimes(1);
    stop();
    vi.advanceTimersByTime(499);
    expect(navigate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(navigate).toHaveBeenCalledWith('/api/login');
  });

  it('says "Auth check failed: {status}" for other failures', async () => {
    answer(500, { message: 'boom' });
    await expect(authProvider.checkAuth({})).rejects.toThrow('Auth check failed: 500');
  });

  it('treats only a 401 from a call as the end of the session', async () => {
    const seen = vi.fn();
    const stop = onSessionEnded(seen);
    await expect(authProvider.checkError({ status: 403 })).resolves.toBeUndefined();
    await expect(authProvider.checkError({ status: 500 })).resolves.toBeUndefined();
    expect(seen).not.toHaveBeenCalled();
    await expect(authProvider.checkError({ status: 401 })).rejects.toEqual({ message: false, redirectTo: false });
    expect(seen).toHaveBeenCalledTimes(1);
    stop();
  });

  it('sends a broker whose account was suspended mid-session to the suspension page, not to sign in again', async () => {
    const navigate = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign: navigate });
    const seen = vi.fn();
    const stop = onSessionEnded(seen);
    // What the data provider rejects with (react-admin's HttpError, carrying the answer's body).
    const suspended = new HttpError('This CareKeep account is suspended.', 401, {
      statusCode: 401,
      message: 'This CareKeep account is suspended.',
      accountSuspended: true,
    });
    await expect(authProvider.checkError(suspended)).rejects.toEqual({ message: false, redirectTo: false });
    expect(navigate).toHaveBeenCalledWith('/account-suspended');
    vi.advanceTimersByTime(1000);
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(seen).not.toHaveBeenCalled();
    stop();
  });

  it('on load, a suspended session goes to the suspension page', async () => {
    answer(401, { statusCode: 401, message: 'This CareKeep account is suspended.', accountSuspended: true });
    const navigate = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign: navigate });
    await expect(authProvider.checkAuth({})).rejects.toEqual({ message: false, redirectTo: false });
    expect(navigate).toHaveBeenCalledWith('/account-suspended');
  });

  it('announces the end of the session once', () => {
    const navigate = vi.fn();
    const seen = vi.fn();
    const stop = onSessionEnded(seen);
    expect(sessionEnded(navigate)).toBe(true);
    expect(sessionEnded(navigate)).toBe(false);
    vi.advanceTimersByTime(500);
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(seen).toHaveBeenCalledTimes(1);
    stop();
  });
});

describe('the HTTP client', () => {
  it('makes errors "{status}: {body}" with the parsed body', async () => {
    vi.useRealTimers();
    const body = { statusCode: 409, message: 'A client with this phone number already exists' };
    answer(409, body);
    const error = (await httpClient('/api/clients', { method: 'POST', body: '{}' }).catch((e: unknown) => e)) as {
      message: string;
      status: number;
      body: unknown;
    };
    expect(error.message).toBe(`409: ${JSON.stringify(body)}`);
    expect(error.status).toBe(409);
    expect(error.body).toEqual(body);
  });

  it('sends the cookie, and a JSON content type only with a body', async () => {
    vi.useRealTimers();
    answer(200, []);
    await httpClient('/api/clients');
    const [, init] = vi.mocked(fetch).mock.calls[0];
    expect(init?.credentials).toBe('include');
    expect((init?.headers as Headers).has('Content-Type')).toBe(false);
    await httpClient('/api/clients', { method: 'POST', body: '{}' });
    expect((vi.mocked(fetch).mock.calls[1][1]?.headers as Headers).get('Content-Type')).toBe('application/json');
  });
});
