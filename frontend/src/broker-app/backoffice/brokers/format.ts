import { addDays, endOfDay, format, isValid, startOfDay } from 'date-fns';

import { FLAT_CLIENT_LIMIT, formatCents, OVERAGE_PER_CLIENT_CENTS } from '../../billing/pricing.ts';
import { brokerTexts } from '../../i18n/useBrokerTexts.ts';
import type { AdminAction, AdminBroker, SubscriptionStatus, SubscriptionTier } from '../../types.ts';
import { formatDay as formatDate, relativeTime } from '../../ui/format.ts';
import { presentFilter } from '../../ui/listFilter.ts';
import { TRIAL_DAYS_MAX, TRIAL_DAYS_MIN, TRIAL_END_RANGE_DAYS } from './texts.ts';

/** The back office's broker texts in the app's language (these helpers run while a page renders). */
const texts = () => brokerTexts().adminBrokers;

function toDate(value: string | Date | null | undefined): Date | null {
  if (value === null || value === undefined) return null;
  const date = typeof value === 'string' ? new Date(value) : value;
  return isValid(date) ? date : null;
}

/** 'Nov 21, 2026'; '' for a missing or unreadable date. */
export function formatDay(value: string | Date | null | undefined): string {
  const date = toDate(value);
  return date ? formatDate(date) : '';
}

/** Within the last week: '3 hours ago'; before that 'Nov 02, 2026'; never: '—'. */
export function lastActivityLabel(value: string | null, now: Date = new Date()): string {
  const date = toDate(value);
  if (!date) return '—';
  const age = now.getTime() - date.getTime();
  if (age >= 0 && age < 7 * 86_400_000) return relativeTime(date, now, texts().DETAIL_TEXTS.justNow);
  return formatDate(date);
}

export function brokerName(broker: Pick<AdminBroker, 'firstName' | 'lastName' | 'email'>): string {
  const name = [broker.firstName, broker.lastName].filter((part) => part && part.trim()).join(' ');
  return name || broker.email || texts().DETAIL_TEXTS.unnamed;
}

export function brokerInitials(broker: Pick<AdminBroker, 'firstName' | 'lastName' | 'email'>): string {
  const letters = `${broker.firstName?.trim().charAt(0) ?? ''}${broker.lastName?.trim().charAt(0) ?? ''}`;
  return (letters || broker.email?.charAt(0) || '?').toUpperCase();
}

