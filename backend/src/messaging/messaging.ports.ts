/** What every outgoing message says about itself, whatever carries it. */
export interface OutgoingMessage {
  /** E.164 phone number (SMS, voice) or e-mail address. */
  to: string;
  body: string;
  /** Why it is sent, e.g. `client-invitation`: kept with the message for the outbox and logs. */
  purpose: string;
  brokerId?: string;
}

export interface SendResult {
  /** The provider's id for the message (the outbox row id in development). */
  providerId: string;
}

/** Sends text messages. Adapters: the development outbox; Twilio joins with the messaging issue. */
export interface SmsSender {
  sendSms(message: OutgoingMessage): Promise<SendResult>;
}

/** Nest injection token for the SmsSender in use. */
export const SMS_SENDER = Symbol('SMS_SENDER');
