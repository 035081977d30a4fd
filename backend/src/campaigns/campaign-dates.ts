import { DateTime } from 'luxon';

import type { CampaignTrigger, MedicareDate } from './campaign.entity.js';

/** The fixed dates of the Medicare year, as [month, day]. */
export const MEDICARE_DATE_DAYS: Record<MedicareDate, [number, number]> = {
  anoc_review: [9, 30],
  marketing_start: [10, 1],
  aep_start: [10, 15],
  aep_last_week: [12, 1],
  oep_start: [1, 2],
};

/** States with a Medigap birthday rule: a `birthday_rule` sequence fires only for Medigap clients there. */
export const BIRTHDAY_RULE_STATES = ['CA', 'ID', 'IL', 'KY', 'LA', 'MD', 'NV', 'OK', 'OR', 'WY'] as const;

/** What a date trigger reads of a client (dates as YYYY-MM-DD). */
export interface ClientFacts {
  dateOfBirth: string | null;
  planType: string | null;
  planEffectiveDate: string | null;
  /** The client's state (given, or from their ZIP). */
  state: string | null;
}

/** The day `month`/`day` of `year` as YYYY-MM-DD; Feb 29 is Feb 28 in a year without one. */
export function dayOfYear(year: number, month: number, day: number): string {
  const leap = DateTime.local(year, 1, 1).isInLeapYear;
  const safeDay = month === 2 && day === 29 && !leap ? 28 : day;
  return DateTime.utc(year, month, safeDay).toISODate()!;
}

function parts(date: string): [number, number, number] {
  const [y, m, d] = date.slice(0, 10).split('-').map(Number);
  return [y, m, d];
}

/** Whole days from `from` to `to` (both YYYY-MM-DD). */
export function daysBetween(from: string, to: string): number {
  return Math.round(DateTime.fromISO(to, { zone: 'utc' }).diff(DateTime.fromISO(from, { zone: 'utc' }), 'days').days);
}

/** The candidate dates a trigger could fire for, around `today` (this year's and next year's, past ones included). */
function candidates(trigger: CampaignTrigger, facts: ClientFacts, today: string): string[] {
  const [year] = parts(today);
  const years = [year - 1, year, year + 1];
  switch (trigger.kind) {
    case 'joined':
      return [];
    case 'turning_65': {
      if (!facts.dateOfBirth) return [];
      const [y, m, d] = parts(facts.dateOfBirth);
      return [dayOfYear(y + 65, m, d)];
    }
    case 'birthday':
    case 'birthday_rule': {
      if (!facts.dateOfBirth) return [];
      if (trigger.kind === 'birthday_rule') {
        if (facts.planType !== 'medigap' || !(BIRTHDAY_RULE_STATES as readonly string[]).includes(facts.state ?? '')) return [];
      }
      const [y, m, d] = parts(facts.dateOfBirth);
      return years.filter((each) => each > y).map((each) => dayOfYear(each, m, d));
    }
    case 'plan_anniversary': {
      if (!facts.planEffectiveDate) return [];
      const [y, m, d] = parts(facts.planEffectiveDate);
      // Not in the plan's first year: the first anniversary is a year after it took effect.
      return years.filter((each) => each > y).map((each) => dayOfYear(each, m, d));
    }
    case 'medicare_date': {
      const [m, d] = MEDICARE_DATE_DAYS[trigger.date];
      return years.map((each) => dayOfYear(each, m, d));
    }
  }
}

/**
 * The occurrence (the client's date, YYYY-MM-DD) a date trigger fires for on `today` (the client's
 * local date): the one with `today` in [date − daysBefore, date]; undefined when none is. Older
 * occurrences are never answered, so a date whose window passed is not sent late.
 */
export function occurrenceOn(trigger: CampaignTrigger, facts: ClientFacts, today: string): string | undefined {
  const before = trigger.kind === 'medicare_date' || trigger.kind === 'joined' ? 0 : trigger.daysBefore;
  return candidates(trigger, facts, today).find((date) => {
    const ahead = daysBetween(today, date);
    return ahead >= 0 && ahead <= before;
  });
}

/** The moment `date` `time` (HH:MM) is on the wall clock in `zone`. */
export function wallTime(date: string, time: string, zone: string): Date {
  const [y, m, d] = parts(date);
  const [hour, minute] = time.split(':').map(Number);
  return DateTime.fromObject({ year: y, month: m, day: d, hour, minute }, { zone }).toJSDate();
}

/** The local date (YYYY-MM-DD) at `at` in `zone`. */
export function localDate(at: Date, zone: string): string {
  return DateTime.fromJSDate(at, { zone }).toISODate()!;
}

/**
 * The zone where a wall-clock time arrives first, for a schedule's earliest possible moment before
 * the audience's zones are looked at (UTC+14: nowhere is ahead of it).
 */
export const EARLIEST_ZONE = 'Pacific/Kiritimati';
