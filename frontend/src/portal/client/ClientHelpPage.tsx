import { type CSSProperties, type KeyboardEvent, useId, useMemo, useRef } from 'react';

import { useLazyWords } from '../i18n.tsx';
import { Link, useNavigate, useSearchParams } from '../router.tsx';
import { resetClientTour } from '../tour/tourState.ts';
import { HELP_TEXTS, type HelpTab, helpTabs } from './helpTexts.ts';
import { useBranding } from './portalBranding.ts';
import { PortalFooter, PortalHeader } from './PortalHeader.tsx';

const GUIDE = { HELP_TEXTS, helpTabs };
/** The guide in other languages, each its own chunk. */
const GUIDE_IN = { es: () => import('../../i18n/es/portal-help.ts') as Promise<typeof GUIDE> };

function TabContent({ tab }: { tab: HelpTab }) {
  return (
    <>
      {tab.blocks.map((block) => (
        <section key={block.heading} className="cp-help-block">
          <h3>{block.heading}</h3>
          {block.steps && (
            <ol>
              {block.steps.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
          )}
          {block.bullets && (
            <ul>
              {block.bullets.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          )}
          {block.paragraphs?.map((text) => (
            <p key={text}>{text}</p>
          ))}
        </section>
      ))}
    </>
  );
}

/**
 * The client guide (SPEC §2 Client guide): five topics as tabs, the chosen one in the address
 * (?tab=…), and Restart tour. It also opens signed out, for a client who cannot sign in.
 */
export default function ClientHelpPage() {
  const guide = useLazyWords(GUIDE, GUIDE_IN);
  const { branding, signedIn, loaded } = useBranding();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const baseId = useId();
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const tabs = useMemo(() => (guide ?? GUIDE).helpTabs(branding.agencyName), [guide, branding.agencyName]);
  const T = (guide ?? GUIDE).HELP_TEXTS;
  const current = Math.max(
    0,
    tabs.findIndex((tab) => tab.id === params.get('tab')),
  );
  const tab = tabs[current];

  const select = (index: number, focus = false) => {
    setParams({ tab: tabs[index].id }, { replace: true });
    if (focus) tabRefs.current[index]?.focus();
  };

  // WAI-ARIA tabs: arrows move between tabs (wrapping), Home and End jump to the ends.
  const onKeyDown = (event: KeyboardEvent) => {
    const last = tabs.length - 1;
    // From the focused tab: the address (and so `current`) may not have caught up with fast keys.
    const from = Math.max(0, tabRefs.current.indexOf(event.target as HTMLButtonElement));
    const next = { ArrowRight: from + 1, ArrowLeft: from - 1, Home: 0, End: last }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    select(next > last ? 0 : next < 0 ? last : next, true);
  };

  const restartTour = () => {
    resetClientTour();
    void navigate('/client/portal');
  };

  return (
    <div className="cp-page cp-portal" style={{ '--cp-brand': branding.brandColor } as CSSProperties}>
      {loaded ? <PortalHeader branding={branding} signedIn={signedIn} /> : <div className="cp-header" />}
      <main className="cp-container cp-help">
        <Link to="/client/portal" className="cp-back-link">
          <span aria-hidden="true">←</span> {T.backToPortal}
        </Link>
        <h1>{T.title}</h1>
        <p className="cp-muted">{T.intro}</p>

        <div className="cp-tabs" role="tablist" aria-label={T.tabsLabel} onKeyDown={onKeyDown}>
          {tabs.map((t, index) => (
            <button
              key={t.id}
              ref={(el) => {
                tabRefs.current[index] = el;
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${t.id}`}
              aria-selected={index === current}
              aria-controls={`${baseId}-panel`}
              tabIndex={index === current ? 0 : -1}
              className="cp-tab"
              onClick={() => select(index)}
            >
              {t.label}
            </button>
          ))}
        </div>
        <div
          className="cp-card cp-tabpanel"
          role="tabpanel"
          id={`${baseId}-panel`}
          aria-labelledby={`${baseId}-tab-${tab.id}`}
          tabIndex={0}
        >
          <h2>{tab.label}</h2>
          <TabContent tab={tab} />
        </div>

        <div className="cp-card cp-restart">
          <p>{T.restartTourHint}</p>
          <button type="button" className="cp-button cp-button-outline" onClick={restartTour}>
            {T.restartTour}
          </button>
        </div>
      </main>
      <PortalFooter branding={branding} signedIn={signedIn} />
    </div>
  );
}
