import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Notification } from 'react-admin';
import { createPortal } from 'react-dom';

import { brokerTexts } from '../i18n/useBrokerTexts.ts';
import { onSessionEnded } from '../providers/authProvider.ts';
import { TOAST_DURATION_MS, useToast } from '../ui/toast.tsx';

/** Shows the 'Unauthorized' toast whenever the session turns out to be gone (on load or later). */
function SessionEndedToast() {
  const toast = useToast();
  useEffect(
    () =>
      onSessionEnded(() => {
        const { AUTH_TEXTS } = brokerTexts().shell;
        toast({ title: AUTH_TEXTS.unauthorizedTitle, description: AUTH_TEXTS.unauthorizedDescription, variant: 'destructive' });
      }),
    [toast],
  );
  return null;
}

/** The paper of the topmost open dialog (not one fading out), or null. */
function topDialogPaper(): HTMLElement | null {
  const containers = Array.from(document.querySelectorAll<HTMLElement>('body > .MuiDialog-root .MuiDialog-container'));
  // A closing dialog fades to opacity 0 before it leaves the page.
  const open = containers.filter((container) => container.style.opacity !== '0');
  return open.at(-1)?.querySelector<HTMLElement>('.MuiDialog-paper') ?? null;
}

/** Follows the dialogs as they open and close, whichever page opened them. */
function useOpenDialogPaper(): HTMLElement | null {
  const [paper, setPaper] = useState<HTMLElement | null>(null);
  useEffect(() => {
    const update = () => setPaper(topDialogPaper());
    update();
    const observer = new MutationObserver(update);
    observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['style'] });
    return () => observer.disconnect();
  }, []);
  return paper;
}

/** In a dialog the toast is the dialog's last block, in its flow, rather than floating over its fields. */
const IN_DIALOG = {
  position: 'static',
  inset: 'auto',
  transform: 'none',
  zIndex: 'auto',
  mx: 2,
  mb: 2,
  '& > div, & .MuiAlert-root': { width: '100%', minWidth: 0, maxWidth: 'none' },
} as const;

/**
 * The app's toasts: react-admin's queue (one at a time, 5 s; a new toast replaces the one on
 * screen). react-admin renders this outside the layout and also while the first sign-in check runs,
 * so the session-ended toast lives here.
 *
 * While a dialog is open the toast moves into it: the dialog makes the rest of the page hidden from
 * screen readers, and on a phone a toast floating at the bottom would cover the dialog's fields.
 * The toast's element is moved, not re-rendered, so the toast on screen stays as it is.
 */
export function AppNotification() {
  const [toastElement] = useState(() => document.createElement('div'));
  const home = useRef<HTMLDivElement>(null);
  const paper = useOpenDialogPaper();

  useLayoutEffect(() => {
    const parent = paper ?? home.current;
    if (!parent || toastElement.parentElement === parent) return;
    const leavingDialog = !paper && toastElement.parentElement !== null;
    parent.appendChild(toastElement);
    // A toast under the pointer pauses its 5 s (the pointer was on the dialog's buttons); once it
    // moves back to the corner the pointer is no longer on it, though no pointer event says so.
    if (leavingDialog)
      toastElement.firstElementChild?.dispatchEvent(new MouseEvent('mouseout', { bubbles: true, relatedTarget: document.body }));
  }, [paper, toastElement]);

  return (
    <>
      <SessionEndedToast />
      <div ref={home} />
      {createPortal(
        <Notification
          autoHideDuration={TOAST_DURATION_MS}
          anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
          sx={paper ? IN_DIALOG : undefined}
        />,
        toastElement,
      )}
    </>
  );
}
