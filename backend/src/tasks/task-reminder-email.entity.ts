import { OptionalProps } from '@mikro-orm/core';
import { Entity, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';

import { timeOrderedUuid } from '../common/ids.js';
import { Member } from '../members/member.entity.js';

/** The morning e-mail of a member's tasks: one per member per day (in the agency's zone). */
@Entity({ tableName: 'task_reminder_emails' })
@Unique({ name: 'task_reminder_emails_member_day_unique', properties: ['memberId', 'day'] })
export class TaskReminderEmail {
  [OptionalProps]?: 'sentAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = timeOrderedUuid();

  @ManyToOne(() => Member, { fieldName: 'member_id', deleteRule: 'cascade', mapToPk: true })
  memberId!: string;

  @Property({ type: 'date' })
  day!: string;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  sentAt: Date = new Date();
}
