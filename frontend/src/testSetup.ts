import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';

// Files of the "shared" project (vite.config.ts) run one after another in a worker that keeps its
// modules, so each file starts from a clean slate here: the app's own modules are evaluated afresh (their
// module state — the language, the query cache, the session listeners — is the file's own), while
// react-admin, MUI and React stay loaded. The page, the storage and the URL start empty as well.
vi.resetModules();
localStorage.clear();
sessionStorage.clear();
for (const cookie of document.cookie.split(';')) {
  const name = cookie.split('=')[0]?.trim();
  if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
}
document.body.replaceChildren();
for (const { name } of [...document.body.attributes]) document.body.removeAttribute(name);
window.history.replaceState(null, '', '/');
document.documentElement.removeAttribute('lang');
// The client portal's text size and contrast (display.ts).
document.documentElement.removeAttribute('data-cp-text');
document.documentElement.removeAttribute('data-cp-contrast');
document.title = '';

// The broker app's pages that wait for the English texts left out of its first load (the back
// office, the guide, the activity log) are rendered here without that wait: the texts are loaded first.
await (await import('./broker-app/i18n/useBrokerTexts.ts')).loadLateAreas();

// Vitest runs without globals, so Testing Library cannot unmount screens between tests by itself.
afterEach(cleanup);
// What a file replaced (a spy, a fake clock) is put back before the next file runs.
afterAll(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

// findBy… and waitFor wait for what the user would see; on a loaded machine a page can take more
// than Testing Library's default second to get there. A wait still ends as soon as its condition holds.
configure({ asyncUtilTimeout: 10_000 });

// react-admin logs every failed data-provider call to the console in development. Tests make calls
// fail on purpose (and assert what the user sees), so those HTTP errors are kept out of the output;
// anything else still reaches the console. The console's own function is kept once, so a worker that
// runs this file before each test file does not wrap it again and again.
const ORIGINAL = Symbol.for('carekeep.consoleError');
const holder = console as unknown as Record<symbol, typeof console.error | undefined>;
const consoleError = (holder[ORIGINAL] ??= console.error.bind(console));
// A plain replacement, not a spy, so tests that restore their mocks keep it.
console.error = (...args: unknown[]) => {
  const [first] = args;
  if (first instanceof Error && typeof (first as { status?: unknown }).status === 'number') return;
  if (first instanceof Error && first.message === 'Network error') return;
  consoleError(...args);
};
