import { OptionalProps } from '@mikro-orm/core';
import { Check, Entity, Index, ManyToOne, PrimaryKey, Property, Trigger } from '@mikro-orm/decorators/legacy';

import { ApiToken } from '../api-tokens/api-token.entity.js';
import { timeOrderedUuid } from '../common/ids.js';
import { Member } from '../members/member.entity.js';
import { User } from '../users/user.entity.js';
import { AGENCY_ACTIONS, AGENCY_TARGETS, type AgencyAction, type AgencyTarget } from './agency-actions.js';

/** Raised by the append-only trigger; `%` is UPDATE or DELETE. */
export const AGENCY_LOG_APPEND_ONLY = 'agency_events is append-only: % of an activity entry is not allowed';

const listed = (values: readonly string[]) => values.map((value) => `'${value}'`).join(', ');

/**
 * The agency activity log: one entry for each change a member makes (ADR 0011, docs/security.md),
 * written by the service that makes the change in the same transaction, so that the change and its
 * entry stand or fall together. The actor (member, API token, address) comes from the request the
 * access guard checked (see Actor). `before` and `after` hold only the fields that changed, and
 * never health data: clients' medications and portal data are not reachable from the services that
 * write here, and a client's notes show only that they changed.
 *
 * Append-only: PostgreSQL refuses to change an entry, and to remove one while its agency exists;
 * deleting the agency's row takes its log with it (the cascade runs after the row is gone).
 */
@Entity({ tableName: 'agency_events' })
@Trigger({
  name: 'append_only',
  timing: 'before',
  events: ['update', 'delete'],
  forEach: 'row',
  body:
    `if tg_op = 'DELETE' and not exists (select 1 from users where id = old.agency_id) then return old; end if; ` +
    `raise exception '${AGENCY_LOG_APPEND_ONLY}', tg_op using hint = 'Record a new entry instead of changing or removing one.';`,
})
@Check({ name: 'agency_events_action_known', expression: `action in (${listed(AGENCY_ACTIONS)})` })
@Check({ name: 'agency_events_target_type_known', expression: `target_type in (${listed(AGENCY_TARGETS)})` })
@Index({ name: 'agency_events_agency_created_idx', properties: ['agencyId', 'createdAt'] })
// For the cascade when an agency's tokens go with it; most entries have no token.
@Index({
  name: 'agency_events_token_idx',
  expression: 'create index "agency_events_token_idx" on "agency_events" ("via_token_id") where "via_token_id" is not null',
})
export class AgencyEvent {
  [OptionalProps]?: 'createdAt' | 'viaTokenId' | 'targetId' | 'before' | 'after' | 'ip';

  /** Sorts by when the entry was made (see timeOrderedUuid). */
  @PrimaryKey({ type: 'uuid' })
  id: string = timeOrderedUuid();

  @ManyToOne(() => User, { fieldName: 'agency_id', deleteRule: 'cascade', mapToPk: true })
  agencyId!: string;

  /** Who acted. Members are never deleted (a removed one is marked removed), so the log keeps naming them. */
  @ManyToOne(() => Member, { fieldName: 'member_id', deleteRule: 'cascade', mapToPk: true })
  @Index({ name: 'agency_events_member_idx' })
  memberId!: string;

  /** The API token the change came through; null for the browser session. */
  @ManyToOne(() => ApiToken, { fieldName: 'via_token_id', nullable: true, deleteRule: 'cascade', mapToPk: true })
  viaTokenId?: string | null = null;

  @Property({ type: 'text' })
  action!: AgencyAction;

  @Property({ type: 'text' })
  targetType!: AgencyTarget;

  @Property({ type: 'uuid', nullable: true })
  targetId?: string | null = null;

  /** What happened in a sentence, e.g. “Added the client Rosa Diaz”. */
  @Property({ type: 'text' })
  summary!: string;

  @Property({ type: 'jsonb', nullable: true })
  before?: Record<string, unknown> | null = null;

  @Property({ type: 'jsonb', nullable: true })
  after?: Record<string, unknown> | null = null;

  /** The address the request came from (TRUST_PROXY decides whether X-Forwarded-For counts). */
  @Property({ type: 'text', nullable: true })
  ip?: string | null = null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
