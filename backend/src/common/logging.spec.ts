import type { IncomingMessage, ServerResponse } from 'node:http';

import { loggedPath, requestId } from './logging.js';

function call(header: string | undefined): { id: string; echoed: unknown } {
  const headers: Record<string, unknown> = {};
  const request = { headers: header === undefined ? {} : { 'x-request-id': header } } as IncomingMessage;
  const response = { setHeader: (name: string, value: unknown) => (headers[name] = value) } as unknown as ServerResponse;
  const id = requestId(request, response);
  return { id, echoed: headers['X-Request-Id'] };
}

describe('requestId', () => {
  it('keeps a well-formed id from a proxy and echoes it', () => {
    expect(call('edge-1234.abc')).toEqual({ id: 'edge-1234.abc', echoed: 'edge-1234.abc' });
  });

  it.each([undefined, '', 'has spaces', 'x'.repeat(65), 'line\nbreak'])('makes a new id instead of %j', (header) => {
    const { id, echoed } = call(header);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(echoed).toBe(id);
  });
});

describe('loggedPath', () => {
  it.each([
    ['/api/client/invite/Zq3xk_token-9?x=1', '/api/client/invite/:token'],
    ['/client/register/Zq3xk_token-9', '/client/register/:token'],
    ['/client/invite/Zq3xk_token-9', '/client/invite/:token'],
    ['/api/t/o/Zq3xk_token-9.gif', '/api/t/o/:token'],
    ['/api/t/c/Zq3xk_token-9', '/api/t/c/:token'],
    ['/api/u/Zq3xk_token-9', '/api/u/:token'],
    ['/api/clients?filter=%7B%22q%22%3A%22Ruth%22%7D', '/api/clients'],
    ['/api/callback?code=abc&state=def', '/api/callback'],
    ['/api/clients/7f1c0d1e-2b7a-4c43-9d1a-3c1f8b0e9a11', '/api/clients/7f1c0d1e-2b7a-4c43-9d1a-3c1f8b0e9a11'],
  ])('logs %s as %s', (url, logged) => {
    expect(loggedPath(url)).toBe(logged);
  });
});
