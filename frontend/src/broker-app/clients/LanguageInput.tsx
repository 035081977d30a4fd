import { required, SelectInput } from 'react-admin';

import type { Translation } from '../../i18n/translation.ts';
import { LANGUAGES } from '../../i18n/translation.ts';
import type { CLIENT_TEXTS } from './texts.ts';

/** The client's language: their portal, calls, texts and e-mails speak it (English unless chosen). */
export function LanguageInput({ texts }: { texts: Translation<typeof CLIENT_TEXTS> }) {
  return (
    <SelectInput
      source="language"
      label={texts.language}
      helperText={texts.languageHelp}
      choices={LANGUAGES.map((id) => ({ id, name: texts.languageNames[id] }))}
      defaultValue="en"
      // Always one of the two: no empty choice.
      validate={required()}
      fullWidth
    />
  );
}
