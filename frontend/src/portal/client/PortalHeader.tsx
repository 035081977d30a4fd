import { CLIENT_LOGOUT_URL, portalApi } from '../api.ts';
import { usePortalTexts } from '../i18n.tsx';
import { Link } from '../router.tsx';
import { LanguageSwitch } from '../ui/LanguageSwitch.tsx';
import type { Branding } from './portalBranding.ts';
import { formatPhone } from './portalFormat.ts';

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

/** A telephone handset. */
function PhoneIcon() {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
      <path
        fill="currentColor"
        d="M6.6 10.8a15.1 15.1 0 0 0 6.6 6.6l2.2-2.2a1 1 0 0 1 1-.25 11.4 11.4 0 0 0 3.6.57 1 1 0 0 1 1 1V20a1 1 0 0 1-1 1A17 17 0 0 1 3 4a1 1 0 0 1 1-1h3.5a1 1 0 0 1 1 1c0 1.25.2 2.45.57 3.57a1 1 0 0 1-.25 1l-2.22 2.23Z"
      />
    </svg>
  );
}

/**
 * The client pages' header: the agency's logo and name, Call my agent (a tel: link, when the
 * agency gave a phone and a client is signed in), Help, and Sign Out (a navigation to the sign-out
 * endpoint, which ends the session and returns to the login page). Signed out, Sign In.
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
        {signedIn && branding.agencyPhone && (
          <a href={`tel:${branding.agencyPhone}`} className="cp-button cp-call-agent" data-testid="call-agent">
            <PhoneIcon />
            {T.callMyAgent}
          </a>
        )}
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

/** The client pages' footer: whose client they are (signed in) with the agency's number, and the disclaimer. */
export function PortalFooter({ branding, signedIn = true }: { branding: Branding; signedIn?: boolean }) {
  const { PORTAL_TEXTS: T } = usePortalTexts();
  return (
    <footer className="cp-footer">
      {signedIn && (
        <p className="cp-footer-agent">
          {T.yourAgent(branding.agencyName)}
          {branding.agencyPhone && (
            <span className="cp-footer-phone">
              {' · '}
              <a href={`tel:${branding.agencyPhone}`}>{formatPhone(branding.agencyPhone)}</a>
            </span>
          )}
        </p>
      )}
      <p>{T.footer(branding.agencyName)}</p>
      {branding.disclaimer && <p className="cp-disclaimer">{branding.disclaimer}</p>}
    </footer>
  );
}
