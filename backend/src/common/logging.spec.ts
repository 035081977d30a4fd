import type { IncomingMessage, ServerResponse } from 'node:http';
import { requestId } from './logging.js';

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
