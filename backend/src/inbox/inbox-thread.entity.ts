import { OptionalProps } from '@mikro-orm/core';
import { Check, Entity, Index, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';

import { Client } from '../clients/client.entity.js';
import { timeOrderedUuid } from '../common/ids.js';
import { Member } from '../members/member.entity.js';
import { User } from '../users/user.entity.js';

/** Who a thread is with: one of the agency's clients, or a number that is not a client's (a caregiver's, later any number). */
export const THREAD_SENDERS = ['client', 'other'] as const;
export type ThreadSender = (typeof THREAD_SENDERS)[number];

export const THREAD_STATUSES = ['open', 'done'] as const;
export type ThreadStatus = (typeof THREAD_STATUSES)[number];

const known = (values: readonly string[]) => values.map((value) => `'${value}'`).join(', ');

/**
 * One conversation of the agency's text inbox (docs/messaging.md "Inbox"): per agency and phone
 * number. What the list shows is kept on the row (last message, unread, needs reply, opted out) so
 * that a page of the list is one statement over `inbox_threads_agency_last_idx`, whatever the number
 * of messages. `needs_reply_since` is the oldest inbound text not answered yet (for a promise of a
 * reply time, later); a reply or "done" clears it.
 */
@Entity({ tableName: 'inbox_threads' })
@Unique({ name: 'inbox_threads_agency_phone_unique', properties: ['agency', 'phone'] })
@Index({
  name: 'inbox_threads_agency_last_idx',
  expression: 'create index "inbox_threads_agency_last_idx" on "inbox_threads" ("agency_id", "last_message_at" desc, "id")',
})
@Index({
  name: 'inbox_threads_unread_idx',
  expression: 'create index "inbox_threads_unread_idx" on "inbox_threads" ("agency_id") where "unread_count" > 0',
})
@Index({ name: 'inbox_threads_client_idx', properties: ['client'] })
@Check({ name: 'inbox_threads_sender_known', expression: `sender in (${known(THREAD_SENDERS)})` })
@Check({ name: 'inbox_threads_status_known', expression: `status in (${known(THREAD_STATUSES)})` })
export class InboxThread {
  [OptionalProps]?: 'status' | 'unreadCount' | 'createdAt' | 'updatedAt' | 'sender';

  @PrimaryKey({ type: 'uuid' })
  id: string = timeOrderedUuid();

  @ManyToOne(() => User, { fieldName: 'agency_id', deleteRule: 'cascade', mapToPk: true })
  agency!: string;

  /** E.164, as the text came from. */
  @Property({ type: 'text' })
  phone!: string;

  @Property({ type: 'text', default: 'client' })
  sender: ThreadSender = 'client';

  /** The client the number is (or, for a caregiver, the client whose circle it is; never shown for a caregiver). */
  @ManyToOne(() => Client, { fieldName: 'client_id', nullable: true, deleteRule: 'cascade', mapToPk: true })
  client?: string | null = null;

  @ManyToOne(() => Member, { fieldName: 'assigned_member_id', nullable: true, deleteRule: 'set null', mapToPk: true })
  assignedMemberId?: string | null = null;

  @Property({ type: 'text', default: 'open' })
  status: ThreadStatus = 'open';

  @Property({ type: 'timestamptz' })
  lastMessageAt!: Date;

  /** The last message's words as the list shows them (no health data: a confirmation or a stop is its event's name). */
  @Property({ type: 'text', nullable: true })
  preview?: string | null = null;

  /** in, out or event: who had the last word. */
  @Property({ type: 'text', nullable: true })
  lastDirection?: string | null = null;

  @Property({ type: 'timestamptz', nullable: true })
  lastInboundAt?: Date | null = null;

  @Property({ type: 'integer', default: 0 })
  unreadCount: number = 0;

  /** The oldest inbound text not answered yet; null: nothing waits for a reply. */
  @Property({ type: 'timestamptz', nullable: true })
  needsReplySince?: Date | null = null;

  /** The number replied STOP (texts); cleared by START. */
  @Property({ type: 'timestamptz', nullable: true })
  optedOutAt?: Date | null = null;

  @Property({ type: 'timestamptz', nullable: true })
  doneAt?: Date | null = null;

  /** The agency's day (its time zone) of the last auto-reply sent while its office was closed: one a day at most. */
  @Property({ type: 'date', nullable: true })
  autoRepliedOn?: string | null = null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
