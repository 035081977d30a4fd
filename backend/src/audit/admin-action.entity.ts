import { randomUUID } from 'node:crypto';

import { OptionalProps } from '@mikro-orm/core';
import { Entity, Index, PrimaryKey, Property, Trigger } from '@mikro-orm/decorators/legacy';

/** Raised by the append-only trigger; `%` is UPDATE or DELETE. */
export const APPEND_ONLY_MESSAGE = 'admin_actions is append-only: % of an audit entry is not allowed';

/**
 * The audit log: every change a platform admin makes, who made it, and the values before and after.
 * Append-only: PostgreSQL refuses to update or delete an entry, whoever asks (docs/admin.md).
 */
@Entity({ tableName: 'admin_actions' })
@Trigger({
  name: 'append_only',
  timing: 'before',
  events: ['update', 'delete'],
  forEach: 'row',
  body: `raise exception '${APPEND_ONLY_MESSAGE}', tg_op using hint = 'Record a new admin action instead of changing or removing one.';`,
})
@Index({ name: 'admin_actions_broker_created_idx', properties: ['brokerId', 'createdAt'] })
@Index({ name: 'admin_actions_created_idx', properties: ['createdAt'] })
export class AdminAction {
  [OptionalProps]?: 'createdAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'uuid' })
  adminId!: string;

  /** e.g. `resource_uploaded`, `trial_extended` (underscores shown as spaces). */
  @Property({ type: 'text' })
  action!: string;

  @Property({ type: 'text' })
  targetType!: string;

  @Property({ type: 'uuid', nullable: true })
  targetId?: string | null;

  /** The broker the action concerns, if any (for the broker detail timeline). */
  @Property({ type: 'uuid', nullable: true })
  brokerId?: string | null;

  @Property({ type: 'text', nullable: true })
  notes?: string | null;

  @Property({ type: 'jsonb', nullable: true })
  before?: Record<string, unknown> | null;

  @Property({ type: 'jsonb', nullable: true })
  after?: Record<string, unknown> | null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
