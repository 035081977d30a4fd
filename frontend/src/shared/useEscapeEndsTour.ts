import { useEffect } from 'react';

/**
 * Escape ends the tour at any moment — also while a step is still scrolling into view, when the
 * tour library does not listen to keys yet. `end` should keep its identity between renders.
 */
export function useEscapeEndsTour(active: boolean, end: () => void): void {
  useEffect(() => {
    if (!active) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') end();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [active, end]);
}
