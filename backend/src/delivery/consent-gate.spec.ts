import type { ConsentGrid, ConsentState } from '../consent/consent-ledger.service.js';
import { emptyGrid } from '../consent/consent-ledger.service.js';
import { consentRefusal } from './consent-gate.js';

function gridWith(reminders: ConsentState, marketing: ConsentState): ConsentGrid {
  const grid = emptyGrid();
  grid.sms = { reminders: { state: reminders }, marketing: { state: marketing } };
  return grid;
}

const campaign = (purpose: 'marketing' | 'informational') => ({
  campaign_id: 'k',
  campaign_purpose: purpose,
  reminder_id: null,
  client_reminder_id: null,
  channel: 'sms' as const,
});

describe('consentRefusal for campaigns by purpose', () => {
  it.each<[ConsentState, ConsentState, string | undefined]>([
    ['granted', 'granted', undefined],
    ['granted', 'unknown', 'No permission for marketing texts'],
    ['granted', 'expired', 'Permission for marketing texts lapsed'],
    ['unknown', 'revoked', 'Permission for marketing texts revoked'],
  ])('marketing with reminders %s and marketing %s: %s', (reminders, marketing, expected) => {
    expect(consentRefusal(campaign('marketing'), gridWith(reminders, marketing))).toBe(expected);
  });

  it.each<[ConsentState, ConsentState, string | undefined]>([
    ['granted', 'unknown', undefined],
    ['granted', 'expired', undefined],
    ['unknown', 'granted', undefined],
    ['unknown', 'unknown', 'No permission for informational texts'],
    ['unknown', 'expired', 'No permission for informational texts'],
    ['revoked', 'unknown', 'Permission for texts revoked'],
    ['revoked', 'revoked', 'Permission for texts revoked'],
  ])('informational with reminders %s and marketing %s: %s', (reminders, marketing, expected) => {
    expect(consentRefusal(campaign('informational'), gridWith(reminders, marketing))).toBe(expected);
  });
});
