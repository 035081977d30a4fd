import './accountSuspended.css';

import type { ReactNode } from 'react';

import { LANGUAGE_NAMES, usePortalLanguage } from './i18n.tsx';

/**
 * A public page that says one thing to a person who cannot go on (a suspended account, an invitation
 * that no longer works): the product's name, a switch to the other language, and the page's words.
 * The switch is written here rather than the other public pages' LanguageSwitch, which would leave
 * the portal's first load for a chunk of its own.
 */
export function NoticeCard({ productName, children }: { productName: string; children: ReactNode }) {
  const { language, setLanguage } = usePortalLanguage();
  const other = language === 'en' ? 'es' : 'en';
  return (
    <main className="ck-center ck-page-muted">
      <div className="ck-card ck-suspended">
        <div className="ck-suspended-top">
          <span className="ck-suspended-brand">{productName}</span>
          <button
            type="button"
            className="pl-button pl-button-outline ck-suspended-language"
            lang={other}
            onClick={() => void setLanguage(other)}
          >
            {LANGUAGE_NAMES[other]}
          </button>
        </div>
        {children}
      </div>
    </main>
  );
}
