import type { ResetWords } from './NewPasswordForm.tsx';
import { RESET_TEXTS } from './resetTexts.ts';

/** The reset pages' words: English as given, Spanish from its own chunk (useLazyWords). */
export const RESET_WORDS: ResetWords = RESET_TEXTS;
export const RESET_WORDS_IN = {
  es: async (): Promise<ResetWords> => (await import('../../i18n/es/portal-reset.ts')).RESET_TEXTS,
};
