import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Vitest runs without globals, so Testing Library cannot unmount screens between tests by itself.
afterEach(cleanup);

// findBy… and waitFor wait for what the user would see; on a loaded machine a page can take more
// than Testing Library's default second to get there. A wait still ends as soon as its condition holds.
configure({ asyncUtilTimeout: 10_000 });

// react-admin logs every failed data-provider call to the console in development. Tests make calls
// fail on purpose (and assert what the user sees), so those HTTP errors are kept out of the output;
// anything else still reaches the console.
const consoleError = console.error.bind(console);
// A plain replacement, not a spy, so tests that restore their mocks keep it.
console.error = (...args: unknown[]) => {
  const [first] = args;
  if (first instanceof Error && typeof (first as { status?: unknown }).status === 'number') return;
  if (first instanceof Error && first.message === 'Network error') return;
  consoleError(...args);
};
