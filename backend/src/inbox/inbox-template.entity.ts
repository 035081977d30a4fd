import { OptionalProps } from '@mikro-orm/core';
import { Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

import { timeOrderedUuid } from '../common/ids.js';
import { User } from '../users/user.entity.js';

/** A saved reply of the agency's, with merge fields ({firstName}, {agencyName}, {agentName}, …) filled in when it is sent. */
@Entity({ tableName: 'inbox_templates' })
@Index({ name: 'inbox_templates_agency_idx', properties: ['agency', 'name'] })
export class InboxTemplate {
  [OptionalProps]?: 'createdAt' | 'updatedAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = timeOrderedUuid();

  @ManyToOne(() => User, { fieldName: 'agency_id', deleteRule: 'cascade', mapToPk: true })
  agency!: string;

  @Property({ type: 'text' })
  name!: string;

  @Property({ type: 'text' })
  body!: string;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
