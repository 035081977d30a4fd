import { DateTime } from 'luxon';

export const QUIET_UNTIL_HOUR = 8;
export const QUIET_FROM_HOUR = 21;

/**
 * When a broker's reminder or campaign message may go out: at its time if that is between 08:00 and
 * 21:00 in the client's zone, else at the next 08:00 there.
 */
export function outsideQuietHours(at: Date, zone: string): Date {
  const local = DateTime.fromJSDate(at, { zone });
  if (local.hour >= QUIET_UNTIL_HOUR && local.hour < QUIET_FROM_HOUR) return at;
  const day = local.hour >= QUIET_FROM_HOUR ? local.plus({ days: 1 }) : local;
  return day.set({ hour: QUIET_UNTIL_HOUR, minute: 0, second: 0, millisecond: 0 }).toJSDate();
}
