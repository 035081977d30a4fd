/**
 * The sentences of a reminder call, from the server's own module (what Twilio says and the outbox
 * shows), imported rather than copied: the agency, the reminder message, the sponsor message when
 * there is one (in the client's language by the server's rule), then the prompt.
 */
export { sponsorMessageIn } from '../../../../backend/src/branding/sponsor-message.ts';
export { CALL_PROMPT, callSentences } from '../../../../backend/src/messaging/call-sentences.ts';
export type { CallScript } from '../../../../backend/src/messaging/messaging.ports.ts';
