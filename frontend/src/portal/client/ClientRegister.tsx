import { type FormEvent, useEffect, useId, useRef, useState } from 'react';

import { languageOf } from '../../i18n/translation.ts';
import { errorBodyField, serverMessage } from '../../lib/http.ts';
import { Spinner } from '../../shared/Spinner.tsx';
import { portalApi } from '../api.ts';
import { usePortalLanguage, usePortalTexts } from '../i18n.tsx';
import { Link, useNavigate, useParams } from '../router.tsx';
import type { InviteLookup } from '../types.ts';
import { Field } from '../ui/Field.tsx';
import { useToast } from '../ui/toast.tsx';
import { agencyLook, agencyQuery } from './agencyLink.ts';
import { AuthCard, AuthSubmit } from './AuthCard.tsx';
import { LOGIN_PATH, PORTAL_PATH } from './loginTexts.ts';
import { NewPasswordFields } from './PasswordField.tsx';
import { PASSWORD_MIN_LENGTH, REGISTER_REDIRECT_MS } from './registerTexts.ts';

type FieldName = 'username' | 'password' | 'confirm';

/**
 * Shown for an unknown or expired invitation link, and (`registered`) for the link of an account
 * already made: a client tapping their invitation text again is sent to sign in, with their agency.
 */
function InvalidInvitation({ registered }: { registered?: { agencySlug: string | null } }) {
  const { REGISTER } = usePortalTexts();
  const navigate = useNavigate();
  const warning = (
    <span className="cp-auth-icon cp-auth-icon-warning" aria-hidden="true">
      <svg viewBox="0 0 24 24" width="28" height="28">
        <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="M12 7.5v5.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        <circle cx="12" cy="16.5" r="1.2" fill="currentColor" />
      </svg>
    </span>
  );
  const [title, text, action, to] = registered
    ? [REGISTER.registeredTitle, REGISTER.registeredText, REGISTER.signIn, `${LOGIN_PATH}${agencyQuery(registered.agencySlug)}`]
    : [REGISTER.invalidTitle, REGISTER.invalidText, REGISTER.goToLogin, LOGIN_PATH];
  return (
    <main className="cp-page cp-auth">
      <div className="cp-narrow">
        <div className="cp-card cp-auth-header">
          {!registered && warning}
          <h1>{title}</h1>
          <p>{text}</p>
          <button type="button" className="cp-button cp-button-block" onClick={() => navigate(to)}>
            {action}
          </button>
        </div>
      </div>
    </main>
  );
}

/**
 * Account creation from a broker's invitation link (/client/register/:token or /client/invite/:token).
 * The invitation is looked up first so the client is greeted by name; the server signs the client
 * in when the account is created.
 */
