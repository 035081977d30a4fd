import { type Language } from '../../i18n/translation.ts';
import { LANGUAGE_NAMES, usePortalLanguage } from '../i18n.tsx';

/**
 * The visible language switch: the other language's name, in that language ("Español" /
 * "English"), so a reader of either finds it. `onChosen` runs after the pages have switched (a
 * signed-in client's choice is saved to their account there).
 */
export function LanguageSwitch({
  className = 'cp-button cp-button-outline',
  onChosen,
}: {
  className?: string;
  onChosen?: (language: Language) => void;
}) {
  const { language, setLanguage } = usePortalLanguage();
  const other: Language = language === 'en' ? 'es' : 'en';
  return (
    <button
      type="button"
      className={`${className} cp-language-switch`}
      lang={other}
      onClick={() => void setLanguage(other).then(() => onChosen?.(other))}
    >
      {LANGUAGE_NAMES[other]}
    </button>
  );
}
