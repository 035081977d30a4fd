import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

import type { SourceOutcome } from '../delivery/delivery-outcomes.service.js';
import type { Channel } from '../messaging/outbox-message.entity.js';
import type { RecurrencePattern, RetryChannel } from './client-reminder.entity.js';

/** A client reminder whose next occurrence is due, taken for sending. */
export interface DueClientReminderRow {
  id: string;
  client_id: string;
  broker_id: string;
  phone: string;
  delivery_method: Channel;
  scheduled_time: Date;
  next_occurrence_at: Date;
  time_zone: string;
  is_recurring: boolean;
  recurrence_pattern: RecurrencePattern | null;
  recurrence_interval: number;
  recurrence_days: number[] | null;
  recurrence_end_date: string | null;
  retry_after_minutes: number;
  max_attempts: number;
  retry_channel: RetryChannel;
}

/** The SQL on `client_reminders` that sending needs: the due occurrences, moving on, the outcome. */
@Injectable()
export class ClientRemindersRepository {
  constructor(private readonly em: EntityManager) {}

  /** Due occurrences (none of a paused reminder), locked (SKIP LOCKED) in `em`'s transaction until they have moved on. */
  async takeDue(em: EntityManager, now: Date, limit: number): Promise<DueClientReminderRow[]> {
    return em.execute<DueClientReminderRow[]>(
      `select cr.id, cr.client_id, c.broker_id, c.phone, cr.delivery_method, cr.scheduled_time, cr.next_occurrence_at,
              cr.time_zone, cr.is_recurring, cr.recurrence_pattern, cr.recurrence_interval, cr.recurrence_days,
              to_char(cr.recurrence_end_date, 'YYYY-MM-DD') as recurrence_end_date,
              cr.retry_after_minutes, cr.max_attempts, cr.retry_channel
         from client_reminders cr join clients c on c.id = cr.client_id
        where cr.next_occurrence_at <= ? and cr.paused_at is null
        order by cr.next_occurrence_at limit ? for update of cr skip locked`,
      [now, limit],
    );
  }

  /** Each reminder's next occurrence (null: none left), in one statement. */
  async advance(em: EntityManager, next: { id: string; next: string | null }[]): Promise<void> {
    await em.execute(
      `update client_reminders cr set next_occurrence_at = a.next
         from json_to_recordset(?::json) as a(id uuid, next timestamptz) where cr.id = a.id`,
      [JSON.stringify(next)],
    );
  }

  /** Reminders with no occurrence left that still wait for the last one's outcome (created before `before`). */
  async awaitingOutcome(before: Date, limit: number): Promise<string[]> {
    const rows = await this.em.execute<{ id: string }[]>(
      `select id from client_reminders where status = 'pending' and next_occurrence_at is null and created_at < ? limit ?`,
      [before, limit],
    );
    return rows.map((row) => row.id);
  }

  /** A one-time reminder takes its delivery's outcome; a recurring one stays pending while occurrences remain. */
  async recordOutcomes(outcomes: SourceOutcome[]): Promise<void> {
    if (outcomes.length === 0) return;
    await this.em.execute(
      `update client_reminders cr set status = o.outcome
         from json_to_recordset(?::json) as o("sourceId" uuid, outcome text)
        where cr.id = o."sourceId" and cr.status = 'pending' and cr.next_occurrence_at is null`,
      [JSON.stringify(outcomes)],
    );
  }
}
