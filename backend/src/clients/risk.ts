import type { RiskLevel } from './client.entity.js';

/** Why a client's at-risk score is what it is: codes the app and the weekly digest put in words. */
export const RISK_REASONS = [
  'engagement_falling',
  'low_engagement',
  'unanswered_messages',
  'opted_out',
  'unopened_campaigns',
  'no_recent_contact',
  'not_reached_recently',
  'enrollment_window',
  'plan_anniversary_soon',
] as const;
export type RiskReason = (typeof RISK_REASONS)[number];

/** The lowest score of each level: "at risk" is high. */
export const RISK_LEVEL_THRESHOLDS = { high: 60, medium: 35 } as const;

/**
 * What the broker already sees about a client, as of the day scored. Never health data: no
 * medications, no client reminders' content, no adherence rates; a client's own reminders count
 * only in `reachedRecently` (a yes or no).
 */
export interface RiskSignals {
  engagementNow: number;
  /** The engagement score 30 days ago; null when its history does not go back that far. */
  engagement30DaysAgo: number | null;
  /** Calls and texts (broker reminders, campaigns) in the last 30 days that failed, went unanswered or unconfirmed. */
  unansweredLast30Days: number;
  /** A channel's permission taken back (any purpose) in the last 90 days. */
  optedOutLast90Days: boolean;
  /** The last three campaign e-mails the client received, none of them opened (false with fewer than three). */
  lastThreeCampaignEmailsUnopened: boolean;
  /** Days since the last delivered message, confirmation or portal sign-in (or since the client was added). */
  daysSinceLastContact: number;
  /** A reminder confirmed (pressed 1, replied 1 or YES) in the last 30 days. */
  reachedRecently: boolean;
  /** YYYY-MM-DD, or null when the broker has not given it. */
  planEffectiveDate: string | null;
}

export interface RiskResult {
  score: number;
  level: RiskLevel;
  /** In RISK_REASONS order. */
  reasons: RiskReason[];
}

const DAY_MS = 24 * 60 * 60 * 1000;
export const ANNIVERSARY_DAYS = 60;
export const NO_CONTACT_DAYS = 60;
export const LOW_ENGAGEMENT = 30;

/** Days from `today` (UTC day) to the plan's next anniversary (0 on the day); null without one or before its first. */
export function daysToAnniversary(planEffectiveDate: string | null, today: Date): number | null {
  if (!planEffectiveDate) return null;
  const [year, month, day] = planEffectiveDate.split('-').map(Number);
  const start = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  for (let y = Math.max(year + 1, today.getUTCFullYear()); ; y++) {
    // 29 February is kept on 28 February in other years.
    const lastDay = new Date(Date.UTC(y, month, 0)).getUTCDate();
    const at = Date.UTC(y, month - 1, Math.min(day, lastDay));
    if (at >= start) return Math.round((at - start) / DAY_MS);
  }
}

/**
 * The Medicare season multiplier on `now`'s UTC day, in percent: the Annual Enrollment Period
 * (Oct 15–Dec 7) 130, the Medicare Advantage Open Enrollment Period (Jan 1–Mar 31) 120, the month
 * before AEP (Sep 15–Oct 14) 110, else 100.
 */
export function seasonPercent(now: Date): number {
  const md = (now.getUTCMonth() + 1) * 100 + now.getUTCDate();
  if (md >= 1015 && md <= 1207) return 130;
  if (md >= 101 && md <= 331) return 120;
  if (md >= 915 && md <= 1014) return 110;
  return 100;
}

export function riskLevel(score: number): RiskLevel {
  if (score >= RISK_LEVEL_THRESHOLDS.high) return 'high';
  if (score >= RISK_LEVEL_THRESHOLDS.medium) return 'medium';
  return 'low';
}

/**
 * The at-risk score, 0–100 (docs/clients.md "At-risk score"): points per signal, multiplied in the
 * Medicare enrollment windows, rounded and capped at 100. The same signals and day give the same
 * result.
 */
export function riskScore(signals: RiskSignals, now: Date): RiskResult {
  const points = new Map<RiskReason, number>();
  const drop = signals.engagement30DaysAgo === null ? 0 : signals.engagement30DaysAgo - signals.engagementNow;
  if (drop >= 20) points.set('engagement_falling', 25);
  else if (drop >= 10) points.set('engagement_falling', 15);
  if (signals.engagementNow < LOW_ENGAGEMENT) points.set('low_engagement', 10);
  if (signals.unansweredLast30Days >= 3) points.set('unanswered_messages', 20);
  else if (signals.unansweredLast30Days >= 1) points.set('unanswered_messages', 10);
  if (signals.optedOutLast90Days) points.set('opted_out', 20);
  if (signals.lastThreeCampaignEmailsUnopened) points.set('unopened_campaigns', 10);
  if (signals.daysSinceLastContact >= NO_CONTACT_DAYS) points.set('no_recent_contact', 15);
  if (!signals.reachedRecently) points.set('not_reached_recently', 10);
  const anniversary = daysToAnniversary(signals.planEffectiveDate, now);
  if (anniversary !== null && anniversary <= ANNIVERSARY_DAYS) points.set('plan_anniversary_soon', 10);

  const sum = [...points.values()].reduce((total, value) => total + value, 0);
  const percent = seasonPercent(now);
  // Only a score the season changed names it.
  if (percent > 100 && sum > 0) points.set('enrollment_window', 0);
  const score = Math.min(100, Math.round((sum * percent) / 100));
  return { score, level: riskLevel(score), reasons: RISK_REASONS.filter((reason) => points.has(reason)) };
}
