import { vi } from 'vitest';

/**
 * The one place where the frontend's unit tests read or set the clock (a lint rule keeps
 * `Date.now()` and `new Date()` out of the tests themselves). A test that computes a date from
 * "today" pins today first, so that what it expects does not depend on the day it runs.
 */

/**
 * Sets the page's clock (`Date`, `Date.now()`) to `iso`, from where it runs on at the real pace; timers
 * stay real. Undone by `unpinClock()`.
 */
export function pinClock(iso: string): Date {
  const at = new Date(iso);
  vi.useFakeTimers({ toFake: ['Date'], now: at, shouldAdvanceTime: true });
  return at;
}

export function unpinClock(): void {
  vi.useRealTimers();
}

/** What the page's clock says now: the pinned instant when a test pinned one. */
export function testNow(): Date {
  return new Date();
}
