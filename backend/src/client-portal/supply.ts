import { DateTime } from 'luxon';

/** The portal warns when a medication has this many days left or fewer. */
export const REFILL_WARNING_DAYS = 7;

export interface Supply {
  /** Whole days of pills left today (0 once they have run out). */
  daysLeft: number;
  /** The local date the pills run out (YYYY-MM-DD). */
  runsOutOn: string;
  refillSoon: boolean;
}

/**
 * How long a medication lasts: the pills counted, taken `perDay` a day from the day they were
 * counted, in the client's zone. Undefined without both numbers.
 */
export function supplyOf(pills: number | null, perDay: number | null, countedAt: Date | null, now: Date, zone: string): Supply | undefined {
  if (pills === null || perDay === null || perDay <= 0 || !countedAt) return undefined;
  const counted = DateTime.fromJSDate(countedAt, { zone }).startOf('day');
  const runsOut = counted.plus({ days: Math.floor(pills / perDay) });
  const today = DateTime.fromJSDate(now, { zone }).startOf('day');
  const daysLeft = Math.max(0, Math.round(runsOut.diff(today, 'days').days));
  return { daysLeft, runsOutOn: runsOut.toISODate()!, refillSoon: daysLeft <= REFILL_WARNING_DAYS };
}
