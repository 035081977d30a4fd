import { useTheme } from '@mui/material/styles';
import { useEffect, useMemo, useState } from 'react';
import { type EventData, Joyride } from 'react-joyride';

import { endsTour, TOUR_OPTIONS } from '../../shared/tourOptions.ts';
import { DEFAULT_PRODUCT_NAME } from '../branding/theme.ts';
import { useBrokerTexts } from '../i18n/useBrokerTexts.ts';
import { useCurrentUser } from '../providers/useCurrentUser.ts';
import { needsProfile } from '../settings/profile.ts';
import { brokerTourSteps } from './brokerSteps.ts';
import { BROKER_TOUR_KEY, isTourCompleted, markTourCompleted, TOUR_START_DELAY_MS } from './tourState.ts';

/**
 * The broker_welcome tour on the dashboard: starts 500 ms after load unless already completed;
 * continuous, with progress and Skip. The overlay does not close it; Escape closes it.
 */
export function BrokerTour() {
  const theme = useTheme();
  const { data: user } = useCurrentUser();
  const [run, setRun] = useState(false);
  const agencyName = user?.agencyName?.trim() || DEFAULT_PRODUCT_NAME;
  const { TOUR_TEXTS, TOUR_LOCALE } = useBrokerTexts().tour;
  const steps = useMemo(() => brokerTourSteps(agencyName, TOUR_TEXTS), [agencyName, TOUR_TEXTS]);

  // Not over the profile step: the tour waits for the user, and for their name when it is asked for.
  const waiting = !user || needsProfile(user);
  useEffect(() => {
    if (waiting || isTourCompleted(BROKER_TOUR_KEY)) return;
    const timer = setTimeout(() => setRun(true), TOUR_START_DELAY_MS);
    return () => clearTimeout(timer);
  }, [waiting]);

  const onEvent = (data: EventData) => {
    if (!endsTour(data)) return;
    markTourCompleted(BROKER_TOUR_KEY);
    setRun(false);
  };

  return (
    <Joyride
      run={run}
      steps={steps}
      continuous
      scrollToFirstStep
      onEvent={onEvent}
      locale={TOUR_LOCALE}
      options={{ ...TOUR_OPTIONS, primaryColor: theme.palette.primary.main }}
    />
  );
}
