import { randomUUID } from 'node:crypto';

import { OptionalProps } from '@mikro-orm/core';
import { Entity, Enum, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

import { Client } from '../clients/client.entity.js';
import { EncryptedText } from '../privacy/phi-crypto.js';
import { DELIVERY_METHODS, type DeliveryMethod, REMINDER_STATUSES, type ReminderStatus } from '../reminders/reminder.entity.js';

export const RECURRENCE_PATTERNS = ['daily', 'weekly', 'monthly'] as const;

/** Where a retry of an unconfirmed reminder goes: the same channel, or the other one (call ↔ text). */
export const RETRY_CHANNELS = ['same', 'other'] as const;
export type RetryChannel = (typeof RETRY_CHANNELS)[number];
export const RETRY_AFTER_MINUTES = { default: 10, min: 5, max: 120 } as const;
export const ATTEMPTS_PER_OCCURRENCE = { default: 2, min: 1, max: 5 } as const;
export type RecurrencePattern = (typeof RECURRENCE_PATTERNS)[number];

/**
 * A reminder the client made for themselves, possibly recurring. Health information: readable
 * and writable only through the client's own routes.
 */
@Entity({ tableName: 'client_reminders' })
// No occurrence left and still waiting for the last one's outcome (normally only the last minutes' ones).
@Index({
  name: 'client_reminders_awaiting_outcome_idx',
  expression: `create index "client_reminders_awaiting_outcome_idx" on "client_reminders" ("created_at") where "status" = 'pending' and "next_occurrence_at" is null`,
})
@Index({
  name: 'client_reminders_due_idx',
  expression: `create index "client_reminders_due_idx" on "client_reminders" ("next_occurrence_at") where "next_occurrence_at" is not null`,
})
export class ClientReminder {
  [OptionalProps]?:
    | 'status'
    | 'createdAt'
    | 'isRecurring'
    | 'recurrenceInterval'
    | 'deliveryMethod'
    | 'sayMedicationName'
    | 'retryAfterMinutes'
    | 'maxAttempts'
    | 'retryChannel'
    | 'alertCaregivers';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Index({ name: 'client_reminders_client_idx' })
  @ManyToOne(() => Client, { fieldName: 'client_id', deleteRule: 'cascade' })
  client!: Client;

  /** The medication this reminder is about, if any (the client's own list). */
  @Property({ type: 'uuid', nullable: true })
  medicationId?: string | null;

  /** The client asked for the medication's name to be said in the call or text (off by default). */
  @Property({ type: 'boolean', default: false })
  sayMedicationName: boolean = false;

  /** The client's own words: encrypted at rest, hidden from serialisation. */
  @Property({ type: EncryptedText, nullable: true, hidden: true })
  message?: string | null;

  @Enum({ items: [...DELIVERY_METHODS], default: 'voice' })
  deliveryMethod: DeliveryMethod = 'voice';

  /** The first occurrence, as an instant. */
  @Property({ type: 'timestamptz' })
  scheduledTime!: Date;

  /** IANA time zone the client scheduled in; recurrences keep their local time in it. */
  @Property({ type: 'text' })
  timeZone!: string;

  @Property({ type: 'boolean', default: false })
  isRecurring: boolean = false;

  @Enum({ items: [...RECURRENCE_PATTERNS], nullable: true })
  recurrencePattern?: RecurrencePattern | null;

  @Property({ type: 'smallint', default: 1 })
  recurrenceInterval: number = 1;

  /** Weekdays 0 (Sunday) to 6 (Saturday), sorted; weekly only. */
  @Property({ type: 'smallint[]', nullable: true })
  recurrenceDays?: number[] | null;

  /** Last local date with an occurrence (inclusive). */
  @Property({ type: 'date', nullable: true })
  recurrenceEndDate?: string | null;

  /** The next occurrence to send; null once there are no more. */
  @Property({ type: 'timestamptz', nullable: true })
  nextOccurrenceAt?: Date | null;

  /** Not confirmed this many minutes after a send: sent again (while attempts remain). */
  @Property({ type: 'smallint', default: RETRY_AFTER_MINUTES.default })
  retryAfterMinutes: number = RETRY_AFTER_MINUTES.default;

  /** How many times one occurrence may be sent in all, the first included. */
  @Property({ type: 'smallint', default: ATTEMPTS_PER_OCCURRENCE.default })
  maxAttempts: number = ATTEMPTS_PER_OCCURRENCE.default;

  @Enum({ items: [...RETRY_CHANNELS], default: 'same' })
  retryChannel: RetryChannel = 'same';

  /** When an occurrence ends not confirmed, the client's caregivers who said YES get a text. */
  @Property({ type: 'boolean', default: true })
  alertCaregivers: boolean = true;

  @Enum({ items: [...REMINDER_STATUSES], default: 'pending' })
  status: ReminderStatus = 'pending';

  /** Set while the client has paused it: none of its occurrences is sent until they resume it. */
  @Property({ type: 'timestamptz', nullable: true })
  pausedAt?: Date | null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
