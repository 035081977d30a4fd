import { type CSSProperties, lazy, type ReactNode, Suspense, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';

import { Spinner } from '../../shared/Spinner.tsx';
import { portalApi } from '../api.ts';
import { usePortalLanguage } from '../i18n.tsx';
import { useNavigate } from '../router.tsx';
import { isClientTourCompleted, TOUR_START_DELAY_MS } from '../tour/tourState.ts';
import type { Adherence, Caregiver, ClientReminder, ContactChange, HistoryItem, MyInfo } from '../types.ts';
import { CaregiversSection } from './CaregiversSection.tsx';
import { ContactChangeSection } from './ContactChangeSection.tsx';
import { restoreDisplay } from './display.ts';
import { HistorySection } from './HistorySection.tsx';
import { MedicationSection } from './MedicationSection.tsx';
import { type Branding, DEFAULT_BRANDING, loadBranding } from './portalBranding.ts';
import { PortalFooter, PortalHeader } from './PortalHeader.tsx';
import { ReminderSection, UpcomingReminders } from './ReminderSection.tsx';
import { SettingsSection } from './SettingsSection.tsx';

const loadTour = () => import('../tour/ClientTour.tsx');
const ClientTour = lazy(loadTour);
/** Development only: its own chunk, so the portal's first load does not carry it. */
// Signed Scopes of Appointment: few clients have one, so the section and its words load on their own.
const SignedFormsSection = lazy(() => import('../soa/SignedFormsSection.tsx'));
const DevOutboxSection = lazy(async () => ({ default: (await import('./DevOutboxSection.tsx')).DevOutboxSection }));

interface Loaded {
  info: MyInfo;
  branding: Branding;
  reminders: ClientReminder[] | null;
  history: HistoryItem[] | null;
  adherence: Adherence | null;
  caregivers: Caregiver[] | null;
  contactChanges: ContactChange[];
}

/** Settles to the value, or null when the call failed (that card then says so). */
const orNull = <V,>(promise: Promise<V>) =>
  promise.then(
    (v) => v,
    () => null,
  );

/** The page root carrying the agency colour, made readable, for everything inside. */
function PortalPage({ branding, children }: { branding: Branding; children: ReactNode }) {
  return (
    <div className="cp-page cp-portal" style={{ '--cp-brand': branding.brandColor } as CSSProperties}>
      {children}
    </div>
  );
}

/**
 * The client's private portal (SPEC §2 Client portal): welcome, the agency's message, upcoming
 * reminders, medications, reminders and history. Signed out, it goes to the login page.
 */
export function ClientPortal() {
  // The text size and contrast this device kept, before the first paint (the account's follow with the settings).
  useLayoutEffect(restoreDisplay, []);
  const { texts, language, setLanguage } = usePortalLanguage();
  const { PORTAL_TEXTS: T } = texts;
  // The portal opens in the client's own language (once: a switch afterwards is saved as theirs).
  const adopted = useRef(false);
  const languageNow = useRef(language);
  languageNow.current = language;
  const navigate = useNavigate();
  const [data, setData] = useState<Loaded | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [tour, setTour] = useState(false);

  const load = useCallback(async () => {
    setLoadFailed(false);
    try {
      const [info, branding, reminders, history, adherence, caregivers, contactChanges] = await Promise.all([
        portalApi.myInfo(),
        loadBranding().catch(() => DEFAULT_BRANDING),
        orNull(portalApi.reminders()),
        orNull(portalApi.history()),
        orNull(portalApi.adherence()),
        orNull(portalApi.caregivers()),
        orNull(portalApi.contactChanges()),
      ]);
      if (!info) {
        void navigate('/client/login', { replace: true });
        return;
      }
      setData({ info, branding, reminders, history, adherence, caregivers, contactChanges: contactChanges ?? [] });
      if (!adopted.current) {
        adopted.current = true;
        if (info.client.language && info.client.language !== languageNow.current) await setLanguage(info.client.language);
      }
    } catch {
      setLoadFailed(true);
    }
  }, [navigate, setLanguage]);

  /** After every change: the overview, the reminders, the caregivers and the contact changes again. */
  const refresh = useCallback(async () => {
    // myInfo answers null once the session has ended; a failed call keeps what is shown.
    const [info, reminders, caregivers, contactChanges] = await Promise.all([
      portalApi.myInfo().catch(() => undefined),
      orNull(portalApi.reminders()),
      orNull(portalApi.caregivers()),
      orNull(portalApi.contactChanges()),
    ]);
    if (info === null) {
      void navigate('/client/login', { replace: true });
      return;
    }
    setData(
      (current) =>
        current && {
          ...current,
          info: info ?? current.info,
          reminders: reminders ?? current.reminders,
          caregivers: caregivers ?? current.caregivers,
          contactChanges: contactChanges ?? current.contactChanges,
        },
    );
  }, [navigate]);

  useEffect(() => {
    void load();
  }, [load]);

  const loaded = data !== null;
  useEffect(() => {
    if (!loaded || isClientTourCompleted()) return;
    void loadTour();
    const timer = setTimeout(() => setTour(true), TOUR_START_DELAY_MS);
    return () => clearTimeout(timer);
  }, [loaded]);

  if (loadFailed) {
    return (
      <PortalPage branding={DEFAULT_BRANDING}>
        <main className="cp-narrow">
          <div className="cp-card">
            <p role="alert">{T.loadFailed}</p>
            <button type="button" className="cp-button" onClick={() => void load()}>
              {T.tryAgain}
            </button>
          </div>
        </main>
      </PortalPage>
    );
  }
  if (!data) return <Spinner />;

  const { info, branding, reminders, history, adherence, caregivers, contactChanges } = data;
  return (
    <PortalPage branding={branding}>
      <PortalHeader branding={branding} />
      <main className="cp-container cp-portal-main">
        <div className="cp-welcome">
          <h1>{T.welcome(info.client.firstName)}</h1>
          <p className="cp-muted">{T.welcomeSub}</p>
        </div>
        {branding.sponsorMessage && (
          <section className="cp-card cp-sponsor" aria-labelledby="cp-sponsor-title">
            <h2 id="cp-sponsor-title" className="cp-eyebrow">
              {T.fromAgency(branding.agencyName)}
            </h2>
            <p>{branding.sponsorMessage}</p>
          </section>
        )}
        <ContactChangeSection changes={contactChanges} onChanged={() => void refresh()} />
        <UpcomingReminders reminders={info.upcomingReminders} />
        <div className="cp-columns">
          <MedicationSection medications={info.medications} onChanged={() => void refresh()} />
          <ReminderSection
            reminders={reminders ?? []}
            failed={reminders === null}
            medications={info.medications}
            onChanged={() => void refresh()}
          />
        </div>
        <CaregiversSection caregivers={caregivers ?? []} failed={caregivers === null} onChanged={() => void refresh()} />
        <HistorySection items={history ?? []} failed={history === null} adherence={adherence} contactChanges={contactChanges} />
        <Suspense fallback={null}>
          <SignedFormsSection />
        </Suspense>
        <SettingsSection agencyName={branding.agencyName} />
        <Suspense fallback={null}>
          <DevOutboxSection />
        </Suspense>
      </main>
      <PortalFooter branding={branding} />
      {tour && (
        <Suspense fallback={null}>
          <ClientTour agencyName={branding.agencyName} brandColor={branding.brandColor} onEnd={() => setTour(false)} />
        </Suspense>
      )}
    </PortalPage>
  );
}
