import type { Language, Translation } from '../../i18n/translation.ts';
import { formatPhone } from '../../lib/phone.ts';
import type { ClientReminder, NewClientReminder, RecurrencePattern, RetryChannel } from '../types.ts';
import { INTERVAL_UNITS, PORTAL_TEXTS, WEEKDAYS } from './portalTexts.ts';

// English is written out rather than with a date library, to keep the client pages' bundle small.
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad = (n: number) => String(n).padStart(2, '0');

/** The words dates and summaries are made of, from the pages' catalogue. */
export interface FormatWords {
  WEEKDAYS: readonly string[];
  INTERVAL_UNITS: Record<'daily' | 'weekly' | 'monthly', readonly string[]>;
  PORTAL_TEXTS: Pick<Translation<typeof PORTAL_TEXTS>, 'every' | 'everyN' | 'onDays' | 'until' | 'dateAtTime' | 'sentOnce' | 'triedAgain'>;
}
const ENGLISH: FormatWords = { WEEKDAYS, INTERVAL_UNITS, PORTAL_TEXTS };
let language: Language = 'en';
let words: FormatWords = ENGLISH;

/**
 * The language dates and summaries are written in; the portal's language provider sets it before
 * the pages render (with that language's weekday and unit names).
 */
export function setFormatLanguage(next: Language, nextWords?: FormatWords): void {
  language = next;
  words = next === 'en' ? ENGLISH : (nextWords ?? words);
}

/** Spanish dates and times as people in the US read them: '13 de noviembre de 2026', '8:30 a. m.'. */
const SPANISH_DAY = new Intl.DateTimeFormat('es', { day: 'numeric', month: 'long', year: 'numeric' });
const SPANISH_TIME = new Intl.DateTimeFormat('es', { hour: 'numeric', minute: '2-digit', hour12: true });

/** 'MMM dd, yyyy' of a local date ('13 de noviembre de 2026' in Spanish). */
function day(date: Date): string {
  if (language === 'es') return SPANISH_DAY.format(date);
  return `${MONTHS[date.getMonth()]} ${pad(date.getDate())}, ${date.getFullYear()}`;
}

/** 'h:mm a' of a local time ('8:30 a. m.' in Spanish). */
function time(date: Date): string {
  if (language === 'es') return SPANISH_TIME.format(date).replace(/\s/g, ' ');
  const hours = date.getHours();
  return `${hours % 12 || 12}:${pad(date.getMinutes())} ${hours < 12 ? 'AM' : 'PM'}`;
}

/**
 * SPEC §9: 'MMM dd, yyyy at h:mm a' in the browser's time zone, e.g. 'Mar 05, 2027 at 8:00 AM';
 * in Spanish '5 de marzo de 2027, 8:00 a. m.'.
 */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return words.PORTAL_TEXTS.dateAtTime(day(date), time(date));
}

/** 'h:mm a' in the browser's time zone, e.g. '8:03 AM'. */
export function formatTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : time(date);
}

/** A calendar date 'YYYY-MM-DD' as 'MMM dd, yyyy', without moving it across time zones. */
export function formatCalendarDate(value: string): string {
  const [y, m, d] = value.slice(0, 10).split('-').map(Number);
  return y && m && d ? day(new Date(y, m - 1, d)) : value;
}

/** Today as 'YYYY-MM-DD' in the browser's time zone (the date inputs' minimum). */
export function todayInputValue(now = new Date()): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** 'Every day', 'Every 2 weeks on Mon, Wed', 'Every month until Mar 01, 2027'… */
export function recurrenceSummary(
  reminder: Pick<ClientReminder, 'isRecurring' | 'recurrencePattern' | 'recurrenceInterval' | 'recurrenceDays' | 'recurrenceEndDate'>,
  oneTime: string,
): string {
  if (!reminder.isRecurring || !reminder.recurrencePattern) return oneTime;
  const interval = reminder.recurrenceInterval && reminder.recurrenceInterval > 1 ? reminder.recurrenceInterval : 1;
  const [one, many] = words.INTERVAL_UNITS[reminder.recurrencePattern];
  const T = words.PORTAL_TEXTS;
  let text = interval === 1 ? T.every(one) : T.everyN(interval, many);
  if (reminder.recurrencePattern === 'weekly' && reminder.recurrenceDays?.length) {
    text += T.onDays(
      [...reminder.recurrenceDays]
        .sort((a, b) => a - b)
        .map((d) => words.WEEKDAYS[d])
        .join(', '),
    );
  }
  if (reminder.recurrenceEndDate) text += T.until(formatCalendarDate(reminder.recurrenceEndDate));
  return text;
}

/** A whole number of at least 1; anything else counts as 1 (SPEC §5). */
export function parseInterval(raw: string): number {
  const n = Number.parseInt(raw, 10);
  return Number.isFinite(n) && n >= 1 ? n : 1;
}

export interface ReminderForm {
  medicationId: string;
  date: string;
  time: string;
  message: string;
  deliveryMethod: 'voice' | 'sms';
  sayMedicationName: boolean;
  isRecurring: boolean;
  pattern: RecurrencePattern;
  days: number[];
  interval: string;
  endDate: string;
  /** Minutes to wait for the confirmation before trying again. */
  retryAfterMinutes: string;
  /** Calls or texts in all, the first included ('1': never again). */
  maxAttempts: string;
  retryChannel: RetryChannel;
  alertCaregivers: boolean;
}

/**
 * What the Schedule Reminder form sends: the local date and time as an ISO instant, the browser's
 * time zone, and the recurrence only when the reminder repeats (the days only for weekly).
 */
export function reminderPayload(form: ReminderForm, timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone): NewClientReminder {
  const payload: NewClientReminder = {
    medicationId: form.medicationId || null,
    scheduledTime: new Date(`${form.date}T${form.time}`).toISOString(),
    message: form.message.trim() || null,
    timeZone,
    deliveryMethod: form.deliveryMethod,
    sayMedicationName: Boolean(form.medicationId) && form.sayMedicationName,
    retryAfterMinutes: Number(form.retryAfterMinutes),
    maxAttempts: Number(form.maxAttempts),
    retryChannel: form.retryChannel,
    alertCaregivers: form.alertCaregivers,
  };
  if (!form.isRecurring) return payload;
  payload.isRecurring = true;
  payload.recurrencePattern = form.pattern;
  payload.recurrenceInterval = parseInterval(form.interval);
  if (form.pattern === 'weekly') payload.recurrenceDays = [...form.days].sort((a, b) => a - b);
  if (form.endDate) payload.recurrenceEndDate = form.endDate;
  return payload;
}

/** "If not confirmed: tried again after 10 min, 2 tries in all" / "Sent once, not tried again". */
export function followUpSummary(
  reminder: Pick<ClientReminder, 'deliveryMethod'> & Partial<Pick<ClientReminder, 'retryAfterMinutes' | 'maxAttempts' | 'retryChannel'>>,
): string | null {
  if (!reminder.maxAttempts) return null;
  if (reminder.maxAttempts === 1) return words.PORTAL_TEXTS.sentOnce;
  const other = reminder.retryChannel === 'other' ? (reminder.deliveryMethod === 'voice' ? 'text' : 'call') : null;
  return words.PORTAL_TEXTS.triedAgain(other, reminder.retryAfterMinutes ?? 10, reminder.maxAttempts);
}

export { formatPhone };
