import { OptionalProps } from '@mikro-orm/core';
import { Check, Entity, Index, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';

import { timeOrderedUuid } from '../common/ids.js';
import type { Language } from '../common/language.js';
import { Member } from '../members/member.entity.js';
import { User } from '../users/user.entity.js';

/** The kind of Medicare plan a client has (what the broker sold them; not health data). */
export const PLAN_TYPES = ['medicare_advantage', 'part_d', 'medigap', 'other'] as const;
export type PlanType = (typeof PLAN_TYPES)[number];

/** Why a client left the broker's book (asked when a client is deactivated or deleted). */
export const DEPARTURE_REASONS = ['switched_agent', 'moved', 'deceased', 'other'] as const;
export type DepartureReason = (typeof DEPARTURE_REASONS)[number];

/** How likely a client is to leave, from the at-risk score (docs/clients.md "At-risk score"). */
export const RISK_LEVELS = ['low', 'medium', 'high'] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];

/** A broker's client (a senior). Contact details only: health data lives in the client portal. */
/** Lower-cased name, e-mail and phone in one string: what the broker's search box matches. */
export const CLIENT_SEARCH_EXPRESSION = `lower(first_name || ' ' || last_name || ' ' || coalesce(email, '') || ' ' || phone)`;

@Entity({ tableName: 'clients' })
@Unique({ name: 'clients_broker_phone_unique', properties: ['broker', 'phone'] })
@Index({ name: 'clients_broker_created_idx', properties: ['broker', 'createdAt'] })
// An agent's own book, and a removed member's clients handed on.
@Index({ name: 'clients_broker_assigned_idx', properties: ['broker', 'assignedMemberId'] })
// The client list sorted by name (with id as the tie-breaker of every list) reads a page straight from this index.
@Index({ name: 'clients_broker_last_name_idx', properties: ['broker', 'lastName', 'id'] })
@Index({
  name: 'clients_active_broker_idx',
  expression: 'create index "clients_active_broker_idx" on "clients" ("broker_id") where "is_active"',
})
// A password reset finds the client by the phone or e-mail they type, whoever their broker.
@Index({ name: 'clients_phone_idx', properties: ['phone'] })
@Index({ name: 'clients_email_lower_idx', expression: 'create index "clients_email_lower_idx" on "clients" (lower("email"))' })
@Index({
  name: 'clients_search_trgm_idx',
  expression: `create index "clients_search_trgm_idx" on "clients" using gin ((${CLIENT_SEARCH_EXPRESSION}) gin_trgm_ops)`,
})
@Check({ name: 'clients_engagement_score_range', expression: '(engagement_score >= 0) AND (engagement_score <= 100)' })
@Check({ name: 'clients_language_known', expression: `language in ('en', 'es')` })
@Check({ name: 'clients_plan_type_known', expression: `plan_type in (${PLAN_TYPES.map((t) => `'${t}'`).join(', ')})` })
@Check({
  name: 'clients_departure_reason_known',
  expression: `departure_reason in (${DEPARTURE_REASONS.map((t) => `'${t}'`).join(', ')})`,
})
@Check({ name: 'clients_risk_score_range', expression: '(risk_score >= 0) AND (risk_score <= 100)' })
@Check({ name: 'clients_risk_level_known', expression: `risk_level in (${RISK_LEVELS.map((t) => `'${t}'`).join(', ')})` })
// The Clients page sorted by risk reads a page straight from this index.
@Index({ name: 'clients_broker_risk_idx', properties: ['broker', 'riskScore', 'id'] })
export class Client {
  [OptionalProps]?: 'isActive' | 'engagementScore' | 'language' | 'createdAt' | 'updatedAt' | 'riskScore' | 'riskLevel' | 'riskReasons';

  /** Sorts by when the client was added (see timeOrderedUuid). */
  @PrimaryKey({ type: 'uuid' })
  id: string = timeOrderedUuid();

  @ManyToOne(() => User, { fieldName: 'broker_id', deleteRule: 'cascade' })
  broker!: User;

  /** The agency member who looks after this client (null: nobody yet). A removed member's clients go to another. */
  @ManyToOne(() => Member, { fieldName: 'assigned_member_id', nullable: true, deleteRule: 'set null', mapToPk: true })
  assignedMemberId?: string | null = null;

  @Property({ type: 'text' })
  firstName!: string;

  @Property({ type: 'text' })
  lastName!: string;

  @Property({ type: 'text', nullable: true })
  email?: string | null;

  /** E.164. */
  @Property({ type: 'text' })
  phone!: string;

  @Property({ type: 'boolean', default: true })
  isActive: boolean = true;

  /** The broker's own notes on the client (never shown to the client, never exported). */
  @Property({ type: 'text', nullable: true })
  notes?: string | null;

  /** Five-digit US ZIP code, when the broker or the client gave it: where they live, for their time zone and their state's calling hours. */
  @Property({ type: 'text', nullable: true })
  zip?: string | null;

  /** Two-letter US state (or DC, PR) the client lives in, when given; else derived from the ZIP code. */
  @Property({ type: 'text', nullable: true })
  state?: string | null;

  /** The language of the client's portal, texts, calls and e-mails: set by the broker, changeable by the client. */
  @Property({ type: 'text', default: 'en' })
  language: Language = 'en';

  /** IANA time zone, as the client's browser reported it in the portal. */
  @Property({ type: 'text', nullable: true })
  timeZone?: string | null;

  /** When the client was last deactivated (null while active): retention is measured from it. */
  @Property({ type: 'timestamptz', nullable: true })
  deactivatedAt?: Date | null;

  @Property({ type: 'smallint', default: 0 })
  engagementScore: number = 0;

  /** Date of birth (YYYY-MM-DD): turning 65 and birthdays drive lifecycle campaigns. */
  @Property({ type: 'date', nullable: true })
  dateOfBirth?: string | null;

  @Property({ type: 'text', nullable: true })
  planType?: PlanType | null;

  /** When the client's current plan took effect (YYYY-MM-DD): its anniversary drives campaigns and risk. */
  @Property({ type: 'date', nullable: true })
  planEffectiveDate?: string | null;

  /** The insurance company of the client's plan, as the broker writes it. */
  @Property({ type: 'text', nullable: true })
  carrier?: string | null;

  /** Why the client left, as the broker said when deactivating them (null while active). */
  @Property({ type: 'text', nullable: true })
  departureReason?: DepartureReason | null;

  /** The at-risk score, 0–100, recomputed nightly and on demand (clients/risk.ts). */
  @Property({ type: 'smallint', default: 0 })
  riskScore: number = 0;

  @Property({ type: 'text', default: 'low' })
  riskLevel: RiskLevel = 'low';

  /** The signals behind the score, as codes the app puts in words (never health data). */
  @Property({ type: 'jsonb', default: '[]' })
  riskReasons: string[] = [];

  /** Since when the client has been at high risk (null while not): "newly at risk" in the weekly digest. */
  @Property({ type: 'timestamptz', nullable: true })
  riskSince?: Date | null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
