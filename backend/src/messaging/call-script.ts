import twilio from 'twilio';

import type { CallScript } from './messaging.ports.js';

export const CALL_PROMPT = 'Press 1 to confirm you got this message. Press 9 to stop these calls.';

/** The sentences of a reminder call, in order (what the outbox shows and Twilio says). */
export function callSentences(script: CallScript): string[] {
  const agency = script.agencyName.trim() || 'your insurance agency';
  return [
    `Hello, this is a reminder from ${agency}.`,
    script.message.trim(),
    ...(script.sponsorMessage?.trim() ? [script.sponsorMessage.trim()] : []),
    CALL_PROMPT,
  ];
}

/**
 * TwiML for a reminder call: the agency, the message and the sponsor message spoken inside a
 * one-digit Gather whose answer goes to `gatherUrl` (1 confirms, 9 opts out of calls).
 */
export function callTwiml(script: CallScript, gatherUrl: string): string {
  const response = new twilio.twiml.VoiceResponse();
  const gather = response.gather({ numDigits: 1, action: gatherUrl, method: 'POST', timeout: 6 });
  const sentences = callSentences(script);
  sentences.forEach((sentence, index) => {
    gather.say({ voice: 'Polly.Joanna' }, sentence);
    if (index === 0) gather.pause({ length: 1 });
  });
  response.say({ voice: 'Polly.Joanna' }, 'Thank you. Goodbye.');
  return response.toString();
}
