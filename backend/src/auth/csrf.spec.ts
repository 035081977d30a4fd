import type { Request, Response } from 'express';

import { sameOriginOnly } from './csrf.js';

function run(method: string, headers: Record<string, string>, url = '/api/clients') {
  const check = sameOriginOnly('https://app.example.com', ['/api/webhooks/']);
  let passed = false;
  let status: number | undefined;
  const req = { method, originalUrl: url, get: (name: string) => headers[name.toLowerCase()] } as unknown as Request;
  const res = {
    status(code: number) {
      status = code;
      return this;
    },
    json() {
      return this;
    },
  } as unknown as Response;
  check(req, res, () => {
    passed = true;
  });
  return { passed, status };
}

describe('sameOriginOnly', () => {
  it.each(['GET', 'HEAD', 'OPTIONS'])('lets a %s through without an origin', (method) => {
    expect(run(method, {}).passed).toBe(true);
  });

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'])('lets a same-origin %s through', (method) => {
    expect(run(method, { origin: 'https://app.example.com' }).passed).toBe(true);
  });

  it('falls back to the Referer when there is no Origin', () => {
    expect(run('POST', { referer: 'https://app.example.com/clients?x=1' }).passed).toBe(true);
  });

  it.each([
    [{}],
    [{ origin: 'https://evil.example' }],
    [{ origin: 'https://app.example.com.evil.example' }],
    [{ origin: 'http://app.example.com' }],
    [{ origin: 'null' }],
    [{ referer: 'https://evil.example/app.example.com' }],
  ])('refuses a state change with %j', (headers) => {
    expect(run('POST', headers)).toEqual({ passed: false, status: 403 });
  });

  it('leaves webhook paths to their signature checks', () => {
    expect(run('POST', {}, '/api/webhooks/stripe').passed).toBe(true);
  });
});
