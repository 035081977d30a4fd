import { useMemo } from 'react';
import { type EventData, Joyride } from 'react-joyride';

import { endsTour, TOUR_LOCALE, TOUR_OPTIONS } from '../../shared/tourOptions.ts';
import { clientTourSteps } from './clientSteps.ts';
import { markClientTourCompleted } from './tourState.ts';

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
      // SPEC §4: the client portal tour's steps (its progress) are not shown.
      options={{ ...TOUR_OPTIONS, showProgress: false, primaryColor: brandColor, textColor: '#0f172a' }}
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
