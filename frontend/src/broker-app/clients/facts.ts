import { addYears, differenceInYears, format, isValid } from 'date-fns';

/** Medicare began on July 1, 1965: no plan takes effect before it. */
export const FIRST_PLAN_DAY = '1965-07-01';
export const FIRST_BIRTH_DAY = '1900-01-01';

/** A day 'YYYY-MM-DD' as a Date at noon (so no time zone moves it to another day). */
export function dayDate(day: string): Date {
  return new Date(`${day}T12:00:00`);
}

/** Today (or `now`) as 'YYYY-MM-DD' in the broker's own time zone. */
export function dayOf(now: Date = new Date()): string {
  return format(now, 'yyyy-MM-dd');
}

/** Whether a value is a day that exists ('2026-02-30' does not). */
export function isRealDay(value: unknown): value is string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = dayDate(value);
  return isValid(date) && dayOf(date) === value;
}

interface FactMessages {
  dateInvalid: string;
  dateOfBirthFuture: string;
  dateOfBirthTooEarly: string;
  planEffectiveDateRange: string;
}

/** Date of birth: empty, or a real day from 1900 to today. */
export function dateOfBirthProblem(value: unknown, T: FactMessages, now: Date = new Date()): string | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  if (!isRealDay(value)) return T.dateInvalid;
  if (value > dayOf(now)) return T.dateOfBirthFuture;
  if (value < FIRST_BIRTH_DAY) return T.dateOfBirthTooEarly;
  return undefined;
}

/** Plan effective date: empty, or a real day from July 1, 1965 to a year from today. */
export function planEffectiveDateProblem(value: unknown, T: FactMessages, now: Date = new Date()): string | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  if (!isRealDay(value)) return T.dateInvalid;
  if (value < FIRST_PLAN_DAY || value > dayOf(addYears(now, 1))) return T.planEffectiveDateRange;
  return undefined;
}

/** Age in whole years on `now`. */
export function ageOn(dateOfBirth: string, now: Date = new Date()): number {
  return differenceInYears(now, dayDate(dateOfBirth));
}

/** The 65th birthday when it is still ahead and at most a year away (Medicare eligibility), else null. */
export function sixtyFifthBirthdaySoon(dateOfBirth: string, now: Date = new Date()): string | null {
  if (!isRealDay(dateOfBirth)) return null;
  const birthday = dayOf(addYears(dayDate(dateOfBirth), 65));
  const today = dayOf(now);
  return birthday > today && birthday <= dayOf(addYears(now, 1)) ? birthday : null;
}
