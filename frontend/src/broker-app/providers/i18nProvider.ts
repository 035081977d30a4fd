import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';

import { setBrokerLanguage } from '../i18n/current.ts';
import { loadBrokerCatalogue } from '../i18n/useBrokerTexts.ts';
import { LANGUAGE_NAMES } from '../layout/texts.ts';

/**
 * react-admin's i18nProvider: its own words from `ra-language-english` and our Spanish of them
 * (no maintained Spanish package follows react-admin 5), and with Spanish the app's own catalogue,
 * loaded together as one step so the switch shows every word at once. English is the start; the
 * user's saved language follows as soon as it is known (see LanguageMenu).
 */
export const i18nProvider = polyglotI18nProvider(
  (locale) => {
    if (locale !== 'es') {
      setBrokerLanguage('en');
      return englishMessages;
    }
    return Promise.all([import('../../i18n/es/react-admin.ts'), loadBrokerCatalogue('es')]).then(([spanish]) => {
      setBrokerLanguage('es');
      return spanish.spanishReactAdmin;
    });
  },
  'en',
  Object.entries(LANGUAGE_NAMES).map(([locale, name]) => ({ locale, name })),
  { allowMissing: true },
);
