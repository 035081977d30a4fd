import type { components } from '../api/schema';

type Schemas = components['schemas'];

/** Shapes of the client portal's API answers (openapi.json). */

/** The agency's branding; agencyPhone (E.164) is null when the agency gave none. */
export type PortalBranding = Schemas['PortalBrandingDto'];

/** The client's own settings (GET /api/client/settings). */
export type ClientSettings = Schemas['ClientSettingsDto'];

export type Medication = Schemas['MedicationDto'];

export type MedicationInput = Schemas['MedicationInputDto'];

/** A reminder still to ring, or a paused one (pausedAt set: it will not ring until resumed). */
export type UpcomingReminder = Schemas['UpcomingReminderDto'];

export type MyInfo = Schemas['MyInfoDto'];

export type RecurrencePattern = NonNullable<Schemas['ClientReminderDto']['recurrencePattern']>;

/** pausedAt: set while the client has paused it (nothing is sent), else null. */
export type ClientReminder = Schemas['ClientReminderDto'];

/** same: a retry goes the same way; other: a call is retried as a text and a text as a call. */
export type RetryChannel = Schemas['ClientReminderDto']['retryChannel'];

/** A new reminder (POST /api/client/reminders); left-out settings take their defaults. */
export type NewClientReminder = Schemas['CreateClientReminderDto'];

export type HistoryItem = Schemas['HistoryItemDto'];

export type OccurrenceOutcome = Schemas['HistoryItemDto']['outcome'];

/** One local day's occurrences by outcome (the adherence chart). */
export type AdherenceDay = Schemas['AdherenceDayDto'];

/** confirmed, missed, skipped and percent (confirmed ÷ (confirmed + missed), null while none has ended). */
export type AdherenceFigures = Pick<Schemas['ReminderAdherenceDto'], 'confirmed' | 'missed' | 'skipped' | 'percent'>;

export type ReminderAdherence = Schemas['ReminderAdherenceDto'];

export type Adherence = Schemas['AdherenceDto'];

/** Someone the client asked to be told (by text or by e-mail) when they miss a reminder. */
export type Caregiver = Schemas['CaregiverDto'];

/** The invited client's name and language, and the inviting agency (for the page's branding). */
export type InviteLookup = Schemas['InviteLookupDto'];

/** An agency's public face on its branded sign-in pages (GET /api/public/agency/{slug}, and an invitation's). */
export type PublicAgency = Schemas['PublicAgencyDto'];

/** Either the identifier and the texted code, or the e-mailed link's token; and the new password. */
export type PasswordResetConfirm = Schemas['PasswordResetConfirmDto'];

export type ClientSignedIn = Schemas['ClientSignedInDto'];

/** A change of the client's phone or e-mail their agent asked for; the contacts come masked. */
export type ContactChange = Schemas['ClientContactChangeDto'];

/** A text, call or e-mail in the client's development outbox (to them or a caregiver). */
export type DevOutboxMessage = Schemas['OutboxMessageDto'];
