import { createHash } from 'node:crypto';

import { EntityManager } from '@mikro-orm/postgresql';
import { HttpException, HttpStatus, Injectable } from '@nestjs/common';

import { AuthRepository } from './auth.repository.js';
import { LoginThrottle } from './login-throttle.entity.js';

export const MAX_FAILURES = 5;
export const WINDOW_MS = 15 * 60 * 1000;

/** 429 with Retry-After (the error filter copies `headers` onto the response). */
export class TooManyAttemptsException extends HttpException {
  readonly headers: Record<string, string>;

  constructor(retryAfterSeconds: number) {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    super(
      {
        message: `Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
        retryAfterSeconds,
      },
      HttpStatus.TOO_MANY_REQUESTS,
    );
    this.headers = { 'Retry-After': String(retryAfterSeconds) };
  }
}

/**
 * Slows password guessing: after 5 failures for one username from one address within 15 minutes,
 * that pair is refused until the window ends. Other addresses can still sign in to the account.
 */
@Injectable()
export class LoginThrottleService {
  constructor(
    private readonly em: EntityManager,
    private readonly auth: AuthRepository,
  ) {}

  key(username: string, address: string): string {
    return createHash('sha256').update(`${username.toLowerCase()}\n${address}`).digest('hex');
  }

  /** Throws TooManyAttemptsException while the pair is blocked. */
  async assertAllowed(key: string, now = new Date()): Promise<void> {
    const row = await this.em.findOne(LoginThrottle, { key });
    if (!row || row.failures < MAX_FAILURES) return;
    const remainingMs = row.windowStartedAt.getTime() + WINDOW_MS - now.getTime();
    if (remainingMs > 0) throw new TooManyAttemptsException(Math.ceil(remainingMs / 1000));
  }

  /** Counts a failure atomically (any number of app instances), starting a new window when the last one ended. */
  async recordFailure(key: string, now = new Date()): Promise<void> {
    const windowStart = new Date(now.getTime() - WINDOW_MS);
    await this.auth.countFailure(key, now, windowStart);
    await this.auth.forgetFailuresBefore(new Date(now.getTime() - 24 * 60 * 60 * 1000));
  }

  async clear(key: string): Promise<void> {
    await this.em.nativeDelete(LoginThrottle, { key });
  }
}
