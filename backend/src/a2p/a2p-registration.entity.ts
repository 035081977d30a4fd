import { OptionalProps, PrimaryKeyProp } from '@mikro-orm/core';
import { Entity, ManyToOne, Property } from '@mikro-orm/decorators/legacy';

import { User } from '../users/user.entity.js';

/** Where an agency's registration stands as a whole. `simulated`: the development outbox, nothing sent to Twilio. */
export const REGISTRATION_STATUSES = ['pending', 'approved', 'failed', 'simulated'] as const;
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number];

/** Each of the four steps the broker app shows: the business profile, the brand, the campaign, the number. */
export const STEP_STATUSES = ['not_started', 'pending', 'approved', 'failed'] as const;
export type StepStatus = (typeof STEP_STATUSES)[number];
export const REGISTRATION_STEPS = ['profile', 'brand', 'campaign', 'number'] as const;
export type RegistrationStep = (typeof REGISTRATION_STEPS)[number];

/** One reason Twilio (or The Campaign Registry) gave for a failed step, kept word for word beside its code. */
export interface RegistrationFailure {
  step: RegistrationStep;
  /** Twilio's error code when it gave one (e.g. 30794), else null. */
  code: number | null;
  /** Twilio's own words. */
  raw: string;
}

/** What the owner entered about the agency as a business (the brand). */
export interface BrandDetails {
  legalName: string;
  /** `sole_proprietor`: no EIN, the Sole Proprietor brand. */
  businessType: 'sole_proprietor' | 'llc' | 'corporation' | 'partnership' | 'non_profit';
  ein: string | null;
  street: string;
  city: string;
  state: string;
  postalCode: string;
  website: string | null;
  contactFirstName: string;
  contactLastName: string;
  contactEmail: string;
  contactPhone: string;
  contactTitle: string;
}

/**
 * An agency's A2P 10DLC registration (one per agency): what was entered, the Twilio resources made
 * for it (Trust Hub profile and A2P bundle, brand, messaging service, campaign) and where each step
 * stands. A resubmission after a failure updates the same row.
 */
@Entity({ tableName: 'a2p_registrations' })
export class A2pRegistration {
  [PrimaryKeyProp]?: 'broker';
  [OptionalProps]?:
    'profileStatus' | 'brandStatus' | 'campaignStatus' | 'numberStatus' | 'failures' | 'attempts' | 'createdAt' | 'updatedAt';

  @ManyToOne(() => User, { fieldName: 'broker_id', primary: true, deleteRule: 'cascade', mapToPk: true })
  broker!: string;

  @Property({ type: 'text' })
  status!: RegistrationStatus;

  @Property({ type: 'jsonb' })
  brand!: BrandDetails;

  /** The campaign's use case (MIXED, or SOLE_PROPRIETOR for a sole proprietor). */
  @Property({ type: 'text' })
  useCase!: string;

  /** The campaign as submitted: description, samples, opt-in flow, keywords and answers. */
  @Property({ type: 'jsonb' })
  campaign!: Record<string, unknown>;

  @Property({ type: 'text', default: 'not_started' })
  profileStatus: StepStatus = 'not_started';

  @Property({ type: 'text', default: 'not_started' })
  brandStatus: StepStatus = 'not_started';

  @Property({ type: 'text', default: 'not_started' })
  campaignStatus: StepStatus = 'not_started';

  @Property({ type: 'text', default: 'not_started' })
  numberStatus: StepStatus = 'not_started';

  @Property({ type: 'text', nullable: true })
  customerProfileSid?: string | null;

  @Property({ type: 'text', nullable: true })
  trustProductSid?: string | null;

  @Property({ type: 'text', nullable: true })
  brandSid?: string | null;

  @Property({ type: 'text', nullable: true })
  messagingServiceSid?: string | null;

  @Property({ type: 'text', nullable: true })
  campaignSid?: string | null;

  @Property({ type: 'jsonb', default: '[]' })
  failures: RegistrationFailure[] = [];

  /** The one-time fees the owner confirmed before submitting, in cents. */
  @Property({ type: 'integer' })
  confirmedFeesCents!: number;

  /** How many times it was submitted (a resubmission after a failure adds one, and its fees). */
  @Property({ type: 'integer', default: 1 })
  attempts: number = 1;

  @Property({ type: 'timestamptz' })
  submittedAt!: Date;

  @Property({ type: 'timestamptz', nullable: true })
  approvedAt?: Date | null;

  /** When Twilio was last asked where it stands. */
  @Property({ type: 'timestamptz', nullable: true })
  checkedAt?: Date | null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