/** SPEC §3 Admin action, underscores shown as spaces, as a heading: 'trial_extended' → 'Trial extended'. */
export function actionLabel(action: string): string {
  const known = texts().ACTION_LABELS[action];
  if (known) return known;
  const words = action.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * An audit entry's notes with the field names they store ('Changed subscriptionStatus') in words
 * ('Changed subscription status'); the stored notes stay as written.
 */
export function actionNotes(notes: string): string {
  return notes.replace(/\b[a-z]+(?:[A-Z][a-z]*)+\b/g, (field) => fieldLabel(field).toLowerCase());
}

/**
 * What the timeline shows under an entry. A suspension's notes are the admin's own reason, shown as
 * written (never read for field names); the server's fixed notes of the suspension and trial-end
 * entries are in the app's language.
 */
export function entryNotes(entry: Pick<AdminAction, 'action' | 'notes'>): string | null {
  const { notes } = entry;
  if (!notes) return null;
  const { DETAIL_TEXTS } = texts();
  switch (entry.action) {
    case 'broker_suspended':
      return DETAIL_TEXTS.suspendedReason(notes);
    case 'broker_reactivated': {
      const prefix = 'Suspended for: ';
      return notes.startsWith(prefix) ? DETAIL_TEXTS.suspendedFor(notes.slice(prefix.length)) : notes;
    }
    case 'trial_end_set':
      if (notes === 'Trial ended now') return DETAIL_TEXTS.trialEndedNowNote;
      if (notes === 'Trial end date set') return DETAIL_TEXTS.trialEndSetNote;
      return notes;
    default:
      return actionNotes(notes);
  }
}

export type StatusColor = 'info' | 'success' | 'warning' | 'error';

export const STATUS_COLORS: Record<SubscriptionStatus, StatusColor> = {
  trial: 'info',
  active: 'success',
  past_due: 'warning',
  canceled: 'error',
};

const ISO_DATE = /^\d{4}-\d{2}-\d{2}T/;

function valueLabel(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  const { TIER_LABELS, STATUS_LABELS, DETAIL_TEXTS } = texts();
  if (field === 'subscriptionTier' && typeof value === 'string' && value in TIER_LABELS) {
    return TIER_LABELS[value as SubscriptionTier];
  }
  if (field === 'subscriptionStatus' && typeof value === 'string' && value in STATUS_LABELS) {
    return STATUS_LABELS[value as SubscriptionStatus];
  }
  if (field === 'suspended' && typeof value === 'boolean') return value ? DETAIL_TEXTS.accountSuspended : DETAIL_TEXTS.accountActive;
  if (typeof value === 'string' && ISO_DATE.test(value)) return formatDay(value) || value;
  if (typeof value === 'boolean') return value ? DETAIL_TEXTS.yes : DETAIL_TEXTS.no;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function fieldLabel(field: string): string {
  return texts().CHANGE_FIELD_LABELS[field] ?? field.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/_/g, ' ');
}

export interface ChangeLine {
  field: string;
  label: string;
  before: string;
  after: string;
}

/**
 * An audit entry's values before and after, one line per field that changed (every field when
 * nothing changed, so an entry like 'No change' still shows what was set).
 */
export function changeLines(before: Record<string, unknown> | null, after: Record<string, unknown> | null): ChangeLine[] {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  const lines = fields.map((field) => ({
    field,
    label: fieldLabel(field),
    before: valueLabel(field, before?.[field]),
    after: valueLabel(field, after?.[field]),
  }));
  const changed = lines.filter((line) => line.before !== line.after);
  return changed.length > 0 ? changed : lines;
}

/** The list dialog (SPEC §5): a whole number from 1 to 90, else null. */
export function parseTrialDaysInRange(value: string): number | null {
  const text = value.trim();
  if (!/^\d+$/.test(text)) return null;
  const days = Number(text);
  return days >= TRIAL_DAYS_MIN && days <= TRIAL_DAYS_MAX ? days : null;
}

/**
 * The detail dialog (SPEC §5): the days as an integer greater than 0, else null. A fraction
 * ('2.5') is refused rather than cut to 2, and never more than the 90 days §9 allows (the server
 * refuses those too).
 */
export function parseTrialDaysInteger(value: string): number | null {
  const text = value.trim();
  if (!/^[+-]?\d+$/.test(text)) return null;
  const days = Number(text);
  if (days <= 0 || days > TRIAL_DAYS_MAX) return null;
  return days;
}

/** Where a trial ends after adding days: counted from the later of now and the current end. */
export function extendedTrialEnd(currentEnd: string | null, days: number, now: Date = new Date()): Date {
  const end = toDate(currentEnd);
  const from = Math.max(now.getTime(), end?.getTime() ?? 0);
  return new Date(from + days * 86_400_000);
}

const DAY_MS = 86_400_000;
const DATE_INPUT = 'yyyy-MM-dd';

/**
 * The days the Set Trial End Date dialog offers, as a date input's min and max ('2026-11-26'): a
 * year back (any day up to today ends the trial now), and forward the last day whose end is still
 * within the server's 365 days of now.
 */
export function trialEndDateRange(now: Date = new Date()): { min: string; max: string } {
  const limit = new Date(now.getTime() + TRIAL_END_RANGE_DAYS * DAY_MS);
  let last = startOfDay(limit);
  if (endOfDay(last).getTime() > limit.getTime()) last = addDays(last, -1);
  return { min: format(addDays(startOfDay(now), -TRIAL_END_RANGE_DAYS), DATE_INPUT), max: format(last, DATE_INPUT) };
}

/**
 * What the dialog sends for the chosen day ('2026-12-31', the browser's local calendar): the end of
 * that day (23:59:59.999 local), or now when the day is today or earlier, so the trial ends at once.
 * Null for an empty or unreadable value or a day outside trialEndDateRange.
 */
export function trialEndForDay(value: string, now: Date = new Date()): { trialEndsAt: Date; endsNow: boolean } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim());
  if (!match) return null;
  const [year, month, day] = match.slice(1).map(Number);
  const date = new Date(year, month - 1, day);
  // new Date() rolls 2026-02-31 over to March: such a day does not exist.
  if (date.getFullYear() !== year || date.getMonth() !== month - 1 || date.getDate() !== day) return null;
  const { min, max } = trialEndDateRange(now);
  const chosen = format(date, DATE_INPUT);
  if (chosen < min || chosen > max) return null;
  if (date.getTime() <= startOfDay(now).getTime()) return { trialEndsAt: now, endsNow: true };
  return { trialEndsAt: endOfDay(date), endsNow: false };
}

/** A date input's value ('2026-11-26') as the app writes days ('Nov 26, 2026'). */
export function formatInputDay(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return match ? formatDay(new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : value;
}

/** Whole days until a trial ends (0 once it has ended). */
export function trialDaysLeft(trialEndsAt: string | null, now: Date = new Date()): number {
  const end = toDate(trialEndsAt);
  if (!end || end.getTime() <= now.getTime()) return 0;
  return Math.ceil((end.getTime() - now.getTime()) / 86_400_000);
}

/**
 * The Monthly Revenue card's note: how the served figure comes about (docs/billing.md): nothing on
 * trial or canceled, else the plan at today's active clients, flat overage only when enabled.
 */
export function revenueNote(
  broker: { subscriptionTier: SubscriptionTier; subscriptionStatus: SubscriptionStatus; overageEnabled: boolean },
  activeClients: number,
): string {
  const { DETAIL_TEXTS } = texts();
  if (broker.subscriptionStatus === 'trial') return DETAIL_TEXTS.trialRevenueNote;
  if (broker.subscriptionStatus === 'canceled') return DETAIL_TEXTS.canceledRevenueNote;
  if (broker.subscriptionTier === 'pmpm') return DETAIL_TEXTS.pmpmNote(activeClients);
  if (!broker.overageEnabled) return DETAIL_TEXTS.flatNote;
  const over = Math.max(0, activeClients - FLAT_CLIENT_LIMIT);
  return over > 0 ? DETAIL_TEXTS.overageNote(formatCents(over * OVERAGE_PER_CLIENT_CENTS), over) : DETAIL_TEXTS.overageEnabledNote;
}

export const BROKERS_EXPORT_PATH = '/api/admin/exports/brokers';

/** The CSV download of every broker under the list's filters (empty ones left out), in the list's order. */
export function brokersExportUrl(filterValues: Record<string, unknown>, sort: { field: string; order: string }): string {
  const filter = presentFilter(filterValues);
  const params = new URLSearchParams();
  if (Object.keys(filter).length) params.set('filter', JSON.stringify(filter));
  params.set('sort', JSON.stringify([sort.field, sort.order]));
  return `${BROKERS_EXPORT_PATH}?${params}`;
}
