/**
 * What the broker confirms when they record a client's permission, shown beside the checkbox and
 * kept word for word in the ledger as the event's evidence. The broker app shows these same texts.
 */
export const ATTESTATIONS = {
  reminders: 'The client gave my agency this phone number and e-mail address to receive reminder calls, texts and e-mails.',
  marketing:
    'The client gave my agency written permission to contact them about Medicare plans by call, text and e-mail, and I can produce it.',
  importReminders:
    'The clients in this file gave my agency their phone numbers and e-mail addresses to receive reminder calls, texts and e-mails.',
  importMarketing:
    'The clients in this file marked for marketing gave my agency written permission to contact them about Medicare plans by call, text and e-mail, and I can produce it.',
} as const;
