import { brokerTexts } from '../../i18n/useBrokerTexts.ts';
import type { AuditEntry, AuditPerson } from '../../types.ts';
import { filteredExportUrl } from '../../ui/listFilter.ts';
import { actionLabel } from '../brokers/format.ts';

export const AUDIT_EXPORT_PATH = '/api/admin/audit/export';

/** An action in words: the broker timeline's label, else its underscores as spaces. */
export function auditActionLabel(action: string): string {
  return brokerTexts().adminBrokers.ACTION_LABELS[action] ?? actionLabel(action);
}

/** Every action the app has words for, as the action filter's choices, in alphabetical order of those words. */
export function actionChoices(current?: unknown): { id: string; name: string }[] {
  const ids = new Set(Object.keys(brokerTexts().adminBrokers.ACTION_LABELS));
  // An action chosen through the address that the app has no words for stays selectable.
  if (typeof current === 'string' && current) ids.add(current);
  return [...ids].map((id) => ({ id, name: auditActionLabel(id) })).sort((a, b) => a.name.localeCompare(b.name));
}

/** A person as the log shows them: their name, else their e-mail, else 'Deleted account'. */
export function personLabel(person: AuditPerson | null): string {
  if (!person) return brokerTexts().adminAudit.AUDIT_TEXTS.none;
  return person.name ?? person.email ?? brokerTexts().adminAudit.AUDIT_TEXTS.deletedAccount;
}

/** An admin in the admin filter: 'Alex Morgan (alex@…)', or the e-mail alone. */
export function adminChoiceLabel(person: AuditPerson): string {
  if (person.name && person.email) return `${person.name} (${person.email})`;
  return personLabel(person);
}

function textOf(values: Record<string, unknown> | null, key: string): string | undefined {
  const value = values?.[key];
  return typeof value === 'string' && value.trim() ? value : undefined;
}

/**
 * What an entry was about, when it is not a broker: 'Resource · Medicare checklist' (the title or
 * name the entry's values carry), 'API token · Zapier sync'. Broker entries say nothing here: the
 * Broker column names them.
 */
export function targetLabel(entry: Pick<AuditEntry, 'targetType' | 'before' | 'after'>): string | null {
  if (entry.targetType === 'broker') return null;
  const kind = brokerTexts().adminAudit.TARGET_LABELS[entry.targetType] ?? entry.targetType;
  const name = ['title', 'name'].map((key) => textOf(entry.after, key) ?? textOf(entry.before, key)).find(Boolean);
  return name ? `${kind} · ${name}` : kind;
}

/** The CSV download of the log under these filters (every page). */
export const auditExportUrl = (filterValues: Record<string, unknown>) => filteredExportUrl(AUDIT_EXPORT_PATH, filterValues);
