import { randomUUID } from 'node:crypto';

import { Entity, Enum, Index, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';

import { type Channel, CHANNELS } from '../messaging/outbox-message.entity.js';

/**
 * Every marketing message sent, as sent (the text version of an e-mail, with its subject), to whom
 * and when: the record an agency keeps for ten years. No foreign keys, so deleting a campaign, a
 * client or a broker's account leaves it in place; nothing in the product deletes it.
 */
@Entity({ tableName: 'marketing_messages' })
@Unique({ name: 'marketing_messages_delivery_unique', properties: ['deliveryId'] })
@Index({ name: 'marketing_messages_broker_sent_idx', properties: ['brokerId', 'sentAt'] })
export class MarketingMessage {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'uuid' })
  brokerId!: string;

  @Property({ type: 'uuid', nullable: true })
  campaignId?: string | null;

  @Property({ type: 'uuid' })
  deliveryId!: string;

  @Property({ type: 'uuid' })
  clientId!: string;

  @Enum({ items: [...CHANNELS] })
  channel!: Channel;

  @Property({ type: 'text' })
  recipient!: string;

  @Property({ type: 'text', nullable: true })
  subject?: string | null;

  @Property({ type: 'text' })
  body!: string;

  @Property({ type: 'timestamptz' })
  sentAt!: Date;
}
