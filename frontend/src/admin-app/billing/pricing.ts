/**
 * The price list as brokers and admins see it, in cents (the server's backend/src/billing/pricing.ts
 * holds the same figures and bills by them), and how the app writes money and months. Every price
 * the frontend shows, the guides' and dialogs' texts included, is built from the figures here.
 */
import { format, parse } from 'date-fns';

import type { SubscriptionTier } from '../types.ts';

export const FLAT_MONTHLY_CENTS = 29_700;
export const FLAT_CLIENT_LIMIT = 100;
export const OVERAGE_PER_CLIENT_CENTS = 400;
export const PMPM_PER_CLIENT_CENTS = 500;
export const VOICE_CALL_COST_CENTS = 2;
export const SMS_COST_CENTS = 1;
/** The overage example of the price list: 30 clients over the limit. */
export const OVERAGE_EXAMPLE_CLIENTS = 30;
/** Active clients from which the flat plan costs no more than PMPM ($297 / $5 → 60). */
export const BREAK_EVEN_CLIENTS = Math.ceil(FLAT_MONTHLY_CENTS / PMPM_PER_CLIENT_CENTS);
/** SPEC §9: the Billing page shows three months of history. */
export const HISTORY_ROWS = 3;

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const usdWhole = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

/** Cents as dollars with cents: 29700 → '$297.00', -150 → '-$1.50'. */
export function formatCents(cents: number): string {
  return usd.format(cents / 100);
}

/** Cents as a price-list amount, without '.00' for whole dollars: 29700 → '$297', 2 → '$0.02'. */
export function formatPrice(cents: number): string {
  return cents % 100 === 0 ? usdWhole.format(cents / 100) : usd.format(cents / 100);
}

/** The price list's amounts as the texts write them: '$297', '$4', '$5', '$0.02', '$0.01'. */
export const PRICES = {
  flatMonthly: formatPrice(FLAT_MONTHLY_CENTS),
  overagePerClient: formatPrice(OVERAGE_PER_CLIENT_CENTS),
  pmpmPerClient: formatPrice(PMPM_PER_CLIENT_CENTS),
  voiceCall: formatPrice(VOICE_CALL_COST_CENTS),
  sms: formatPrice(SMS_COST_CENTS),
} as const;

/** '2026-11' → 'Nov 2026' (the month as written, whatever the viewer's time zone). */
export function monthLabel(month: string): string {
  const date = parse(month.slice(0, 7), 'yyyy-MM', new Date(2000, 0, 1));
  return Number.isNaN(date.getTime()) ? month : format(date, 'MMM yyyy');
}

export type MarginVariant = 'default' | 'secondary' | 'destructive';

/** SPEC §9 profit margin badge: default at 50 % or more, secondary at 0 or more, else destructive. */
export function marginVariant(profitMargin: number): MarginVariant {
  if (profitMargin >= 50) return 'default';
  if (profitMargin >= 0) return 'secondary';
  return 'destructive';
}

/** What a plan bills a month at a number of active clients (the server's monthlyPriceCents). */
export function monthlyPriceCents(tier: SubscriptionTier, activeClients: number, overageEnabled: boolean): number {
  if (tier === 'pmpm') return activeClients * PMPM_PER_CLIENT_CENTS;
  return FLAT_MONTHLY_CENTS + (overageEnabled ? Math.max(0, activeClients - FLAT_CLIENT_LIMIT) * OVERAGE_PER_CLIENT_CENTS : 0);
}
