/** SPEC §3 Tour completion flag and §9 Tour: localStorage tour_completed_client_welcome = 'true'. */
export const CLIENT_TOUR_KEY = 'client_welcome';
export const CLIENT_TOUR_FLAG = `tour_completed_${CLIENT_TOUR_KEY}`;
export const TOUR_START_DELAY_MS = 500;

export function isClientTourCompleted(): boolean {
  try {
    return localStorage.getItem(CLIENT_TOUR_FLAG) === 'true';
  } catch {
    return false;
  }
}

export function markClientTourCompleted(): void {
  try {
    localStorage.setItem(CLIENT_TOUR_FLAG, 'true');
  } catch {
    // Storage unavailable (private mode): the tour may show again, which is harmless.
  }
}

/** "Restart tour": the portal shows the tour again on its next load. */
export function resetClientTour(): void {
  try {
    localStorage.removeItem(CLIENT_TOUR_FLAG);
  } catch {
    // Nothing to clear.
  }
}
