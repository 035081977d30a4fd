import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import { InFlightRequests } from './in-flight.js';

describe('InFlightRequests', () => {
  let server: Server;
  let inFlight: InFlightRequests;
  let answerLater: ServerResponse[];
  let port: number;

  beforeEach(async () => {
    inFlight = new InFlightRequests();
    answerLater = [];
    server = createServer((req, res) => inFlight.middleware(req, res, () => (req.url === '/now' ? res.end('ok') : answerLater.push(res))));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterEach(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const call = (path: string, signal?: AbortSignal) => fetch(`http://127.0.0.1:${port}${path}`, { signal }).then((r) => r.text());
  const until = async (check: () => boolean) => {
    while (!check()) await new Promise((resolve) => setTimeout(resolve, 5));
  };

  it('counts a request until it is answered', async () => {
    expect(await call('/now')).toBe('ok');
    expect(inFlight.size).toBe(0);
    const answer = call('/later');
    await until(() => answerLater.length === 1);
    expect(inFlight.size).toBe(1);
    answerLater[0].end('done');
    expect(await answer).toBe('done');
    expect(inFlight.size).toBe(0);
  });

  it('keeps counting a request whose client has gone until its handler answers, and settles then', async () => {
    const gaveUp = new AbortController();
    const answer = call('/later', gaveUp.signal).catch((error: unknown) => error);
    await until(() => answerLater.length === 1);
    gaveUp.abort();
    expect(await answer).toMatchObject({ name: 'AbortError' });
    await until(() => answerLater[0].destroyed);
    expect(inFlight.size).toBe(1);

    const settled = inFlight.settled(5000);
    setTimeout(() => answerLater[0].end('too late'), 50);
    expect(await settled).toBe(0);
    expect(inFlight.size).toBe(0);
  });

  it('gives up waiting after the timeout and says how many are still running', async () => {
    void call('/later').catch(() => undefined);
    await until(() => answerLater.length === 1);
    const started = performance.now();
    expect(await inFlight.settled(100)).toBe(1);
    expect(performance.now() - started).toBeGreaterThanOrEqual(90);
    answerLater[0].end();
  });
});
