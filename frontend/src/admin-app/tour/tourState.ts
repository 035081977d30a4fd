/** SPEC §3 Tour completion flag: localStorage tour_completed_{tourKey} = 'true'. */
export const BROKER_TOUR_KEY = 'broker_welcome';
export const TOUR_START_DELAY_MS = 500;

export function tourFlagKey(tourKey: string): string {
  return `tour_completed_${tourKey}`;
}

export function isTourCompleted(tourKey: string): boolean {
  try {
    return localStorage.getItem(tourFlagKey(tourKey)) === 'true';
  } catch {
    return false;
  }
}

export function markTourCompleted(tourKey: string): void {
  try {
    localStorage.setItem(tourFlagKey(tourKey), 'true');
  } catch {
    // Storage unavailable (private mode): the tour may show again, which is harmless.
  }
}

/** "Restart tour": clears the flag so the tour starts again on the next dashboard visit. */
export function resetTour(tourKey: string): void {
  try {
    localStorage.removeItem(tourFlagKey(tourKey));
  } catch {
    // Nothing to clear.
  }
}
