import { type ReactNode, useState } from 'react';

import { serverMessage } from '../../lib/http.ts';
import { Dialog } from './Dialog.tsx';
import { useToast } from './toast.tsx';

/**
 * Deleting after a confirmation: ask(item) opens the dialog, confirm deletes it and says so with
 * the page's success or failure toast (the server's reason underneath).
 */
export function useConfirmedDelete<T extends { id: string }>(
  remove: (id: string) => Promise<unknown>,
  texts: { done: string; failed: string },
  onDone: () => void,
) {
  const toast = useToast();
  const [target, setTarget] = useState<T | null>(null);
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    if (!target) return;
    setBusy(true);
    try {
      await remove(target.id);
      toast({ title: texts.done });
      onDone();
    } catch (failure) {
      toast({ title: texts.failed, description: serverMessage(failure), variant: 'destructive' });
    } finally {
      setBusy(false);
      setTarget(null);
    }
  };

  return { target, busy, ask: setTarget, cancel: () => setTarget(null), confirm };
}

/** The confirmation dialog: what will happen, Cancel, and the destructive button. */
export function ConfirmDeleteDialog({
  open,
  title,
  busy,
  cancelLabel,
  deleteLabel,
  onCancel,
  onConfirm,
  children,
}: {
  open: boolean;
  title: string;
  busy: boolean;
  cancelLabel: string;
  deleteLabel: string;
  onCancel: () => void;
  onConfirm: () => void;
  children: ReactNode;
}) {
  return (
    <Dialog open={open} title={title} onClose={onCancel}>
      {children}
      <div className="cp-dialog-actions">
        <button type="button" className="cp-button cp-button-outline" onClick={onCancel}>
          {cancelLabel}
        </button>
        <button type="button" className="cp-button cp-button-solid-danger" disabled={busy} onClick={onConfirm}>
          {deleteLabel}
        </button>
      </div>
    </Dialog>
  );
}
