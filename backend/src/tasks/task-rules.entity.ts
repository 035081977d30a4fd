import { OptionalProps, PrimaryKeyProp } from '@mikro-orm/core';
import { Entity, ManyToOne, Property } from '@mikro-orm/decorators/legacy';

import { User } from '../users/user.entity.js';

/** Which automatic tasks an agency has switched on (all off until an owner turns them on). */
@Entity({ tableName: 'task_rules' })
export class TaskRules {
  [PrimaryKeyProp]?: 'broker';
  [OptionalProps]?: 'welcomeCall' | 'reviewCall' | 'turning65' | 'updatedAt';

  @ManyToOne(() => User, { fieldName: 'broker_id', primary: true, deleteRule: 'cascade', mapToPk: true })
  broker!: string;

  /** A welcome call when a policy takes effect within 30 days. */
  @Property({ type: 'boolean', default: false })
  welcomeCall: boolean = false;

  /** A review call 60 days before the plan year ends (November 1 for a calendar year). */
  @Property({ type: 'boolean', default: false })
  reviewCall: boolean = false;

  /** A call when a client turns 65 within 90 days. */
  @Property({ type: 'boolean', default: false })
  turning65: boolean = false;

  @Property({ type: 'timestamptz', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
