import { type FormEvent, useEffect, useId, useRef, useState } from 'react';

import { serverMessage } from '../../lib/http.ts';
import { portalApi } from '../api.ts';
import { usePortalLanguage } from '../i18n.tsx';
import { Link, useNavigate } from '../router.tsx';
import { Field } from '../ui/Field.tsx';
import { useToast } from '../ui/toast.tsx';
import { agencyQuery, useLinkedAgency } from './agencyLink.ts';
import { AuthCard, AuthSubmit } from './AuthCard.tsx';
import { FORGOT_PASSWORD_PATH, LOGIN_REDIRECT_MS, PORTAL_PATH } from './loginTexts.ts';
import { PasswordField } from './PasswordField.tsx';

/**
 * The client's sign-in card: agency-neutral, since nobody is known yet, unless the senior came
 * through their agency's branded link (`?agency={slug}`): then it carries the agency's logo, name
 * and colour, so they see who is asking.
 */
export function ClientLogin() {
  const { texts, language, setLanguage } = usePortalLanguage();
  const { slug, agency } = useLinkedAgency();
  const { LOGIN } = texts;
  const navigate = useNavigate();
  const toast = useToast();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ text: string; fields: ('username' | 'password')[] } | null>(null);
  const redirect = useRef<ReturnType<typeof setTimeout>>(undefined);
  const errorId = useId();

  // A client who is still signed in goes straight to their portal.
  useEffect(() => {
    let live = true;
    portalApi
      .myInfo()
      .then((info) => {
        if (live && info) void navigate(PORTAL_PATH, { replace: true });
      })
      .catch(() => undefined);
    return () => {
      live = false;
      clearTimeout(redirect.current);
    };
  }, [navigate]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    const missing = (['username', 'password'] as const).filter((field) => !(field === 'username' ? username.trim() : password));
    if (missing.length) {
      setError({ text: LOGIN.missingFieldsText, fields: [...missing] });
      toast({ title: LOGIN.missingFieldsTitle, description: LOGIN.missingFieldsText, variant: 'destructive' });
      (form.elements.namedItem(missing[0]) as HTMLInputElement | null)?.focus();
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const client = await portalApi.login({ username: username.trim(), password });
      // The portal opens in the client's own language.
      const words = client.language && client.language !== language ? (await setLanguage(client.language)).LOGIN : LOGIN;
      toast({ title: words.successTitle, description: words.successText(client.firstName) });
      redirect.current = setTimeout(() => void navigate(PORTAL_PATH), LOGIN_REDIRECT_MS);
    } catch (failure) {
      // A 429 (too many attempts) carries its own message; so does a wrong password.
      const text = serverMessage(failure) ?? LOGIN.failedFallback;
      setError({ text, fields: [] });
      toast({ title: LOGIN.failedTitle, description: text, variant: 'destructive' });
      setBusy(false);
    }
  }

  const describedBy = error ? errorId : undefined;
  return (
    <AuthCard
      icon={
        <svg viewBox="0 0 24 24" width="28" height="28">
          <rect x="5" y="10" width="14" height="10" rx="2" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M8 10V7a4 4 0 0 1 8 0v3" fill="none" stroke="currentColor" strokeWidth="2" />
        </svg>
      }
      title={LOGIN.title}
      intro={<p className="cp-muted">{agency ? LOGIN.agencyWelcome(agency.agencyName) : LOGIN.welcome}</p>}
      note={LOGIN.invitationNote}
      agency={agency}
    >
      <form onSubmit={submit} noValidate aria-describedby={describedBy}>
        <Field
          label={LOGIN.username}
          name="username"
          autoComplete="username"
          autoCapitalize="off"
          autoCorrect="off"
          spellCheck={false}
          value={username}
          onChange={(event) => setUsername(event.target.value)}
          aria-invalid={error?.fields.includes('username') || undefined}
          aria-describedby={describedBy}
        />
        <PasswordField
          label={LOGIN.password}
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={setPassword}
          invalid={error?.fields.includes('password')}
          describedBy={describedBy}
        />
        <AuthSubmit error={error?.text} errorId={errorId} busy={busy} label={LOGIN.submit} busyLabel={LOGIN.submitting} />
      </form>
      <p className="cp-auth-forgot">
        <Link to={`${FORGOT_PASSWORD_PATH}${agencyQuery(slug)}`}>{LOGIN.forgotPassword}</Link>
      </p>
    </AuthCard>
  );
}
