import { useEffect } from 'react';
import { Notification } from 'react-admin';
import { AUTH_TEXTS, onSessionEnded } from '../providers/authProvider.ts';
import { TOAST_DURATION_MS, useToast } from '../ui/toast.tsx';

/** Shows the 'Unauthorized' toast whenever the session turns out to be gone (on load or later). */
function SessionEndedToast() {
  const toast = useToast();
  useEffect(
    () =>
      onSessionEnded(() =>
        toast({ title: AUTH_TEXTS.unauthorizedTitle, description: AUTH_TEXTS.unauthorizedDescription, variant: 'destructive' }),
      ),
    [toast],
  );
  return null;
}

/**
 * The app's toasts: react-admin's queue (one at a time, 5 s). react-admin renders this outside the
 * layout and also while the first sign-in check runs, so the session-ended toast lives here.
 */
export function AppNotification() {
  return (
    <>
      <SessionEndedToast />
      <Notification autoHideDuration={TOAST_DURATION_MS} anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }} />
    </>
  );
}
