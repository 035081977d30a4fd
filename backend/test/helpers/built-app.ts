import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

import pg from 'pg';
import request from 'supertest';

import { SESSION_COOKIE } from '../../src/auth/session.js';
import { AppProcess, freePort } from './app-process.js';
import { signInAsBroker } from './browser-agent.js';

export const TWILIO_TEST_ENV = {
  TWILIO_ACCOUNT_SID: `AC${'0'.repeat(31)}1`,
  TWILIO_AUTH_TOKEN: 'built-app-twilio-token',
  TWILIO_FROM_NUMBER: '+15005550006',
  // Sending, not the A2P 10DLC holding (a2p-registration.e2e-spec.ts), is what these tests are about.
  A2P_HOLD_UNREGISTERED_TEXTS: 'false',
};

export interface BuiltApp {
  proc: AppProcess;
  url: string;
  dataDir: string;
  /** Stops the process if it still runs and removes its data directory. */
  dispose(): Promise<void>;
}

/**
 * The built server in its own process on a free port, on `env` (DATABASE_URL or DATA_DIR), in
 * development mode (the built-in sign-in provider, the scheduler on) without demo data.
 */
export async function startBuiltApp(env: Record<string, string>): Promise<BuiltApp> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = env.DATA_DIR ?? (await mkdtemp(join(tmpdir(), 'carekeep-built-')));
  const proc = new AppProcess({
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: url,
    DATA_DIR: dataDir,
    SEED_DEMO_DATA: 'false',
    LOG_LEVEL: 'info',
    SESSION_SECRET: 'built-app-session-secret-0123456789abcdef',
    ...env,
  });
  const dispose = async () => {
    if (proc.child.exitCode === null && proc.child.signalCode === null) await proc.stop('SIGKILL');
    if (!env.DATA_DIR) await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await proc.waitHealthy(url);
  } catch (error) {
    await dispose();
    throw error;
  }
  return { proc, url, dataDir, dispose };
}

/** Signs a broker in through the built-in provider; returns the session cookie (`name=value`) and the broker's id. */
export async function signIn(url: string, email: string): Promise<{ cookie: string; id: string }> {
  const agent = request.agent(url).set('Origin', url);
  const chain = await signInAsBroker(agent, url, email);
  const cookie = chain
    .flatMap((res) => ([] as string[]).concat(res.headers['set-cookie'] ?? []))
    .filter((c) => c.startsWith(`${SESSION_COOKIE}=`))
    .map((c) => c.split(';')[0])
    .pop();
  if (!cookie) throw new Error(`no session cookie after signing in as ${email}`);
  const me = await fetch(`${url}/api/auth/user`, { headers: { cookie } });
  if (me.status !== 200) throw new Error(`sign-in as ${email} failed: ${me.status}`);
  return { cookie, id: ((await me.json()) as { id: string }).id };
}

/**
 * A JSON POST whose body is held back: the headers and half the body go out now, the rest when
 * `finish()` is called, which resolves with the answer. With `waitForServer`, the headers ask the
 * server to confirm it has the request before any of the body goes (Expect: 100-continue, as
 * clients do for large bodies): `received` resolves once it has (at once without it).
 */
export function heldPost(
  url: string,
  path: string,
  cookie: string,
  payload: unknown,
  options: { waitForServer?: boolean } = {},
): { received: Promise<void>; finish(): Promise<{ status: number; body: string }> } {
  const body = Buffer.from(JSON.stringify(payload));
  const half = Math.floor(body.length / 2);
  let resolveAnswer: (answer: { status: number; body: string }) => void = () => undefined;
  let rejectAnswer: (error: unknown) => void = () => undefined;
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    resolveAnswer = resolve;
    rejectAnswer = reject;
  });
  const headers: Record<string, string | number> = {
    'content-type': 'application/json',
    'content-length': body.length,
    cookie,
    origin: url,
  };
  if (options.waitForServer) headers.expect = '100-continue';
  const req = httpRequest(`${url}${path}`, { method: 'POST', headers }, (res) => {
    let text = '';
    res.on('data', (chunk) => (text += chunk));
    res.on('end', () => resolveAnswer({ status: res.statusCode ?? 0, body: text }));
    res.on('error', rejectAnswer);
  });
  req.on('error', rejectAnswer);
  // Marked as handled here; whoever awaits finish() still sees a failure.
  answer.catch(() => undefined);
  if (!options.waitForServer) {
    req.write(body.subarray(0, half));
    return {
      received: Promise.resolve(),
      finish: () => {
        req.end(body.subarray(half));
        return answer;
      },
    };
  }
  const received = new Promise<void>((resolve, reject) => {
    req.once('continue', () => {
      req.write(body.subarray(0, half));
      resolve();
    });
    req.once('error', reject);
  });
  received.catch(() => undefined);
  req.flushHeaders();
  return {
    received,
    finish: async () => {
      await received;
      req.end(body.subarray(half));
      return answer;
    },
  };
}

