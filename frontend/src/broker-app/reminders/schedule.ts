import { addMinutes, format, isValid, parse, startOfMinute } from 'date-fns';

import type { Translation } from '../../i18n/translation.ts';
import type { Client, Reminder } from '../types.ts';
import { REMINDER_TEXTS } from './texts.ts';

export { formatDateTime } from '../ui/format.ts';

export type DeliveryMethod = Reminder['deliveryMethod'];

export interface ReminderForm {
  clientId: string;
  date: string; // yyyy-MM-dd, as a date input gives it
  time: string; // HH:mm, as a time input gives it
  deliveryMethod: DeliveryMethod;
  message: string;
}

export interface NewReminder {
  clientId: string;
  scheduledTime: string;
  deliveryMethod: DeliveryMethod;
  message: string;
  status: 'pending';
}

export type ReminderFormErrors = Partial<Record<'clientId' | 'when' | 'message', string>>;

/** The local date-time the two inputs describe, or undefined when they do not parse. */
export function localDateTime(date: string, time: string): Date | undefined {
  if (!date || !time) return undefined;
  const parsed = parse(`${date} ${time}`, 'yyyy-MM-dd HH:mm', new Date(0));
  return isValid(parsed) ? parsed : undefined;
}

/** A fresh form: the next quarter hour at least an hour from now, by voice. */
export function initialForm(now: Date = new Date()): ReminderForm {
  const soon = startOfMinute(addMinutes(now, 60));
  const at = addMinutes(soon, (15 - (soon.getMinutes() % 15)) % 15);
  return { clientId: '', date: format(at, 'yyyy-MM-dd'), time: format(at, 'HH:mm'), deliveryMethod: 'voice', message: '' };
}

/** The form showing a pending reminder, to change it. */
export function formFromReminder(reminder: Reminder): ReminderForm {
  const at = new Date(reminder.scheduledTime);
  return {
    clientId: reminder.clientId,
    date: format(at, 'yyyy-MM-dd'),
    time: format(at, 'HH:mm'),
    deliveryMethod: reminder.deliveryMethod,
    message: reminder.message,
  };
}

/** SPEC §5 Schedule reminder: client, a parsable future date-time, a message. Answers the errors or what to send. */
export function validateReminder(
  form: ReminderForm,
  now: Date = new Date(),
  T: Translation<typeof REMINDER_TEXTS> = REMINDER_TEXTS,
): { errors: ReminderFormErrors; reminder?: NewReminder } {
  const errors: ReminderFormErrors = {};
  if (!form.clientId) errors.clientId = T.selectClient;
  const when = localDateTime(form.date, form.time);
  if (!when) errors.when = T.invalidDate;
  else if (when.getTime() <= now.getTime()) errors.when = T.pastDate;
  const message = form.message.trim();
  if (!message) errors.message = T.messageRequired;
  if (Object.keys(errors).length > 0 || !when) return { errors };
  return {
    errors,
    reminder: {
      clientId: form.clientId,
      scheduledTime: when.toISOString(),
      deliveryMethod: form.deliveryMethod,
      message,
      status: 'pending',
    },
  };
}

export { formatPhone as displayPhone } from '../../lib/phone.ts';

export function clientName(client: Pick<Client, 'firstName' | 'lastName'>): string {
  return `${client.firstName} ${client.lastName}`.trim();
}
