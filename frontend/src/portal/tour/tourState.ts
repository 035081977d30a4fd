import { isTourCompleted, markTourCompleted, resetTour } from '../../shared/tourFlags.ts';

export { TOUR_START_DELAY_MS } from '../../shared/tourFlags.ts';

/** The portal tour's key (its localStorage flag is tour_completed_client_welcome). */
export const CLIENT_TOUR_KEY = 'client_welcome';

export const isClientTourCompleted = () => isTourCompleted(CLIENT_TOUR_KEY);
export const markClientTourCompleted = () => markTourCompleted(CLIENT_TOUR_KEY);
/** "Restart tour": the portal shows the tour again on its next load. */
export const resetClientTour = () => resetTour(CLIENT_TOUR_KEY);
