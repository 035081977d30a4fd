/**
 * Why a text waits: its agency's A2P 10DLC campaign is not approved yet (docs/messaging.md). Kept
 * on the delivery as its reason (in English, as every delivery reason is); the broker app shows
 * it in the broker's language (`heldReason` in its catalogues).
 */
export const TEXT_HELD_REASON = 'Held: texts wait for the agency’s carrier registration (A2P 10DLC)';
export const TEXT_HELD_REASON_ES = 'En espera: los mensajes de texto esperan el registro de la agencia ante los operadores (A2P 10DLC)';

/**
 * A held reminder released more than this long after its time is not sent (a medication reminder
 * days late would mislead); it ends as skipped with the reason below. Campaign texts and caregiver
 * invitations are still sent when released, within the calling hours.
 */
export const HELD_REMINDER_MAX_AGE_MS = 12 * 60 * 60 * 1000;
export const HELD_TOO_LONG_REASON = 'Not sent: it was held for the agency’s carrier registration past its time';

/** A held delivery waits until this time (released at once when the campaign is approved). */
export const HELD_UNTIL = new Date('9999-12-31T00:00:00.000Z');
