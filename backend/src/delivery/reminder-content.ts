import { DateTime } from 'luxon';

import { messagesFor } from '../common/messages/index.js';
import type { CallScript } from '../messaging/messaging.ports.js';
import { readPhi } from '../privacy/phi-crypto.js';
import type { ClaimedDelivery } from './delivery.repository.js';
import type { NoticeEmail } from './email-template.js';

/** The words that confirm a reminder by text, in English and Spanish (any case, surrounding spaces and a final period ignored). */
export const CONFIRM_WORDS = ['1', 'YES', 'Y', 'SI', 'SÍ'];

/** Whether an inbound text confirms a reminder. */
export function isConfirmation(body: string | undefined): boolean {
  return CONFIRM_WORDS.includes(
    (body ?? '')
      .trim()
      .replace(/^¡/, '')
      .replace(/[.!]+$/, '')
      .toUpperCase(),
  );
}

type ReminderParts = Pick<
  ClaimedDelivery,
  | 'client_message'
  | 'medication_name'
  | 'message'
  | 'agency_name'
  | 'broker_name'
  | 'sponsor_message'
  | 'confirm_within_minutes'
  | 'client_language'
>;

function agencyOf(delivery: Pick<ClaimedDelivery, 'agency_name' | 'broker_name'>): string {
  return delivery.agency_name || delivery.broker_name;
}

/**
 * The reminder's words: a client's own message (decrypted only here, to be sent) with the
 * medication's name when they asked for it, or the broker's message.
 */
function reminderMessage(delivery: ReminderParts): string {
  const own = delivery.client_message ? readPhi(delivery.client_message) : delivery.message;
  const medication = delivery.medication_name ? readPhi(delivery.medication_name) : undefined;
  const base = own?.trim() || messagesFor(delivery.client_language).sms.defaultReminder;
  return medication ? `${base}: ${medication}` : base;
}

/** What a reminder call says to a person. */
export function reminderCallScript(delivery: ReminderParts): CallScript {
  return {
    agencyName: agencyOf(delivery),
    message: reminderMessage(delivery),
    sponsorMessage: delivery.sponsor_message,
    language: delivery.client_language,
  };
}

/** A reminder text: agency, message, sponsor, the confirmation prompt when it asks for one, the opt-out line. */
export function reminderText(delivery: ReminderParts): string {
  const agencyName = agencyOf(delivery);
  const sponsor = delivery.sponsor_message ? ` ${delivery.sponsor_message}` : '';
  const words = messagesFor(delivery.client_language).sms;
  const confirm = delivery.confirm_within_minutes !== null ? ` ${words.confirmPrompt}` : '';
  return `${agencyName ? `${agencyName}: ` : ''}${reminderMessage(delivery)}${sponsor}${confirm} ${words.optOut}`;
}

/**
 * What an answering machine hears for a client's own reminder: who called and how to call back,
 * never the reminder itself (a voicemail may be heard by anyone).
 */
export function voicemailMessage(
  delivery: Pick<ClaimedDelivery, 'agency_name' | 'broker_name' | 'agency_phone' | 'client_language'>,
): string {
  const words = messagesFor(delivery.client_language);
  return words.call.voicemail(agencyOf(delivery).trim() || words.yourAgency, delivery.agency_phone?.trim() ?? '');
}

type CaregiverParts = Pick<ClaimedDelivery, 'agency_name' | 'broker_name' | 'client_first_name' | 'client_language'>;

/** The invitation a caregiver gets when a client adds them: nothing else is sent before they reply YES. */
export function caregiverInvitation(delivery: CaregiverParts): string {
  const words = messagesFor(delivery.client_language);
  return words.sms.caregiverInvitation(delivery.client_first_name.trim() || words.aClient, agencyOf(delivery).trim() || words.theirAgency);
}

/** The line every alert starts with: who did not confirm which time's reminder, never what it was about. */
function alertLine(delivery: CaregiverParts & Pick<ClaimedDelivery, 'occurrence_at'>, zone: string): string {
  const words = messagesFor(delivery.client_language);
  const time = DateTime.fromJSDate(new Date(delivery.occurrence_at), { zone }).setLocale(words.locale).toFormat(words.timeFormat);
  return words.caregiver.alert(
    delivery.client_first_name.trim() || words.yourFamilyMember,
    time,
    agencyOf(delivery).trim() || words.theirAgency,
  );
}

/** A caregiver's alert by text. */
export function caregiverAlert(delivery: CaregiverParts & Pick<ClaimedDelivery, 'occurrence_at'>, zone: string): string {
  return `${alertLine(delivery, zone)} ${messagesFor(delivery.client_language).sms.optOut}`;
}

/** What an e-mail to a caregiver says (the page behind `link` takes their answer; `stop` ends the e-mails). */
export interface CaregiverEmail {
  subject: string;
  notice: NoticeEmail;
}

/** An e-mail caregiver's invitation or alert, with the same words as the texts and their page's links. */
export function caregiverEmail(
  delivery: CaregiverParts & Pick<ClaimedDelivery, 'occurrence_at' | 'caregiver_message'>,
  zone: string,
  links: { page: string; stop: string },
): CaregiverEmail {
  const words = messagesFor(delivery.client_language);
  const agency = agencyOf(delivery).trim() || words.theirAgency;
  const name = delivery.client_first_name.trim() || words.aClient;
  const { caregiver } = words;
  if (delivery.caregiver_message === 'invite')
    return {
      subject: caregiver.inviteSubject(name),
      notice: {
        paragraphs: [caregiver.inviteText(name, agency), caregiver.privacy(name), caregiver.nothingElse],
        button: { label: caregiver.answer, url: links.page },
        reason: caregiver.reason(name),
        stop: links.stop,
        language: delivery.client_language,
      },
    };
  return {
    subject: caregiver.alertSubject(name),
    notice: {
      paragraphs: [alertLine(delivery, zone), caregiver.privacy(name)],
      button: { label: caregiver.yourEmails, url: links.page },
      reason: caregiver.reason(name),
      stop: links.stop,
      language: delivery.client_language,
    },
  };
}
