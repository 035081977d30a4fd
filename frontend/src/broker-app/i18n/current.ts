import type { Language } from '../../i18n/translation.ts';

let current: Language = 'en';

/**
 * The language the app is showing, for the helpers that write dates and sentences outside a
 * component. The i18nProvider sets it when a language's messages are in place, before the pages
 * render again in it.
 */
export function setBrokerLanguage(language: Language): void {
  current = language;
}

export function brokerLanguage(): Language {
  return current;
}
