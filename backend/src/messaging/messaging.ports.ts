import type { Language } from '../common/language.js';

/** What every outgoing message says about itself, whatever carries it. */
interface OutgoingBase {
  /** E.164 phone number (SMS, voice) or e-mail address. */
  to: string;
  /** Why it is sent, e.g. `client-invitation`, `reminder`, `client-reminder`, `campaign`. */
  purpose: string;
  brokerId?: string | null;
  /** The delivery row it belongs to: providers report back against it, the outbox keeps one per delivery. */
  deliveryId?: string;
  /**
   * What in the message only its recipient may see: a code or a link that acts for them (a password
   * reset, a permission renewal). Providers send it as it is; the development outbox, which the
   * agency reads, stores the message with each of them hidden.
   */
  secrets?: readonly string[];
}

export interface SmsMessage extends OutgoingBase {
  body: string;
  /**
   * The agency's own messaging service (A2P 10DLC, MG…): Twilio sends from its numbers. Absent: the
   * platform's number (TWILIO_FROM_NUMBER).
   */
  messagingServiceSid?: string;
}

/** A reminder call: opens with the agency, then the message, then the sponsor message. */
export interface CallScript {
  agencyName: string;
  message: string;
  sponsorMessage?: string | null;
  /** The client's language: the call's own words and its voice (English when absent). */
  language?: Language;
}

export interface VoiceCall extends OutgoingBase {
  script: CallScript;
}

export interface EmailMessage extends OutgoingBase {
  subject: string;
  text: string;
  html?: string;
  /** Extra headers, e.g. List-Unsubscribe. */
  headers?: Record<string, string>;
}

export interface SendResult {
  /** The provider's id (Twilio SID, SMTP message id, outbox row id). */
  providerId: string;
  /** `sent`: accepted, the outcome arrives later by callback; `completed`: nothing more will happen. */
  status: 'sent' | 'completed';
}

export interface SmsSender {
  sendSms(message: SmsMessage): Promise<SendResult>;
}

export interface VoiceSender {
  sendCall(call: VoiceCall): Promise<SendResult>;
}

export interface EmailSender {
  sendEmail(message: EmailMessage): Promise<SendResult>;
}

/** Nest injection tokens for the adapters in use. */
export const SMS_SENDER = Symbol('SMS_SENDER');
export const VOICE_SENDER = Symbol('VOICE_SENDER');
export const EMAIL_SENDER = Symbol('EMAIL_SENDER');

/** The provider did not answer in time (PROVIDER_TIMEOUT_MS): it may be tried again later. */
/**
 * The mail server refused the address for good (an SMTP 5xx answer to the recipient, such as 550
 * "mailbox unavailable"): a hard bounce, after which the address is not written to again.
 */
export class AddressRejectedError extends Error {
  constructor(
    readonly address: string,
    readonly response: string,
  ) {
    super(`The mail server refused ${address}: ${response}`);
    this.name = 'AddressRejectedError';
  }
}

export class ProviderTimeoutError extends Error {
  constructor(provider: string, timeoutMs: number) {
    super(`${provider} did not answer within ${timeoutMs} ms`);
    this.name = 'ProviderTimeoutError';
  }
}
