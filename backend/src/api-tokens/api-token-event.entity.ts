import { randomUUID } from 'node:crypto';

import { OptionalProps } from '@mikro-orm/core';
import { Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

import { User } from '../users/user.entity.js';

export const TOKEN_EVENT_KINDS = ['created', 'first_use', 'refused', 'rate_limited', 'revoked'] as const;
export type TokenEventKind = (typeof TOKEN_EVENT_KINDS)[number];

/** What happened with a broker's tokens, for their API access page: made, first used, refused, limited, revoked. */
@Entity({ tableName: 'api_token_events' })
@Index({ name: 'api_token_events_user_idx', properties: ['userId', 'createdAt'] })
export class ApiTokenEvent {
  [OptionalProps]?: 'createdAt' | 'detail';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => User, { fieldName: 'user_id', deleteRule: 'cascade', mapToPk: true })
  userId!: string;

  @Property({ type: 'uuid', nullable: true })
  tokenId!: string | null;

  /** The token's name at the time (kept when the token is gone). */
  @Property({ type: 'text' })
  tokenName!: string;

  @Property({ type: 'text' })
  kind!: TokenEventKind;

  @Property({ type: 'text', nullable: true })
  detail?: string | null = null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
