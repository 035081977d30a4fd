import type { AgencyAction } from '../agency-log/agency-actions.js';
import type { AgencyLogEntry } from '../agency-log/agency-log.service.js';
import { type Change, changedFields, type Facts, sideOf } from '../agency-log/changes.js';
import { clientName } from '../clients/client-activity.js';
import type { Reminder } from './reminder.entity.js';

/** What the agency activity log keeps of a broker's reminder: whom, when and how; its message only as written. */
export function reminderFacts(reminder: Reminder): Facts {
  return {
    clientId: reminder.client.id,
    scheduledTime: reminder.scheduledTime,
    deliveryMethod: reminder.deliveryMethod,
    message: reminder.message,
  };
}

/** A reminder's entry: “Scheduled a reminder for Rosa Diaz”, with its facts `before` and `after` (none: it did not exist). */
export function reminderEntry(action: AgencyAction, verb: string, reminder: Reminder, before: Facts, after: Facts): AgencyLogEntry {
  // The message is checked for health words, but it is still the broker's own text: only whether it changed.
  const change: Change | null = changedFields(before, after, ['message']);
  return {
    action,
    targetType: 'reminder',
    targetId: reminder.id,
    summary: `${verb} a reminder for ${clientName(reminder.client)}`,
    before: sideOf(change?.before),
    after: sideOf(change?.after),
  };
}
