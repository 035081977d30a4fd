import type { ReactNode } from 'react';

import { LanguageSwitch } from '../ui/LanguageSwitch.tsx';

/** The sign-in and registration card: icon, title and intro, then the form and a note below it. */
export function AuthCard({
  icon,
  title,
  intro,
  note,
  children,
}: {
  icon: ReactNode;
  title: string;
  intro: ReactNode;
  note: ReactNode;
  children: ReactNode;
}) {
  return (
    <main className="cp-page cp-auth">
      <div className="cp-narrow">
        <div className="cp-auth-language">
          <LanguageSwitch />
        </div>
        <div className="cp-card">
          <div className="cp-auth-header">
            <span className="cp-auth-icon" aria-hidden="true">
              {icon}
            </span>
            <h1>{title}</h1>
            {intro}
          </div>
          {children}
          <p className="cp-auth-note">{note}</p>
        </div>
      </div>
    </main>
  );
}

/** The end of an auth form: the error the fields point to (by `errorId`), then the submit button. */
export function AuthSubmit({
  error,
  errorId,
  busy,
  label,
  busyLabel,
}: {
  error: string | undefined;
  errorId: string;
  busy: boolean;
  label: string;
  busyLabel: string;
}) {
  return (
    <>
      {error && (
        <p id={errorId} className="cp-form-error">
          {error}
        </p>
      )}
      <button type="submit" className="cp-button cp-button-block" disabled={busy}>
        {busy ? busyLabel : label}
      </button>
    </>
  );
}
