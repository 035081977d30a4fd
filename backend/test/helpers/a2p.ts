import type { BrandDetails } from '../../src/a2p/a2p-registration.entity.js';

/** The agency the A2P 10DLC tests register: a company with an EIN. */
export const TEST_BRAND = {
  legalName: 'Harbor Senior Insurance LLC',
  businessType: 'llc',
  ein: '12-3456789',
  street: '100 Harbor Way',
  city: 'Tampa',
  state: 'FL',
  postalCode: '33602',
  website: 'https://harborsenior.example',
  contactFirstName: 'Dana',
  contactLastName: 'Reyes',
  contactEmail: 'dana@harborsenior.example',
  contactPhone: '+18135550100',
} as const satisfies Omit<BrandDetails, 'contactTitle'>;

/** An agency's registration as stored once its campaign is approved, with its messaging service. */
export function approvedRegistration(broker: string, messagingServiceSid: string, at: Date) {
  return {
    broker,
    status: 'approved' as const,
    brand: { ...TEST_BRAND, contactTitle: 'Owner' },
    useCase: 'MIXED',
    campaign: {},
    messagingServiceSid,
    confirmedFeesCents: 0,
    submittedAt: at,
    approvedAt: at,
  };
}