/** Whether a new connection to `url` is refused (nothing listens any more). */
export async function refused(url: string): Promise<boolean> {
  try {
    await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2000) });
    return false;
  } catch (error) {
    return (error as { cause?: { code?: string } }).cause?.code === 'ECONNREFUSED';
  }
}

export async function query<T = Record<string, unknown>>(databaseUrl: string, sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as T[];
  } finally {
    await client.end();
  }
}

export async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 30_000, everyMs = 100): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!(await check())) {
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

export interface ProviderRequest {
  path: string;
  form: URLSearchParams;
  /** The delivery named in the status callback address. */
  deliveryId: string | null;
}

/**
 * A stand-in for Twilio's REST API that answers after `delayMs(request)` milliseconds (Infinity:
 * never), like Twilio does when it answers (201 with a SID).
 */
export class SlowTwilio {
  readonly requests: ProviderRequest[] = [];
  private server?: Server;
  private counter = 0;

  constructor(private readonly delayMs: (request: ProviderRequest) => number) {}

  async start(): Promise<string> {
    // Node ignores what a request handler returns: the stand-in answers from its own async work.
    this.server = createServer((req, res) => {
      void (async () => {
        const form = new URLSearchParams(await read(req));
        const callback = form.get('StatusCallback');
        const recorded = {
          path: new URL(req.url ?? '/', 'http://stand-in').pathname,
          form,
          deliveryId: callback ? new URL(callback).searchParams.get('delivery') : null,
        };
        this.requests.push(recorded);
        const delay = this.delayMs(recorded);
        if (!Number.isFinite(delay)) return; // never answers
        setTimeout(() => {
          this.counter += 1;
          const isCall = recorded.path.endsWith('/Calls.json');
          res.statusCode = 201;
          res.setHeader('Content-Type', 'application/json');
          res.end(
            JSON.stringify({
              sid: `${isCall ? 'CA' : 'SM'}${String(this.counter).padStart(32, '0')}`,
              status: 'queued',
              to: form.get('To'),
            }),
          );
        }, delay);
      })();
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

function read(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let data = '';
    req.on('data', (chunk) => (data += chunk));
    req.on('end', () => resolve(data));
  });
}

/** `count` clients of the broker and one due reminder each on `channel`; returns the reminders' ids. */
export async function dueReminders(
  databaseUrl: string,
  brokerId: string,
  count: number,
  channel: 'sms' | 'voice',
  phonePrefix: string,
): Promise<string[]> {
  await query(
    databaseUrl,
    `insert into clients (id, broker_id, first_name, last_name, phone, time_zone)
     select gen_random_uuid(), $1, 'Client', 'N' || n, $2 || lpad(n::text, 7, '0'), 'America/New_York' from generate_series(1, $3::int) n`,
    [brokerId, phonePrefix, count],
  );
  // Added with the broker's attestation for reminders, as Add Client records it.
  await query(
    databaseUrl,
    `insert into consents (client_id, channel, purpose, opted_in, source, evidence)
     select c.id, $3, 'reminders', true, 'broker_added', 'Attested by the broker'
       from clients c where c.broker_id = $1 and c.phone like $2 || '%'`,
    [brokerId, phonePrefix, channel],
  );
  const rows = await query<{ id: string }>(
    databaseUrl,
    `insert into reminders (id, broker_id, client_id, scheduled_time, deliver_after, delivery_method, message)
     select gen_random_uuid(), broker_id, id, now() - interval '1 second', now() - interval '1 second', $3, 'Your plan review is on Friday'
       from clients where broker_id = $1 and phone like $2 || '%'
     returning id`,
    [brokerId, phonePrefix, channel],
  );
  return rows.map((row) => row.id);
}
