import { BadRequestException } from '@nestjs/common';
import { DateTime } from 'luxon';

import { calendarDateProblem, MAX_YEAR, MIN_YEAR } from './dates.js';
import { isUuid } from './ids.js';

/** A 400 about a list's filter, naming `filter` as the field. */
export function badFilter(message: string): BadRequestException {
  return new BadRequestException({ message, field: 'filter' });
}

/** A filter key that names a row: a UUID, or left out. */
export function filterId(key: string, value: string | undefined): string | undefined {
  if (value !== undefined && !isUuid(value)) throw badFilter(`filter ${key} must be an id (a UUID)`);
  return value;
}

/** The first instant of a day (YYYY-MM-DD) in the zone; a 400 naming the key for anything else. */
function dayStart(key: 'from' | 'to', value: string | undefined, zone: string): DateTime | undefined {
  if (value === undefined || value === '') return undefined;
  const problem = calendarDateProblem(value);
  if (problem === 'range') throw badFilter(`filter ${key} must be in the years ${MIN_YEAR} to ${MAX_YEAR}`);
  if (problem) throw badFilter(`filter ${key} must be a date such as 2026-11-30`);
  return DateTime.fromISO(value, { zone }).startOf('day');
}

/**
 * A log's `from` and `to` filter: whole days (YYYY-MM-DD, both included) in the reader's zone, as
 * the instants [from, until). Either may be left out; `from` after `to` is a 400.
 */
export function dayRange(from: string | undefined, to: string | undefined, zone: string): { from?: Date; until?: Date } {
  const start = dayStart('from', from, zone);
  const end = dayStart('to', to, zone);
  if (start && end && start > end) throw badFilter('filter from must not be after to');
  return { from: start?.toJSDate(), until: end?.plus({ days: 1 }).toJSDate() };
}
