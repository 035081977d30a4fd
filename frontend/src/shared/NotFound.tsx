import './shared.css';

import type { Language } from '../i18n/translation.ts';
import { sharedTexts } from './sharedTexts.ts';

/**
 * The not-found page, shared by the public bundle and the broker/admin app, in `language` when the
 * app gives it (the page's own `lang` still says English while the app's first render is under way).
 */
export function NotFound({ language }: { language?: Language }) {
  const texts = sharedTexts(language);
  return (
    <main className="ck-center ck-page-muted">
      <div className="ck-card ck-not-found">
        <div className="ck-not-found-title">
          <svg viewBox="0 0 24 24" width="32" height="32" aria-hidden="true" className="ck-not-found-icon">
            <circle cx="12" cy="12" r="10" fill="none" stroke="currentColor" strokeWidth="2" />
            <line x1="12" y1="8" x2="12" y2="12" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            <circle cx="12" cy="16" r="1.2" fill="currentColor" />
          </svg>
          <h1>{texts.notFoundTitle}</h1>
        </div>
        <p>{texts.notFoundHint}</p>
        {/* A way on from a dead end: the home page is the dashboard when signed in, else the landing page. */}
        <p>
          <a href="/" className="ck-not-found-home">
            {texts.notFoundHome}
          </a>
        </p>
      </div>
    </main>
  );
}
