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
  /** Last local date (yyyy-mm-dd) that may have an occurrence; without one, it goes on until the client stops it. */
  endDate?: string | null;
}

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

function lastDate(rule: RecurrenceRule): DateTime | null {
  return rule.endDate ? DateTime.fromISO(rule.endDate, { zone: rule.zone }).endOf('day') : null;
}

/**
 * Every occurrence of the rule, in order, bounded by its end date (none: without end). With `after`,
 * the occurrences from a step or so before it: the count starts near it, not at the rule's start, so
 * that a reminder running for years is as quick to step as a new one.
 */
export function* occurrences(rule: RecurrenceRule, after?: Date): Generator<Date> {
  const startLocal = DateTime.fromJSDate(rule.start, { zone: rule.zone });
  const { hour, minute } = startLocal;
  const end = lastDate(rule);
  const interval = Math.max(1, Math.floor(rule.interval || 1));
  const day0 = startLocal.startOf('day');
  const near = after && after > rule.start ? DateTime.fromJSDate(after, { zone: rule.zone }).startOf('day') : undefined;
  /** The first step (a multiple of the interval) at least one interval before `after`'s day. */
  const firstStep = (units: number) => Math.max(0, (Math.floor(units / interval) - 1) * interval);

  if (rule.pattern === 'weekly') {
    const days = [...new Set(rule.days?.length ? rule.days : [startLocal.weekday % 7])].sort((a, b) => a - b);
    // Weeks run Sunday to Saturday; the interval counts weeks from the start's week.
    const week0 = day0.minus({ days: day0.weekday % 7 });
    const from = near ? firstStep(Math.floor(near.diff(week0, 'weeks').weeks)) : 0;
    for (let week = from; ; week += interval) {
      const sunday = week0.plus({ weeks: week });
      if (end && sunday > end) return;
      for (const weekday of days) {
        const date = sunday.plus({ days: weekday });
        if (date < day0 || (end && date > end)) continue;
        const at = atLocalTime(date, hour, minute, rule.zone);
        if (at.toMillis() >= rule.start.getTime()) yield at.toJSDate();
      }
    }
  }

  const monthly = rule.pattern === 'monthly';
  const from = near ? firstStep(Math.floor(monthly ? near.diff(day0, 'months').months : near.diff(day0, 'days').days)) : 0;
  for (let step = from; ; step += interval) {
    const date = monthly ? day0.plus({ months: step }) : day0.plus({ days: step });
    if (end && date > end) return;
    yield atLocalTime(date, hour, minute, rule.zone).toJSDate();
  }
}

/** The first occurrence strictly after `after`, or null when the rule has ended. */
export function nextOccurrence(rule: RecurrenceRule, after: Date): Date | null {
  for (const occurrence of occurrences(rule, after)) {
    if (occurrence.getTime() > after.getTime()) return occurrence;
  }
  return null;
}
