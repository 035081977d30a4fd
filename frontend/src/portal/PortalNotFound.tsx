import { NotFound } from '../shared/NotFound.tsx';
import { usePortalLanguage } from './i18n.tsx';

/** The not-found page of the public pages, in their language (a Spanish browser's, say). */
export function PortalNotFound() {
  return <NotFound language={usePortalLanguage().language} />;
}
