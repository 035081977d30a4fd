import { DateTime } from 'luxon';

/** The days of a week as the agency's hours name them, Monday first (luxon's weekday 1–7). */
export const WEEK_DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type WeekDay = (typeof WEEK_DAYS)[number];

/** One day's opening, in the agency's time zone: "09:00" to "17:00"; null: closed all day. */
export interface DayHours {
  open: string;
  close: string;
}

export interface Holiday {
  /** YYYY-MM-DD in the agency's time zone: closed all day. */
  date: string;
  name: string;
}

/** When the agency answers texts (docs/messaging.md "Office hours"). */
export interface OfficeHours {
  week: Record<WeekDay, DayHours | null>;
  holidays: Holiday[];
  /** The agency's time zone (IANA). */
  zone: string;
}

const weekday: DayHours = { open: '09:00', close: '17:00' };

/** Until an agency sets its own: Monday to Friday, 9 AM to 5 PM, no holidays. */
export const DEFAULT_WEEK: Record<WeekDay, DayHours | null> = {
  mon: weekday,
  tue: weekday,
  wed: weekday,
  thu: weekday,
  fri: weekday,
  sat: null,
  sun: null,
};

/** "HH:MM" of a 24-hour day, "24:00" for the end of it. */
export const TIME_OF_DAY = /^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/;

/** Minutes since midnight of "HH:MM". */
export const minutesOf = (time: string): number => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** The day of the agency's calendar a moment falls on, YYYY-MM-DD. */
export function agencyDay(at: Date, zone: string): string {
  return DateTime.fromJSDate(at, { zone }).toISODate()!;
}

/** A day's opening in minutes since midnight, or undefined when the agency is closed that day (its weekday's hours, or a holiday). */
function openingOf(hours: OfficeHours, day: DateTime): { open: number; close: number } | undefined {
  const date = day.toISODate();
  if (hours.holidays.some((holiday) => holiday.date === date)) return undefined;
  const today = hours.week[WEEK_DAYS[day.weekday - 1]];
  if (!today) return undefined;
  const open = minutesOf(today.open);
  const close = minutesOf(today.close);
  return open < close ? { open, close } : undefined;
}

/** Whether the agency is open at a moment (its hours on that day in its zone, not a holiday). */
export function isOpenAt(hours: OfficeHours, at: Date): boolean {
  const local = DateTime.fromJSDate(at, { zone: hours.zone });
  const opening = openingOf(hours, local);
  const minute = local.hour * 60 + local.minute;
  return !!opening && minute >= opening.open && minute < opening.close;
}

/** At most how far back the search for business days goes (a year of holidays is far less). */
const SEARCH_DAYS = 400;

const at = (day: DateTime, minute: number): DateTime => day.startOf('day').plus({ minutes: minute });

/**
 * The agency's promise of a reply, as a moment: a text waiting since before it has waited longer
 * than `businessDays` business days (docs/messaging.md "Office hours"). Counted on the agency's
 * open hours: from now (or, outside them, from the last moment it was open) back the same time of
 * day `businessDays` open days earlier, kept within that day's hours. A text that came in while
 * the office was closed counts from the next opening: with Monday to Friday hours and a promise
 * of one business day, a text of Friday evening is due at Tuesday's opening, not on Saturday.
 */
export function replyOverdueBefore(hours: OfficeHours, now: Date, businessDays: number): Date {
  let day: DateTime = DateTime.fromJSDate(now, { zone: hours.zone });
  let opening = openingOf(hours, day);
  let minute = day.hour * 60 + day.minute + day.second / 60;
  // Outside the hours, "now" is the last moment the office was open.
  if (!opening || minute < opening.open) {
    const before = openDayBefore(hours, day);
    if (!before) return new Date(0);
    ({ day, opening } = before);
    minute = opening.close;
  } else if (minute > opening.close) {
    minute = opening.close;
  }
  for (let count = 0; count < businessDays; count += 1) {
    const before = openDayBefore(hours, day);
    if (!before) return new Date(0);
    ({ day, opening } = before);
  }
  const kept = Math.min(Math.max(minute, opening.open), opening.close);
  return at(day, kept).toJSDate();
}

/** The last day before `day` the office opens, with its hours; undefined when it opens on none in a year and more. */
function openDayBefore(hours: OfficeHours, day: DateTime): { day: DateTime; opening: { open: number; close: number } } | undefined {
  for (let back = 1; back <= SEARCH_DAYS; back += 1) {
    const earlier = day.minus({ days: back });
    const opening = openingOf(hours, earlier);
    if (opening) return { day: earlier, opening };
  }
  return undefined;
}
