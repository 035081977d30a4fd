import { DateTime } from 'luxon';

import type { CallScript } from '../messaging/messaging.ports.js';
import { readPhi } from '../privacy/phi-crypto.js';
import type { ClaimedDelivery } from './delivery.repository.js';
import type { NoticeEmail } from './email-template.js';

export const DEFAULT_CLIENT_MESSAGE = "It's time to take your medication";
/** How a text that asks for a confirmation ends (before the opt-out line). */
export const SMS_CONFIRM_PROMPT = 'Reply 1 or YES when you have taken it.';
/** The words that confirm a reminder by text (any case, surrounding spaces and a final period ignored). */
export const CONFIRM_WORDS = ['1', 'YES', 'Y', 'SI', 'SÍ'];

/** Whether an inbound text confirms a reminder. */
export function isConfirmation(body: string | undefined): boolean {
  return CONFIRM_WORDS.includes(
    (body ?? '')
      .trim()
      .replace(/[.!]+$/, '')
      .toUpperCase(),
  );
}

type ReminderParts = Pick<
  ClaimedDelivery,
  'client_message' | 'medication_name' | 'message' | 'agency_name' | 'broker_name' | 'sponsor_message' | 'confirm_within_minutes'
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
  const base = own?.trim() || DEFAULT_CLIENT_MESSAGE;
  return medication ? `${base}: ${medication}` : base;
}

/** What a reminder call says to a person. */
export function reminderCallScript(delivery: ReminderParts): CallScript {
  return { agencyName: agencyOf(delivery), message: reminderMessage(delivery), sponsorMessage: delivery.sponsor_message };
}

/** A reminder text: agency, message, sponsor, the confirmation prompt when it asks for one, the opt-out line. */
export function reminderText(delivery: ReminderParts): string {
  const agencyName = agencyOf(delivery);
  const sponsor = delivery.sponsor_message ? ` ${delivery.sponsor_message}` : '';
  const confirm = delivery.confirm_within_minutes !== null ? ` ${SMS_CONFIRM_PROMPT}` : '';
  return `${agencyName ? `${agencyName}: ` : ''}${reminderMessage(delivery)}${sponsor}${confirm} Reply STOP to opt out.`;
}

/**
 * What an answering machine hears for a client's own reminder: who called and how to call back,
 * never the reminder itself (a voicemail may be heard by anyone).
 */
export function voicemailMessage(delivery: Pick<ClaimedDelivery, 'agency_name' | 'broker_name' | 'agency_phone'>): string {
  const agency = agencyOf(delivery).trim() || 'your insurance agency';
  const phone = delivery.agency_phone?.trim();
  return `This is a reminder from ${agency}. Please call us back${phone ? ` at ${phone}` : ''} if you need help.`;
}

type CaregiverParts = Pick<ClaimedDelivery, 'agency_name' | 'broker_name' | 'client_first_name'>;

/** The invitation a caregiver gets when a client adds them: nothing else is sent before they reply YES. */
export function caregiverInvitation(delivery: CaregiverParts): string {
  const agency = agencyOf(delivery).trim() || 'their insurance agency';
  const name = delivery.client_first_name.trim() || 'A client';
  return `${name} added you as their caregiver for reminders from ${agency}. Reply YES to get a text if they miss one. Reply STOP to opt out.`;
}

/** The line every alert starts with: who did not confirm which time's reminder, never what it was about. */
function alertLine(delivery: CaregiverParts & Pick<ClaimedDelivery, 'occurrence_at'>, zone: string): string {
  const agency = agencyOf(delivery).trim() || 'their insurance agency';
  const name = delivery.client_first_name.trim() || 'Your family member';
  const time = DateTime.fromJSDate(new Date(delivery.occurrence_at), { zone }).toFormat('h:mm a');
  return `${name} has not confirmed the ${time} reminder from ${agency}.`;
}

/** A caregiver's alert by text. */
export function caregiverAlert(delivery: CaregiverParts & Pick<ClaimedDelivery, 'occurrence_at'>, zone: string): string {
  return `${alertLine(delivery, zone)} Reply STOP to opt out.`;
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
  const agency = agencyOf(delivery).trim() || 'their insurance agency';
  const name = delivery.client_first_name.trim() || 'A client';
  const reason = `You get this because ${name} added you as their caregiver.`;
  const privacy = `You will only learn the time of a reminder ${name} did not confirm, never what it is about.`;
  if (delivery.caregiver_message === 'invite')
    return {
      subject: `${name} added you as their caregiver`,
      notice: {
        paragraphs: [
          `${name} added you as their caregiver for reminders from ${agency}. Do you want an e-mail when ${name} does not confirm one?`,
          privacy,
          'Nothing else is sent to you unless you say yes.',
        ],
        button: { label: 'Answer', url: links.page },
        reason,
        stop: links.stop,
      },
    };
  return {
    subject: `${name} has not confirmed a reminder`,
    notice: {
      paragraphs: [alertLine(delivery, zone), privacy],
      button: { label: 'Your caregiver e-mails', url: links.page },
      reason,
      stop: links.stop,
    },
  };
}
