import { type ReactNode, createContext, useCallback, useContext, useEffect, useRef, useState } from 'react';

/** SPEC §9 Toasts: one at a time, 5 s, default or destructive. */
export const TOAST_DURATION_MS = 5000;

export interface Toast {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
}

const ToastContext = createContext<(toast: Toast) => void>(() => undefined);

/** Shows a toast; a new one replaces the one on screen. */
export function useToast() {
  return useContext(ToastContext);
}

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toast, setToast] = useState<(Toast & { key: number }) | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const show = useCallback((next: Toast) => setToast({ ...next, key: Date.now() }), []);

  useEffect(() => {
    if (!toast) return;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setToast(null), TOAST_DURATION_MS);
    return () => clearTimeout(timer.current);
  }, [toast]);

  const destructive = toast?.variant === 'destructive';
  return (
    <ToastContext.Provider value={show}>
      {children}
      {/* Always in the page so screen readers announce what appears in it. */}
      <div className="cp-toast-region" aria-live={destructive ? 'assertive' : 'polite'}>
        {toast && (
          <div key={toast.key} className={`cp-toast${destructive ? ' cp-toast-destructive' : ''}`} role={destructive ? 'alert' : 'status'}>
            <div className="cp-toast-body">
              <p className="cp-toast-title">{toast.title}</p>
              {toast.description && <p className="cp-toast-description">{toast.description}</p>}
            </div>
            <button type="button" className="cp-toast-close" aria-label="Close" onClick={() => setToast(null)}>
              ×
            </button>
          </div>
        )}
      </div>
    </ToastContext.Provider>
  );
}
