import { useLocaleState } from 'react-admin';

import { type Language, languageOf } from '../../i18n/translation.ts';
import { type BrokerCatalogue, english, over } from './catalogue.ts';
import { brokerLanguage } from './current.ts';

const loaded: Partial<Record<Language, BrokerCatalogue>> = { en: english as BrokerCatalogue };

/** Loads a language's catalogue (Spanish is its own chunk); the i18nProvider waits for it before switching. */
export async function loadBrokerCatalogue(language: Language): Promise<BrokerCatalogue> {
  if (!loaded[language]) loaded[language] = over((await import('../../i18n/es/broker.ts')).spanish);
  return loaded[language];
}

/** The language the broker app is showing. */
export function useBrokerLanguage(): Language {
  const [locale] = useLocaleState();
  return languageOf(locale) ?? 'en';
}

/** The broker app's texts in the chosen language, by area: `useBrokerTexts().clients.CLIENT_TEXTS`. */
export function useBrokerTexts(): BrokerCatalogue {
  return loaded[useBrokerLanguage()] ?? (english as BrokerCatalogue);
}

/** The same texts outside a component (helpers called while a page renders), in the app's language. */
export function brokerTexts(): BrokerCatalogue {
  return loaded[brokerLanguage()] ?? (english as BrokerCatalogue);
}
