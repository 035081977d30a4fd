import type { ClientReminder, NewClientReminder, RecurrencePattern, RetryChannel } from '../types.ts';
import { INTERVAL_UNITS, WEEKDAYS } from './portalTexts.ts';

// Written out rather than with a date library, to keep the client pages' bundle small.
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad = (n: number) => String(n).padStart(2, '0');

/** 'MMM dd, yyyy' of a local date. */
function day(date: Date): string {
  return `${MONTHS[date.getMonth()]} ${pad(date.getDate())}, ${date.getFullYear()}`;
}

/** 'h:mm a' of a local time. */
function time(date: Date): string {
  const hours = date.getHours();
  return `${hours % 12 || 12}:${pad(date.getMinutes())} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** SPEC §9: 'MMM dd, yyyy at h:mm a' in the browser's time zone, e.g. 'Mar 05, 2027 at 8:00 AM'. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${day(date)} at ${time(date)}`;
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
  const [one, many] = INTERVAL_UNITS[reminder.recurrencePattern];
  let text = interval === 1 ? `Every ${one}` : `Every ${interval} ${many}`;
  if (reminder.recurrencePattern === 'weekly' && reminder.recurrenceDays?.length) {
    text += ` on ${[...reminder.recurrenceDays]
      .sort((a, b) => a - b)
      .map((d) => WEEKDAYS[d])
      .join(', ')}`;
  }
  if (reminder.recurrenceEndDate) text += ` until ${formatCalendarDate(reminder.recurrenceEndDate)}`;
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
  reminder: Pick<ClientReminder, 'retryAfterMinutes' | 'maxAttempts' | 'retryChannel' | 'deliveryMethod'>,
): string | null {
  if (!reminder.maxAttempts) return null;
  if (reminder.maxAttempts === 1) return 'Sent once, not tried again';
  const other = reminder.retryChannel === 'other' ? (reminder.deliveryMethod === 'voice' ? ' as a text' : ' as a call') : '';
  return `If not confirmed: tried again${other} after ${reminder.retryAfterMinutes ?? 10} min, ${reminder.maxAttempts} tries in all`;
}
