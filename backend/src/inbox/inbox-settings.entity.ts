import { OptionalProps, PrimaryKeyProp } from '@mikro-orm/core';
import { Check, Entity, ManyToOne, Property } from '@mikro-orm/decorators/legacy';

import { User } from '../users/user.entity.js';
import type { DayHours, Holiday, WeekDay } from './office-hours.js';

export const PROMISE_DAYS_MIN = 1;
export const PROMISE_DAYS_MAX = 5;

/**
 * An agency's office hours for texts (docs/messaging.md "Office hours"): its week and holidays in
 * its time zone, the auto-reply sent once a day to a thread that writes while it is closed (in the
 * client's language), and its promise of a reply in business days. No row: Monday to Friday 9–5,
 * no auto-reply, one business day.
 */
@Entity({ tableName: 'inbox_settings' })
@Check({
  name: 'inbox_settings_promise_days',
  expression: `(reply_promise_days >= ${PROMISE_DAYS_MIN}) AND (reply_promise_days <= ${PROMISE_DAYS_MAX})`,
})
export class InboxSettings {
  [PrimaryKeyProp]?: 'agency';
  [OptionalProps]?: 'autoReply' | 'replyPromiseDays' | 'holidays' | 'createdAt' | 'updatedAt';

  @ManyToOne(() => User, { fieldName: 'agency_id', primary: true, deleteRule: 'cascade', mapToPk: true })
  agency!: string;

  @Property({ type: 'jsonb' })
  week!: Record<WeekDay, DayHours | null>;

  @Property({ type: 'jsonb', default: '[]' })
  holidays: Holiday[] = [];

  @Property({ type: 'boolean', default: false })
  autoReply: boolean = false;

  @Property({ type: 'text' })
  autoReplyEn!: string;

  @Property({ type: 'text' })
  autoReplyEs!: string;

  @Property({ type: 'integer', default: 1 })
  replyPromiseDays: number = 1;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
