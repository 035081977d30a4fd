import TranslateIcon from '@mui/icons-material/Translate';
import { Button, Menu, MenuItem } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useLocaleState, useNotify } from 'react-admin';

import { type Language, LANGUAGES } from '../../i18n/translation.ts';
import { useBrokerTexts } from '../i18n/useBrokerTexts.ts';
import { useCareKeepDataProvider } from '../providers/dataProvider.ts';
import { useCurrentUser, useSetCurrentUser } from '../providers/useCurrentUser.ts';
import { LANGUAGE_NAMES } from './texts.ts';

/**
 * The header's language menu. The choice is the person's own: saved to their profile, so it
 * follows them to another browser; on sign-in the app opens in it.
 */
export function LanguageMenu() {
  const { SHELL_TEXTS: T } = useBrokerTexts().shell;
  const [locale, setLocale] = useLocaleState();
  const { data: user } = useCurrentUser();
  const setUser = useSetCurrentUser();
  const dataProvider = useCareKeepDataProvider();
  const notify = useNotify();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);

  // Once the user is known, the app speaks their saved language.
  const synced = useRef(false);
  useEffect(() => {
    if (synced.current || !user) return;
    synced.current = true;
    if (user.language && user.language !== locale) setLocale(user.language);
  }, [user, locale, setLocale]);

  // The page says which language it is in, so a screen reader reads it with the right voice.
  useEffect(() => {
    document.documentElement.lang = (locale as Language) in LANGUAGE_NAMES ? locale : 'en';
  }, [locale]);

  const choose = (language: Language) => {
    setAnchor(null);
    if (language === locale) return;
    setLocale(language);
    setUser((current) => ({ ...current, language }));
    dataProvider.updateProfile({ language }).catch(() => notify(T.languageSaveFailed, { type: 'error' }));
  };

  const current = LANGUAGE_NAMES[(locale as Language) in LANGUAGE_NAMES ? (locale as Language) : 'en'];
  return (
    <>
      <Button
        color="inherit"
        startIcon={<TranslateIcon />}
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-haspopup="menu"
        aria-expanded={anchor ? true : undefined}
        aria-label={`${T.language}: ${current}`}
        sx={{ ml: 'auto', textTransform: 'none' }}
      >
        {current}
      </Button>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {LANGUAGES.map((language) => (
          <MenuItem key={language} lang={language} selected={language === locale} onClick={() => choose(language)}>
            {LANGUAGE_NAMES[language]}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
