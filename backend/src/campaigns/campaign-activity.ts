import type { AgencyAction } from '../agency-log/agency-actions.js';
import type { AgencyLogEntry } from '../agency-log/agency-log.service.js';
import { type Change, changedFields, type Facts, sideOf } from '../agency-log/changes.js';
import type { Campaign } from './campaign.entity.js';

/** Fields whose words the log does not copy: it shows only that they changed. */
const UNRECORDED: readonly string[] = ['message'];

/**
 * What the agency activity log keeps of a campaign: its settings and status. Its message only as
 * changed (the words are the campaign's, seen on its page), its audience as its kind with a filter
 * or a count of chosen clients, and its follow-ups as a count.
 */
export function campaignFacts(campaign: Campaign): Facts {
  const audience = campaign.audience;
  return {
    name: campaign.name,
    type: campaign.type,
    subject: campaign.subject,
    message: campaign.message,
    purpose: campaign.purpose,
    templateKey: campaign.templateKey,
    trigger: campaign.trigger,
    followUps: campaign.followUps.length,
    audience: audience.kind === 'clients' ? { kind: 'clients', clients: audience.clientIds.length } : audience,
    status: campaign.status,
    scheduledDate: campaign.scheduledDate,
    scheduledTime: campaign.scheduledTime,
  };
}

/** What changed in a campaign since `before` (its facts then; none for a new one), or null. */
export function campaignChange(campaign: Campaign, before: Facts = {}): Change | null {
  return changedFields(before, campaignFacts(campaign), UNRECORDED);
}

/** A campaign's entry: “Sent the campaign “Spring check-in””, with what changed and anything else worth keeping. */
export function campaignEntry(
  action: AgencyAction,
  verb: string,
  campaign: Campaign,
  change: Change | null,
  extra: Facts = {},
): AgencyLogEntry {
  return {
    action,
    targetType: 'campaign',
    targetId: campaign.id,
    summary: `${verb} the campaign “${campaign.name}”`,
    before: sideOf(change?.before),
    after: change || Object.keys(extra).length ? { ...change?.after, ...extra } : null,
  };
}
