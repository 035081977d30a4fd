import { useTheme } from '@mui/material/styles';
import { useEffect, useMemo, useState } from 'react';
import { ACTIONS, EVENTS, type EventData, Joyride, STATUS } from 'react-joyride';
import { DEFAULT_PRODUCT_NAME } from '../branding/theme.ts';
import { useCurrentUser } from '../branding/useCurrentUser.ts';
import { brokerTourSteps } from './brokerSteps.ts';
import { BROKER_TOUR_KEY, TOUR_START_DELAY_MS, isTourCompleted, markTourCompleted } from './tourState.ts';

/** SPEC §9 Tour: labels and motion. */
export const TOUR_LOCALE = {
  back: 'Back',
  close: 'Close',
  last: 'Last',
  next: 'Next',
  nextWithProgress: 'Next (Step {current} of {total})',
  skip: 'Skip',
} as const;

/** Ends the tour for good: finished, skipped, or a step closed (button or Escape). */
export function endsTour(data: Pick<EventData, 'type' | 'action' | 'status'>): boolean {
  if (data.status === STATUS.FINISHED || data.status === STATUS.SKIPPED) return true;
  if (data.type === EVENTS.TOUR_END) return true;
  return data.type === EVENTS.STEP_AFTER && data.action === ACTIONS.CLOSE;
}

/**
 * The broker_welcome tour on the dashboard: starts 500 ms after load unless already completed;
 * continuous, with progress and Skip. The overlay does not close it; Escape closes it.
 */
export function BrokerTour() {
  const theme = useTheme();
  const { data: user } = useCurrentUser();
  const [run, setRun] = useState(false);
  const agencyName = user?.agencyName?.trim() || DEFAULT_PRODUCT_NAME;
  const steps = useMemo(() => brokerTourSteps(agencyName), [agencyName]);

  useEffect(() => {
    if (isTourCompleted(BROKER_TOUR_KEY)) return;
    const timer = setTimeout(() => setRun(true), TOUR_START_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

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
      options={{
        showProgress: true,
        buttons: ['back', 'close', 'primary', 'skip'],
        closeButtonAction: 'skip',
        overlayClickAction: false,
        dismissKeyAction: 'close',
        blockTargetInteraction: false,
        scrollOffset: 20,
        scrollDuration: 300,
        spotlightPadding: 10,
        width: 380,
        zIndex: 10000,
        skipBeacon: true,
        primaryColor: theme.palette.primary.main,
      }}
    />
  );
}