export function ClientRegister() {
  const { texts, language, setLanguage } = usePortalLanguage();
  const { REGISTER } = texts;
  // The invitation's lookup reads the texts of the moment it answers, without running again on a switch.
  const registerTexts = useRef(REGISTER);
  registerTexts.current = REGISTER;
  const token = (useParams().token ?? '').trim();
  const navigate = useNavigate();
  const toast = useToast();
  const [invite, setInvite] = useState<InviteLookup | 'loading' | 'invalid' | { registered: { agencySlug: string | null } }>(
    token ? 'loading' : 'invalid',
  );
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ text: string; fields: FieldName[] } | null>(null);
  const redirect = useRef<ReturnType<typeof setTimeout>>(undefined);
  const errorId = useId();

  useEffect(() => {
    if (!token) {
      toast({
        title: registerTexts.current.missingTokenTitle,
        description: registerTexts.current.missingTokenText,
        variant: 'destructive',
      });
      return;
    }
    let live = true;
    setInvite('loading');
    portalApi.lookupInvite(token).then(
      (found) => live && setInvite(found),
      (error: unknown) => {
        if (!live) return;
        if (errorBodyField(error, 'alreadyRegistered') === true) {
          const slug = errorBodyField(error, 'agencySlug');
          const theirs = languageOf(String(errorBodyField(error, 'language') ?? ''));
          setInvite({ registered: { agencySlug: typeof slug === 'string' ? slug : null } });
          if (theirs && !new URLSearchParams(window.location.search).get('lang')) void setLanguage(theirs);
          return;
        }
        setInvite('invalid');
        toast({ title: registerTexts.current.lookupFailedTitle, variant: 'destructive' });
      },
    );
    return () => {
      live = false;
    };
  }, [token, toast, setLanguage]);

  // The page speaks the language the agent chose for the client, unless the link named one.
  const adopted = useRef(false);
  useEffect(() => {
    if (typeof invite !== 'object' || 'registered' in invite || adopted.current) return;
    adopted.current = true;
    if (invite.language !== language && !new URLSearchParams(window.location.search).get('lang')) void setLanguage(invite.language);
  }, [invite, language, setLanguage]);

  useEffect(() => () => clearTimeout(redirect.current), []);

  if (invite === 'loading') {
    return (
      <main className="cp-page">
        <Spinner />
      </main>
    );
  }
  if (invite === 'invalid') return <InvalidInvitation />;
  if ('registered' in invite) return <InvalidInvitation registered={invite.registered} />;

  /** Shows a validation problem inline and as a toast, and puts the cursor in the field to fix. */
  function reject(form: HTMLFormElement, fields: FieldName[], title: string, description?: string) {
    setError({ text: description ?? title, fields });
    toast({ title, description, variant: 'destructive' });
    if (fields[0]) (form.elements.namedItem(fields[0]) as HTMLInputElement | null)?.focus();
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    const values: Record<FieldName, string> = { username: username.trim(), password, confirm };
    const empty = (Object.keys(values) as FieldName[]).filter((field) => !values[field]);
    if (empty.length) return reject(form, empty, REGISTER.missingFieldsTitle, REGISTER.missingFieldsText);
    if (password !== confirm) return reject(form, ['confirm'], REGISTER.mismatchTitle);
    // Counted in characters, as the server does, so an accented or emoji password is not miscounted.
    if ([...password].length < PASSWORD_MIN_LENGTH) return reject(form, ['password'], REGISTER.tooShortTitle, REGISTER.tooShortText);
    if (!token) return reject(form, [], REGISTER.missingTokenTitle, REGISTER.missingTokenText);

    setError(null);
    setBusy(true);
    try {
      await portalApi.register({ token, username: values.username, password });
      toast({ title: REGISTER.successTitle, description: REGISTER.successText });
      redirect.current = setTimeout(() => void navigate(PORTAL_PATH), REGISTER_REDIRECT_MS);
    } catch (failure) {
      const text = serverMessage(failure) ?? REGISTER.failedFallback;
      // Point at the field the server complained about (a taken username, a too common password).
      const fields: FieldName[] = /username/i.test(text) ? ['username'] : /password/i.test(text) ? ['password'] : [];
      reject(form, fields, REGISTER.failedTitle, text);
      setBusy(false);
    }
  }

  const invalid = (field: FieldName) => error?.fields.includes(field) ?? false;
  return (
    <AuthCard
      icon={
        <svg viewBox="0 0 24 24" width="28" height="28">
          <circle cx="12" cy="8" r="4" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M4 20c0-4 3.6-6 8-6s8 2 8 6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      }
      title={REGISTER.title}
      // The invitation names the agency: the page carries its logo, name and colour.
      agency={invite.agency ? agencyLook(invite.agency) : null}
      intro={
        <>
          <p className="cp-auth-greeting">{REGISTER.greeting(invite.firstName)}</p>
          {invite.agency && <p>{REGISTER.invitedBy(agencyLook(invite.agency).agencyName)}</p>}
          <p className="cp-muted">{REGISTER.intro}</p>
        </>
      }
      note={
        <>
          {REGISTER.haveAccount} <Link to={LOGIN_PATH}>{REGISTER.signInLink}</Link>
        </>
      }
    >
      <form onSubmit={submit} noValidate>
        <Field
          label={REGISTER.username}
          name="username"
          autoComplete="username"
          autoCapitalize="off"
          autoCorrect="off"
          spellCheck={false}
          hint={REGISTER.usernameHint}
          value={username}
          onChange={(event) => setUsername(event.target.value)}
          // Field links its hint itself; while the username is at fault, the error describes it instead.
          {...(invalid('username') ? { 'aria-invalid': true, 'aria-describedby': errorId } : {})}
        />
        <NewPasswordFields
          words={{
            password: REGISTER.password,
            passwordHint: REGISTER.passwordHint,
            confirm: REGISTER.confirmPassword,
            confirmHint: REGISTER.confirmPasswordHint,
          }}
          password={password}
          confirm={confirm}
          onPassword={setPassword}
          onConfirm={setConfirm}
          invalid={invalid}
          errorId={errorId}
        />
        <AuthSubmit error={error?.text} errorId={errorId} busy={busy} label={REGISTER.submit} busyLabel={REGISTER.submitting} />
      </form>
    </AuthCard>
  );
}
