import { Link } from 'react-router';

import { CLIENT_LOGOUT_URL, portalApi } from '../api.ts';
import { usePortalTexts } from '../i18n.tsx';
import { LanguageSwitch } from '../ui/LanguageSwitch.tsx';
import type { Branding } from './portalBranding.ts';

/** A heart-and-shield mark, shown when the agency has no logo. */
function DefaultLogo() {
  return (
    <svg className="cp-header-icon" viewBox="0 0 24 24" width="40" height="40" aria-hidden="true">
      <path fill="currentColor" d="M12 2 4 5v6c0 5 3.4 9.7 8 11 4.6-1.3 8-6 8-11V5l-8-3Z" opacity="0.15" />
      <path
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
        d="M12 2 4 5v6c0 5 3.4 9.7 8 11 4.6-1.3 8-6 8-11V5l-8-3Z"
      />
      <path fill="currentColor" d="M12 16.5s-4-2.4-4-5.1A2.2 2.2 0 0 1 12 10a2.2 2.2 0 0 1 4 1.4c0 2.7-4 5.1-4 5.1Z" />
    </svg>
  );
}

/**
 * The client pages' header: the agency's logo and name, Help, and Sign Out (a navigation to the
 * sign-out endpoint, which ends the session and returns to the login page). Signed out, Sign In.
 */
export function PortalHeader({ branding, signedIn = true }: { branding: Branding; signedIn?: boolean }) {
  const { PORTAL_TEXTS: T } = usePortalTexts();
  return (
    <header className="cp-header">
      <div className="cp-header-inner">
        <Link to="/client/portal" className="cp-header-brand">
          {branding.logoUrl ? <img src={branding.logoUrl} alt={branding.agencyName} className="cp-header-logo" /> : <DefaultLogo />}
          {/* With a logo its alt text already names the agency for screen readers. */}
          <span aria-hidden={branding.logoUrl ? true : undefined}>{branding.agencyName}</span>
        </Link>
        <nav className="cp-header-nav" aria-label={T.portalNav}>
          {/* A signed-in client's choice is theirs: their calls, texts and e-mails follow it. */}
          <LanguageSwitch
            className="cp-button cp-button-ghost"
            onChosen={signedIn ? (language) => void portalApi.updateSettings({ language }).catch(() => undefined) : undefined}
          />
          <Link to="/client/help" className="cp-header-link" data-tour="help">
            {T.help}
          </Link>
          {signedIn ? (
            <a href={CLIENT_LOGOUT_URL} className="cp-button cp-button-outline">
              {T.signOut}
            </a>
          ) : (
            <Link to="/client/login" className="cp-button cp-button-outline">
              {T.signIn}
            </Link>
          )}
        </nav>
      </div>
    </header>
  );
}

/** The client pages' footer. */
export function PortalFooter({ agencyName, disclaimer }: { agencyName: string; disclaimer?: string | null }) {
  const { PORTAL_TEXTS: T } = usePortalTexts();
  return (
    <footer className="cp-footer">
      <p>{T.footer(agencyName)}</p>
      {disclaimer && <p className="cp-disclaimer">{disclaimer}</p>}
    </footer>
  );
}
