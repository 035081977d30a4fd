import { DateTime } from 'luxon';

/** The hour of the agency's day at which a task the app makes is due (10:00 in the agency's zone). */
export const TASK_DUE_HOUR = 10;

/** How far ahead each rule looks, and when its task is due (docs/tasks.md). */
export const WELCOME_CALL_DAYS = 30;
/** A welcome call is due this many days before the policy takes effect (or the day it is made, if later). */
export const WELCOME_CALL_LEAD_DAYS = 7;
export const TURNING_65_DAYS = 90;
/** A turning-65 call is due this many days before the 65th birthday (or the day it is made, if later). */
export const TURNING_65_LEAD_DAYS = 60;
/** The review call: 60 days before a calendar plan year ends is November 1; made a week before, until AEP ends on December 7. */
export const REVIEW_CALL_DAY = { month: 11, day: 1 } as const;
export const REVIEW_CALL_AHEAD_DAYS = 7;
export const AEP_START = { month: 10, day: 15 } as const;
export const AEP_END = { month: 12, day: 7 } as const;
/** A "Call before AEP" task during AEP is due this many days ahead. */
export const AEP_CALL_DAYS_IN_AEP = 2;

/** The day (YYYY-MM-DD) `now` falls on in the zone. */
export function localDay(now: Date, zone: string): string {
  return DateTime.fromJSDate(now, { zone }).toISODate() ?? now.toISOString().slice(0, 10);
}

/** The instant of `hour`:00 on the day (YYYY-MM-DD) in the zone. */
export function atHour(day: string, zone: string, hour = TASK_DUE_HOUR): Date {
  return DateTime.fromISO(day, { zone }).set({ hour, minute: 0, second: 0, millisecond: 0 }).toJSDate();
}

export function addDays(day: string, days: number): string {
  return DateTime.fromISO(day, { zone: 'UTC' }).plus({ days }).toISODate()!;
}

const later = (a: string, b: string) => (a > b ? a : b);

/**
 * When a "Call before AEP" task made from the at-risk list is due: in AEP (October 15 to December 7)
 * two days ahead; before it, the day before it opens (October 14), or today once that has come;
 * after it, the day before the next year's AEP opens.
 */
export function aepCallDue(now: Date, zone: string): Date {
  const today = localDay(now, zone);
  const year = Number(today.slice(0, 4));
  const md = (m: number, d: number) => `${year}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
  const start = md(AEP_START.month, AEP_START.day);
  const end = md(AEP_END.month, AEP_END.day);
  if (today >= start && today <= end) return atHour(addDays(today, AEP_CALL_DAYS_IN_AEP), zone);
  const nextStart = today < start ? start : `${year + 1}${start.slice(4)}`;
  return atHour(later(today, addDays(nextStart, -1)), zone);
}

/** A welcome call's due day: a week before the policy takes effect, or today if that has passed. */
export function welcomeCallDay(today: string, effectiveDate: string): string {
  return later(today, addDays(effectiveDate, -WELCOME_CALL_LEAD_DAYS));
}

/** The year whose review call is open today (from October 25 to December 7), or null outside that window. */
export function reviewCallYear(today: string): number | null {
  const year = Number(today.slice(0, 4));
  const callDay = `${year}-11-01`;
  const opens = addDays(callDay, -REVIEW_CALL_AHEAD_DAYS);
  const closes = `${year}-12-07`;
  return today >= opens && today <= closes ? year : null;
}

export function reviewCallDay(today: string, year: number): string {
  return later(today, `${year}-11-01`);
}

/** The 65th birthday of someone born on `dateOfBirth` (February 29 becomes March 1). */
export function sixtyFifthBirthday(dateOfBirth: string): string {
  const birth = DateTime.fromISO(dateOfBirth, { zone: 'UTC' });
  const plain = birth.plus({ years: 65 });
  return (birth.month === 2 && birth.day === 29 && plain.day === 28 ? plain.plus({ days: 1 }) : plain).toISODate()!;
}

/** A turning-65 call's due day: two months before the birthday, or today if that has passed. */
export function turning65Day(today: string, birthday: string): string {
  return later(today, addDays(birthday, -TURNING_65_LEAD_DAYS));
}
