import { format, isValid } from 'date-fns';

/** '1 client', '3 clients'; `many` for an irregular plural. */
export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** SPEC §9 Display: 'MMM dd, yyyy at h:mm a'. date-fns needs the literal "at" quoted (a bare t is a timestamp). */
export const DATE_TIME_FORMAT = "MMM dd, yyyy 'at' h:mm a";

/** An ISO time or Date as 'Nov 21, 2026 at 3:30 PM'; an unreadable value comes back as given. */
export function formatDateTime(value: string | Date): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  return isValid(date) ? format(date, DATE_TIME_FORMAT) : String(value);
}

/** The date part of SPEC §9's format, for columns where the time adds nothing: 'Nov 21, 2026'. */
export function formatDay(value: string | Date): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  return isValid(date) ? format(date, 'MMM dd, yyyy') : String(value);
}
