import { formatPhone } from '../../lib/phone.ts';
import { formatCents } from '../billing/pricing.ts';
import { brokerTexts } from '../i18n/useBrokerTexts.ts';
import { memberName } from '../team/members.ts';
import type { AgencyEvent, AgencyEventMember, Member, SubscriptionStatus, SubscriptionTier } from '../types.ts';
import { formatDateTime, formatDay } from '../ui/format.ts';

/** The activity log's CSV: every entry under the list's filters, newest first. */
export const ACTIVITY_EXPORT_PATH = '/api/agency-log/export.csv';

/** The log's texts in the app's language (these helpers run while a page renders). */
const texts = () => brokerTexts().activityLog;

/** What the log keeps of free text it does not copy (backend/src/agency-log/changes.ts NOT_RECORDED). */
const NOT_RECORDED = '(not recorded)';
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PHONE_FIELDS = new Set(['phone', 'agencyPhone']);

/** An entry's action in the app's language; an action the app has no words for is told by the entry's own sentence. */
export function agencyActionLabel(entry: Pick<AgencyEvent, 'action' | 'summary'>): string {
  return (texts().ACTION_LABELS as Record<string, string | undefined>)[entry.action] ?? entry.summary;
}

/** Every action the log records, as the action filter's choices, in alphabetical order of their words. */
export function actionChoices(current?: unknown): { id: string; name: string }[] {
  const labels = texts().ACTION_LABELS as Record<string, string>;
  const choices = Object.entries(labels).map(([id, name]) => ({ id, name }));
  // An action chosen through the address that the app has no words for stays selectable, by its name.
  if (typeof current === 'string' && current && !(current in labels)) choices.push({ id: current, name: current });
  return choices.sort((a, b) => a.name.localeCompare(b.name));
}

/** The member who acted: their name, else their e-mail, else 'Unknown member'. */
export function eventMemberName(member: AgencyEventMember): string {
  return member.name ?? member.email ?? texts().ACTIVITY_LOG_TEXTS.unknownMember;
}

/** Under the name: their role, and that they have since been removed. */
export function eventMemberRole(member: AgencyEventMember): string {
  const role = brokerTexts().team.ROLE_NAMES[member.role];
  return member.removed ? `${role} · ${texts().ACTIVITY_LOG_TEXTS.removedMember}` : role;
}

/** A member in the member filter: their name, or their e-mail while they have none. */
export function memberChoice(member: Member): { id: string; name: string } {
  return { id: member.id, name: memberName(member, texts().ACTIVITY_LOG_TEXTS.unknownMember) };
}

function fieldLabel(field: string): string {
  const known = texts().FIELD_LABELS[field];
  if (known) return known;
  const words = field
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** One stored value in words: a phone as people read it, a role or plan by its name, a time or day as the app writes them. */
export function valueText(field: string, value: unknown): string {
  const { VALUE_TEXTS, ACTIVITY_LOG_TEXTS } = texts();
  if (value === null || value === undefined || value === '') return ACTIVITY_LOG_TEXTS.none;
  if (typeof value === 'boolean') return value ? VALUE_TEXTS.yes : VALUE_TEXTS.no;
  if (typeof value === 'number') return field === 'monthlyPriceCents' ? formatCents(value) : String(value);
  if (Array.isArray(value)) {
    if (field === 'clientIds') return VALUE_TEXTS.clients(value.length);
    // A list of ids says nothing to a person: how many there are does.
    if (value.length > 0 && value.every((item) => typeof item === 'string' && UUID.test(item))) return VALUE_TEXTS.items(value.length);
    return value.length ? value.map((item) => valueText(field, item)).join(', ') : ACTIVITY_LOG_TEXTS.none;
  }
  if (typeof value === 'object') {
    const parts = Object.entries(value as Record<string, unknown>).map(([key, item]) => `${fieldLabel(key)}: ${valueText(key, item)}`);
    return parts.length ? parts.join(', ') : ACTIVITY_LOG_TEXTS.none;
  }
  const text = String(value);
  if (text === NOT_RECORDED) return VALUE_TEXTS.notRecorded;
  if (PHONE_FIELDS.has(field)) return formatPhone(text);
  const { ROLE_NAMES } = brokerTexts().team;
  if (field === 'role' && text in ROLE_NAMES) return ROLE_NAMES[text as keyof typeof ROLE_NAMES];
  const { LANGUAGE_NAMES } = brokerTexts().shell;
  if (field === 'language' && text in LANGUAGE_NAMES) return LANGUAGE_NAMES[text as keyof typeof LANGUAGE_NAMES];
  const { TIER_LABELS, STATUS_LABELS } = brokerTexts().adminBrokers;
  if (field === 'subscriptionTier' && text in TIER_LABELS) return TIER_LABELS[text as SubscriptionTier];
  if (field === 'subscriptionStatus' && text in STATUS_LABELS) return STATUS_LABELS[text as SubscriptionStatus];
  if (ISO_TIME.test(text)) return formatDateTime(text);
  const day = ISO_DAY.exec(text);
  if (day) return formatDay(new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3])));
  return text;
}

export interface ChangeLine {
  field: string;
  /** The field in words. */
  label: string;
  /** 'before → after', the value alone when only the after is kept, 'was …' when only the before is. */
  text: string;
}

/**
 * An entry's kept values, one line per field: the value before and after for a field the change
 * touched, the value alone for what an entry only records (a new client's fields, an import's counts).
 * Known fields come in the order of FIELD_LABELS, the others after them as stored.
 */
export function changeLines(entry: Pick<AgencyEvent, 'before' | 'after'>): ChangeLine[] {
  const { ACTIVITY_LOG_TEXTS: T } = texts();
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  // In the order the app lists the fields (first name before last name), not as the database keeps the keys.
  const known = Object.keys(texts().FIELD_LABELS);
  const rank = (field: string) => (known.includes(field) ? known.indexOf(field) : known.length);
  const fields = [...new Set([...Object.keys(after), ...Object.keys(before)])].sort((a, b) => rank(a) - rank(b));
  return fields.map((field) => {
    const was = field in before ? valueText(field, before[field]) : null;
    const is = field in after ? valueText(field, after[field]) : null;
    const text = was === null ? is! : is === null ? T.was(was) : T.change(was, is);
    return { field, label: fieldLabel(field), text };
  });
}
