/**
 * The price list (SPEC §9), in integer cents. Every amount the backend computes, records or writes
 * into a message or API answer comes from here, and the frontend imports this very file for the prices
 * its pages and guides show (`frontend/src/broker-app/billing/pricing.ts`), so it stays free of
 * server-only imports. In Stripe mode the Stripe prices named by `STRIPE_PRICE_*` (what Stripe
 * charges) must match it.
 */
export const FLAT_MONTHLY_CENTS = 29_700;
export const FLAT_CLIENT_LIMIT = 100;
export const OVERAGE_PER_CLIENT_CENTS = 400;
export const PMPM_PER_CLIENT_CENTS = 500;
/** Clients beyond the flat limit that may still be added without overage (5 %), with a warning. */
export const FLAT_GRACE_CLIENTS = 5;
export const APPROACHING_FROM = 90;
export const VOICE_CALL_COST_CENTS = 2;
export const SMS_COST_CENTS = 1;

export type Tier = 'flat' | 'pmpm';
export type SubscriptionStatus = 'trial' | 'active' | 'past_due' | 'canceled';

/** Cents as a price-list amount: whole dollars without cents ($297, $4), else with them ($0.02). */
export function priceText(cents: number): string {
  return cents % 100 === 0 ? `$${cents / 100}` : `$${(cents / 100).toFixed(2)}`;
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Cents as dollars with cents, the way every message and error writes an amount: 120050 → '$1,200.50'. */
export function formatCents(cents: number): string {
  return usd.format(cents / 100);
}

/** Clients over the flat limit. */
export function clientsOverLimit(activeClients: number): number {
  return Math.max(0, activeClients - FLAT_CLIENT_LIMIT);
}

export function overageCents(activeClients: number): number {
  return clientsOverLimit(activeClients) * OVERAGE_PER_CLIENT_CENTS;
}

export function pmpmCents(activeClients: number): number {
  return activeClients * PMPM_PER_CLIENT_CENTS;
}

/** What a broker pays per month for a tier and number of active clients. */
export function monthlyPriceCents(tier: Tier, activeClients: number, overageEnabled: boolean): number {
  if (tier === 'pmpm') return pmpmCents(activeClients);
  return FLAT_MONTHLY_CENTS + (overageEnabled ? overageCents(activeClients) : 0);
}

/**
 * A broker's monthly revenue, the one definition behind the admin broker list, the broker detail,
 * the admin dashboard and the broker's monthly analytics: what the plan bills at today's active
 * clients (flat overage only when enabled). A trial brings nothing until it converts; past due still
 * counts (the payment is being retried); canceled brings nothing.
 */
export function monthlyRevenueCents(status: SubscriptionStatus, tier: Tier, activeClients: number, overageEnabled: boolean): number {
  if (status === 'trial' || status === 'canceled') return 0;
  return monthlyPriceCents(tier, activeClients, overageEnabled);
}

/** Profit margin in whole percent; 0 without revenue. */
/** What one send costs the platform: the per-call and per-text costs; e-mail costs nothing. */
export function sendCostCents(channel: 'voice' | 'sms' | 'email'): number {
  return channel === 'voice' ? VOICE_CALL_COST_CENTS : channel === 'sms' ? SMS_COST_CENTS : 0;
}

export function profitMarginPercent(revenueCents: number, costCents: number): number {
  return revenueCents > 0 ? Math.round(((revenueCents - costCents) / revenueCents) * 100) : 0;
}
