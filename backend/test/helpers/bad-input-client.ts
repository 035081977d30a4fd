import { Agent as HttpAgent, type IncomingHttpHeaders, request as httpRequest } from 'node:http';

import type { Agent } from './browser-agent.js';

export interface PlainResponse {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  /** The JSON answer, parsed; undefined when the answer is not JSON. */
  body: { message?: unknown } | undefined;
}

/** The two things of superagent's cookie-keeping agent used here: the cookies it would send, and keeping those a response sets. */
interface CookieKeeper {
  _attachCookies(request: { url: string; cookies?: string }): void;
  _saveCookies(response: { headers: IncomingHttpHeaders; request: { url: string } }): void;
}

/**
 * Requests as a browser agent sends them (its origin, its cookies, keeping the cookies an answer
 * sets), over a few kept-alive connections instead of a new connection each, for tests that send
 * thousands of requests. Only for a text body or none; multipart stays with the agent itself.
 */
export class KeptAliveClient {
  private readonly connections: HttpAgent;

  constructor(
    private readonly appUrl: string,
    sockets: number,
  ) {
    this.connections = new HttpAgent({ keepAlive: true, maxSockets: sockets });
  }

  async send(
    agent: Agent,
    method: string,
    target: string,
    body?: { contentType: string; content: string | Buffer },
  ): Promise<PlainResponse> {
    // As superagent builds the request line: the target resolved against the origin, then its path and query.
    const url = new URL(`${this.appUrl}${target}`);
    const keeper = agent as unknown as CookieKeeper;
    const cookieRequest: { url: string; cookies?: string } = { url: url.href };
    keeper._attachCookies(cookieRequest);
    const headers: Record<string, string | number> = { Origin: this.appUrl };
    if (cookieRequest.cookies) headers.Cookie = cookieRequest.cookies;
    if (body) {
      headers['Content-Type'] = body.contentType;
      headers['Content-Length'] = Buffer.byteLength(body.content);
    }
    for (let attempt = 1; ; attempt++) {
      try {
        const res = await this.once(method, url, headers, body?.content);
        keeper._saveCookies({ headers: res.headers, request: { url: url.href } });
        return res;
      } catch (error) {
        // A kept-alive connection the server closed just as this request went out: sent again on a new one.
        if ((error as { reusedSocket?: boolean }).reusedSocket && attempt < 3) continue;
        throw error;
      }
    }
  }

  private once(method: string, url: URL, headers: Record<string, string | number>, content?: string | Buffer): Promise<PlainResponse> {
    return new Promise((resolve, reject) => {
      const req = httpRequest(
        { host: url.hostname, port: url.port, path: `${url.pathname}${url.search}`, method, headers, agent: this.connections },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('error', reject);
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            let parsed: PlainResponse['body'];
            if (/json/.test(String(res.headers['content-type'] ?? ''))) {
              try {
                parsed = JSON.parse(text) as PlainResponse['body'];
              } catch {
                parsed = undefined;
              }
            }
            resolve({ status: res.statusCode ?? 0, headers: res.headers, text, body: parsed });
          });
        },
      );
      req.on('error', (error: Error & { reusedSocket?: boolean }) => {
        error.reusedSocket = req.reusedSocket;
        reject(error);
      });
      req.end(content);
    });
  }

  close(): void {
    this.connections.destroy();
  }
}
