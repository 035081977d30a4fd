import { randomUUID } from 'node:crypto';

import { OptionalProps } from '@mikro-orm/core';
import { Entity, Enum, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

import { User } from '../users/user.entity.js';

export const CAMPAIGN_TYPES = ['email', 'sms'] as const;
export type CampaignType = (typeof CAMPAIGN_TYPES)[number];
export const CAMPAIGN_STATUSES = ['draft', 'sent'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

export const AUDIENCE_KINDS = ['all', 'filter', 'clients'] as const;
/**
 * Who a campaign is for: all the broker's active clients, those under a client-list filter (saved
 * from the Clients page), or chosen clients. Whoever it names, it goes only to active clients with
 * an address for the channel who have not opted out.
 */
export type CampaignAudience =
  { kind: 'all' } | { kind: 'filter'; filter: Record<string, unknown> } | { kind: 'clients'; clientIds: string[] };

/** A broker's bulk e-mail or SMS message to their active clients. */
@Entity({ tableName: 'campaigns' })
@Index({ name: 'campaigns_broker_created_idx', properties: ['broker', 'createdAt'] })
export class Campaign {
  [OptionalProps]?: 'status' | 'recipientCount' | 'createdAt' | 'audience';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => User, { fieldName: 'broker_id', deleteRule: 'cascade' })
  broker!: User;

  @Property({ type: 'text' })
  name!: string;

  @Enum({ items: [...CAMPAIGN_TYPES] })
  type!: CampaignType;

  @Property({ type: 'text', nullable: true })
  subject?: string | null;

  @Property({ type: 'text' })
  message!: string;

  @Property({ type: 'jsonb', default: '{"kind":"all"}' })
  audience: CampaignAudience = { kind: 'all' };

  @Enum({ items: [...CAMPAIGN_STATUSES], default: 'draft' })
  status: CampaignStatus = 'draft';

  /** Fixed when the campaign is sent. */
  @Property({ type: 'integer', default: 0 })
  recipientCount: number = 0;

  @Property({ type: 'timestamptz', nullable: true })
  sentAt?: Date | null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
