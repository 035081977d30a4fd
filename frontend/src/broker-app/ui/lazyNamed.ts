import { lazy, type LazyExoticComponent } from 'react';

/** Any component React.lazy accepts (its own constraint). */
type Lazyable = Awaited<ReturnType<Parameters<typeof lazy>[0]>>['default'];

/**
 * React.lazy for a named export: the component's module becomes its own chunk, fetched when the
 * component first renders, e.g. `lazyNamed(() => import('./ClientList.tsx'), 'ClientList')`. The
 * nearest Suspense shows meanwhile (for a page, the shell's spinner).
 */
export function lazyNamed<M extends Record<K, Lazyable>, K extends keyof M>(load: () => Promise<M>, name: K): LazyExoticComponent<M[K]> {
  return lazy(() => load().then((module) => ({ default: module[name] })));
}
