import { randomUUID } from 'node:crypto';

import { OptionalProps } from '@mikro-orm/core';
import { Entity, Enum, Index, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

import { type Channel, CHANNELS } from './outbox-message.entity.js';

export const CONSENT_SOURCES = [
  'broker_added',
  'import',
  'invitation',
  'portal',
  'keyword',
  'unsubscribe_link',
  'voice_keypress',
  'admin',
] as const;
export type ConsentSource = (typeof CONSENT_SOURCES)[number];

/**
 * The consent ledger: every time a client was opted in or out of a channel, how and when.
 * Append-only; a client's current consent on a channel is their latest entry.
 */
@Entity({ tableName: 'consents' })
@Index({ name: 'consents_client_channel_idx', properties: ['clientId', 'channel', 'recordedAt'] })
export class Consent {
  [OptionalProps]?: 'recordedAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'uuid' })
  clientId!: string;

  @Enum({ items: [...CHANNELS] })
  channel!: Channel;

  @Property({ type: 'boolean' })
  optedIn!: boolean;

  @Enum({ items: [...CONSENT_SOURCES] })
  source!: ConsentSource;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  recordedAt: Date = new Date();
}
