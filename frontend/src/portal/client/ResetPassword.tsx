import { Spinner } from '../../shared/Spinner.tsx';
import { useLazyWords } from '../i18n.tsx';
import { Link, useSearchParams } from '../router.tsx';
import { agencyQuery, useLinkedAgency } from './agencyLink.ts';
import { AuthCard } from './AuthCard.tsx';
import { FORGOT_PASSWORD_PATH } from './loginTexts.ts';
import { NewPasswordForm } from './NewPasswordForm.tsx';
import { RESET_WORDS, RESET_WORDS_IN } from './resetWords.ts';

function LockIcon() {
  return (
    <svg viewBox="0 0 24 24" width="28" height="28">
      <rect x="5" y="10" width="14" height="10" rx="2" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M8 10V7a4 4 0 0 1 7.5-2" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

/**
 * /client/reset-password?token=…: the e-mailed link. The new password twice; the server checks the
 * token (once, within 30 minutes) and signs the client in. A link cut short says so and offers a new one.
 */
export default function ResetPasswordPage() {
  const words = useLazyWords(RESET_WORDS, RESET_WORDS_IN);
  const { slug, agency } = useLinkedAgency();
  const token = useSearchParams()[0].get('token')?.trim() ?? '';
  if (!words) {
    return (
      <main className="cp-page">
        <Spinner />
      </main>
    );
  }
  const askAgain = <Link to={`${FORGOT_PASSWORD_PATH}${agencyQuery(slug)}`}>{words.askAgain}</Link>;
  // A token is "{id}.{secret}": anything else was copied incompletely.
  if (!/^[^.\s]+\.[^.\s]+$/.test(token)) {
    return (
      <AuthCard icon={<LockIcon />} title={words.noLinkTitle} intro={<p>{words.noLinkText}</p>} note={askAgain} agency={agency}>
        {null}
      </AuthCard>
    );
  }
  return (
    <AuthCard
      icon={<LockIcon />}
      title={words.resetTitle}
      intro={<p className="cp-muted">{words.resetIntro}</p>}
      note={
        <>
          {words.helpNote} {askAgain}
        </>
      }
      agency={agency}
    >
      <NewPasswordForm words={words} secret={{ token }} />
    </AuthCard>
  );
}
