import { randomUUID } from 'node:crypto';

import { OptionalProps } from '@mikro-orm/core';
import { Entity, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';

import { Member } from '../members/member.entity.js';

/**
 * A weekly digest of their own clients sent to an agent whose agency keeps agents to their own
 * clients: one per member per week (the Monday it is for, in the agency's zone).
 */
@Entity({ tableName: 'member_weekly_digests' })
@Unique({ name: 'member_weekly_digests_member_week_unique', properties: ['memberId', 'weekOf'] })
export class MemberWeeklyDigest {
  [OptionalProps]?: 'sentAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => Member, { fieldName: 'member_id', deleteRule: 'cascade', mapToPk: true })
  memberId!: string;

  /** The Monday (YYYY-MM-DD, the agency's zone) the digest is for. */
  @Property({ type: 'date' })
  weekOf!: string;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  sentAt: Date = new Date();
}
