import { Injectable } from '@nestjs/common';
import type { ThrottlerStorage } from '@nestjs/throttler';

import { type CounterRow, RateLimitRepository } from './rate-limit.repository.js';
import { COUNTED_LOCALLY_FIRST } from './rate-limits.js';

type ThrottlerStorageRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;

/** This instance's view of a window counted locally first: the shared count plus its own hits since. */
interface LocalWindow {
  hits: number;
  /** Hits counted here and not yet added to the shared count. */
  pending: number;
  resetsAt: number;
  syncedAt: number;
}

/** How long an instance may count a per-user window on its own before adding its hits to the shared count. */
export const SYNC_INTERVAL_MS = 1000;

function record(hits: number, msLeft: number, limit: number): ThrottlerStorageRecord {
  const secondsLeft = Math.max(1, Math.ceil(msLeft / 1000));
  const isBlocked = hits > limit;
  return { totalHits: hits, timeToExpire: secondsLeft, isBlocked, timeToBlockExpire: isBlocked ? secondsLeft : 0 };
}

/**
 * @nestjs/throttler's counters in PostgreSQL (`rate_limit_counters`), so that every app instance
 * counts against the same limit: a fixed window per key, started by its first hit; the hit that
 * passes the limit extends the window to the block duration. Times come from the database's clock.
 *
 * Anonymous limits cost one statement per request and are exact across instances. The generous
 * per-user limit is on every signed-in request (the hot client list among them), so an instance
 * counts it on its own between statements, adding its hits to the shared count at least once a
 * second and whenever the count reaches the limit: one statement per user and second instead of
 * one per request, and a user can pass the limit by what other instances served them in the last
 * second. A blocked window is answered without a statement until it ends.
 */
@Injectable()
export class RateLimitStorage implements ThrottlerStorage {
  private readonly windows = new Map<string, LocalWindow>();
  /** The instance's clock, for the local windows (tests move it). */
  now = () => Date.now();

  constructor(private readonly counters: RateLimitRepository) {}

  async increment(key: string, ttl: number, limit: number, blockDuration: number, throttlerName: string): Promise<ThrottlerStorageRecord> {
    if (COUNTED_LOCALLY_FIRST.has(throttlerName)) return this.incrementLocallyFirst(key, ttl, limit, blockDuration);
    const row = await this.add(key, 1, ttl, limit, blockDuration);
    return record(row.hits, row.ms_left, limit);
  }

  private async incrementLocallyFirst(key: string, ttl: number, limit: number, blockDuration: number): Promise<ThrottlerStorageRecord> {
    const now = this.now();
    let window = this.windows.get(key);
    if (window && now < window.resetsAt) {
      if (window.hits > limit) return record(window.hits, window.resetsAt - now, limit);
      if (window.hits < limit && now - window.syncedAt < SYNC_INTERVAL_MS) {
        window.hits += 1;
        window.pending += 1;
        return record(window.hits, window.resetsAt - now, limit);
      }
    } else {
      window = { hits: 0, pending: 0, resetsAt: now + ttl, syncedAt: now };
      this.windows.set(key, window);
    }
    const adding = window.pending + 1;
    // Requests arriving while this statement runs count here instead of sending their own.
    Object.assign(window, { hits: window.hits + 1, pending: 0, syncedAt: now });
    const row = await this.add(key, adding, ttl, limit, blockDuration);
    Object.assign(window, { hits: row.hits + window.pending, resetsAt: this.now() + row.ms_left });
    return record(row.hits, row.ms_left, limit);
  }

  /** Adds `hits` to the key's shared count in one statement; answers the count and the time left. */
  private add(key: string, hits: number, ttl: number, limit: number, blockDuration: number): Promise<CounterRow> {
    return this.counters.add(key, hits, ttl, limit, blockDuration);
  }

  /** Forgets windows that have ended, here and in the shared table; answers how many rows went. */
  async deleteExpired(): Promise<number> {
    const now = this.now();
    for (const [key, window] of this.windows) if (window.resetsAt <= now) this.windows.delete(key);
    return this.counters.deleteEnded();
  }
}
