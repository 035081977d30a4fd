import { messagesFor } from '../common/messages/index.js';
import type { CallScript } from './messaging.ports.js';

/**
 * What a reminder call says, kept free of server-only imports: the frontend imports this very file
 * for the call preview in Branding (`frontend/src/broker-app/branding/callScript.ts`), so the script
 * is written in one place.
 */
export const CALL_PROMPT = messagesFor('en').call.prompt;

/** The sentences of a reminder call, in order (what the outbox shows and Twilio says), in the client's language. */
export function callSentences(script: CallScript): string[] {
  const words = messagesFor(script.language);
  const agency = script.agencyName.trim() || words.yourAgency;
  return [
    words.call.hello(agency),
    script.message.trim(),
    ...(script.sponsorMessage?.trim() ? [script.sponsorMessage.trim()] : []),
    words.call.prompt,
  ];
}
