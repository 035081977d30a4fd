import type { AdminAnalytics } from '../../types.ts';
import { TIER_LABELS } from './texts.ts';

export { formatCents } from '../../billing/pricing.ts';

/** SPEC §9 Trial: the dashboard lists the first 5 expirations; 7 days or fewer is urgent. */
export const EXPIRATIONS_SHOWN = 5;
export const URGENT_DAYS = 7;

export type TrialExpiration = AdminAnalytics['trialExpirations'][number];
export type Tier = keyof typeof TIER_LABELS;

/** The destructive badge at 7 days or fewer, the ordinary one after. */
export function isUrgent(daysRemaining: number): boolean {
  return daysRemaining <= URGENT_DAYS;
}

/** The first five trials to end (the server sends them soonest first; sorted again to be sure). */
export function upcomingTrials(expirations: readonly TrialExpiration[]): TrialExpiration[] {
  return [...expirations].sort((a, b) => Date.parse(a.trialEndsAt) - Date.parse(b.trialEndsAt)).slice(0, EXPIRATIONS_SHOWN);
}

export interface TierRow {
  tier: Tier;
  label: string;
  count: number;
  /** Cents per month. */
  revenue: number;
  /** Whole percent of all brokers. */
  share: number;
}

/** PMPM, Flat and Trial in that order, with zeros for a tier the server left out. */
export function tierRows(distribution: AdminAnalytics['tierDistribution']): TierRow[] {
  const tiers: Tier[] = ['pmpm', 'flat', 'trial'];
  const total = distribution.reduce((sum, row) => sum + row.count, 0);
  return tiers.map((tier) => {
    const row = distribution.find((r) => r.tier === tier);
    const count = row?.count ?? 0;
    return {
      tier,
      label: TIER_LABELS[tier],
      count,
      revenue: row?.revenue ?? 0,
      share: total > 0 ? Math.round((count / total) * 100) : 0,
    };
  });
}
