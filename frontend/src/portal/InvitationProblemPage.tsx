import { useLazyWords } from './i18n.tsx';
import { INVITATION_TEXTS, type InvitationProblem } from './invitationTexts.ts';
import { NoticeCard } from './NoticeCard.tsx';
import { SUSPENDED_SIGN_OUT_URL } from './suspendedTexts.ts';

const WORDS = { INVITATION_TEXTS };
/** The page in other languages, each its own chunk. */
const WORDS_IN = { es: () => import('../i18n/es/invitation.ts') as Promise<typeof WORDS> };

/**
 * /invitation?problem=expired|other-agency: where an invitation's link ends when it cannot be
 * accepted (no session is started). It says why and what to do. A person who signed in with an
 * account of another agency can sign out here, to open the link again with another account.
 */
export default function InvitationProblemPage() {
  const words = useLazyWords(WORDS, WORDS_IN);
  if (!words) return null;
  const T = words.INVITATION_TEXTS;
  const problem: InvitationProblem =
    new URLSearchParams(window.location.search).get('problem') === 'other-agency' ? 'other-agency' : 'expired';
  return (
    <NoticeCard productName={T.productName}>
      <h1>{problem === 'expired' ? T.expiredTitle : T.otherAgencyTitle}</h1>
      <p>{problem === 'expired' ? T.expiredBody : T.otherAgencyBody}</p>
      {problem === 'expired' ? (
        <a className="pl-button ck-suspended-sign-out" href="/">
          {T.home}
        </a>
      ) : (
        <a className="pl-button ck-suspended-sign-out" href={SUSPENDED_SIGN_OUT_URL}>
          {T.signOut}
        </a>
      )}
    </NoticeCard>
  );
}
