import type { Language } from '../common/language.js';

/**
 * The agency's sponsor message in a client's language: the Spanish one for a Spanish-speaking client
 * when the agency wrote one, else the English one. Import-free apart from a type, so the broker app's
 * call preview reads this very rule (the reminder dispatcher's query applies it in SQL).
 */
export function sponsorMessageIn(language: Language, agency: { sponsorMessage: string; sponsorMessageEs: string }): string {
  return language === 'es' && agency.sponsorMessageEs.trim() ? agency.sponsorMessageEs : agency.sponsorMessage;
}
