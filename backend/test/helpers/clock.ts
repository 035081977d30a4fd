import { Clock } from '../../src/common/clock.js';

/**
 * The app's Clock under the test's control: it stands still until the test sets or advances it.
 * Hand it to createTestApp({ clock }); share one between instances on one database.
 */
export class TestClock extends Clock {
  private current: Date;

  constructor(start: Date | string) {
    super();
    this.current = new Date(start);
  }

  now(): Date {
    return new Date(this.current);
  }

  set(at: Date | string): this {
    this.current = new Date(at);
    return this;
  }

  advance(ms: number): this {
    this.current = new Date(this.current.getTime() + ms);
    return this;
  }
}

/**
 * The real time: the one place where test code reads the real clock. For what the app itself
 * stamps with the database's or the process's time (a session, a consent recorded by a request),
 * never for a decision a TestClock should drive.
 */
export function realNow(): Date {
  return new Date();
}
