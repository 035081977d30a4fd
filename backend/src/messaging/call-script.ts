import type twilio from 'twilio';

import { type Messages, messagesFor } from '../common/messages/index.js';
import { callSentences } from './call-sentences.js';
import type { CallScript } from './messaging.ports.js';

export { CALL_PROMPT, callSentences } from './call-sentences.js';

/** The attributes of every `<Say>` of a call in this language: a voice that speaks it, and the language itself. */
export function sayIn(words: Messages): { voice: string; language: string } {
  return { voice: words.call.voice, language: words.call.language };
}

/**
 * TwiML for a reminder call: the agency, the message and the sponsor message spoken inside a
 * one-digit Gather whose answer goes to `gatherUrl` (1 confirms, 9 opts out of calls), in the
 * client's language and a voice that speaks it. Built with Twilio's SDK (`loadTwilio`), which the
 * answering webhook has loaded.
 */
export function callTwiml(sdk: typeof twilio, script: CallScript, gatherUrl: string): string {
  const words = messagesFor(script.language);
  const say = sayIn(words) as Parameters<typeof twilio.twiml.VoiceResponse.prototype.say>[0];
  const response = new sdk.twiml.VoiceResponse();
  const gather = response.gather({ numDigits: 1, action: gatherUrl, method: 'POST', timeout: 6 });
  callSentences(script).forEach((sentence, index) => {
    gather.say(say, sentence);
    if (index === 0) gather.pause({ length: 1 });
  });
  response.say(say, words.call.goodbye);
  return response.toString();
}
