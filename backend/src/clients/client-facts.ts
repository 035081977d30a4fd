import { calendarDateProblem } from '../common/dates.js';
import { PLAN_TYPES, type PlanType } from './client.entity.js';

/** The earliest date of birth the app keeps. */
export const MIN_DATE_OF_BIRTH = '1900-01-01';
/** Medicare began on 1 July 1966; a year's margin before it for the plans brokers write in by hand. */
export const MIN_PLAN_EFFECTIVE_DATE = '1965-07-01';
export const CARRIER_MAX_LENGTH = 100;

/** Today's date, YYYY-MM-DD (UTC). */
export function isoDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

function plusYears(day: string, years: number): string {
  const [year, rest] = [Number(day.slice(0, 4)), day.slice(4)];
  // 29 February a year on is 28 February.
  return rest === '-02-29' ? `${year + years}-02-28` : `${year + years}${rest}`;
}

/** What is wrong with a date of birth (YYYY-MM-DD), or undefined: a real date from 1900-01-01 to today. */
export function dateOfBirthProblem(value: unknown, now = new Date()): string | undefined {
  if (calendarDateProblem(value) === 'format') return 'dateOfBirth must be a real date such as 1958-04-23';
  const day = value as string;
  if (day < MIN_DATE_OF_BIRTH || day > isoDay(now)) return `dateOfBirth must be between ${MIN_DATE_OF_BIRTH} and today`;
  return undefined;
}

/** What is wrong with a plan's effective date (YYYY-MM-DD), or undefined: a real date from 1965-07-01 to a year from today. */
export function planEffectiveDateProblem(value: unknown, now = new Date()): string | undefined {
  if (calendarDateProblem(value) === 'format') return 'planEffectiveDate must be a real date such as 2026-01-01';
  const day = value as string;
  if (day < MIN_PLAN_EFFECTIVE_DATE || day > plusYears(isoDay(now), 1))
    return `planEffectiveDate must be between ${MIN_PLAN_EFFECTIVE_DATE} and a year from today`;
  return undefined;
}

/** The words a spreadsheet may hold for each plan type (lower case, spaces single). */
const PLAN_TYPE_WORDS: Record<string, PlanType> = {
  'medicare advantage': 'medicare_advantage',
  ma: 'medicare_advantage',
  'part d': 'part_d',
  pdp: 'part_d',
  medigap: 'medigap',
  'medicare supplement': 'medigap',
  other: 'other',
};

/** A CSV cell's plan type: a code (`part_d`) or its words (`Part D`, `PDP`, `Medicare Supplement`…), any case; undefined when unknown. */
export function planTypeOf(text: string): PlanType | undefined {
  const key = text.trim().toLowerCase().replace(/\s+/g, ' ');
  if ((PLAN_TYPES as readonly string[]).includes(key)) return key as PlanType;
  return PLAN_TYPE_WORDS[key];
}

/** A CSV cell's date, YYYY-MM-DD or M/D/YYYY (as US spreadsheets write it), as YYYY-MM-DD; undefined when it is neither. */
export function csvDateOf(text: string): string | undefined {
  const value = text.trim();
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value);
  const iso = us ? `${us[3]}-${us[1].padStart(2, '0')}-${us[2].padStart(2, '0')}` : value;
  return calendarDateProblem(iso) === 'format' ? undefined : iso;
}

/** A carrier's name as kept: trimmed, and none rather than blank. */
export function cleanCarrier(carrier: string | null | undefined): string | null {
  return carrier?.trim() || null;
}
