import { OptionalProps } from '@mikro-orm/core';
import { Check, Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

import { timeOrderedUuid } from '../common/ids.js';
import { Member } from '../members/member.entity.js';
import { EncryptedText } from '../privacy/phi-crypto.js';
import { InboxThread } from './inbox-thread.entity.js';

/** in: a text from the person; out: a member's reply; event: something that happened (opted out, confirmed a reminder). */
export const INBOX_DIRECTIONS = ['in', 'out', 'event'] as const;
export type InboxDirection = (typeof INBOX_DIRECTIONS)[number];

/**
 * text: words (theirs or the member's); confirmed: they confirmed a reminder; opted_out / opted_in:
 * STOP or START on texts; help: they asked for help (HELP); auto_reply: the agency's answer sent by
 * itself while its office was closed (docs/messaging.md "Office hours").
 */
export const INBOX_KINDS = ['text', 'confirmed', 'opted_out', 'opted_in', 'help', 'auto_reply'] as const;
export type InboxKind = (typeof INBOX_KINDS)[number];

const known = (values: readonly string[]) => values.map((value) => `'${value}'`).join(', ');

/**
 * One entry of a thread. A text the agency may not read (an answer to the client's own reminder,
 * docs/privacy.md "Replies") is kept with `private` true, its words encrypted in `private_body`
 * and `body` null: no broker route reads such a row; the client's own portal does.
 */
@Entity({ tableName: 'inbox_messages' })
@Index({ name: 'inbox_messages_thread_idx', properties: ['thread', 'createdAt'] })
@Check({ name: 'inbox_messages_direction_known', expression: `direction in (${known(INBOX_DIRECTIONS)})` })
@Check({ name: 'inbox_messages_kind_known', expression: `kind in (${known(INBOX_KINDS)})` })
@Check({ name: 'inbox_messages_private_hidden', expression: '(not private) or body is null' })
export class InboxMessage {
  [OptionalProps]?: 'createdAt' | 'private' | 'status';

  @PrimaryKey({ type: 'uuid' })
  id: string = timeOrderedUuid();

  @ManyToOne(() => InboxThread, { fieldName: 'thread_id', deleteRule: 'cascade', mapToPk: true })
  thread!: string;

  @Property({ type: 'text' })
  direction!: InboxDirection;

  @Property({ type: 'text' })
  kind!: InboxKind;

  /** The words the agency reads; null for an event and for a private text. */
  @Property({ type: 'text', nullable: true })
  body?: string | null = null;

  /** Kept for the client alone (their own history), never for a broker route. */
  @Property({ type: 'boolean', default: false })
  private: boolean = false;

  @Property({ type: EncryptedText, nullable: true, hidden: true })
  privateBody?: string | null = null;

  /** Who replied (out). */
  @ManyToOne(() => Member, { fieldName: 'member_id', nullable: true, deleteRule: 'set null', mapToPk: true })
  memberId?: string | null = null;

  /** out: sent, or failed (the provider refused it). */
  @Property({ type: 'text', nullable: true })
  status?: string | null = null;

  @Property({ type: 'text', nullable: true })
  providerId?: string | null = null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
