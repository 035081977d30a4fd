/**
 * The price list as brokers and admins see it, and how the app writes money and months. The figures
 * are the server's own module (backend/src/billing/pricing.ts, what it bills by), imported rather
 * than copied, so a price changes in one place; every price the frontend shows, the guides' and
 * dialogs' texts included, is built from them.
 */
import {
  FLAT_CLIENT_LIMIT,
  FLAT_MONTHLY_CENTS,
  monthlyPriceCents,
  OVERAGE_PER_CLIENT_CENTS,
  PMPM_PER_CLIENT_CENTS,
  SMS_COST_CENTS,
  VOICE_CALL_COST_CENTS,
} from '../../../../backend/src/billing/pricing.ts';
import { formatMonthOf } from '../ui/format.ts';

/** monthlyPriceCents is the server's own computation of what a plan bills a month. */
export {
  FLAT_CLIENT_LIMIT,
  FLAT_MONTHLY_CENTS,
  monthlyPriceCents,
  OVERAGE_PER_CLIENT_CENTS,
  PMPM_PER_CLIENT_CENTS,
  SMS_COST_CENTS,
  VOICE_CALL_COST_CENTS,
};

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
  // By hand rather than date-fns' parse, which would bring all its parsers to the dashboard.
  const [, year, number] = /^(\d{4})-(\d{2})/.exec(month) ?? [];
  const index = Number(number) - 1;
  return year && index >= 0 && index < 12 ? formatMonthOf(new Date(Number(year), index, 1)) : month;
}

export type MarginVariant = 'default' | 'secondary' | 'destructive';

/** SPEC §9 profit margin badge: default at 50 % or more, secondary at 0 or more, else destructive. */
export function marginVariant(profitMargin: number): MarginVariant {
  if (profitMargin >= 50) return 'default';
  if (profitMargin >= 0) return 'secondary';
  return 'destructive';
}
