import type { QueryClient } from '@tanstack/react-query';

import type { PolicyType } from '../types.ts';
import { formatDay } from '../ui/format.ts';
import { dayDate, isRealDay } from './facts.ts';

/** The query of a client's policies: a change invalidates it. */
export const policiesKey = (clientId: string) => ['clients', clientId, 'policies'] as const;

/** The book's carriers (the client list's carrier filter). */
export const POLICY_CARRIERS_KEY = ['policies', 'carriers'] as const;

/**
 * After a policy changes: every client query (the list's Current plan column and its policy filters,
 * the client's policies) and the carriers of the book.
 */
export async function policiesChanged(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: ['clients'] }),
    queryClient.invalidateQueries({ queryKey: POLICY_CARRIERS_KEY }),
  ]);
}

/** A day 'YYYY-MM-DD' in the app's date format. */
export const policyDay = (day: string) => (isRealDay(day) ? formatDay(dayDate(day)) : day);

/** Cents as dollars, e.g. 2550 → $25.50. */
export const dollars = (cents: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);

/** Whether the text has the form of a CMS plan ID (H1234-001-000; the segment may be left out, any case); the server checks its contract letter. */
export const planIdTyped = (text: string) => /^[HRSE]\d{4}[-\s]?\d{3}(?:[-\s]?\d{3})?$/i.test(text.trim());

/** The plan types with a CMS plan ID (contract-plan-segment). */
export const hasPlanId = (type: PolicyType) => type === 'medicare_advantage' || type === 'mapd' || type === 'pdp';

/** Dollars as typed ("25.5", "$1,200") in cents; null when empty; undefined unless 0 or more with at most 2 decimals. */
export function premiumCents(text: string): number | null | undefined {
  const typed = text.trim().replace(/^\$/, '').replace(/,/g, '');
  if (typed === '') return null;
  const match = /^(\d+)(?:\.(\d{0,2}))?$/.exec(typed);
  if (!match) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}
