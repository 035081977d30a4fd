import { Alert, AlertTitle, Button } from '@mui/material';
import { type ReactNode, useCallback } from 'react';
import { useCloseNotification, useNotify } from 'react-admin';

/** How long a toast stays up (SPEC §9 Toasts). */
export const TOAST_DURATION_MS = 5000;

export interface ToastOptions {
  title: string;
  description?: ReactNode;
  variant?: 'default' | 'destructive';
  action?: { label: string; onClick: () => void };
}

/**
 * A toast: a title, an optional description and action, default or destructive. react-admin's
 * notification queue shows one at a time, which is what the product wants.
 */
export function ToastContent({ title, description, variant = 'default', action }: ToastOptions) {
  const close = useCloseNotification();
  return (
    <Alert
      role={variant === 'destructive' ? 'alert' : 'status'}
      severity={variant === 'destructive' ? 'error' : 'success'}
      variant="filled"
      onClose={close}
      data-toast-variant={variant}
      sx={{ minWidth: 300, maxWidth: 480, boxShadow: 3 }}
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

/** Shows toasts. */
export function useToast() {
  const notify = useNotify();
  return useCallback(
    (options: ToastOptions) =>
      notify(toastElement(options), {
        type: options.variant === 'destructive' ? 'error' : 'success',
        autoHideDuration: TOAST_DURATION_MS,
      }),
    [notify],
  );
}
