import { ValidateBy, type ValidationArguments } from 'class-validator';

/**
 * The years a date sent to the API may fall in. JavaScript parses dates up to the year 275760 that
 * PostgreSQL cannot store, and nothing in the product is planned a century ahead.
 */
export const MIN_YEAR = 1900;
export const MAX_YEAR = 2100;

// ISO 8601 as browsers write it: date, time to the minute or finer, and Z or an offset (without
// one the server's zone applies, as JavaScript reads it).
const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-](\d{2}):?(\d{2}))?$/i;
const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

type Problem = 'format' | 'range';

/** Whether year-month-day exists (no 30 February rolled over into March). */
function dayExists(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(2000, month - 1, day));
  date.setUTCFullYear(year);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function dateProblem(year: number, month: number, day: number): Problem | undefined {
  if (month < 1 || month > 12 || !dayExists(year, month, day)) return 'format';
  return year < MIN_YEAR || year > MAX_YEAR ? 'range' : undefined;
}

/** What is wrong with a date and time sent as text, or undefined when it is a real instant in range. */
export function timestampProblem(value: unknown): Problem | undefined {
  const match = typeof value === 'string' ? TIMESTAMP.exec(value.trim()) : null;
  if (!match) return 'format';
  const [, year, month, day, hour, minute, second = '0', offsetHours = '0', offsetMinutes = '0'] = match;
  if (Number(hour) > 23 || Number(minute) > 59 || Number(second) > 59 || Number(offsetHours) > 23 || Number(offsetMinutes) > 59)
    return 'format';
  return dateProblem(Number(year), Number(month), Number(day));
}

/** What is wrong with a calendar date (YYYY-MM-DD) sent as text, or undefined when it exists and is in range. */
export function calendarDateProblem(value: unknown): Problem | undefined {
  const match = typeof value === 'string' ? CALENDAR_DATE.exec(value) : null;
  if (!match) return 'format';
  return dateProblem(Number(match[1]), Number(match[2]), Number(match[3]));
}

function dateValidator(
  name: string,
  problemOf: (value: unknown) => Problem | undefined,
  formatMessage: (property: string) => string,
): PropertyDecorator {
  return ValidateBy({
    name,
    validator: {
      validate: (value: unknown) => problemOf(value) === undefined,
      defaultMessage: (args?: ValidationArguments) =>
        problemOf(args?.value) === 'range'
          ? `${args?.property} must be in the years ${MIN_YEAR} to ${MAX_YEAR}`
          : formatMessage(args?.property ?? 'The date'),
    },
  });
}

/**
 * An ISO 8601 date and time (`2030-01-31T15:00:00Z`) that exists (no 30 February) and falls in
 * MIN_YEAR..MAX_YEAR. `message` replaces the answer for text that is not such a date.
 */
export function IsTimestamp(options: { message?: string } = {}): PropertyDecorator {
  return dateValidator(
    'isTimestamp',
    timestampProblem,
    (property) => options.message ?? `${property} must be a date and time such as 2030-01-31T15:00:00Z`,
  );
}

/** A calendar date (`2030-01-31`) that exists and falls in MIN_YEAR..MAX_YEAR. */
export function IsCalendarDate(options: { message?: string } = {}): PropertyDecorator {
  return dateValidator(
    'isCalendarDate',
    calendarDateProblem,
    (property) => options.message ?? `${property} must be a date such as 2030-01-31`,
  );
}
