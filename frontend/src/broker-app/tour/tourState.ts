export { isTourCompleted, markTourCompleted, resetTour, TOUR_START_DELAY_MS, tourFlagKey } from '../../shared/tourFlags.ts';

/** The dashboard tour's key. */
export const BROKER_TOUR_KEY = 'broker_welcome';
