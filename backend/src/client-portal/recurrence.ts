import { DateTime } from 'luxon';

import type { RecurrencePattern } from './client-reminder.entity.js';

export interface RecurrenceRule {
  /** The first occurrence as an instant; its wall-clock time in `zone` is kept for every occurrence. */
  start: Date;
  zone: string;
  pattern: RecurrencePattern;
  /** Every n days / weeks / months; at least 1. */
  interval: number;
  /** Weekly: weekdays 0 (Sunday) to 6 (Saturday). */
  days?: number[] | null;
  /** Last local date (yyyy-mm-dd) that may have an occurrence; without one, 90 days from the start. */
  endDate?: string | null;
}

export const DEFAULT_DURATION_DAYS = 90;

export function isValidZone(zone: string): boolean {
  return DateTime.local().setZone(zone).isValid;
}

/**
 * The instant of a local date and wall time in a zone. A wall time that does not exist (the
 * spring-forward gap) moves to the next valid minute, the end of the gap: 02:30 on the day clocks
 * jump from 02:00 to 03:00 becomes 03:00. A wall time that happens twice (fall back) is the first.
 */
export function atLocalTime(date: DateTime, hour: number, minute: number, zone: string): DateTime {
  const wanted = DateTime.fromObject({ year: date.year, month: date.month, day: date.day, hour, minute }, { zone });
  if (wanted.hour !== hour || wanted.minute !== minute) return wanted.set({ minute: 0, second: 0, millisecond: 0 });
  const [earliest] = wanted.getPossibleOffsets().sort((a, b) => a.toMillis() - b.toMillis());
  return earliest ?? wanted;
}

function lastDate(rule: RecurrenceRule, startLocal: DateTime): DateTime {
  if (rule.endDate) return DateTime.fromISO(rule.endDate, { zone: rule.zone }).endOf('day');
  return startLocal.startOf('day').plus({ days: DEFAULT_DURATION_DAYS }).endOf('day');
}

/** Every occurrence of the rule, in order (bounded by its end date). */
export function* occurrences(rule: RecurrenceRule): Generator<Date> {
  const startLocal = DateTime.fromJSDate(rule.start, { zone: rule.zone });
  const { hour, minute } = startLocal;
  const end = lastDate(rule, startLocal);
  const interval = Math.max(1, Math.floor(rule.interval || 1));
  const day0 = startLocal.startOf('day');

  if (rule.pattern === 'weekly') {
    const days = [...new Set(rule.days?.length ? rule.days : [startLocal.weekday % 7])].sort((a, b) => a - b);
    // Weeks run Sunday to Saturday; the interval counts weeks from the start's week.
    const week0 = day0.minus({ days: day0.weekday % 7 });
    for (let week = 0; ; week += interval) {
      const sunday = week0.plus({ weeks: week });
      if (sunday > end) return;
      for (const weekday of days) {
        const date = sunday.plus({ days: weekday });
        if (date < day0 || date > end) continue;
        const at = atLocalTime(date, hour, minute, rule.zone);
        if (at.toMillis() >= rule.start.getTime()) yield at.toJSDate();
      }
    }
  }

  for (let step = 0; ; step += interval) {
    const date = rule.pattern === 'monthly' ? day0.plus({ months: step }) : day0.plus({ days: step });
    if (date > end) return;
    yield atLocalTime(date, hour, minute, rule.zone).toJSDate();
  }
}

/** The first occurrence strictly after `after`, or null when the rule has ended. */
export function nextOccurrence(rule: RecurrenceRule, after: Date): Date | null {
  for (const occurrence of occurrences(rule)) {
    if (occurrence.getTime() > after.getTime()) return occurrence;
  }
  return null;
}
