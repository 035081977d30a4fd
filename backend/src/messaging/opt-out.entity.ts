import { OptionalProps } from '@mikro-orm/core';
import { Entity, Enum, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

import { type Channel, CHANNELS } from './outbox-message.entity.js';

/** A phone number (or address) that asked not to be contacted on a channel. */
@Entity({ tableName: 'opt_outs' })
export class OptOut {
  [OptionalProps]?: 'createdAt';

  @PrimaryKey({ type: 'text' })
  recipient!: string;

  @Enum({ items: [...CHANNELS], primary: true })
  channel!: Channel;

  /** How it was asked: `sms-keyword`, `voice-keypress`, `email-link`. */
  @Property({ type: 'text' })
  source!: string;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
