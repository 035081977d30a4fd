import { type FormEvent, useEffect, useId, useRef, useState } from 'react';

import type { Translation } from '../../i18n/translation.ts';
import { serverMessage } from '../../lib/http.ts';
import { portalApi } from '../api.ts';
import { usePortalLanguage } from '../i18n.tsx';
import { useNavigate } from '../router.tsx';
import { Field } from '../ui/Field.tsx';
import { useToast } from '../ui/toast.tsx';
import { AuthSubmit } from './AuthCard.tsx';
import { LOGIN_REDIRECT_MS, PORTAL_PATH } from './loginTexts.ts';
import { NewPasswordFields } from './PasswordField.tsx';
import { CODE_LENGTH, NEW_PASSWORD_MIN_LENGTH, type RESET_TEXTS } from './resetTexts.ts';

export type ResetWords = Translation<typeof RESET_TEXTS>;
type FieldName = 'code' | 'password' | 'confirm';

/**
 * The new password, typed twice, with the texted code (and what the client typed to ask for it)
 * or the e-mailed link's token. On success the server has signed the client in: the portal opens,
 * in the client's own language, as after sign-in.
 */
export function NewPasswordForm({ words, secret }: { words: ResetWords; secret: { identifier: string } | { token: string } }) {
  const { language, setLanguage } = usePortalLanguage();
  const navigate = useNavigate();
  const toast = useToast();
  const withCode = 'identifier' in secret;
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ text: string; fields: FieldName[] } | null>(null);
  const redirect = useRef<ReturnType<typeof setTimeout>>(undefined);
  const errorId = useId();

  useEffect(() => () => clearTimeout(redirect.current), []);

  /** Shows a problem inline and as a toast, and puts the cursor in the field to fix. */
  function reject(form: HTMLFormElement, fields: FieldName[], title: string, description?: string) {
    setError({ text: description ?? title, fields });
    toast({ title, description, variant: 'destructive' });
    if (fields[0]) (form.elements.namedItem(fields[0]) as HTMLInputElement | null)?.focus();
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    const values: Record<FieldName, string> = { code: code.replace(/\s/g, ''), password, confirm };
    const fields: FieldName[] = withCode ? ['code', 'password', 'confirm'] : ['password', 'confirm'];
    const empty = fields.filter((field) => !values[field]);
    if (empty.length) return reject(form, empty, words.missingFieldsTitle, words.missingFieldsText);
    if (withCode && !new RegExp(`^\\d{${CODE_LENGTH}}$`).test(values.code))
      return reject(form, ['code'], words.badCodeTitle, words.badCodeText);
    if (password !== confirm) return reject(form, ['confirm'], words.mismatchTitle);
    if ([...password].length < NEW_PASSWORD_MIN_LENGTH) return reject(form, ['password'], words.tooShortTitle, words.tooShortText);

    setError(null);
    setBusy(true);
    try {
      const client = await portalApi.confirmPasswordReset(withCode ? { ...secret, code: values.code, password } : { ...secret, password });
      toast({ title: words.successTitle, description: words.successText(client.firstName) });
      // The portal opens in the client's own language.
      if (client.language !== language) void setLanguage(client.language);
      redirect.current = setTimeout(() => void navigate(PORTAL_PATH), LOGIN_REDIRECT_MS);
    } catch (failure) {
      const text = serverMessage(failure) ?? words.failedFallback;
      // A password the rules refuse points at the password; anything else at the code (or nothing, for a link).
      const at: FieldName[] =
        (failure as { status?: number }).status === 400 && /^(Password|That password|La contraseña|Esa contraseña)/.test(text)
          ? ['password']
          : withCode
            ? ['code']
            : [];
      reject(form, at, words.failedTitle, text);
      setBusy(false);
    }
  }

  const invalid = (field: FieldName) => error?.fields.includes(field) ?? false;
  return (
    <form onSubmit={submit} noValidate>
      {withCode && (
        <Field
          label={words.code}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={CODE_LENGTH + 2}
          hint={words.codeHint}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          {...(invalid('code') ? { 'aria-invalid': true, 'aria-describedby': errorId } : {})}
        />
      )}
      <NewPasswordFields
        words={{
          password: words.newPassword,
          passwordHint: words.newPasswordHint,
          confirm: words.confirmPassword,
          confirmHint: words.confirmPasswordHint,
        }}
        password={password}
        confirm={confirm}
        onPassword={setPassword}
        onConfirm={setConfirm}
        invalid={invalid}
        errorId={errorId}
      />
      <AuthSubmit error={error?.text} errorId={errorId} busy={busy} label={words.save} busyLabel={words.saving} />
    </form>
  );
}
