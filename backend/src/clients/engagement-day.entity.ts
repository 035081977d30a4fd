import { randomUUID } from 'node:crypto';

import { Entity, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';

import { Client } from './client.entity.js';

/**
 * A client's engagement score as it stood at the end of a day (UTC) on which it changed: the history
 * the client page draws. Written with each score change (EngagementRepository.saveScores).
 */
@Entity({ tableName: 'engagement_history' })
@Unique({ name: 'engagement_history_client_day_unique', properties: ['client', 'day'] })
export class EngagementDay {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => Client, { fieldName: 'client_id', deleteRule: 'cascade' })
  client!: Client;

  @Property({ type: 'date' })
  day!: string;

  @Property({ type: 'smallint' })
  score!: number;
}
