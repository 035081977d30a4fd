import { randomUUID } from 'node:crypto';

import { OptionalProps } from '@mikro-orm/core';
import { Entity, Enum, Index, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';

import { type Channel, CHANNELS } from '../messaging/outbox-message.entity.js';

/**
 * A request sent to a client to renew their marketing permission before it lapses: answered by
 * replying YES to the text or by the one-click link (its token, kept only as a SHA-256 hash).
 */
@Entity({ tableName: 'consent_renewals' })
@Unique({ name: 'consent_renewals_token_unique', properties: ['tokenHash'] })
@Index({ name: 'consent_renewals_client_idx', properties: ['clientId', 'createdAt'] })
export class ConsentRenewal {
  [OptionalProps]?: 'createdAt' | 'answeredAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'uuid' })
  clientId!: string;

  @Property({ type: 'uuid' })
  brokerId!: string;

  @Enum({ items: [...CHANNELS] })
  channel!: Channel;

  /** Where it went (E.164 or e-mail), so a YES from that number finds it. */
  @Property({ type: 'text' })
  recipient!: string;

  /** The message as sent: the evidence of what the client agreed to. */
  @Property({ type: 'text' })
  message!: string;

  @Property({ type: 'text' })
  tokenHash!: string;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz' })
  expiresAt!: Date;

  @Property({ type: 'timestamptz', nullable: true })
  answeredAt?: Date | null;
}
