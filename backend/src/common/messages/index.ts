import type { Language } from '../language.js';
import { en, type Messages } from './en.js';
import { es } from './es.js';

export type { Messages } from './en.js';

const CATALOGUES: Record<Language, Messages> = { en, es };

/** The words for a person who speaks `language` (English when it is unknown or missing). */
export function messagesFor(language: string | null | undefined): Messages {
  return CATALOGUES[language as Language] ?? en;
}

/** A list of things in a sentence: "calls and texts", "llamadas ni mensajes de texto". */
export function listOf(items: string[], messages: Messages): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} ${messages.sms.and} ${items[items.length - 1]}`;
}
