import { randomUUID } from 'node:crypto';

import { OptionalProps } from '@mikro-orm/core';
import { Check, Entity, Enum, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';

import type { Language } from '../common/language.js';

export const SUBSCRIPTION_TIERS = ['pmpm', 'flat'] as const;
export type SubscriptionTier = (typeof SUBSCRIPTION_TIERS)[number];

export const SUBSCRIPTION_STATUSES = ['trial', 'active', 'past_due', 'canceled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const TRIAL_DAYS = 30;
export const DEFAULT_PRIMARY_COLOR = '#2563eb';
export const DEFAULT_SECONDARY_COLOR = '#10b981';

/**
 * A person who signs in through the identity provider: a broker (agency user) and, when
 * isAdmin is set in the database, a platform admin. Carries the agency branding and the
 * subscription, which are per broker.
 */
@Entity({ tableName: 'users' })
@Unique({ name: 'users_oidc_identity_unique', properties: ['oidcIssuer', 'oidcSubject'] })
@Check({ name: 'users_language_known', expression: `language in ('en', 'es')` })
export class User {
  [OptionalProps]?:
    | 'isAdmin'
    | 'primaryColor'
    | 'secondaryColor'
    | 'agencyName'
    | 'agencyPhone'
    | 'sponsorMessage'
    | 'sponsorMessageEs'
    | 'language'
    | 'agencyAddress'
    | 'sellsPlans'
    | 'agentsSeeAssignedOnly'
    | 'subscriptionTier'
    | 'subscriptionStatus'
    | 'overageEnabled'
    | 'timeZone'
    | 'emailNotifications'
    | 'weeklyDigest'
    | 'createdAt'
    | 'updatedAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  /** The identity provider that vouches for this person, and their id there (issuer + subject). */
  @Property({ type: 'text', nullable: true })
  oidcIssuer?: string | null;

  @Property({ type: 'text', nullable: true })
  oidcSubject?: string | null;

  @Property({ type: 'timestamptz', nullable: true })
  lastSignInAt?: Date | null;

  /** Null until given: by the identity provider, or by the broker in the profile step or Settings. */
  @Property({ type: 'text', nullable: true })
  firstName?: string | null;

  @Property({ type: 'text', nullable: true })
  lastName?: string | null;

  @Property({ type: 'text', nullable: true })
  email?: string | null;

  @Property({ type: 'text', nullable: true })
  profileImageUrl?: string | null;

  @Property({ type: 'boolean', default: false })
  isAdmin: boolean = false;

  @Property({ type: 'varchar', length: 7, default: DEFAULT_PRIMARY_COLOR })
  primaryColor: string = DEFAULT_PRIMARY_COLOR;

  @Property({ type: 'varchar', length: 7, default: DEFAULT_SECONDARY_COLOR })
  secondaryColor: string = DEFAULT_SECONDARY_COLOR;

  @Property({ type: 'text', nullable: true })
  logoUrl?: string | null;

  @Property({ type: 'text', default: '' })
  agencyName: string = '';

  @Property({ type: 'text', default: '' })
  agencyPhone: string = '';

  @Property({ type: 'varchar', length: 150, default: '' })
  sponsorMessage: string = '';

  /** The sponsor message in Spanish, for clients whose language is Spanish; empty: they get the English one. */
  @Property({ type: 'varchar', length: 150, default: '' })
  sponsorMessageEs: string = '';

  /** The language of the broker's (or admin's) own app, chosen in its header. */
  @Property({ type: 'text', default: 'en' })
  language: Language = 'en';

  /** Postal address shown in e-mail footers (required of bulk e-mail senders). */
  @Property({ type: 'text', default: '' })
  agencyAddress: string = '';

  /** Agents see only the clients assigned to them (the owner's choice on the Team page); false: the whole book. */
  @Property({ type: 'boolean', default: false })
  agentsSeeAssignedOnly: boolean = false;

  /** The agency sells Medicare plans: its marketing and the client portal carry the TPMO disclaimer. */
  @Property({ type: 'boolean', default: false })
  sellsPlans: boolean = false;

  /**
   * When the broker last answered whether the agency sells plans (onboarding or Branding); null: never
   * asked, and no campaign goes out until it is answered (the box alone cannot tell "no" from "not asked").
   */
  @Property({ type: 'timestamptz', nullable: true })
  tpmoAnsweredAt?: Date | null;

  /** How many organizations the agency represents (for the TPMO disclaimer). */
  @Property({ type: 'smallint', nullable: true })
  tpmoOrganizations?: number | null;

  /** How many plans (products) those organizations offer in the agency's area. */
  @Property({ type: 'smallint', nullable: true })
  tpmoPlans?: number | null;

  /** The broker's own wording of the disclaimer; null: generated from the two numbers. */
  @Property({ type: 'text', nullable: true })
  tpmoDisclaimer?: string | null;

  @Enum({ items: [...SUBSCRIPTION_TIERS], default: 'flat' })
  subscriptionTier: SubscriptionTier = 'flat';

  @Enum({ items: [...SUBSCRIPTION_STATUSES], default: 'trial' })
  subscriptionStatus: SubscriptionStatus = 'trial';

  @Property({ type: 'timestamptz', nullable: true })
  trialEndsAt?: Date | null;

  /**
   * Set by a platform admin: the broker cannot sign in or use the API, and their reminders and
   * campaigns are not sent (their clients' own reminders still are). Null: not suspended.
   */
  @Property({ type: 'timestamptz', nullable: true })
  suspendedAt?: Date | null;

  /** The admin's reason, for the back office only (the broker's page never shows it). */
  @Property({ type: 'text', nullable: true })
  suspensionReason?: string | null;

  /**
   * The agency's branded sign-in link names it: `/client/login?agency={portalSlug}`. Made from the
   * agency name the first time it is needed, then kept, so links already shared keep working.
   */
  @Property({ type: 'text', nullable: true, unique: 'users_portal_slug_unique' })
  portalSlug?: string | null;

  /** The broker's IANA time zone: the last resort for a client's local time. */
  @Property({ type: 'text', default: 'America/New_York' })
  timeZone: string = 'America/New_York';

  /** Stripe customer and subscription, in Stripe billing mode. */
  @Property({ type: 'text', nullable: true })
  stripeCustomerId?: string | null;

  @Property({ type: 'text', nullable: true })
  stripeSubscriptionId?: string | null;

  /** Flat tier only: clients beyond the limit are billed per client instead of refused. */
  @Property({ type: 'boolean', default: false })
  overageEnabled: boolean = false;

  /** E-mails to the broker about their clients (a client joined the portal, answered a contact change). */
  @Property({ type: 'boolean', default: true })
  emailNotifications: boolean = true;

  /** The weekly digest e-mail (Monday 08:00 in the broker's time zone); on by default, off in Settings. */
  @Property({ type: 'boolean', default: true })
  weeklyDigest: boolean = true;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
