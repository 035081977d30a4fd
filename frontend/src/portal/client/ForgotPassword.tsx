import { type FormEvent, useId, useState } from 'react';

import { serverMessage } from '../../lib/http.ts';
import { Spinner } from '../../shared/Spinner.tsx';
import { portalApi } from '../api.ts';
import { useLazyWords } from '../i18n.tsx';
import { Link } from '../router.tsx';
import { Field } from '../ui/Field.tsx';
import { useToast } from '../ui/toast.tsx';
import { type AgencyLook, agencyQuery, useLinkedAgency } from './agencyLink.ts';
import { AuthCard, AuthSubmit } from './AuthCard.tsx';
import { LOGIN_PATH } from './loginTexts.ts';
import { NewPasswordForm, type ResetWords } from './NewPasswordForm.tsx';
import { RESET_WORDS, RESET_WORDS_IN } from './resetWords.ts';

/** What the client typed reads as an e-mail address: the answer is then more likely a link than a code. */
const looksLikeEmail = (identifier: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(identifier);

function KeyIcon() {
  return (
    <svg viewBox="0 0 24 24" width="28" height="28">
      <circle cx="8" cy="15" r="4" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M11 12l8-8M16 7l2 2M14 9l2 2" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

/**
 * /client/forgot-password: the client types their username, phone or e-mail; the answer is the
 * same whether or not an account matches. Then the code form (6-digit code and the new password
 * twice), at once when they typed a username or a phone, on request when they typed an e-mail
 * (they more likely got a link).
 */
export default function ForgotPasswordPage() {
  const words = useLazyWords(RESET_WORDS, RESET_WORDS_IN);
  const { slug, agency } = useLinkedAgency();
  if (!words) {
    return (
      <main className="cp-page">
        <Spinner />
      </main>
    );
  }
  return <ForgotPassword words={words} slug={slug} agency={agency} />;
}

function ForgotPassword({ words, slug, agency }: { words: ResetWords; slug: string | null; agency: AgencyLook | null }) {
  const toast = useToast();
  const [identifier, setIdentifier] = useState('');
  const [sentFor, setSentFor] = useState<string | null>(null);
  const [showCode, setShowCode] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();
  const back = <Link to={`${LOGIN_PATH}${agencyQuery(slug)}`}>{words.backToSignIn}</Link>;

  async function send(typed: string) {
    setBusy(true);
    try {
      await portalApi.requestPasswordReset(typed);
      setError(null);
      setSentFor(typed);
      setShowCode(!looksLikeEmail(typed));
    } catch (failure) {
      const text = serverMessage(failure) ?? words.sendFailedFallback;
      setError(text);
      toast({ title: words.sendFailedTitle, description: text, variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const typed = identifier.trim();
    if (!typed) {
      setError(words.missingIdentifier);
      toast({ title: words.missingIdentifierTitle, description: words.missingIdentifier, variant: 'destructive' });
      (event.currentTarget.elements.namedItem('identifier') as HTMLInputElement | null)?.focus();
      return;
    }
    void send(typed);
  }

  if (sentFor === null) {
    return (
      <AuthCard
        icon={<KeyIcon />}
        title={words.forgotTitle}
        intro={<p className="cp-muted">{words.forgotIntro}</p>}
        note={back}
        agency={agency}
      >
        <form onSubmit={submit} noValidate>
          <Field
            label={words.identifier}
            name="identifier"
            autoComplete="username"
            autoCapitalize="off"
            autoCorrect="off"
            spellCheck={false}
            hint={words.identifierHint}
            value={identifier}
            onChange={(event) => setIdentifier(event.target.value)}
            {...(error ? { 'aria-invalid': true, 'aria-describedby': errorId } : {})}
          />
          <AuthSubmit error={error ?? undefined} errorId={errorId} busy={busy} label={words.send} busyLabel={words.sending} />
        </form>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      icon={<KeyIcon />}
      title={words.sentTitle}
      intro={
        <p role="status" className="cp-auth-greeting">
          {words.sentText}
        </p>
      }
      note={
        <>
          {words.helpNote} {back}
        </>
      }
      agency={agency}
    >
      {showCode ? (
        <>
          <p>{words.codeIntro}</p>
          <NewPasswordForm words={words} secret={{ identifier: sentFor }} />
          <p className="cp-muted">{words.emailInstead}</p>
        </>
      ) : (
        <>
          <p>{words.emailNext}</p>
          <button type="button" className="cp-button cp-button-outline cp-button-block" onClick={() => setShowCode(true)}>
            {words.gotText}
          </button>
        </>
      )}
      <button type="button" className="cp-button cp-button-ghost cp-button-block" disabled={busy} onClick={() => void send(sentFor)}>
        {words.sendAgain}
      </button>
    </AuthCard>
  );
}
