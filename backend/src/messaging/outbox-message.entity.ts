import { randomUUID } from 'node:crypto';

import { OptionalProps } from '@mikro-orm/core';
import { Entity, Enum, Index, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

import { EncryptedText } from '../privacy/phi-crypto.js';

export const CHANNELS = ['sms', 'voice', 'email'] as const;
export type Channel = (typeof CHANNELS)[number];

/**
 * The development outbox: every message that would have gone out (SMS text, call script, e-mail)
 * when no provider is configured, so it can be read instead of delivered. A client's reminder
 * carries their health data, so subjects and bodies are encrypted at rest like the rest of it
 * (docs/privacy.md); the entity reads them in plain words.
 */
@Entity({ tableName: 'outbox_messages' })
@Index({ name: 'outbox_messages_created_idx', properties: ['createdAt'] })
export class OutboxMessage {
  [OptionalProps]?: 'createdAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Enum({ items: [...CHANNELS] })
  channel!: Channel;

  /** E.164 phone number or e-mail address. */
  @Property({ type: 'text' })
  recipient!: string;

  @Property({ type: EncryptedText, nullable: true })
  subject?: string | null;

  @Property({ type: EncryptedText })
  body!: string;

  /** Why it was sent, e.g. `client-invitation`. */
  @Property({ type: 'text' })
  purpose!: string;

  @Property({ type: 'uuid', nullable: true })
  brokerId?: string | null;

  /** The delivery it stands for: at most one outbox message per delivery. */
  @Property({ type: 'uuid', nullable: true, unique: 'outbox_messages_delivery_unique' })
  deliveryId?: string | null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
