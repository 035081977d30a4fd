import { randomUUID } from 'node:crypto';

import { OptionalProps } from '@mikro-orm/core';
import { Entity, Enum, Index, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';

import { type Channel, CHANNELS } from '../messaging/outbox-message.entity.js';

export const DELIVERY_STATUSES = ['queued', 'sending', 'sent', 'completed', 'failed', 'skipped'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/**
 * Which queue a delivery waits in: `reminder` (client and broker reminders) is always claimed
 * before `campaign`, so a medication reminder is never late because a campaign is going out.
 */
/** What a text to a caregiver is: the invitation (answer YES to opt in) or an alert (a reminder not confirmed). */
export const CAREGIVER_MESSAGES = ['invite', 'alert'] as const;
export type CaregiverMessage = (typeof CAREGIVER_MESSAGES)[number];

export const DELIVERY_LANES = ['reminder', 'campaign'] as const;
export type DeliveryLane = (typeof DELIVERY_LANES)[number];

/**
 * One message sent (or skipped) for one occurrence of a reminder, one campaign recipient or one
 * caregiver's invitation or alert (keyed by the missed occurrence's time): the
 * record that monthly costs, call completion and engagement are computed from. The unique keys
 * make a second delivery of the same occurrence impossible.
 */
@Entity({ tableName: 'deliveries' })
@Unique({ name: 'deliveries_reminder_occurrence_unique', properties: ['reminderId', 'occurrenceAt'] })
@Unique({ name: 'deliveries_client_reminder_occurrence_unique', properties: ['clientReminderId', 'occurrenceAt'] })
@Unique({ name: 'deliveries_campaign_client_unique', properties: ['campaignId', 'clientId'] })
@Unique({ name: 'deliveries_caregiver_occurrence_unique', properties: ['caregiverId', 'occurrenceAt'] })
@Index({ name: 'deliveries_broker_created_idx', properties: ['brokerId', 'createdAt'] })
@Index({ name: 'deliveries_client_idx', properties: ['clientId'] })
@Index({
  name: 'deliveries_claimable_idx',
  expression: `create index "deliveries_claimable_idx" on "deliveries" ("not_before") where "status" in ('queued', 'sending')`,
})
// The campaign lane's queue by broker: which brokers have campaign work, and each one's oldest first.
@Index({
  name: 'deliveries_lane_queue_idx',
  expression: `create index "deliveries_lane_queue_idx" on "deliveries" ("lane", "broker_id", "not_before") where "status" = 'queued'`,
})
@Index({ name: 'deliveries_provider_idx', properties: ['providerId'] })
// A reply of 1 or YES names only the number it came from: the messages to it still waiting.
@Index({
  name: 'deliveries_awaiting_reply_idx',
  expression: `create index "deliveries_awaiting_reply_idx" on "deliveries" ("recipient", "occurrence_at") where "confirm_within_minutes" is not null and "confirmed_at" is null and "status" in ('queued', 'sending', 'sent')`,
})
// Sent and waiting for the client's confirmation: retried or ended once the wait is over.
@Index({
  name: 'deliveries_confirm_by_idx',
  expression: `create index "deliveries_confirm_by_idx" on "deliveries" ("confirm_by") where "confirm_by" is not null`,
})
// The broker's latest confirmed calls (recent activity) without reading all their deliveries.
@Index({
  name: 'deliveries_broker_confirmed_idx',
  expression:
    'create index "deliveries_broker_confirmed_idx" on "deliveries" ("broker_id", "confirmed_at") where "confirmed_at" is not null',
})
@Index({
  name: 'deliveries_created_cost_idx',
  expression: 'create index "deliveries_created_cost_idx" on "deliveries" ("created_at") include ("cost_cents")',
})
export class Delivery {
  [OptionalProps]?: 'lane' | 'status' | 'attempts' | 'maxAttempts' | 'costCents' | 'createdAt' | 'updatedAt' | 'notBefore';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'uuid' })
  brokerId!: string;

  @Property({ type: 'uuid' })
  clientId!: string;

  @Property({ type: 'uuid', nullable: true })
  reminderId?: string | null;

  @Property({ type: 'uuid', nullable: true })
  clientReminderId?: string | null;

  @Property({ type: 'uuid', nullable: true })
  campaignId?: string | null;

  /** A text to one of the client's caregivers: their invitation, or an alert about a missed reminder. */
  @Property({ type: 'uuid', nullable: true })
  caregiverId?: string | null;

  @Enum({ items: [...CAREGIVER_MESSAGES], nullable: true })
  caregiverMessage?: CaregiverMessage | null;

  /** The occurrence this delivery is for. */
  @Property({ type: 'timestamptz' })
  occurrenceAt!: Date;

  @Enum({ items: [...CHANNELS] })
  channel!: Channel;

  @Property({ type: 'text' })
  recipient!: string;

  @Enum({ items: [...DELIVERY_LANES], default: 'reminder' })
  lane: DeliveryLane = 'reminder';

  @Enum({ items: [...DELIVERY_STATUSES], default: 'queued' })
  status: DeliveryStatus = 'queued';

  /** Not to be sent (or retried) before this time. */
  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  notBefore: Date = new Date();

  @Property({ type: 'integer', default: 0 })
  attempts: number = 0;

  /** How many times it may be sent in all (a busy call, an unanswered or unconfirmed reminder). */
  @Property({ type: 'smallint', default: 2 })
  maxAttempts: number = 2;

  /**
   * Set when the recipient is asked to confirm (a client's own reminder): how long to wait for the
   * confirmation after each send before trying again or ending it as not confirmed.
   */
  @Property({ type: 'smallint', nullable: true })
  confirmWithinMinutes?: number | null;

  /** Where a retry goes when not the same channel (a call retried as a text, or the other way). */
  @Enum({ items: [...CHANNELS], nullable: true })
  retryChannel?: Channel | null;

  /** Sent and waiting for the confirmation until then. */
  @Property({ type: 'timestamptz', nullable: true })
  confirmBy?: Date | null;

  /** Who answered the last call, as the provider's machine detection told (human, machine_end_beep, …). */
  @Property({ type: 'text', nullable: true })
  answeredBy?: string | null;

  @Property({ type: 'timestamptz', nullable: true })
  claimedAt?: Date | null;

  @Property({ type: 'text', nullable: true })
  providerId?: string | null;

  /** Why it failed or was skipped. */
  @Property({ type: 'text', nullable: true })
  error?: string | null;

  /** The client pressed 1 on the call, or replied 1 / YES to the text. */
  @Property({ type: 'timestamptz', nullable: true })
  confirmedAt?: Date | null;

  @Property({ type: 'integer', default: 0 })
  costCents: number = 0;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
