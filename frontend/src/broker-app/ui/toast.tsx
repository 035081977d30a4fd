import { Alert, AlertTitle, Button } from '@mui/material';
import { type ReactNode, useCallback, useEffect, useRef } from 'react';
import { useCloseNotification, useNotificationContext, useNotify } from 'react-admin';

/** How long a toast stays up (SPEC §9 Toasts). */
export const TOAST_DURATION_MS = 5000;

export interface ToastOptions {
  title: string;
  description?: ReactNode;
  variant?: 'default' | 'destructive';
  action?: { label: string; onClick: () => void };
}

/**
 * The toast on screen, so that the next one replaces it. react-admin queues notifications, which
 * would keep a failed upload's toast up and show it, or its successor, against a later action.
 */
const onScreen: { close?: () => void; dropWaiting?: () => void } = {};

/**
 * A toast: a title, an optional description and action, default or destructive. One is shown at a
 * time, and each action's toast is its own: a new one replaces the one on screen.
 */
export function ToastContent({ title, description, variant = 'default', action }: ToastOptions) {
  const close = useCloseNotification();
  const { setNotifications } = useNotificationContext();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const mine = { close, dropWaiting: () => setNotifications([]) };
    Object.assign(onScreen, mine);
    // Shown inside a dialog that scrolls, the toast is scrolled into view (see AppNotification).
    if (ref.current?.closest('.MuiDialog-paper')) ref.current.scrollIntoView({ block: 'nearest' });
    return () => {
      if (onScreen.close === mine.close) {
        onScreen.close = undefined;
        onScreen.dropWaiting = undefined;
      }
    };
  }, [close, setNotifications]);
  return (
    <Alert
      ref={ref}
      role={variant === 'destructive' ? 'alert' : 'status'}
      severity={variant === 'destructive' ? 'error' : 'success'}
      variant="filled"
      onClose={close}
      data-toast-variant={variant}
      // A long word (an e-mail address) wraps rather than making the message a region to scroll.
      sx={{ minWidth: 300, maxWidth: 480, boxShadow: 3, '& .MuiAlert-message': { minWidth: 0, overflowWrap: 'anywhere' } }}
      action={
        action ? (
          <Button
            color="inherit"
            size="small"
            onClick={() => {
              // Close first: the queue shows one toast at a time, so the action's own answer
              // (e.g. 'Copied!') appears at once.
              close();
              action.onClick();
            }}
          >
            {action.label}
          </Button>
        ) : undefined
      }
    >
      <AlertTitle sx={{ mb: description ? 0.5 : 0 }}>{title}</AlertTitle>
      {description}
    </Alert>
  );
}

/** An element for react-admin's notification queue (also used where a plain error message goes). */
export function toastElement(options: ToastOptions) {
  return <ToastContent {...options} />;
}

/** Shows toasts; a new one replaces the one on screen and any still waiting. */
export function useToast() {
  const notify = useNotify();
  return useCallback(
    (options: ToastOptions) => {
      onScreen.dropWaiting?.();
      onScreen.close?.();
      notify(toastElement(options), {
        type: options.variant === 'destructive' ? 'error' : 'success',
        autoHideDuration: TOAST_DURATION_MS,
      });
    },
    [notify],
  );
}
