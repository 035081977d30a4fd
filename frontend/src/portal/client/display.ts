import type { ClientSettings } from '../types.ts';

/** How the portal shows itself to the client (their settings): text size and contrast. */
export type Display = Pick<ClientSettings, 'textSize' | 'highContrast'>;

export const TEXT_SIZES = ['normal', 'large', 'extra_large'] as const satisfies readonly Display['textSize'][];
const KEY = 'carekeep.portal.display';

/**
 * Shows the portal this way now (the page's root font size and colours, client.css) and keeps the
 * choice on this device, so that the next visit starts this way before the account's answers.
 */
export function applyDisplay(display: Display): void {
  const root = document.documentElement;
  root.dataset.cpText = display.textSize;
  if (display.highContrast) root.dataset.cpContrast = 'high';
  else delete root.dataset.cpContrast;
  try {
    localStorage.setItem(KEY, JSON.stringify(display));
  } catch {
    // Private browsing without storage: the account still remembers it.
  }
}

/** What this device kept, if anything sensible. */
export function deviceDisplay(): Display | undefined {
  try {
    const kept = JSON.parse(localStorage.getItem(KEY) ?? 'null') as Partial<Display> | null;
    if (!kept || !TEXT_SIZES.includes(kept.textSize as Display['textSize']) || typeof kept.highContrast !== 'boolean') return undefined;
    return { textSize: kept.textSize!, highContrast: kept.highContrast };
  } catch {
    return undefined;
  }
}

/** On the portal's first render: what this device kept. */
export function restoreDisplay(): void {
  const kept = deviceDisplay();
  if (kept) applyDisplay(kept);
}
