import type { Translation } from '../../i18n/translation.ts';
import type { Stats } from '../types.ts';
import { ENGAGEMENT_FACTOR, TIME_AGO } from './texts.ts';

/** The figures as the dashboard shows them: no retention rate (null) while there is not enough history. */
export type ShownStats = Omit<Stats, 'retentionRate' | 'retentionAvailable'> & { retentionRate: number | null };

/**
 * Missing numbers count as 0 (SPEC §3 Stats response). When the server says there is not enough
 * history for a retention rate (`retentionAvailable: false`, with the rate 0), the rate is shown as
 * missing rather than as 0 %.
 */
export function normaliseStats(stats: Partial<Stats> | null | undefined): ShownStats {
  const number = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);
  return {
    totalClients: number(stats?.totalClients),
    activeClients: number(stats?.activeClients),
    retentionRate: stats?.retentionAvailable === false ? null : number(stats?.retentionRate),
    callCompletionRate: number(stats?.callCompletionRate),
  };
}

/** SPEC §9: round(retention × 0.85); none while there is no retention rate. */
export function engagementScore(retentionRate: number | null): number | null {
  return retentionRate === null ? null : Math.round(retentionRate * ENGAGEMENT_FACTOR);
}

/** '1h ago' style: just now, minutes, hours, then days. */
export function timeAgo(iso: string, now: Date = new Date(), T: Translation<typeof TIME_AGO> = TIME_AGO): string {
  const seconds = Math.max(0, Math.floor((now.getTime() - new Date(iso).getTime()) / 1000));
  if (seconds < 60) return T.justNow;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return T.minutes(minutes);
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return T.hours(hours);
  return T.days(Math.floor(hours / 24));
}
