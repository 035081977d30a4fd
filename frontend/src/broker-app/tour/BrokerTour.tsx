import { Suspense, useCallback, useEffect, useMemo, useState } from 'react';

import { useEscapeEndsTour } from '../../shared/useEscapeEndsTour.ts';
import { DEFAULT_PRODUCT_NAME } from '../branding/theme.ts';
import { useBrokerTexts } from '../i18n/useBrokerTexts.ts';
import { useCurrentUser } from '../providers/useCurrentUser.ts';
import { needsProfile } from '../settings/profile.ts';
import { lazyNamed } from '../ui/lazyNamed.ts';
import { brokerTourSteps } from './brokerSteps.ts';
import { BROKER_TOUR_KEY, isTourCompleted, markTourCompleted, TOUR_START_DELAY_MS } from './tourState.ts';

// The tour library loads only for a broker who has not completed the tour.
const loadJoyride = () => import('./BrokerJoyride.tsx');
const BrokerJoyride = lazyNamed(loadJoyride, 'BrokerJoyride');

/**
 * The broker_welcome tour on the dashboard: starts 500 ms after load unless already completed;
 * continuous, with progress and Skip. The overlay does not close it; Escape closes it.
 */
export function BrokerTour() {
  const { data: user } = useCurrentUser();
  const [run, setRun] = useState(false);
  const agencyName = user?.agencyName?.trim() || DEFAULT_PRODUCT_NAME;
  const { TOUR_TEXTS, TOUR_LOCALE } = useBrokerTexts().tour;
  const steps = useMemo(() => brokerTourSteps(agencyName, TOUR_TEXTS), [agencyName, TOUR_TEXTS]);

  // Not over the profile step: the tour waits for the user, and for their name when it is asked for.
  const waiting = !user || needsProfile(user);
  useEffect(() => {
    if (waiting || isTourCompleted(BROKER_TOUR_KEY)) return;
    // Fetched during the delay, so the tour is there on time; a failed fetch surfaces when it renders.
    loadJoyride().catch(() => undefined);
    const timer = setTimeout(() => setRun(true), TOUR_START_DELAY_MS);
    return () => clearTimeout(timer);
  }, [waiting]);

  const end = useCallback(() => {
    markTourCompleted(BROKER_TOUR_KEY);
    setRun(false);
  }, []);
  useEscapeEndsTour(run, end);

  if (!run) return null;
  // An overlay over a page already shown: nothing to show while it loads.
  return (
    <Suspense fallback={null}>
      <BrokerJoyride steps={steps} locale={TOUR_LOCALE} onEnd={end} />
    </Suspense>
  );
}
