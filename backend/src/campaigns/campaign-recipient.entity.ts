import { OptionalProps } from '@mikro-orm/core';
import { Entity, Index, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';

/**
 * One client a campaign was sent to: the unguessable token in their unsubscribe and tracking links,
 * and when they first opened and clicked (distinct recipients are what the counts count).
 */
@Entity({ tableName: 'campaign_recipients' })
@Unique({ name: 'campaign_recipients_campaign_client_unique', properties: ['campaignId', 'clientId'] })
/** A client's recent campaign messages (engagement, risk, the digest), without reading whole campaigns. */
@Index({ name: 'campaign_recipients_client_idx', properties: ['clientId', 'createdAt'] })
export class CampaignRecipient {
  [OptionalProps]?: 'createdAt';

  @PrimaryKey({ type: 'uuid' })
  id!: string;

  @Index({ name: 'campaign_recipients_campaign_idx' })
  @Property({ type: 'uuid' })
  campaignId!: string;

  @Property({ type: 'uuid' })
  clientId!: string;

  @Property({ type: 'text', unique: 'campaign_recipients_token_unique' })
  token!: string;

  @Property({ type: 'timestamptz', nullable: true })
  openedAt?: Date | null;

  @Property({ type: 'timestamptz', nullable: true })
  clickedAt?: Date | null;

  /** When the client first replied to this message (an SMS answer): a sequence skips its later steps for them. */
  @Property({ type: 'timestamptz', nullable: true })
  repliedAt?: Date | null;

  /** Opens that looked automated (mail privacy proxies, scanners), kept apart from human opens. */
  @Property({ type: 'integer', default: 0 })
  machineOpens: number = 0;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
