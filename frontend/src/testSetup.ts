import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Vitest runs without globals, so Testing Library cannot unmount screens between tests by itself.
afterEach(cleanup);

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
