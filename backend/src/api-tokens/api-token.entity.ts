import { randomUUID } from 'node:crypto';

import { OptionalProps } from '@mikro-orm/core';
import { Entity, Index, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';

import { Member } from '../members/member.entity.js';
import { User } from '../users/user.entity.js';

/**
 * A personal access token: acts as the member who made it, within its scopes and that member's role
 * (both are checked on every request, so a lowered role narrows the token and a removed member's
 * token stops at once). Only the SHA-256 of the
 * secret is kept (the secret is shown once, at creation); `prefix` lets the person recognise it.
 */
@Entity({ tableName: 'api_tokens' })
@Index({ name: 'api_tokens_user_idx', properties: ['userId', 'createdAt'] })
export class ApiToken {
  [OptionalProps]?: 'createdAt' | 'lastUsedAt' | 'expiresAt' | 'revokedAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => User, { fieldName: 'user_id', deleteRule: 'cascade', mapToPk: true })
  userId!: string;

  /** The member who made it and whose rights it carries at most. */
  @ManyToOne(() => Member, { fieldName: 'member_id', deleteRule: 'cascade', mapToPk: true })
  @Index({ name: 'api_tokens_member_idx' })
  memberId!: string;

  @Property({ type: 'text' })
  name!: string;

  @Property({ type: 'text[]' })
  scopes!: string[];

  /** `ck_pat_` and the secret's first characters, shown in lists. */
  @Property({ type: 'text' })
  prefix!: string;

  /** Hex SHA-256 of the whole secret: how a request's token is found. */
  @Property({ type: 'text' })
  @Unique({ name: 'api_tokens_hash_unique' })
  tokenHash!: string;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', nullable: true })
  expiresAt?: Date | null = null;

  @Property({ type: 'timestamptz', nullable: true })
  lastUsedAt?: Date | null = null;

  /** Set when revoked (by its owner or an admin); a revoked token is refused and no longer listed. */
  @Property({ type: 'timestamptz', nullable: true })
  revokedAt?: Date | null = null;
}
