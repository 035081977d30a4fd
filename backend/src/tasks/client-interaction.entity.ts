import { OptionalProps } from '@mikro-orm/core';
import { Check, Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

import { Client } from '../clients/client.entity.js';
import { timeOrderedUuid } from '../common/ids.js';
import { Member } from '../members/member.entity.js';
import { User } from '../users/user.entity.js';

export const INTERACTION_KINDS = ['call', 'meeting'] as const;
export type InteractionKind = (typeof INTERACTION_KINDS)[number];

export const INTERACTION_OUTCOMES = ['reached', 'voicemail', 'no_answer', 'meeting_held', 'other'] as const;
export type InteractionOutcome = (typeof INTERACTION_OUTCOMES)[number];

/** Outcomes where the client took part: these count toward engagement (docs/clients.md). */
export const ENGAGED_OUTCOMES: readonly InteractionOutcome[] = ['reached', 'meeting_held'];

const known = (values: readonly string[]) => values.map((value) => `'${value}'`).join(', ');

/** A call or meeting a member logged with a client: when, how it went, how long, notes. */
@Entity({ tableName: 'client_interactions' })
@Index({ name: 'client_interactions_client_idx', properties: ['client', 'at'] })
@Check({ name: 'client_interactions_kind_known', expression: `kind in (${known(INTERACTION_KINDS)})` })
@Check({ name: 'client_interactions_outcome_known', expression: `outcome in (${known(INTERACTION_OUTCOMES)})` })
@Check({ name: 'client_interactions_duration_range', expression: '(duration_minutes >= 0) AND (duration_minutes <= 1440)' })
export class ClientInteraction {
  [OptionalProps]?: 'createdAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = timeOrderedUuid();

  @ManyToOne(() => User, { fieldName: 'broker_id', deleteRule: 'cascade', mapToPk: true })
  broker!: string;

  @ManyToOne(() => Client, { fieldName: 'client_id', deleteRule: 'cascade', mapToPk: true })
  client!: string;

  @Property({ type: 'text' })
  kind!: InteractionKind;

  @Property({ type: 'text' })
  outcome!: InteractionOutcome;

  @Property({ type: 'text', nullable: true })
  notes?: string | null = null;

  @Property({ type: 'integer', nullable: true })
  durationMinutes?: number | null = null;

  /** When it took place. */
  @Property({ type: 'timestamptz' })
  at!: Date;

  @ManyToOne(() => Member, { fieldName: 'member_id', nullable: true, deleteRule: 'set null', mapToPk: true })
  memberId?: string | null = null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
