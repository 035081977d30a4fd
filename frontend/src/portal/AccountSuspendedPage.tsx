import { useLazyWords } from './i18n.tsx';
import { NoticeCard } from './NoticeCard.tsx';
import { SUSPENDED_SIGN_OUT_URL, SUSPENDED_TEXTS } from './suspendedTexts.ts';

const WORDS = { SUSPENDED_TEXTS };
/** The page in other languages, each its own chunk. */
const WORDS_IN = { es: () => import('../i18n/es/account-suspended.ts') as Promise<typeof WORDS> };

/**
 * /account-suspended: where a suspended broker's sign-in ends (no session is started). It says
 * what happened, that their clients are not affected, and whom to ask; Sign Out ends the
 * identity provider's session too, so another account can sign in on this browser.
 */
export default function AccountSuspendedPage() {
  const words = useLazyWords(WORDS, WORDS_IN);
  if (!words) return null;
  const T = words.SUSPENDED_TEXTS;
  return (
    <NoticeCard productName={T.productName}>
      <svg viewBox="0 0 24 24" width="40" height="40" aria-hidden="true" className="ck-suspended-icon">
        <rect x="4.5" y="10.5" width="15" height="10" rx="2" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="M8 10.5V7.5a4 4 0 0 1 8 0v3" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <h1>{T.title}</h1>
      <p>{T.body}</p>
      <a className="pl-button ck-suspended-sign-out" href={SUSPENDED_SIGN_OUT_URL}>
        {T.signOut}
      </a>
    </NoticeCard>
  );
}
