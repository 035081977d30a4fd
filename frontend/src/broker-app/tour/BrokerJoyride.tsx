import { useTheme } from '@mui/material/styles';
import { type EventData, Joyride } from 'react-joyride';

import type { Translation } from '../../i18n/translation.ts';
import { endsTour, type TOUR_LOCALE, TOUR_OPTIONS } from '../../shared/tourOptions.ts';
import type { brokerTourSteps } from './brokerSteps.ts';

/**
 * The running broker_welcome tour. Its own chunk, with the tour library: BrokerTour loads it only
 * when the tour is about to start, so the dashboard's first load does without it.
 */
export function BrokerJoyride({
  steps,
  locale,
  onEnd,
}: {
  steps: ReturnType<typeof brokerTourSteps>;
  locale: Translation<typeof TOUR_LOCALE>;
  onEnd: () => void;
}) {
  const theme = useTheme();
  const onEvent = (data: EventData) => {
    if (endsTour(data)) onEnd();
  };
  return (
    <Joyride
      run
      steps={steps}
      continuous
      scrollToFirstStep
      onEvent={onEvent}
      locale={locale}
      options={{ ...TOUR_OPTIONS, primaryColor: theme.palette.primary.main }}
    />
  );
}
