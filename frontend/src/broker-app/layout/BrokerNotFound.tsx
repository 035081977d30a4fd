import { useLocaleState } from 'react-admin';

import { languageOf } from '../../i18n/translation.ts';
import { NotFound } from '../../shared/NotFound.tsx';

/** The broker app's not-found page, in the app's language. */
export function BrokerNotFound() {
  const [locale] = useLocaleState();
  return <NotFound language={languageOf(locale)} />;
}
