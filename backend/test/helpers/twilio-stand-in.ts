import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { realNow } from './clock.js';

export interface RecordedRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  form: URLSearchParams;
  /** When it arrived (epoch milliseconds). */
  at: number;
}

/**
 * A local HTTP server standing in for Twilio's REST API: it records what the real SDK sends and
 * answers like Twilio does (201 with a SID) for calls and messages.
 */
export class TwilioStandIn {
  readonly requests: RecordedRequest[] = [];
  private server?: Server;
  private counter = 0;
  /** When set, the next requests answer this status with a Twilio-style error body. */
  failWith?: { status: number; code: number; message: string };

  async start(): Promise<string> {
    // Node ignores what a request handler returns: the stand-in answers from its own async work.
    this.server = createServer((req, res) => {
      void (async () => {
        const body = await read(req);
        const url = new URL(req.url ?? '/', 'http://stand-in');
        this.requests.push({
          method: req.method ?? '',
          path: url.pathname,
          authorization: req.headers.authorization,
          form: new URLSearchParams(body),
          at: realNow().getTime(),
        });
        res.setHeader('Content-Type', 'application/json');
        if (this.failWith) {
          res.statusCode = this.failWith.status;
          res.end(JSON.stringify({ code: this.failWith.code, message: this.failWith.message, status: this.failWith.status }));
          return;
        }
        this.counter += 1;
        const isCall = url.pathname.endsWith('/Calls.json');
        const sid = `${isCall ? 'CA' : 'SM'}${String(this.counter).padStart(32, '0')}`;
        res.statusCode = 201;
        res.end(JSON.stringify({ sid, status: 'queued', to: new URLSearchParams(body).get('To') }));
      })();
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }
}

function read(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let data = '';
    req.on('data', (chunk) => (data += chunk));
    req.on('end', () => resolve(data));
  });
}
