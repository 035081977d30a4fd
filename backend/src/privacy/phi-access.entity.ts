import { randomUUID } from 'node:crypto';

import { OptionalProps } from '@mikro-orm/core';
import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

/** Who read or changed a client's health data, what and when — never the values. */
@Entity({ tableName: 'phi_access_log' })
@Index({ name: 'phi_access_log_client_idx', properties: ['clientId', 'createdAt'] })
export class PhiAccess {
  [OptionalProps]?: 'createdAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  /** The client account that acted (only clients reach health data). */
  @Property({ type: 'uuid' })
  accountId!: string;

  @Property({ type: 'uuid' })
  clientId!: string;

  /** read, create, update, delete */
  @Property({ type: 'text' })
  action!: string;

  /** medication, medications, client-reminder, client-reminders, history, my-info */
  @Property({ type: 'text' })
  resource!: string;

  @Property({ type: 'uuid', nullable: true })
  resourceId?: string | null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
