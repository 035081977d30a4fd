import { DateTime } from 'luxon';

/** How one occurrence of a client's reminder ended (or that it still waits for a confirmation). */
export const OCCURRENCE_OUTCOMES = ['confirmed', 'missed', 'skipped', 'waiting'] as const;
export type OccurrenceOutcome = (typeof OCCURRENCE_OUTCOMES)[number];

/** The days the adherence figure covers, the last of them today. */
export const ADHERENCE_DAYS = 30;

/** An occurrence's outcome from its delivery: confirmed, still open, skipped, or ended without a confirmation. */
export function occurrenceOutcome(delivery: { status: string; confirmed_at: Date | string | null }): OccurrenceOutcome {
  if (delivery.confirmed_at) return 'confirmed';
  if (delivery.status === 'skipped') return 'skipped';
  if (delivery.status === 'completed' || delivery.status === 'failed') return 'missed';
  return 'waiting';
}

export interface Occurrence {
  reminderId: string;
  occurrenceAt: Date;
  outcome: OccurrenceOutcome;
}

export interface DayCounts {
  /** Local date in the client's zone (YYYY-MM-DD). */
  date: string;
  confirmed: number;
  missed: number;
  skipped: number;
  waiting: number;
}

export interface AdherenceFigures {
  confirmed: number;
  missed: number;
  skipped: number;
  /** confirmed ÷ (confirmed + missed), rounded to a whole percent; null while none has ended. */
  percent: number | null;
  /** The last 30 days, oldest first, each with its occurrences' outcomes. */
  days: DayCounts[];
}

export function percentOf(confirmed: number, missed: number): number | null {
  return confirmed + missed === 0 ? null : Math.round((confirmed / (confirmed + missed)) * 100);
}

/**
 * Adherence over the last 30 days (today included, in the client's zone): how many occurrences were
 * confirmed, missed or skipped, the share confirmed of those that ended (skipped and waiting ones
 * are left out of it), and the same per day for the chart.
 */
export function adherence(occurrences: Occurrence[], now: Date, zone: string): AdherenceFigures {
  const today = DateTime.fromJSDate(now, { zone }).startOf('day');
  const first = today.minus({ days: ADHERENCE_DAYS - 1 });
  const days: DayCounts[] = Array.from({ length: ADHERENCE_DAYS }, (_, i) => ({
    date: first.plus({ days: i }).toISODate()!,
    confirmed: 0,
    missed: 0,
    skipped: 0,
    waiting: 0,
  }));
  const byDate = new Map(days.map((day) => [day.date, day]));
  for (const occurrence of occurrences) {
    const date = DateTime.fromJSDate(occurrence.occurrenceAt, { zone }).toISODate()!;
    const day = byDate.get(date);
    if (day) day[occurrence.outcome] += 1;
  }
  const sum = (key: 'confirmed' | 'missed' | 'skipped') => days.reduce((total, day) => total + day[key], 0);
  const confirmed = sum('confirmed');
  const missed = sum('missed');
  return { confirmed, missed, skipped: sum('skipped'), percent: percentOf(confirmed, missed), days };
}
