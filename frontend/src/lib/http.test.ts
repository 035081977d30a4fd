import { afterEach, describe, expect, it, vi } from 'vitest';

import { answersOk, ApiError, apiError, apiRequest, getOrNullOn401, send, serverMessage } from './http.ts';

function stubFetch(response: Response) {
  const fetchMock = vi.fn().mockResolvedValue(response);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe('send', () => {
  it('makes a failure an ApiError "{status}: {body}" with the parsed body', async () => {
    const body = '{"statusCode":400,"message":"phone is invalid"}';
    stubFetch(new Response(body, { status: 400 }));
    const error = await send('/api/clients').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe(`400: ${body}`);
    expect((error as ApiError).status).toBe(400);
    expect((error as ApiError).body).toEqual({ statusCode: 400, message: 'phone is invalid' });
    expect(serverMessage(error)).toBe('phone is invalid');
  });

  it('falls back to the status text for an empty body', async () => {
    stubFetch(new Response('', { status: 503, statusText: 'Service Unavailable' }));
    const error = await send('/api/stats').catch((e: unknown) => e);
    expect((error as Error).message).toBe('503: Service Unavailable');
    expect((error as ApiError).body).toBe('Service Unavailable');
  });

  it('sends the cookie and asks for JSON; a JSON content type only with a body that is not a form', async () => {
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => new Response('[]', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    expect(await send('/api/clients')).toMatchObject({ status: 200, body: '[]', json: [] });
    const headers = (call: number) => fetchMock.mock.calls[call]?.[1].headers as Headers;
    expect(fetchMock.mock.calls[0]?.[1].credentials).toBe('include');
    expect(headers(0).get('Accept')).toBe('application/json');
    expect(headers(0).has('Content-Type')).toBe(false);
    await send('/api/clients', { method: 'POST', body: '{}' });
    expect(headers(1).get('Content-Type')).toBe('application/json');
    await send('/api/clients/upload', { method: 'POST', body: new FormData() });
    expect(headers(2).has('Content-Type')).toBe(false);
  });
});

describe('apiError', () => {
  it('keeps a body that is not JSON as text', () => {
    const error = apiError(502, 'Bad Gateway', 'upstream down');
    expect(error.message).toBe('502: upstream down');
    expect(error.body).toBe('upstream down');
  });
});

describe('apiRequest', () => {
  it('sends a body as JSON and answers the parsed JSON, or null when empty', async () => {
    const fetchMock = stubFetch(new Response('{"count":3}', { status: 200 }));
    expect(await apiRequest('/api/reminders/execute', { method: 'POST' })).toEqual({ count: 3 });
    expect(fetchMock.mock.calls[0]?.[1]).toMatchObject({ method: 'POST', credentials: 'include', body: undefined });
    stubFetch(new Response(null, { status: 204 }));
    expect(await apiRequest('/api/clients/1', { method: 'DELETE' })).toBeNull();
    const withBody = stubFetch(new Response('{}', { status: 200 }));
    await apiRequest('/api/branding', { method: 'PUT', body: { agencyName: 'A' } });
    expect(withBody.mock.calls[0]?.[1]).toMatchObject({ method: 'PUT', body: '{"agencyName":"A"}' });
    expect((withBody.mock.calls[0]?.[1]?.headers as Headers).get('Content-Type')).toBe('application/json');
  });
});

describe('answersOk', () => {
  it('is true for a success only, false for a failure or no network', async () => {
    stubFetch(new Response('[]', { status: 200 }));
    expect(await answersOk('/api/dev/outbox?range=[0,0]')).toBe(true);
    stubFetch(new Response('Not Found', { status: 404 }));
    expect(await answersOk('/api/dev/outbox?range=[0,0]')).toBe(false);
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('offline')));
    expect(await answersOk('/api/dev/outbox?range=[0,0]')).toBe(false);
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
