/** Shapes of the client portal's API answers (openapi.json). */

export interface PortalBranding {
  agencyName: string | null;
  logoUrl: string | null;
  primaryColor: string | null;
  sponsorMessage: string | null;
}

export interface Medication {
  id: string;
  name: string;
  dosage: string | null;
  frequency: string | null;
  instructions: string | null;
}

export interface UpcomingReminder {
  id: string;
  message: string | null;
  scheduledTime: string;
}

export interface MyInfo {
  client: { firstName: string; lastName: string };
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
}

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
}

export interface HistoryItem {
  id: string;
  reminderId: string;
  channel: 'voice' | 'sms';
  message: string | null;
  occurrenceAt: string;
  outcome: 'confirmed' | 'delivered' | 'failed' | 'skipped' | 'pending';
}

export interface InviteLookup {
  firstName: string;
  lastName: string;
}

export interface ClientSignedIn {
  firstName: string;
  lastName: string;
  username: string;
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
