import { usePortalTexts } from './i18n.tsx';
import { CLIENT_LOGIN_URL, LOGIN_URL } from './landingTexts.ts';
import { LanguageSwitch } from './ui/LanguageSwitch.tsx';

function Logo() {
  return (
    <svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true">
      <rect width="32" height="32" rx="7" fill="currentColor" />
      <path d="M16 24s-8-4.6-8-10.2A4.6 4.6 0 0 1 16 11a4.6 4.6 0 0 1 8 2.8C24 19.4 16 24 16 24z" fill="#fff" />
    </svg>
  );
}

function TrialButton() {
  const { LANDING } = usePortalTexts();
  return (
    <a className="pl-button pl-button-large" href={LOGIN_URL}>
      {LANDING.trialButton}
    </a>
  );
}

/** The public landing page for brokers who are not signed in. */
export function Landing() {
  const { LANDING } = usePortalTexts();
  return (
    <div className="pl-landing">
      <header className="pl-header">
        <div className="pl-brand">
          <span className="pl-logo">
            <Logo />
          </span>
          <span>{LANDING.productName}</span>
        </div>
        <div className="pl-header-actions">
          <LanguageSwitch className="pl-button pl-button-outline" />
          <a className="pl-button pl-button-outline" href={LOGIN_URL}>
            {LANDING.signIn}
          </a>
        </div>
      </header>
      <main>
        <section className="pl-hero">
          <h1>{LANDING.heroTitle}</h1>
          <p>{LANDING.heroSubtitle}</p>
          <TrialButton />
          <p className="pl-note">{LANDING.trialNote}</p>
        </section>
        <section className="pl-section" aria-labelledby="features-title">
          <h2 id="features-title">{LANDING.featuresTitle}</h2>
          <ul className="pl-features">
            {LANDING.features.map((feature) => (
              <li key={feature.title} className="pl-feature">
                <h3>{feature.title}</h3>
                <p>{feature.text}</p>
              </li>
            ))}
          </ul>
        </section>
        <section className="pl-stats" aria-label={LANDING.resultsLabel}>
          {LANDING.stats.map((stat) => (
            <div key={stat.label} className="pl-stat">
              <strong>{stat.value}</strong>
              <span>{stat.label}</span>
            </div>
          ))}
        </section>
        <section className="pl-closing">
          <h2>{LANDING.closingTitle}</h2>
          <p>{LANDING.closingText}</p>
          <TrialButton />
        </section>
      </main>
      <footer className="pl-footer">
        {/* Seniors who reach the product's own page (rather than their agency's link) find their way in. */}
        <p className="pl-client-sign-in">
          {LANDING.clientPrompt} <a href={CLIENT_LOGIN_URL}>{LANDING.clientSignIn}</a>
        </p>
        <p>{LANDING.footer}</p>
      </footer>
    </div>
  );
}
