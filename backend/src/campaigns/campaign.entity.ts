import { randomUUID } from 'node:crypto';

import { OptionalProps } from '@mikro-orm/core';
import { Check, Entity, Enum, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

import { User } from '../users/user.entity.js';

export const CAMPAIGN_TYPES = ['email', 'sms'] as const;
export type CampaignType = (typeof CAMPAIGN_TYPES)[number];
/**
 * draft → sent (sent now) or draft → scheduled → sent (at its date and time); a sequence:
 * draft → active ⇄ paused → finished. A sequence's step rows (`parentId` set) are `sent`.
 */
export const CAMPAIGN_STATUSES = ['draft', 'scheduled', 'sent', 'active', 'paused', 'finished'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/** Marketing needs marketing permission; informational goes with any permission on the channel not revoked (docs/campaigns.md). */
export const CAMPAIGN_PURPOSES = ['marketing', 'informational'] as const;
export type CampaignPurpose = (typeof CAMPAIGN_PURPOSES)[number];

/** What starts a sequence for a client (docs/campaigns.md "Lifecycle campaigns"). */
export const TRIGGER_KINDS = ['joined', 'turning_65', 'birthday', 'birthday_rule', 'plan_anniversary', 'medicare_date'] as const;
export type TriggerKind = (typeof TRIGGER_KINDS)[number];

/** The fixed dates of the Medicare year a sequence can start on, every year. */
export const MEDICARE_DATES = ['anoc_review', 'marketing_start', 'aep_start', 'aep_last_week', 'oep_start'] as const;
export type MedicareDate = (typeof MEDICARE_DATES)[number];

/**
 * A sequence's trigger: `joined` starts it for every client in the audience now and for clients
 * who join it later; the date triggers start it `daysBefore` days before the client's date (or on a
 * fixed Medicare date), once a year.
 */
export type CampaignTrigger =
  | { kind: 'joined' }
  | { kind: 'turning_65' | 'birthday' | 'birthday_rule' | 'plan_anniversary'; daysBefore: number }
  | { kind: 'medicare_date'; date: MedicareDate };

/** A sequence's later step: sent `delayDays` after the step before, skipped for a client who clicked or replied when `skipIfEngaged`. */
export interface CampaignFollowUp {
  delayDays: number;
  subject: string | null;
  message: string;
  skipIfEngaged: boolean;
}

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
@Index({ name: 'campaigns_parent_idx', properties: ['parentId', 'step'] })
// The runner's look for scheduled campaigns due and sequences to advance.
@Index({ name: 'campaigns_status_idx', properties: ['status'] })
@Check({ name: 'campaigns_purpose_known', expression: `purpose in (${CAMPAIGN_PURPOSES.map((p) => `'${p}'`).join(', ')})` })
export class Campaign {
  [OptionalProps]?: 'status' | 'recipientCount' | 'createdAt' | 'audience' | 'purpose' | 'followUps';

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

  @Property({ type: 'text', default: 'marketing' })
  purpose: CampaignPurpose = 'marketing';

  /** The ready-made template it started from, if any (campaigns/templates.ts). */
  @Property({ type: 'text', nullable: true })
  templateKey?: string | null;

  /** A scheduled campaign's day and wall-clock time (HH:MM), in each recipient's own time zone. */
  @Property({ type: 'date', nullable: true })
  scheduledDate?: string | null;

  @Property({ type: 'text', nullable: true })
  scheduledTime?: string | null;

  /** A sequence's trigger (null: a campaign sent once). */
  @Property({ type: 'jsonb', nullable: true })
  trigger?: CampaignTrigger | null;

  /** A sequence's steps after the first (the first is this campaign's own subject and message). */
  @Property({ type: 'jsonb', default: '[]' })
  followUps: CampaignFollowUp[] = [];

  /**
   * On a sequence's step row: the sequence it belongs to, its step number (1 = the first) and the
   * year of the occurrence it sends for. Step rows carry the recipients and deliveries of one step
   * in one year, so the figures of each step are the sums of its rows. Hidden from the campaign list.
   */
  @Property({ type: 'uuid', nullable: true })
  parentId?: string | null;

  @Property({ type: 'smallint', nullable: true })
  step?: number | null;

  @Property({ type: 'smallint', nullable: true })
  season?: number | null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
