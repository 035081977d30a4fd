import type { Translation } from '../../i18n/translation.ts';
import { formatPhone } from '../../lib/phone.ts';
import type { Client } from '../types.ts';
import { formatDateTime, formatDay } from '../ui/format.ts';
import { CLIENT_TEXTS } from './texts.ts';

/** The joined date; nothing for an unreadable value. */
export function formatDate(iso: string): string {
  return Number.isNaN(new Date(iso).getTime()) ? '' : formatDateTime(iso);
}

/** The joined day alone, for the table. */
export function formatJoinedDay(iso: string): string {
  return Number.isNaN(new Date(iso).getTime()) ? '' : formatDay(iso);
}

export { formatPhone };

export function initials(firstName: string, lastName: string): string {
  return `${firstName.trim().charAt(0)}${lastName.trim().charAt(0)}`.toUpperCase() || '?';
}

/** The engagement bar's colour: green when engaged, amber in between, red when at risk. */
export function engagementColor(score: number): 'success' | 'warning' | 'error' {
  if (score >= 70) return 'success';
  if (score >= 40) return 'warning';
  return 'error';
}

/** What waits for a registered client to confirm on the phone or e-mail, in words; null when nothing does. */
export function pendingContactText(
  client: Client,
  field: 'phone' | 'email',
  T: Translation<typeof CLIENT_TEXTS> = CLIENT_TEXTS,
): string | null {
  const change = client.pendingContactChanges.find((c) => c.field === field);
  if (!change) return null;
  const value = change.value === null ? null : field === 'phone' ? formatPhone(change.value) : change.value;
  return T.contactChangePending(value);
}
