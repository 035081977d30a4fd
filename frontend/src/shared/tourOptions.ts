// Types only: the tour library stays out of the chunks that read these options and labels (the
// broker app's catalogue, the client portal); it loads with the tours themselves.
import type { EventData, Options } from 'react-joyride';

/** SPEC §9 Tour: the default labels. */
export const TOUR_LOCALE = {
  back: 'Back',
  close: 'Close',
  last: 'Last',
  next: 'Next',
  nextWithProgress: 'Next (Step {current} of {total})',
  skip: 'Skip',
} as const;

/**
 * SPEC §9 Tour, for both tours: continuous with progress (the client tour turns it off, SPEC §4)
 * and Skip; the overlay does not close it, Escape closes the step (which ends the tour); scroll
 * offset 20, 300 ms, spotlight padding 10, width 380, z-index 10000; spotlight clicks allowed.
 */
export const TOUR_OPTIONS = {
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
} satisfies Partial<Options>;

/** Ends the tour for good: finished, skipped, or a step closed (button or Escape). */
export function endsTour(data: Pick<EventData, 'type' | 'action' | 'status'>): boolean {
  // react-joyride's STATUS, EVENTS and ACTIONS values; the types check each literal.
  if (data.status === 'finished' || data.status === 'skipped') return true;
  if (data.type === 'tour:end') return true;
  return data.type === 'step:after' && data.action === 'close';
}
