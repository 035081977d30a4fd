import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type session from 'express-session';

import type { AppConfig } from '../config/config.js';

export interface BrokerSession {
  kind: 'broker';
  /** The agency (the `users` row every broker_id points at). */
  userId: string;
  /** The person signed in: a member of that agency. A session from before members has none: its owner. */
  memberId?: string;
  /** Kept for the provider's end-session request (id_token_hint). */
  idToken?: string;
  startedAt: number;
  lastSeenAt: number;
}

export interface ClientSession {
  kind: 'client';
  accountId: string;
  clientId: string;
  startedAt: number;
  lastSeenAt: number;
}

export type SessionAuth = BrokerSession | ClientSession;
export type NewSessionAuth = Omit<BrokerSession, 'startedAt' | 'lastSeenAt'> | Omit<ClientSession, 'startedAt' | 'lastSeenAt'>;

declare module 'express-session' {
  interface SessionData {
    auth?: SessionAuth;
    /** The secret of the invitation whose link began this sign-in (GET /api/join), until the sign-in ends. */
    invitation?: string;
  }
}

export const SESSION_COOKIE = 'carekeep.sid';

/**
 * The session cookie's name. In production it carries the `__Host-` prefix: browsers accept such a
 * cookie only when it is Secure, for the whole host (Path=/, no Domain), so no other subdomain or
 * plain-HTTP page can plant or overwrite the session.
 */
export function sessionCookieName(config: Pick<AppConfig, 'nodeEnv'>): string {
  return config.nodeEnv === 'production' ? `__Host-${SESSION_COOKIE}` : SESSION_COOKIE;
}
const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
/** lastSeenAt is written at most this often, so an active session is not rewritten on every request. */
const LAST_SEEN_RESOLUTION_MS = MINUTE_MS;

export function idleLimitMs(config: AppConfig, kind: SessionAuth['kind']): number {
  return (kind === 'broker' ? config.auth.brokerIdleMinutes : config.auth.clientIdleMinutes) * MINUTE_MS;
}

/** Why a session's sign-in no longer counts, or undefined while it does. */
export function sessionExpiry(config: AppConfig, auth: SessionAuth, now: number): 'idle' | 'lifetime' | undefined {
  if (now - auth.startedAt > config.auth.sessionMaxDays * DAY_MS) return 'lifetime';
  if (now - auth.lastSeenAt > idleLimitMs(config, auth.kind)) return 'idle';
  return undefined;
}

/**
 * The secret that signs session cookies: SESSION_SECRET, or outside production one generated on
 * first start and kept in DATA_DIR, so sessions survive restarts.
 */
export async function resolveSessionSecret(config: AppConfig): Promise<string> {
  if (config.auth.sessionSecret) return config.auth.sessionSecret;
  const file = join(config.dataDir, 'session-secret');
  if (existsSync(file)) return (await readFile(file, 'utf8')).trim();
  await mkdir(config.dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  await writeFile(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

export function sessionOptions(config: AppConfig, secret: string, store: session.Store): session.SessionOptions {
  return {
    name: sessionCookieName(config),
    secret,
    store,
    resave: false,
    saveUninitialized: false,
    // The cookie is re-sent when the session changes, which sessionLifetime makes happen at most
    // once a minute (lastSeenAt): the browser's copy follows activity without a Set-Cookie (and a
    // signature) on every answer.
    rolling: false,
    proxy: config.nodeEnv === 'production',
    cookie: {
      httpOnly: true,
      sameSite: 'lax',
      secure: config.nodeEnv === 'production',
      path: '/',
      maxAge: config.auth.brokerIdleMinutes * MINUTE_MS,
    },
  };
}

/** Whether the session's last-seen time is due to be written (and with it a fresh expiry). */
export function lastSeenDue(auth: SessionAuth, now: number): boolean {
  return now - auth.lastSeenAt >= LAST_SEEN_RESOLUTION_MS;
}

/**
 * Enforces idle timeout and absolute lifetime on the server, whatever the cookie says: an
 * expired sign-in is replaced by a fresh, empty session.
 */
export function sessionLifetime(config: AppConfig): RequestHandler {
  return (req: Request, _res: Response, next: NextFunction) => {
    const auth = req.session?.auth;
    if (!auth) return next();
    const now = Date.now();
    if (sessionExpiry(config, auth, now)) {
      req.session.regenerate((error) => next(error));
      return;
    }
    if (lastSeenDue(auth, now)) auth.lastSeenAt = now;
    next();
  };
}

function promisify(run: (done: (error?: unknown) => void) => void): Promise<void> {
  return new Promise((resolve, reject) => run((error) => (error ? reject(error) : resolve())));
}

/** Writes the session to the store now (rather than as the answer ends, which may be after a redirect is followed). */
export function saveSession(req: Request): Promise<void> {
  return promisify((done) => req.session.save(done));
}

/** Starts a signed-in session under a new id (the pre-sign-in id is worthless afterwards). */
export async function startSession(req: Request, config: AppConfig, auth: NewSessionAuth): Promise<void> {
  await promisify((done) => req.session.regenerate(done));
  const now = Date.now();
  req.session.auth = { ...auth, startedAt: now, lastSeenAt: now };
  req.session.cookie.maxAge = idleLimitMs(config, auth.kind);
  await saveSession(req);
}

/** Destroys the session on the server and tells the browser to drop its cookie. */
export async function endSession(req: Request, res: Response, config: Pick<AppConfig, 'nodeEnv'>): Promise<void> {
  if (req.session) await promisify((done) => req.session.destroy(done));
  res.clearCookie(sessionCookieName(config), { path: '/', secure: config.nodeEnv === 'production' });
}
