import { useMemo } from 'react';
import { ACTIONS, EVENTS, type EventData, Joyride, STATUS } from 'react-joyride';
import { clientTourSteps } from './clientSteps.ts';
import { markClientTourCompleted } from './tourState.ts';

/** SPEC §9 Tour: the default labels. */
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

// Large print and 44 px buttons, like the rest of the client pages.
const button = { fontSize: 18, minHeight: 44, minWidth: 44, padding: '8px 16px', borderRadius: 8 };

/**
 * The client_welcome tour. Loaded on demand (react-joyride stays out of the portal's first load)
 * and mounted by the portal only when it should run.
 */
export default function ClientTour({ agencyName, brandColor, onEnd }: { agencyName: string; brandColor: string; onEnd: () => void }) {
  const steps = useMemo(() => clientTourSteps(agencyName), [agencyName]);
  const onEvent = (data: EventData) => {
    if (!endsTour(data)) return;
    markClientTourCompleted();
    onEnd();
  };
  return (
    <Joyride
      run
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
        primaryColor: brandColor,
        textColor: '#0f172a',
      }}
      styles={{
        tooltipTitle: { fontSize: 22, fontWeight: 700 },
        tooltipContent: { fontSize: 18, lineHeight: 1.5, textAlign: 'left', padding: '12px 8px' },
        buttonPrimary: { ...button, fontWeight: 600 },
        buttonBack: { ...button, color: brandColor },
        buttonSkip: { ...button, color: '#334155' },
        buttonClose: { minHeight: 44, minWidth: 44 },
      }}
    />
  );
}
