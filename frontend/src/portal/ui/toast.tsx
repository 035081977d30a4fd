import { createContext, type ReactNode, useCallback, useContext, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';

import { usePortalTexts } from '../i18n.tsx';

/** SPEC §9 Toasts: one at a time, 5 s, default or destructive. */
export const TOAST_DURATION_MS = 5000;

export interface Toast {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
}

const ToastContext = createContext<(toast: Toast) => void>(() => undefined);

/**
 * An open modal dialog makes the rest of the page inert, toasts included: while one is open the
 * toasts are shown inside it, where they can be seen, read aloud and closed — as the dialog's last
 * block, below its scrolling fields, so that on a phone a toast never covers them.
 */
export const ToastHostContext = createContext<(host: HTMLElement | null) => void>(() => undefined);

/** Shows a toast; a new one replaces the one on screen. */
export function useToast() {
  return useContext(ToastContext);
}

export function ToastProvider({ children }: { children: ReactNode }) {
  const { PORTAL_TEXTS } = usePortalTexts();
  const [toast, setToast] = useState<(Toast & { key: number }) | null>(null);
  const [host, setHost] = useState<HTMLElement | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const show = useCallback((next: Toast) => setToast({ ...next, key: Date.now() }), []);

  useEffect(() => {
    if (!toast) return;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setToast(null), TOAST_DURATION_MS);
    return () => clearTimeout(timer.current);
  }, [toast]);

  const destructive = toast?.variant === 'destructive';
  // Always in the page so screen readers announce what appears in it.
  const region = (
    <div className={`cp-toast-region${host ? ' cp-toast-region-in-dialog' : ''}`} aria-live={destructive ? 'assertive' : 'polite'}>
      {toast && (
        <div key={toast.key} className={`cp-toast${destructive ? ' cp-toast-destructive' : ''}`} role={destructive ? 'alert' : 'status'}>
          <div className="cp-toast-body">
            <p className="cp-toast-title">{toast.title}</p>
            {toast.description && <p className="cp-toast-description">{toast.description}</p>}
          </div>
          <button type="button" className="cp-toast-close" aria-label={PORTAL_TEXTS.close} onClick={() => setToast(null)}>
            ×
          </button>
        </div>
      )}
    </div>
  );
  return (
    <ToastContext.Provider value={show}>
      <ToastHostContext.Provider value={setHost}>
        {children}
        {host ? createPortal(region, host) : region}
      </ToastHostContext.Provider>
    </ToastContext.Provider>
  );
}
