import { describe, expect, it } from 'vitest';

import { brokerLanguage, setBrokerLanguage } from './broker-app/i18n/current.ts';

// Read before any test of this file runs: what the file was handed by the worker, which may have run
// other files before it (the "shared" project in vite.config.ts).
const handed = {
  storage: localStorage.length + sessionStorage.length,
  cookies: document.cookie,
  body: document.body.childElementCount,
  path: window.location.pathname,
  lang: document.documentElement.getAttribute('lang'),
  language: brokerLanguage(),
};

describe('each test file starts from a clean page, whatever ran before it in its worker', () => {
  it('gets empty storage, no cookies, an empty body, the root URL and fresh app modules', () => {
    expect(handed).toEqual({ storage: 0, cookies: '', body: 0, path: '/', lang: null, language: 'en' });
  });

  it('leaves everything changed behind, for the per-file reset to clear before the next file', () => {
    localStorage.setItem('carekeep.language', 'es');
    sessionStorage.setItem('left', 'behind');
    document.cookie = 'left=behind; path=/';
    document.body.append(document.createElement('a'));
    window.history.replaceState(null, '', '/somewhere/else');
    document.documentElement.setAttribute('lang', 'es');
    setBrokerLanguage('es');
    expect(brokerLanguage()).toBe('es');
  });
});
