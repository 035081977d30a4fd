import { randomUUID } from 'node:crypto';

import { OptionalProps } from '@mikro-orm/core';
import { Entity, Enum, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

import { Client } from '../clients/client.entity.js';
import { User } from '../users/user.entity.js';

export const DELIVERY_METHODS = ['voice', 'sms'] as const;
export type DeliveryMethod = (typeof DELIVERY_METHODS)[number];
export const REMINDER_STATUSES = ['pending', 'completed', 'failed'] as const;
export type ReminderStatus = (typeof REMINDER_STATUSES)[number];

/** A broker's one-time reminder to a client, with a generic message (no health information). */
@Entity({ tableName: 'reminders' })
@Index({ name: 'reminders_broker_scheduled_idx', properties: ['broker', 'scheduledTime'] })
@Index({
  name: 'reminders_due_idx',
  expression: `create index "reminders_due_idx" on "reminders" ("deliver_after") where "status" = 'pending' and "dispatched_at" is null`,
})
// Sent and still waiting for the outcome (normally only the last minutes' ones).
@Index({
  name: 'reminders_awaiting_outcome_idx',
  expression: `create index "reminders_awaiting_outcome_idx" on "reminders" ("dispatched_at") where "status" = 'pending' and "dispatched_at" is not null`,
})
export class Reminder {
  [OptionalProps]?: 'status' | 'createdAt' | 'deliverAfter';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => User, { fieldName: 'broker_id', deleteRule: 'cascade' })
  broker!: User;

  @Index({ name: 'reminders_client_idx' })
  @ManyToOne(() => Client, { fieldName: 'client_id', deleteRule: 'cascade' })
  client!: Client;

  @Property({ type: 'timestamptz' })
  scheduledTime!: Date;

  /** When it may go out: the scheduled time, moved to 08:00 client time when that falls in quiet hours. */
  @Property({ type: 'timestamptz' })
  deliverAfter!: Date;

  @Enum({ items: [...DELIVERY_METHODS] })
  deliveryMethod!: DeliveryMethod;

  @Property({ type: 'text' })
  message!: string;

  @Enum({ items: [...REMINDER_STATUSES], default: 'pending' })
  status: ReminderStatus = 'pending';

  /** Set when the dispatcher turned it into a delivery. */
  @Property({ type: 'timestamptz', nullable: true })
  dispatchedAt?: Date | null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
