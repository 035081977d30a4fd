import type { Language } from '../i18n/translation.ts';

/** Shapes of the client portal's API answers (openapi.json). */

export interface PortalBranding {
  agencyName: string | null;
  logoUrl: string | null;
  primaryColor: string | null;
  sponsorMessage: string | null;
  /** The agency's TPMO disclaimer, for the footer; null when it does not sell plans. */
  disclaimer?: string | null;
}

/** The client's own settings (GET /api/client/settings). */
export interface ClientSettings {
  timeZone: string;
  timeZoneFrom: 'portal' | 'place' | 'phone' | 'agency';
  marketing: boolean;
  language: Language;
}

export interface Medication {
  id: string;
  name: string;
  dosage: string | null;
  frequency: string | null;
  instructions: string | null;
  /** Optional (older answers and tests leave them out): the supply the client keeps count of. */
  pillsOnHand?: number | null;
  pillsPerDay?: number | null;
  daysLeft?: number | null;
  runsOutOn?: string | null;
  refillSoon?: boolean;
}

export interface MedicationInput {
  name: string;
  dosage: string | null;
  frequency: string | null;
  instructions: string | null;
  pillsOnHand?: number | null;
  pillsPerDay?: number | null;
}

export interface UpcomingReminder {
  id: string;
  message: string | null;
  scheduledTime: string;
}

export interface MyInfo {
  client: { firstName: string; lastName: string; language: Language };
  medications: Medication[];
  upcomingReminders: UpcomingReminder[];
}

export type RecurrencePattern = 'daily' | 'weekly' | 'monthly';

export interface ClientReminder {
  id: string;
  medicationId: string | null;
  scheduledTime: string;
  nextOccurrenceAt: string | null;
  message: string | null;
  deliveryMethod: 'voice' | 'sms';
  sayMedicationName: boolean;
  status: 'pending' | 'completed' | 'failed';
  isRecurring: boolean;
  recurrencePattern: RecurrencePattern | null;
  recurrenceInterval: number | null;
  recurrenceDays: number[] | null;
  recurrenceEndDate: string | null;
  timeZone: string | null;
  /** Follow-up when not confirmed (older answers may leave them out). */
  retryAfterMinutes?: number;
  maxAttempts?: number;
  retryChannel?: RetryChannel;
  alertCaregivers?: boolean;
}

/** same: a retry goes the same way; other: a call is retried as a text and a text as a call. */
export type RetryChannel = 'same' | 'other';

export interface NewClientReminder {
  medicationId: string | null;
  scheduledTime: string;
  message: string | null;
  timeZone: string;
  deliveryMethod?: 'voice' | 'sms';
  sayMedicationName?: boolean;
  isRecurring?: boolean;
  recurrencePattern?: RecurrencePattern;
  recurrenceInterval?: number;
  recurrenceDays?: number[];
  recurrenceEndDate?: string;
  retryAfterMinutes?: number;
  maxAttempts?: number;
  retryChannel?: RetryChannel;
  alertCaregivers?: boolean;
}

export interface HistoryItem {
  id: string;
  reminderId: string;
  channel: 'voice' | 'sms';
  message: string | null;
  occurrenceAt: string;
  /** confirmed: 1 pressed or 1/YES replied; missed: every try ended unconfirmed; skipped: not sent; waiting: the confirmation is still possible. */
  outcome: OccurrenceOutcome;
  confirmedAt: string | null;
  attempts: number;
}

export type OccurrenceOutcome = 'confirmed' | 'missed' | 'skipped' | 'waiting';

/** One local day's occurrences by outcome (the adherence chart). */
export interface AdherenceDay {
  date: string;
  confirmed: number;
  missed: number;
  skipped: number;
  waiting: number;
}

export interface AdherenceFigures {
  confirmed: number;
  missed: number;
  skipped: number;
  /** confirmed ÷ (confirmed + missed) in %, null while none has ended. */
  percent: number | null;
}

export interface ReminderAdherence extends AdherenceFigures {
  reminderId: string;
  message: string | null;
  medicationName: string | null;
  /** The last 30 days, oldest first. */
  days: AdherenceDay[];
}

export interface Adherence extends AdherenceFigures {
  timeZone: string;
  from: string;
  to: string;
  reminders: ReminderAdherence[];
}

/** Someone the client asked to be told (by text or by e-mail) when they miss a reminder. */
export interface Caregiver {
  id: string;
  name: string;
  relationship: string | null;
  /** One of the two: how they are reached. */
  phone: string | null;
  email: string | null;
  status: 'invited' | 'active' | 'stopped';
  invitedAt: string;
  optedInAt: string | null;
}

export interface InviteLookup {
  firstName: string;
  lastName: string;
  language: Language;
}

export interface ClientSignedIn {
  firstName: string;
  lastName: string;
  username: string;
  language: Language;
}

/** A change of the client's phone or e-mail their agent asked for; the contacts come masked. */
export interface ContactChange {
  id: string;
  field: 'phone' | 'email';
  oldValue: string;
  newValue: string;
  status: 'pending' | 'confirmed' | 'refused' | 'withdrawn';
  requestedBy: string;
  requestedAt: string;
  decidedAt: string | null;
}
