import { useLocaleState } from 'react-admin';

import { type Language, languageOf } from '../../i18n/translation.ts';
import { addLateAreas, type BrokerCatalogue, type BrokerTranslation, english, over } from './catalogue.ts';
import { brokerLanguage } from './current.ts';

const loaded: Partial<Record<Language, BrokerCatalogue>> = { en: english as BrokerCatalogue };
let spanish: BrokerTranslation | undefined;
let lateAreas: Promise<void> | undefined;

/** Loads a language's catalogue (Spanish is its own chunk); the i18nProvider waits for it before switching. */
export async function loadBrokerCatalogue(language: Language): Promise<BrokerCatalogue> {
  if (!loaded[language]) {
    spanish = (await import('../../i18n/es/broker.ts')).spanish;
    loaded[language] = over(spanish);
  }
  return loaded[language];
}

/**
 * Loads the English areas left out of the first load (the back office's and the guide's), once;
 * the pages that show them wait for it before they render (BrokerApp.tsx). A language loaded
 * before them gains their English numbers and ids.
 */
export function loadLateAreas(): Promise<void> {
  lateAreas ??= import('./lateAreas.ts').then(({ late }) => {
    addLateAreas(late);
    if (spanish) loaded.es = over(spanish);
  });
  return lateAreas;
}

/** A page or card whose texts are in the late areas: it renders once both have loaded. */
export function withLateAreas<M>(module: Promise<M>): Promise<M> {
  return Promise.all([module, loadLateAreas()]).then(([loaded]) => loaded);
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
