/**
 * SPEC §3 Tour completion flag: localStorage tour_completed_{tourKey} = 'true' (keys broker_welcome
 * and client_welcome). No tour library here, so the client portal can read it on first load.
 */
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

/** "Restart tour": clears the flag so the tour starts again on its page's next load. */
export function resetTour(tourKey: string): void {
  try {
    localStorage.removeItem(tourFlagKey(tourKey));
  } catch {
    // Nothing to clear.
  }
}
