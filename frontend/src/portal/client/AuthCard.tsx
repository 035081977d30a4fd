import type { CSSProperties, ReactNode } from 'react';

import { LanguageSwitch } from '../ui/LanguageSwitch.tsx';
import type { AgencyLook } from './agencyLink.ts';

/**
 * The sign-in and registration card: icon, title and intro, then the form and a note below it.
 * Reached through an agency's link, the card opens with the agency's band (logo, name, its colour)
 * and the buttons and links take the colour (darkened where needed to read at 4.5:1).
 */
export function AuthCard({
  icon,
  title,
  intro,
  note,
  agency,
  children,
}: {
  icon: ReactNode;
  title: string;
  intro: ReactNode;
  note: ReactNode;
  agency?: AgencyLook | null;
  children: ReactNode;
}) {
  return (
    <main className="cp-page cp-auth" style={agency ? ({ '--cp-brand': agency.brandColor } as CSSProperties) : undefined}>
      <div className="cp-narrow">
        <div className="cp-auth-language">
          <LanguageSwitch />
        </div>
        <div className="cp-card">
          {agency && <AgencyBand agency={agency} />}
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

/** The agency's band across the top of the card: its logo (whose text alternative names it) and its name. */
export function AgencyBand({ agency }: { agency: AgencyLook }) {
  return (
    <div className="cp-agency-band" data-testid="agency-band">
      {agency.logoUrl && <img src={agency.logoUrl} alt={agency.agencyName} />}
      <span aria-hidden={agency.logoUrl ? true : undefined}>{agency.agencyName}</span>
    </div>
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
