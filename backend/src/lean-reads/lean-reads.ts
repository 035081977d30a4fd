import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

import { Inject, Injectable } from '@nestjs/common';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { PinoLogger } from 'nestjs-pino';

import { AuthRepository } from '../auth/auth.repository.js';
import { lastSeenDue, type SessionAuth, sessionCookieName, sessionExpiry } from '../auth/session.js';
import { SessionService } from '../auth/session.service.js';
import { CLIENT_LIST_RULES, ClientsService } from '../clients/clients.service.js';
import { assertSafeInput, checkPath } from '../common/input-safety.js';
import { parseListQuery } from '../common/list-query.js';
import { requestId } from '../common/logging.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { RateLimitStorage } from '../rate-limit/rate-limit.storage.js';
import { API_RATE_LIMIT, rateLimitKey, sessionTracker } from '../rate-limit/rate-limits.js';

/** The one route answered here: the broker app's client list (every visit to Clients, every search keystroke). */
const CLIENTS_PATH = '/api/clients';

/**
 * The signed session id in a Cookie header, as express-session reads it (the first cookie of that
 * name, `s:<id>.<HMAC-SHA256>` percent-decoded), or undefined when there is none or its signature
 * does not hold.
 */
export function signedSessionId(header: string | undefined, name: string, secret: string): string | undefined {
  if (!header) return undefined;
  let value: string | undefined;
  for (const pair of header.split(';')) {
    const equals = pair.indexOf('=');
    if (equals > 0 && pair.slice(0, equals).trim() === name) {
      value = pair.slice(equals + 1).trim();
      break;
    }
  }
  if (!value) return undefined;
  try {
    if (value.includes('%')) value = decodeURIComponent(value);
  } catch {
    return undefined;
  }
  if (!value.startsWith('s:')) return undefined;
  const dot = value.lastIndexOf('.');
  if (dot < 2) return undefined;
  const id = value.slice(2, dot);
  const mac = Buffer.from(value.slice(dot + 1));
  const expected = Buffer.from(createHmac('sha256', secret).update(id).digest('base64').replace(/=+$/, ''));
  return mac.length === expected.length && timingSafeEqual(mac, expected) ? id : undefined;
}

/**
 * The lean read path: `GET /api/clients` answered for a signed-in broker's browser session with
 * only what that answer needs, ahead of the rest of the HTTP stack (Express's router, helmet,
 * express-session, the request log middleware, Nest's guards, pipes and interceptors). It is the
 * hottest read of the broker app, and those layers cost a quarter of its throughput (see
 * docs/performance.md).
 *
 * It answers only the plain case and does every check the full stack does for it, with the same
 * code where there is code to share: the signed session cookie and the stored session (idle and
 * lifetime limits), the broker's row (unknown or suspended), the per-user rate limit, the input
 * checks and the list's parameters; then the same service call, the same security headers, the
 * same `Content-Range`, and the same log line. Anything else — an API token, a client session, a
 * session whose last-seen time is due to be written, a malformed or refused parameter, a broker over
 * the limit, any error — goes on to the full stack, which answers it as it answers every route (the
 * work done here is only reads, so doing it again there changes nothing). The answers of both
 * paths are compared in `test/lean-reads.e2e-spec.ts`. LEAN_READS=false turns it off.
 */
@Injectable()
export class LeanReads {
  /** Requests answered here (the rest went on to the full stack). */
  served = 0;
  /** The middleware as mounted. */
  mounted?: RequestHandler;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly sessions: SessionService,
    private readonly users: AuthRepository,
    private readonly rateLimits: RateLimitStorage,
    private readonly clients: ClientsService,
  ) {}

  /**
   * The Express middleware, mounted right after the in-flight counter. `secret` signs session
   * cookies; `headers` are those every API answer carries (helmet's, computed once, and the API's
   * Cache-Control).
   */
  middleware(secret: string, headers: Readonly<Record<string, string>>): RequestHandler {
    const cookieName = sessionCookieName(this.config);
    const fixedHeaders: Record<string, string> = {
      ...headers,
      'Access-Control-Expose-Headers': 'Content-Range',
      'Content-Type': 'application/json; charset=utf-8',
    };
    this.mounted = (req: Request, res: Response, next: NextFunction) => {
      if (!this.config.leanReads || req.method !== 'GET' || req.headers.authorization !== undefined) return next();
      const url = req.url;
      const queryAt = url.indexOf('?');
      if ((queryAt === -1 ? url : url.slice(0, queryAt)) !== CLIENTS_PATH) return next();
      const sid = signedSessionId(req.headers.cookie, cookieName, secret);
      if (!sid) return next();
      const started = Date.now();
      this.answer(req, sid, started).then(
        (body) => {
          if (body === undefined) return next();
          this.send(req, res, fixedHeaders, body, started);
        },
        () => next(),
      );
    };
    return this.mounted;
  }

  /** The list's body and Content-Range, or undefined when the full stack is to answer. */
  private async answer(req: Request, sid: string, now: number): Promise<{ json: string; range: string } | undefined> {
    const auth = (await this.sessions.read(sid))?.auth as SessionAuth | undefined;
    if (auth?.kind !== 'broker' || sessionExpiry(this.config, auth, now) || lastSeenDue(auth, now)) return undefined;
    // The input checks of safeInput and the list's own parsing: a refusal is the full stack's 400.
    checkPath(req.url);
    const { range, sort, filter } = req.query as Record<string, unknown>;
    assertSafeInput(req.query, '');
    const query = parseListQuery({ range, sort, filter }, CLIENT_LIST_RULES);
    const counted = await this.rateLimits.increment(
      rateLimitKey(API_RATE_LIMIT.name, sessionTracker(auth)),
      API_RATE_LIMIT.ttl,
      this.config.rateLimits.apiPerUser,
      API_RATE_LIMIT.ttl,
      API_RATE_LIMIT.name,
    );
    if (counted.isBlocked) return undefined;
    // The access guard's check: an unknown or suspended broker is the full stack's 401.
    const row = await this.users.userRow(auth.userId);
    if (!row || row.suspended_at) return undefined;
    const result = await this.clients.list(row.id, query);
    return { json: JSON.stringify(result.items), range: result.contentRange() };
  }

  private send(
    req: IncomingMessage,
    res: ServerResponse,
    headers: Record<string, string>,
    body: { json: string; range: string },
    started: number,
  ): void {
    const id = requestId(req, res);
    res.writeHead(200, { ...headers, 'Content-Range': body.range, 'Content-Length': String(Buffer.byteLength(body.json)) });
    res.end(body.json);
    this.served += 1;
    const log = PinoLogger.root;
    if (log?.isLevelEnabled('info')) {
      // The line the request log middleware writes for every answer.
      res.once('finish', () =>
        log.child({ req: Object.assign(req, { id }) }).info({ res, responseTime: Date.now() - started }, 'request completed'),
      );
    }
  }
}
