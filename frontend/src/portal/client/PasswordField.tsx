import { type ChangeEvent, useId, useState } from 'react';

import { usePortalTexts } from '../i18n.tsx';

/**
 * A labelled password input with a Show/Hide button (44 px), for sign-in and registration:
 * seeing what was typed helps people who type slowly or make mistakes.
 */
export function PasswordField({
  label,
  name,
  value,
  onChange,
  autoComplete,
  hint,
  invalid,
  describedBy,
}: {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete: 'current-password' | 'new-password';
  hint?: string;
  invalid?: boolean;
  /** Another element describing the field (e.g. the form's error). */
  describedBy?: string;
}) {
  const { PASSWORD_TOGGLE } = usePortalTexts();
  const id = useId();
  const hintId = `${id}-hint`;
  const [shown, setShown] = useState(false);
  const described = [hint ? hintId : null, describedBy ?? null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="cp-field">
      <label htmlFor={id}>{label}</label>
      <div className="cp-password">
        <input
          id={id}
          name={name}
          type={shown ? 'text' : 'password'}
          value={value}
          onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value)}
          autoComplete={autoComplete}
          autoCapitalize="off"
          autoCorrect="off"
          spellCheck={false}
          aria-invalid={invalid || undefined}
          aria-describedby={described}
        />
        <button
          type="button"
          className="cp-password-toggle"
          aria-controls={id}
          aria-label={`${shown ? PASSWORD_TOGGLE.hide : PASSWORD_TOGGLE.show} ${label.toLowerCase()}`}
          onClick={() => setShown((s) => !s)}
        >
          {shown ? PASSWORD_TOGGLE.hide : PASSWORD_TOGGLE.show}
        </button>
      </div>
      {hint && (
        <p id={hintId} className="cp-hint">
          {hint}
        </p>
      )}
    </div>
  );
}

/** A new password and its confirmation (registration and password reset), each pointing at the form's error when at fault. */
export function NewPasswordFields({
  words,
  password,
  confirm,
  onPassword,
  onConfirm,
  invalid,
  errorId,
}: {
  words: { password: string; passwordHint: string; confirm: string; confirmHint: string };
  password: string;
  confirm: string;
  onPassword: (value: string) => void;
  onConfirm: (value: string) => void;
  invalid: (field: 'password' | 'confirm') => boolean;
  errorId: string;
}) {
  return (
    <>
      <PasswordField
        label={words.password}
        name="password"
        autoComplete="new-password"
        hint={words.passwordHint}
        value={password}
        onChange={onPassword}
        invalid={invalid('password')}
        describedBy={invalid('password') ? errorId : undefined}
      />
      <PasswordField
        label={words.confirm}
        name="confirm"
        autoComplete="new-password"
        hint={words.confirmHint}
        value={confirm}
        onChange={onConfirm}
        invalid={invalid('confirm')}
        describedBy={invalid('confirm') ? errorId : undefined}
      />
    </>
  );
}
