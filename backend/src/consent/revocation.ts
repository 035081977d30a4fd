import type { Language } from '../common/language.js';
import type { Channel } from '../messaging/outbox-message.entity.js';

/**
 * The keywords and phrases read in inbound texts, documented in docs/compliance.md. A reply is
 * compared without case, accents or surrounding punctuation.
 */
export const STOP_KEYWORDS = [
  'STOP',
  'STOPALL',
  'STOP ALL',
  'UNSUBSCRIBE',
  'END',
  'QUIT',
  'REVOKE',
  'OPTOUT',
  'OPT OUT',
  'CANCEL',
  // Spanish
  'ALTO',
  'PARAR',
  'PARE',
  'BAJA',
  'DAR DE BAJA',
  'CANCELAR',
  'DETENER',
  'NO MAS',
];
export const START_KEYWORDS = ['START', 'UNSTOP', 'COMENZAR', 'INICIAR'];
export const HELP_KEYWORDS = ['HELP', 'INFO', 'AYUDA'];
/** Keywords (and the confirmation SÍ) that say the person writes in Spanish: answers to them are in Spanish. */
const SPANISH_WORDS = new Set([
  'ALTO',
  'PARAR',
  'PARE',
  'BAJA',
  'DAR DE BAJA',
  'CANCELAR',
  'DETENER',
  'NO MAS',
  'COMENZAR',
  'INICIAR',
  'AYUDA',
  'SI',
]);
/** Keywords the carrier itself answers (Twilio's default opt-out handling is in English). */
const CARRIER_ANSWERED = new Set([
  'STOP',
  'STOPALL',
  'STOP ALL',
  'UNSUBSCRIBE',
  'END',
  'QUIT',
  'CANCEL',
  'REVOKE',
  'OPTOUT',
  'START',
  'UNSTOP',
  'HELP',
  'INFO',
]);

/**
 * Free-text replies that clearly mean "stop contacting me": a stop verb with what to stop, a
 * negated contact verb, or a request to be removed. Each names channels when the words do.
 */
const FREE_TEXT_STOP: RegExp[] = [
  // English
  /^(please\s+)?stop\b/,
  /\b(stop|quit|cease)\s+(calling|texting|messaging|e-?mailing|contacting|sending|bothering)\b/,
  /\bno\s+more\s+(calls?|texts?|messages?|e-?mails?|contact|reminders?)\b/,
  /\b(don'?t|do\s+not|never)\s+(ever\s+)?(call|text|message|e-?mail|contact)\b/,
  /\b(remove|take)\s+me\s+(off|from)\b/,
  /\bunsubscribe\b/,
  /\bopt\s*-?\s*out\b/,
  /\bleave\s+me\s+alone\b/,
  /\bwrong\s+number\b/,
];
const FREE_TEXT_STOP_ES: RegExp[] = [
  /\bno\s+(me\s+)?(llame|llamen|llames|escriba|escriban|envie|envien|manden|mande|contacte|contacten)\b/,
  /\bdej(e|en|a)\s+de\s+(llamar|llamarme|escribir|escribirme|enviar|mandar)/,
  /\bya\s+no\s+(quiero|deseo)\b/,
  /\bno\s+mas\s+(llamadas|mensajes|textos|correos)\b/,
];

const CHANNEL_WORDS: [Channel, RegExp][] = [
  ['voice', /\b(call|calls|calling|phone|llame|llamen|llames|llamar|llamarme|llamadas)\b/],
  ['sms', /\b(text|texts|texting|messages?|messaging|sms|escriba|escriban|escribir|escribirme|mensajes|textos)\b/],
  ['email', /\b(e-?mails?|e-?mailing|correos?)\b/],
];
const EVERY_CHANNEL = /\b(contact|contacting|contacte|contacten|everything)\b/;

/**
 * What an inbound text means for consent. `keyword`: one of the listed keywords (not free text);
 * `carrierAnswers`: the carrier itself answers it, so the product sends no answer of its own;
 * `language`: the language the words are in, when they tell.
 */
export type InboundMeaning =
  | { kind: 'stop'; keyword: boolean; carrierAnswers: boolean; channels: Channel[]; language?: Language }
  | { kind: 'start'; carrierAnswers: boolean; language?: Language }
  | { kind: 'help'; carrierAnswers: boolean; language?: Language }
  | undefined;

/** Upper case, without accents or surrounding punctuation. */
function normalized(body: string): string {
  return body
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[’‘]/g, "'")
    .trim()
    .replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '')
    .replace(/\s+/g, ' ')
    .toUpperCase();
}

/**
 * What an inbound text means for consent: a carrier keyword (STOP, START, HELP and their Spanish
 * forms), a free-text request to stop (with the channels it names; none named means the channel it
 * came on), or nothing.
 */
export function meaningOf(body: string | undefined, channel: Channel = 'sms'): InboundMeaning {
  const word = normalized(body ?? '');
  if (!word) return undefined;
  const keyword = { carrierAnswers: CARRIER_ANSWERED.has(word), language: replyLanguageOf(word) };
  if (STOP_KEYWORDS.includes(word)) return { kind: 'stop', keyword: true, channels: [channel], ...keyword };
  if (START_KEYWORDS.includes(word)) return { kind: 'start', ...keyword };
  if (HELP_KEYWORDS.includes(word)) return { kind: 'help', ...keyword };
  const text = word.toLowerCase();
  const spanish = FREE_TEXT_STOP_ES.some((pattern) => pattern.test(text));
  if (!spanish && !FREE_TEXT_STOP.some((pattern) => pattern.test(text))) return undefined;
  const free = { keyword: false, carrierAnswers: false, language: spanish ? ('es' as const) : ('en' as const) };
  if (EVERY_CHANNEL.test(text)) return { kind: 'stop', channels: ['voice', 'sms', 'email'], ...free };
  const named = CHANNEL_WORDS.filter(([, pattern]) => pattern.test(text)).map(([name]) => name);
  return { kind: 'stop', channels: named.length > 0 ? named : [channel], ...free };
}

/** The language a one-word reply is in, when the word tells (ALTO, SÍ: Spanish; STOP, YES: English; 1: nothing). */
export function replyLanguageOf(body: string | undefined): Language | undefined {
  const word = normalized(body ?? '');
  if (SPANISH_WORDS.has(word)) return 'es';
  if (
    /^[A-Z]/.test(word) &&
    (STOP_KEYWORDS.includes(word) || START_KEYWORDS.includes(word) || HELP_KEYWORDS.includes(word) || word === 'YES' || word === 'Y')
  )
    return 'en';
  return undefined;
}
