import { type Language, languageOf } from '../i18n/translation.ts';

/** The few words both bundles show before either app's catalogue is loaded, in English and Spanish. */
export const SHARED_TEXTS: Record<Language, { loading: string; notFoundTitle: string; notFoundHint: string; notFoundHome: string }> = {
  en: {
    loading: 'Loading',
    notFoundTitle: '404 Page Not Found',
    notFoundHint: 'Did you forget to add the page to the router?',
    notFoundHome: 'Go to the home page',
  },
  es: {
    loading: 'Cargando',
    notFoundTitle: '404: página no encontrada',
    notFoundHint: '¿Se olvidó de agregar la página al enrutador?',
    notFoundHome: 'Ir a la página de inicio',
  },
};

/**
 * The words for the app's language when the caller knows it; else the page's (its `lang`, which the
 * app sets once its language is known), else the browser's.
 */
export function sharedTexts(language?: Language): (typeof SHARED_TEXTS)['en'] {
  return SHARED_TEXTS[language ?? languageOf(document.documentElement.lang) ?? languageOf(navigator.language) ?? 'en'];
}
