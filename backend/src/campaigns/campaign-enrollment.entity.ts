import { randomUUID } from 'node:crypto';

import { OptionalProps } from '@mikro-orm/core';
import { Check, Entity, Index, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';

import { Client } from '../clients/client.entity.js';
import { Campaign } from './campaign.entity.js';

export const ENROLLMENT_STATUSES = ['active', 'finished', 'stopped'] as const;
export type EnrollmentStatus = (typeof ENROLLMENT_STATUSES)[number];

/**
 * One client going through one occurrence of a sequence (`occurrence`: the date it fired for, or
 * `joined`): which step is next and when. Finished when the last step went, stopped when a step was
 * skipped because the client engaged, left, or the sequence was finished.
 */
@Entity({ tableName: 'campaign_enrollments' })
@Unique({ name: 'campaign_enrollments_occurrence_unique', properties: ['campaign', 'client', 'occurrence'] })
@Index({ name: 'campaign_enrollments_due_idx', properties: ['status', 'nextAt'] })
@Check({ name: 'campaign_enrollments_status_known', expression: `status in (${ENROLLMENT_STATUSES.map((s) => `'${s}'`).join(', ')})` })
export class CampaignEnrollment {
  [OptionalProps]?: 'status' | 'createdAt' | 'stopReason';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => Campaign, { fieldName: 'campaign_id', deleteRule: 'cascade' })
  campaign!: Campaign;

  @Property({ type: 'uuid' })
  brokerId!: string;

  /** A deleted client's enrollments go with them. */
  @ManyToOne(() => Client, { fieldName: 'client_id', deleteRule: 'cascade' })
  client!: Client;

  @Property({ type: 'text' })
  occurrence!: string;

  /** The step to send next (1-based). */
  @Property({ type: 'smallint' })
  nextStep!: number;

  @Property({ type: 'timestamptz', nullable: true })
  nextAt?: Date | null;

  @Property({ type: 'text', default: 'active' })
  status: EnrollmentStatus = 'active';

  /** Why it stopped early: engaged (clicked or replied), inactive, finished (the broker ended the sequence). */
  @Property({ type: 'text', nullable: true })
  stopReason?: string | null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
