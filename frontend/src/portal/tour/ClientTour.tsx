import { useCallback, useMemo } from 'react';
import { type EventData, Joyride } from 'react-joyride';

import type { Translation } from '../../i18n/translation.ts';
import { endsTour, TOUR_LOCALE, TOUR_OPTIONS } from '../../shared/tourOptions.ts';
import { useEscapeEndsTour } from '../../shared/useEscapeEndsTour.ts';
import { useLazyWords } from '../i18n.tsx';
import { clientTourSteps } from './clientSteps.ts';
import { markClientTourCompleted } from './tourState.ts';

const TOUR = { clientTourSteps, TOUR_LOCALE: TOUR_LOCALE as Translation<typeof TOUR_LOCALE> };
/** The tour in other languages, each its own chunk. */
const TOUR_IN = { es: () => import('../../i18n/es/portal-tour.ts') as Promise<typeof TOUR> };

// Large print and 44 px buttons, like the rest of the client pages.
const button = { fontSize: 18, minHeight: 44, minWidth: 44, padding: '8px 16px', borderRadius: 8 };

/**
 * The client_welcome tour. Loaded on demand (react-joyride stays out of the portal's first load)
 * and mounted by the portal only when it should run.
 */
export default function ClientTour({ agencyName, brandColor, onEnd }: { agencyName: string; brandColor: string; onEnd: () => void }) {
  // The tour's words load with the tour: English here, Spanish from its own chunk.
  const words = useLazyWords(TOUR, TOUR_IN);
  const steps = useMemo(() => words?.clientTourSteps(agencyName) ?? [], [words, agencyName]);
  const end = useCallback(() => {
    markClientTourCompleted();
    onEnd();
  }, [onEnd]);
  useEscapeEndsTour(words !== null, end);
  const onEvent = (data: EventData) => {
    if (endsTour(data)) end();
  };
  if (!words) return null;
  return (
    <Joyride
      run
      steps={steps}
      continuous
      scrollToFirstStep
      onEvent={onEvent}
      locale={words?.TOUR_LOCALE ?? TOUR_LOCALE}
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
