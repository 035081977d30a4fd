import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';

import { type Language, languageOf, type Translation } from '../i18n/translation.ts';
import { setRequestLanguage } from '../lib/http.ts';
import { CARE_TEXTS, SETTINGS_TEXTS } from './client/careTexts.ts';
import { LOGIN, PASSWORD_TOGGLE } from './client/loginTexts.ts';
import { setFormatLanguage } from './client/portalFormat.ts';
import { INTERVAL_UNITS, PORTAL_TEXTS, WEEKDAYS } from './client/portalTexts.ts';
import { REGISTER } from './client/registerTexts.ts';
import { LANDING } from './landingTexts.ts';

/** Every text of the public and client pages in English: the catalogue other languages translate. */
const en = {
  LANDING,
  LOGIN,
  PASSWORD_TOGGLE,
  REGISTER,
  PORTAL_TEXTS,
  WEEKDAYS,
  INTERVAL_UNITS,
  CARE_TEXTS,
  SETTINGS_TEXTS,
};

/** The shape of the portal's catalogue (English's, with each language's own words). */
export type PortalTexts = { [K in keyof typeof en]: Translation<(typeof en)[K]> };

/** Where the chosen language is remembered in this browser. */
export const LANGUAGE_KEY = 'carekeep.language';
/** The names of the languages, each in itself: what the switch offers. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', es: 'Español' };

/**
 * The catalogue of a language. Spanish is a separate chunk, fetched only when chosen, so the
 * English first load stays within the portal's budget.
 */
export async function loadPortalTexts(language: Language): Promise<PortalTexts> {
  if (language === 'es') return (await import('../i18n/es/portal.ts')) as unknown as PortalTexts;
  return en as unknown as PortalTexts;
}

/** The language to start in: `?lang=`, then this browser's last choice, then the browser's languages. */
export function initialLanguage(search = window.location.search, stored = readStored(), browser = navigator.languages): Language {
  const fromQuery = languageOf(new URLSearchParams(search).get('lang'));
  if (fromQuery) return fromQuery;
  const fromStore = languageOf(stored);
  if (fromStore) return fromStore;
  for (const tag of browser ?? []) {
    const language = languageOf(tag);
    if (language) return language;
  }
  return 'en';
}

function readStored(): string | null {
  try {
    return localStorage.getItem(LANGUAGE_KEY);
  } catch {
    return null;
  }
}

interface PortalLanguage {
  language: Language;
  texts: PortalTexts;
  /** Switches the pages' language (and remembers it in this browser); answers its texts. */
  setLanguage: (language: Language) => Promise<PortalTexts>;
}

const Context = createContext<PortalLanguage>({
  language: 'en',
  texts: en as unknown as PortalTexts,
  setLanguage: async () => en as unknown as PortalTexts,
});

/** The public and client pages in the chosen language; nothing renders until its catalogue has loaded. */
export function PortalLanguageProvider({ children, initial = initialLanguage() }: { children: ReactNode; initial?: Language }) {
  const [state, setState] = useState<{ language: Language; texts: PortalTexts } | null>(
    initial === 'en' ? { language: 'en', texts: en as unknown as PortalTexts } : null,
  );

  const setLanguage = useCallback(async (language: Language) => {
    const texts = await loadPortalTexts(language);
    try {
      localStorage.setItem(LANGUAGE_KEY, language);
    } catch {
      // A browser that keeps nothing still switches for this visit.
    }
    setState({ language, texts });
    return texts;
  }, []);

  useEffect(() => {
    if (!state) void loadPortalTexts(initial).then((texts) => setState({ language: initial, texts }));
  }, [initial, state]);

  const language = state?.language;
  useEffect(() => {
    if (!language) return;
    document.documentElement.lang = language;
  }, [language]);

  const value = useMemo(() => (state ? { ...state, setLanguage } : null), [state, setLanguage]);
  if (!value) return null;
  // Dates, summaries and the server's messages are in the language the pages render in.
  setFormatLanguage(value.language, value.texts);
  setRequestLanguage(value.language);
  return <Context.Provider value={value}>{children}</Context.Provider>;
}

/** The current language, its texts and the switch. */
export function usePortalLanguage(): PortalLanguage {
  return useContext(Context);
}

/**
 * Words kept out of the first load (the guide, the tour): English as given, another language's
 * from its own chunk; null while that chunk loads. `load` is a module-level constant (its
 * functions are the effect's dependencies).
 */
export function useLazyWords<T>(english: T, load: Partial<Record<Language, () => Promise<T>>>): T | null {
  const { language } = usePortalLanguage();
  const [loaded, setLoaded] = useState<{ language: Language; words: T } | null>(null);
  const loader = language === 'en' ? undefined : load[language];
  useEffect(() => {
    let live = true;
    if (loader) void loader().then((words) => live && setLoaded({ language, words }));
    return () => {
      live = false;
    };
  }, [language, loader]);
  if (!loader) return english;
  return loaded?.language === language ? loaded.words : null;
}

/** The current language's texts. */
export function usePortalTexts(): PortalTexts {
  return useContext(Context).texts;
}
