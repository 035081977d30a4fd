import { brokerTexts } from '../i18n/useBrokerTexts.ts';

/** The reason a held text shows, word for word as the server keeps it (backend/src/a2p/held-texts.ts). */
export const HELD_REASON = 'Held: texts wait for the agency’s carrier registration (A2P 10DLC)';

/** A delivery's reason in the app's language when it is one the app knows (a held text), else as the server said it. */
export function shownReason(reason: string, texts = brokerTexts()): string {
  return reason === HELD_REASON ? texts.texting.TEXTING_TEXTS.heldReason : reason;
}
