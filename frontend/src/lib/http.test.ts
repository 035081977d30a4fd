import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, getOrNullOn401, isUnauthorizedError, serverMessage, throwIfNotOk } from './http.ts';

function stubFetch(response: Response) {
  const fetchMock = vi.fn().mockResolvedValue(response);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe('throwIfNotOk', () => {
  it('makes the message "{status}: {body}"', async () => {
    const body = '{"statusCode":400,"message":"phone is invalid"}';
    const error = await throwIfNotOk(new Response(body, { status: 400 })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe(`400: ${body}`);
    expect(serverMessage(error)).toBe('phone is invalid');
  });

  it('falls back to the status text for an empty body', async () => {
    const error = await throwIfNotOk(new Response('', { status: 503, statusText: 'Service Unavailable' })).catch(
      (e: unknown) => e,
    );
    expect((error as Error).message).toBe('503: Service Unavailable');
  });

  it('passes a success through', async () => {
    await expect(throwIfNotOk(new Response('{}', { status: 200 }))).resolves.toBeUndefined();
  });
});

describe('isUnauthorizedError', () => {
  it('recognises a 401 Unauthorized answer only', () => {
    expect(isUnauthorizedError(new Error('401: {"statusCode":401,"message":"Unauthorized"}'))).toBe(true);
    expect(isUnauthorizedError(new Error('401: Unauthorized'))).toBe(true);
    expect(isUnauthorizedError(new Error('403: Forbidden'))).toBe(false);
    expect(isUnauthorizedError('401: Unauthorized')).toBe(false);
  });
});

describe('apiRequest', () => {
  it('sends credentials, and JSON only when there is a body', async () => {
    const fetchMock = stubFetch(new Response('{"count":3}', { status: 200 }));
    expect(await apiRequest('/api/reminders/execute', { method: 'POST' })).toEqual({ count: 3 });
    expect(fetchMock).toHaveBeenCalledWith('/api/reminders/execute', {
      method: 'POST',
      credentials: 'include',
      headers: undefined,
      body: undefined,
    });
    stubFetch(new Response(null, { status: 204 }));
    expect(await apiRequest('/api/clients/1', { method: 'DELETE' })).toBeNull();
    const withBody = stubFetch(new Response('{}', { status: 200 }));
    await apiRequest('/api/branding', { method: 'PUT', body: { agencyName: 'A' } });
    expect(withBody.mock.calls[0]?.[1]).toMatchObject({
      headers: { 'Content-Type': 'application/json' },
      body: '{"agencyName":"A"}',
    });
  });
});

describe('getOrNullOn401', () => {
  it('answers null for 401 and throws other failures', async () => {
    stubFetch(new Response('Unauthorized', { status: 401 }));
    expect(await getOrNullOn401('/api/auth/user')).toBeNull();
    stubFetch(new Response('boom', { status: 500 }));
    await expect(getOrNullOn401('/api/auth/user')).rejects.toThrow('500: boom');
  });
});
