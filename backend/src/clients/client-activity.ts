import type { AgencyAction } from '../agency-log/agency-actions.js';
import type { AgencyLogEntry } from '../agency-log/agency-log.service.js';
import { changedFields, type Facts, factsOf } from '../agency-log/changes.js';
import type { Client } from './client.entity.js';

/**
 * What the agency activity log keeps of a client: contact details, plan facts and status. Notes are
 * the broker's free text and may say anything, so the log shows only that they changed.
 */
const LOGGED_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'zip',
  'state',
  'language',
  'isActive',
  'departureReason',
  'dateOfBirth',
  'planType',
  'planEffectiveDate',
  'carrier',
  'notes',
] as const satisfies readonly (keyof Client)[];
const UNRECORDED: readonly string[] = ['notes'];

export const clientFacts = (client: Client): Facts => factsOf(client, LOGGED_FIELDS);

export const clientName = (client: Pick<Client, 'firstName' | 'lastName'>) => `${client.firstName} ${client.lastName}`;

/** A new client's entry: the fields they were added with. */
export function clientCreated(client: Client): AgencyLogEntry {
  return {
    action: 'client_created',
    targetType: 'client',
    targetId: client.id,
    summary: `Added the client ${clientName(client)}`,
    after: changedFields({}, clientFacts(client), UNRECORDED)?.after,
  };
}

/**
 * An edit's entry (`before`: the client's facts before it), or undefined when it changed nothing. A
 * change of status is named as such; a new phone or e-mail that waits for the client's confirmation
 * is listed by field in `after.awaitingClientConfirmation`.
 */
export function clientEdited(before: Facts, client: Client, awaiting: string[]): AgencyLogEntry | undefined {
  const change = changedFields(before, clientFacts(client), UNRECORDED);
  if (!change && awaiting.length === 0) return undefined;
  const [action, verb]: [AgencyAction, string] =
    before.isActive === client.isActive
      ? ['client_updated', 'Edited']
      : client.isActive
        ? ['client_reactivated', 'Reactivated']
        : ['client_deactivated', 'Deactivated'];
  return {
    action,
    targetType: 'client',
    targetId: client.id,
    summary: `${verb} the client ${clientName(client)}`,
    before: change?.before ?? null,
    after: { ...change?.after, ...(awaiting.length ? { awaitingClientConfirmation: awaiting } : {}) },
  };
}
