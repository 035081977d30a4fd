import { randomUUID } from 'node:crypto';

import { OptionalProps } from '@mikro-orm/core';
import { Entity, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';

import { User } from '../users/user.entity.js';

/** A weekly digest sent to a broker: one per broker per week (the Monday it is for, in their zone). */
@Entity({ tableName: 'weekly_digests' })
@Unique({ name: 'weekly_digests_broker_week_unique', properties: ['broker', 'weekOf'] })
export class WeeklyDigest {
  [OptionalProps]?: 'sentAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => User, { fieldName: 'broker_id', deleteRule: 'cascade' })
  broker!: User;

  /** The Monday (YYYY-MM-DD, broker's zone) the digest is for. */
  @Property({ type: 'date' })
  weekOf!: string;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  sentAt: Date = new Date();
}
