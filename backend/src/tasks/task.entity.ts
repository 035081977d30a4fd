import { OptionalProps } from '@mikro-orm/core';
import { Check, Entity, Index, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';

import { Client } from '../clients/client.entity.js';
import { timeOrderedUuid } from '../common/ids.js';
import { Member } from '../members/member.entity.js';
import { User } from '../users/user.entity.js';

export const TASK_PRIORITIES = ['low', 'normal', 'high'] as const;
export type TaskPriority = (typeof TASK_PRIORITIES)[number];

/** Where a task came from: by hand, the at-risk list, a client's text, a missed SOA appointment, or a rule the agency switched on. */
export const TASK_SOURCES = [
  'manual',
  'at_risk',
  'client_reply',
  'soa_missed',
  'rule_welcome_call',
  'rule_review_call',
  'rule_turning_65',
] as const;
export type TaskSource = (typeof TASK_SOURCES)[number];

const known = (values: readonly string[]) => values.map((value) => `'${value}'`).join(', ');

/**
 * A follow-up for a member of the agency: about one client or free-standing, due at an instant
 * (entered in the agency's time zone), with a priority, done or not. A task a rule made carries the
 * rule's key, unique, so that the daily run never makes the same task twice (docs/tasks.md).
 */
@Entity({ tableName: 'tasks' })
@Index({ name: 'tasks_broker_due_idx', properties: ['broker', 'dueAt'] })
@Index({ name: 'tasks_assignee_due_idx', properties: ['assigneeMemberId', 'dueAt'] })
@Index({ name: 'tasks_client_idx', properties: ['client', 'dueAt'] })
@Unique({ name: 'tasks_rule_key_unique', properties: ['broker', 'ruleKey'] })
@Check({ name: 'tasks_priority_known', expression: `priority in (${known(TASK_PRIORITIES)})` })
@Check({ name: 'tasks_source_known', expression: `source in (${known(TASK_SOURCES)})` })
export class Task {
  [OptionalProps]?: 'priority' | 'source' | 'createdAt' | 'updatedAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = timeOrderedUuid();

  @ManyToOne(() => User, { fieldName: 'broker_id', deleteRule: 'cascade', mapToPk: true })
  broker!: string;

  /** The client it is about; null for a free-standing task. */
  @ManyToOne(() => Client, { fieldName: 'client_id', nullable: true, deleteRule: 'cascade', mapToPk: true })
  client?: string | null = null;

  @Property({ type: 'text' })
  title!: string;

  @Property({ type: 'text', nullable: true })
  notes?: string | null = null;

  @Property({ type: 'timestamptz' })
  dueAt!: Date;

  /** Who is to do it; null once that member's row is gone (removed members keep theirs). */
  @ManyToOne(() => Member, { fieldName: 'assignee_member_id', nullable: true, deleteRule: 'set null', mapToPk: true })
  assigneeMemberId?: string | null = null;

  @Property({ type: 'text', default: 'normal' })
  priority: TaskPriority = 'normal';

  @Property({ type: 'timestamptz', nullable: true })
  doneAt?: Date | null = null;

  /** The member who made it by hand; null for one the app made (a rule, a client's text). */
  @ManyToOne(() => Member, { fieldName: 'created_by_member_id', nullable: true, deleteRule: 'set null', mapToPk: true })
  createdByMemberId?: string | null = null;

  @Property({ type: 'text', default: 'manual' })
  source: TaskSource = 'manual';

  /** What made it, once: `welcome_call:<policy>:<date>`, `review_call:<client>:<year>`, `turning_65:<client>`. */
  @Property({ type: 'text', nullable: true })
  ruleKey?: string | null = null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
