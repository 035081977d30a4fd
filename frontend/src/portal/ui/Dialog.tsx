import { type ReactNode, useContext, useEffect, useId, useRef } from 'react';

import { usePortalTexts } from '../i18n.tsx';
import { ToastHostContext } from './toast.tsx';

/**
 * A modal dialog on the browser's own <dialog>: focus moves in and is kept there, Escape closes it,
 * and the page behind is inert — without a library.
 */
export function Dialog({ open, title, onClose, children }: { open: boolean; title: string; onClose: () => void; children: ReactNode }) {
  const { PORTAL_TEXTS } = usePortalTexts();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const setToastHost = useContext(ToastHostContext);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
    if (!open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
    }
    if (!open) return;
    setToastHost(dialog);
    return () => setToastHost(null);
  }, [open, setToastHost]);

  return (
    <dialog
      ref={ref}
      className="cp-dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      {open && (
        <div className="cp-dialog-inner">
          <div className="cp-dialog-header">
            <h2 id={titleId}>{title}</h2>
            <button type="button" className="cp-icon-button" aria-label={PORTAL_TEXTS.close} onClick={onClose}>
              ×
            </button>
          </div>
          {children}
        </div>
      )}
    </dialog>
  );
}
