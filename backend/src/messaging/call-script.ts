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
 * Gather of one key or a few words, whose answer goes to `gatherUrl` (1 or "yes" confirms, 9 opts
 * out of calls), in the
 * client's language and a voice that speaks it. Built with Twilio's SDK (`loadTwilio`), which the
 * answering webhook has loaded.
 */
export function callTwiml(sdk: typeof twilio, script: CallScript, gatherUrl: string): string {
  const words = messagesFor(script.language);
  const say = sayIn(words) as Parameters<typeof twilio.twiml.VoiceResponse.prototype.say>[0];
  const response = new sdk.twiml.VoiceResponse();
  // A key, or "yes" / "sí" said in the call's language (docs/messaging.md "Reminder calls").
  const gather = response.gather({
    input: ['dtmf', 'speech'],
    numDigits: 1,
    action: gatherUrl,
    method: 'POST',
    timeout: 6,
    language: words.call.language as 'en-US',
    hints: words.call.yesHints,
    speechTimeout: 'auto',
  });
  callSentences(script).forEach((sentence, index) => {
    gather.say(say, sentence);
    if (index === 0) gather.pause({ length: 1 });
  });
  response.say(say, words.call.goodbye);
  return response.toString();
}

const YES_WORDS = new Set(['yes', 'yeah', 'yep', 'yup', 'si', 'claro', 'ya', 'okay', 'ok']);
const NO_WORDS = new Set(['no', 'nope', 'not', "didn't", 'didnt', 'todavia']);

/**
 * Whether what the person said during a reminder call confirms it: a yes (English or Spanish, as
 * speech recognition writes it, accents and punctuation aside) and no "no" — "no, not yet" and
 * "sí, pero no" confirm nothing.
 */
export function saidYes(speech: string | undefined): boolean {
  const words = (speech ?? '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z']+/)
    .filter(Boolean);
  return words.some((word) => YES_WORDS.has(word)) && !words.some((word) => NO_WORDS.has(word));
}
