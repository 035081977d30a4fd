import type { components } from '../api/schema';

type Schemas = components['schemas'];

/** Shapes of the client portal's API answers (openapi.json). */

export type PortalBranding = Schemas['PortalBrandingDto'];

/** The client's own settings (GET /api/client/settings). */
export type ClientSettings = Schemas['ClientSettingsDto'];

export type Medication = Schemas['MedicationDto'];

export type MedicationInput = Schemas['MedicationInputDto'];

export type UpcomingReminder = Schemas['UpcomingReminderDto'];

export type MyInfo = Schemas['MyInfoDto'];

export type RecurrencePattern = 'daily' | 'weekly' | 'monthly';

export type ClientReminder = Schemas['ClientReminderDto'];

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

export type HistoryItem = Schemas['HistoryItemDto'];

export type OccurrenceOutcome = 'confirmed' | 'missed' | 'skipped' | 'waiting';

/** One local day's occurrences by outcome (the adherence chart). */
export type AdherenceDay = Schemas['AdherenceDayDto'];

export interface AdherenceFigures {
  confirmed: number;
  missed: number;
  skipped: number;
  /** confirmed ÷ (confirmed + missed) in %, null while none has ended. */
  percent: number | null;
}

export type ReminderAdherence = Schemas['ReminderAdherenceDto'];

export type Adherence = Schemas['AdherenceDto'];

/** Someone the client asked to be told (by text or by e-mail) when they miss a reminder. */
export type Caregiver = Schemas['CaregiverDto'];

export type InviteLookup = Schemas['InviteLookupDto'];

export type ClientSignedIn = Schemas['ClientSignedInDto'];

/** A change of the client's phone or e-mail their agent asked for; the contacts come masked. */
export type ContactChange = Schemas['ClientContactChangeDto'];
