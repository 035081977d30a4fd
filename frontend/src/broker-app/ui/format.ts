import { format, isValid } from 'date-fns';

import { brokerLanguage } from '../i18n/current.ts';

/** '1 client', '3 clients'; `many` for an irregular plural. */
export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** SPEC §9 Display: 'MMM dd, yyyy at h:mm a'. date-fns needs the literal "at" quoted (a bare t is a timestamp). */
export const DATE_TIME_FORMAT = "MMM dd, yyyy 'at' h:mm a";

/** Spanish dates as US Spanish speakers write them: '21 nov 2026', '21 nov 2026, 3:30 p. m.', 'nov 2026'. */
const SPANISH = {
  day: new Intl.DateTimeFormat('es', { day: 'numeric', month: 'short', year: 'numeric' }),
  dateTime: new Intl.DateTimeFormat('es', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
  }),
  month: new Intl.DateTimeFormat('es', { month: 'short', year: 'numeric' }),
};

function toDate(value: string | Date): Date {
  return typeof value === 'string' ? new Date(value) : value;
}

/** An ISO time or Date as 'Nov 21, 2026 at 3:30 PM' (in Spanish '21 nov 2026, 3:30 p. m.'); an unreadable value comes back as given. */
export function formatDateTime(value: string | Date): string {
  const date = toDate(value);
  if (!isValid(date)) return String(value);
  return brokerLanguage() === 'es' ? SPANISH.dateTime.format(date).replace(/\s/g, ' ') : format(date, DATE_TIME_FORMAT);
}

/** The date part of SPEC §9's format, for columns where the time adds nothing: 'Nov 21, 2026' ('21 nov 2026'). */
export function formatDay(value: string | Date): string {
  const date = toDate(value);
  if (!isValid(date)) return String(value);
  return brokerLanguage() === 'es' ? SPANISH.day.format(date) : format(date, 'MMM dd, yyyy');
}

/** A month as 'Nov 2026' ('nov 2026'). */
export function formatMonthOf(date: Date): string {
  return brokerLanguage() === 'es' ? SPANISH.month.format(date) : format(date, 'MMM yyyy');
}

/** How long ago, in the app's language: '3 hours ago', 'hace 3 horas'; 'just now' under a minute. */
export function relativeTime(date: Date, now: Date, justNow: string): string {
  const seconds = Math.round((date.getTime() - now.getTime()) / 1000);
  if (Math.abs(seconds) < 60) return justNow;
  const units: [Intl.RelativeTimeFormatUnit, number][] = [
    ['day', 86_400],
    ['hour', 3_600],
    ['minute', 60],
  ];
  const [unit, size] = units.find(([, s]) => Math.abs(seconds) >= s)!;
  return new Intl.RelativeTimeFormat(brokerLanguage() === 'es' ? 'es' : 'en', { numeric: 'always' }).format(
    Math.round(seconds / size),
    unit,
  );
}
