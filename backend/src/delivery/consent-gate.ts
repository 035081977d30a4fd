import type { ConsentGrid } from '../consent/consent-ledger.service.js';
import type { Channel } from '../messaging/outbox-message.entity.js';
import type { ClaimedDelivery } from './delivery.repository.js';

const MESSAGES: Record<Channel, string> = { voice: 'calls', sms: 'texts', email: 'e-mails' };

/**
 * Why the ledger does not let this delivery go, or undefined when it may. A marketing campaign
 * needs marketing permission given and not lapsed; an informational one goes to a client who gave
 * reminders or marketing permission on the channel and has not revoked it; a broker's reminder
 * needs permission for reminders; a client's own reminder was asked for by the client, so only a
 * revocation stops it. Caregivers' messages follow the caregiver's own YES or STOP.
 */
export function consentRefusal(
  delivery: Pick<ClaimedDelivery, 'campaign_id' | 'reminder_id' | 'client_reminder_id' | 'channel'> &
    Partial<Pick<ClaimedDelivery, 'campaign_purpose'>>,
  grid: ConsentGrid | undefined,
): string | undefined {
  if (!grid) return undefined;
  const what = MESSAGES[delivery.channel];
  if (delivery.campaign_id && delivery.campaign_purpose === 'informational') {
    const { reminders, marketing } = grid[delivery.channel];
    if (reminders.state === 'granted' || marketing.state === 'granted') return undefined;
    if (reminders.state === 'revoked' || marketing.state === 'revoked') return `Permission for ${what} revoked`;
    return `No permission for informational ${what}`;
  }
  if (delivery.campaign_id) {
    const { state } = grid[delivery.channel].marketing;
    if (state === 'unknown') return `No permission for marketing ${what}`;
    if (state === 'expired') return `Permission for marketing ${what} lapsed`;
    if (state === 'revoked') return `Permission for marketing ${what} revoked`;
    return undefined;
  }
  if (delivery.reminder_id || delivery.client_reminder_id) {
    const { state } = grid[delivery.channel].reminders;
    if (state === 'revoked') return `Permission for reminder ${what} revoked`;
    if (state === 'unknown' && delivery.reminder_id) return `No permission for reminder ${what}`;
  }
  return undefined;
}

/** The sponsor message is marketing: a reminder carries it only to a client with marketing permission on its channel. */
export function withSponsorIfAllowed<T extends Pick<ClaimedDelivery, 'sponsor_message' | 'channel'>>(
  delivery: T,
  grid: ConsentGrid | undefined,
): T {
  if (!delivery.sponsor_message || grid?.[delivery.channel].marketing.state === 'granted') return delivery;
  return { ...delivery, sponsor_message: '' };
}
