import { randomUUID } from 'node:crypto';

import { OptionalProps } from '@mikro-orm/core';
import { Check, Entity, Index, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';

import type { Language } from '../common/language.js';
import { User } from '../users/user.entity.js';

/** A broker's client (a senior). Contact details only: health data lives in the client portal. */
/** Lower-cased name, e-mail and phone in one string: what the broker's search box matches. */
export const CLIENT_SEARCH_EXPRESSION = `lower(first_name || ' ' || last_name || ' ' || coalesce(email, '') || ' ' || phone)`;

@Entity({ tableName: 'clients' })
@Unique({ name: 'clients_broker_phone_unique', properties: ['broker', 'phone'] })
@Index({ name: 'clients_broker_created_idx', properties: ['broker', 'createdAt'] })
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
export class Client {
  [OptionalProps]?: 'isActive' | 'engagementScore' | 'language' | 'createdAt' | 'updatedAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => User, { fieldName: 'broker_id', deleteRule: 'cascade' })
  broker!: User;

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

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
