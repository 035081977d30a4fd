import { formatMonthOf } from '../../ui/format.ts';

/** A month of the API ('2026-11') as the first day of that month, for the month formats of ui/format.ts. */
export function monthDate(month: string): Date {
  const [year, monthNumber] = month.split('-').map(Number);
  return new Date(year, monthNumber - 1, 1);
}

/** The months' labels in the app's language: 'Nov 2026', 'nov 2026'. */
export function monthLabels(months: readonly { month: string }[]): string[] {
  return months.map((m) => formatMonthOf(monthDate(m.month)));
}

/** The first and the last month with data, or null when no month has any. */
export function dataSpan(values: readonly (number | null)[]): { first: number; last: number } | null {
  const first = values.findIndex((value) => value !== null);
  if (first < 0) return null;
  return { first, last: values.length - 1 - [...values].reverse().findIndex((value) => value !== null) };
}

/** The summary a screen reader hears for the words of one trend's texts. */
export interface SummaryTexts {
  change: (what: string, from: string, fromMonth: string, to: string, toMonth: string) => string;
  oneMonth: (what: string, value: string, month: string) => string;
  nothingYet: (what: string) => string;
  gaps: (months: number, of: number) => string;
}

/**
 * 'MRR went from $1,000.00 in Dec 2025 to $2,500.00 in Nov 2026.', from the first to the last month
 * with data, then how many months have none (the chart's gaps).
 */
export function changeSummary(
  T: SummaryTexts,
  what: string,
  values: readonly (number | null)[],
  labels: readonly string[],
  format: (value: number) => string,
): string {
  const span = dataSpan(values);
  if (!span) return T.nothingYet(what);
  const from = values[span.first]!;
  const to = values[span.last]!;
  const sentence =
    span.first === span.last
      ? T.oneMonth(what, format(to), labels[span.last])
      : T.change(what, format(from), labels[span.first], format(to), labels[span.last]);
  const missing = values.filter((value) => value === null).length;
  return missing ? `${sentence} ${T.gaps(missing, values.length)}` : sentence;
}

/** Sums over the months with data, and the first and last of them; null when none has any. */
export function movementTotals(
  conversions: readonly (number | null)[],
  churned: readonly (number | null)[],
): { conversions: number; churned: number; first: number; last: number } | null {
  const known = conversions.map((value, i) => (value === null || churned[i] === null ? null : value));
  const span = dataSpan(known);
  if (!span) return null;
  const sum = (values: readonly (number | null)[]) =>
    known.reduce<number>((total, value, i) => total + (value === null ? 0 : values[i]!), 0);
  return { conversions: sum(conversions), churned: sum(churned), ...span };
}

/** '4 trial conversions and 1 churned broker from Dec 2025 to Nov 2026.', then how many months have no data. */
export function movementSummary(
  T: SummaryTexts & { movement: (conversions: number, churned: number, fromMonth: string, toMonth: string) => string },
  what: string,
  conversions: readonly (number | null)[],
  churned: readonly (number | null)[],
  labels: readonly string[],
): string {
  const totals = movementTotals(conversions, churned);
  if (!totals) return T.nothingYet(what);
  const sentence = T.movement(totals.conversions, totals.churned, labels[totals.first], labels[totals.last]);
  const missing = conversions.filter((value, i) => value === null || churned[i] === null).length;
  return missing ? `${sentence} ${T.gaps(missing, conversions.length)}` : sentence;
}

/** Whole dollars, short, for a money axis: $1.5K, $12K, $300. */
const compactUsd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', notation: 'compact', maximumFractionDigits: 1 });
export function formatCentsShort(cents: number): string {
  return compactUsd.format(cents / 100);
}
