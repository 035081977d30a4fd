import { randomUUID } from 'node:crypto';

import { OptionalProps } from '@mikro-orm/core';
import { Entity, Enum, Index, ManyToOne, PrimaryKey, Property, Trigger, Unique } from '@mikro-orm/decorators/legacy';

import { type Language, LANGUAGES } from '../common/language.js';
import { User } from '../users/user.entity.js';
import { MEMBER_ROLES, type MemberRole } from './roles.js';

/**
 * A person who works in an agency and signs in through the identity provider. The agency is the
 * `users` row (the tenant every `broker_id` points at, ADR 0011); a person belongs to one agency.
 * Every agency has its owner from its first moment: the database adds the owner member when the
 * agency's row is inserted (trigger `owner_member` on `users`, below), with the row's identity, e-mail and name.
 * A removed member's row stays, marked removed, so that what they did still names them.
 */
@Entity({ tableName: 'members' })
@Unique({ name: 'members_oidc_identity_unique', properties: ['oidcIssuer', 'oidcSubject'] })
@Index({ name: 'members_agency_idx', properties: ['agencyId', 'createdAt'] })
export class Member {
  [OptionalProps]?: 'createdAt' | 'lastSignInAt' | 'removedAt' | 'language' | 'invitationHash' | 'invitationExpiresAt' | 'invitedById';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => User, { fieldName: 'agency_id', deleteRule: 'cascade', mapToPk: true })
  agencyId!: string;

  /** The identity provider that vouches for this person, and their id there; null until they first sign in. */
  @Property({ type: 'text', nullable: true })
  oidcIssuer?: string | null = null;

  @Property({ type: 'text', nullable: true })
  oidcSubject?: string | null = null;

  @Property({ type: 'text', nullable: true })
  email?: string | null = null;

  @Property({ type: 'text', nullable: true })
  firstName?: string | null = null;

  @Property({ type: 'text', nullable: true })
  lastName?: string | null = null;

  @Enum({ items: [...MEMBER_ROLES] })
  role!: MemberRole;

  /** Their own choice of the app's language; null: the agency's (the agency's own person's choice is the agency's). */
  @Enum({ items: [...LANGUAGES], nullable: true })
  language?: Language | null = null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', nullable: true })
  lastSignInAt?: Date | null = null;

  @Property({ type: 'timestamptz', nullable: true })
  removedAt?: Date | null = null;

  /**
   * An invitation not yet accepted: the SHA-256 of its link's secret (the secret is only in the
   * e-mail and the answer to the owner who sent it), until when it may be accepted, and who sent it.
   * Accepting it (signing in through its link) clears the hash.
   */
  @Property({ type: 'text', nullable: true })
  @Unique({ name: 'members_invitation_hash_unique' })
  invitationHash?: string | null = null;

  @Property({ type: 'timestamptz', nullable: true })
  invitationExpiresAt?: Date | null = null;

  @ManyToOne(() => Member, { fieldName: 'invited_by_id', nullable: true, deleteRule: 'set null', mapToPk: true })
  invitedById?: string | null = null;
}

// The owner of a new agency, made with its row: the person whose identity, e-mail and name the row
// was made with (sign-in, the demo data, a script), so that no agency is ever without one.
Trigger({
  name: 'owner_member',
  timing: 'after',
  events: ['insert'],
  forEach: 'row',
  body: `insert into members (id, agency_id, oidc_issuer, oidc_subject, email, first_name, last_name, role, created_at, last_sign_in_at)
    values (gen_random_uuid(), new.id, new.oidc_issuer, new.oidc_subject, new.email, new.first_name, new.last_name, 'owner', new.created_at, new.last_sign_in_at);
    return null;`,
})(User);
