import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

import type { SourceOutcome } from '../delivery/delivery-outcomes.service.js';
import type { Channel } from '../messaging/outbox-message.entity.js';

/** A due broker reminder, taken for sending. */
export interface DueReminderRow {
  id: string;
  broker_id: string;
  client_id: string;
  scheduled_time: Date;
  delivery_method: Channel;
  phone: string;
}

/** The SQL on `reminders` that the dispatcher's runs need: taking what is due, recording the outcome. */
@Injectable()
export class RemindersRepository {
  constructor(private readonly em: EntityManager) {}

  /**
   * Due reminders, marked as dispatched (in `em`'s transaction, rows locked with SKIP LOCKED so
   * instances take different ones). Only for brokers who may send: active, or a trial that has not
   * ended (subscriptionDenial); a past-due or ended trial's reminders wait, pending, until the
   * subscription is usable again, as Execute Reminders refuses them.
   */
  async takeDue(em: EntityManager, now: Date, limit: number, brokerId?: string): Promise<DueReminderRow[]> {
    return em.execute<DueReminderRow[]>(
      `with due as (
         select r.id from reminders r join users u on u.id = r.broker_id
          where r.status = 'pending' and r.dispatched_at is null and r.deliver_after <= ? ${brokerId ? 'and r.broker_id = ?' : ''}
            and (u.subscription_status = 'active' or (u.subscription_status = 'trial' and u.trial_ends_at > ?))
          order by r.deliver_after limit ? for update of r skip locked
       ), marked as (
         update reminders r set dispatched_at = ? from due where r.id = due.id
         returning r.id, r.broker_id, r.client_id, r.scheduled_time, r.delivery_method
       )
       select m.id, m.broker_id, m.client_id, m.scheduled_time, m.delivery_method, c.phone
         from marked m join clients c on c.id = m.client_id`,
      [now, ...(brokerId ? [brokerId] : []), now, limit, now],
    );
  }

  /** Reminders sent a while ago (dispatched before `before`) that still wait for their outcome. */
  async awaitingOutcome(before: Date, limit: number): Promise<string[]> {
    const rows = await this.em.execute<{ id: string }[]>(
      `select id from reminders where status = 'pending' and dispatched_at is not null and dispatched_at < ? order by dispatched_at limit ?`,
      [before, limit],
    );
    return rows.map((row) => row.id);
  }

  /** SPEC §4: pending → completed / failed, once its delivery is final (one statement for a batch). */
  async recordOutcomes(outcomes: SourceOutcome[]): Promise<void> {
    if (outcomes.length === 0) return;
    await this.em.execute(
      `update reminders r set status = o.outcome
         from json_to_recordset(?::json) as o("sourceId" uuid, outcome text)
        where r.id = o."sourceId" and r.status = 'pending'`,
      [JSON.stringify(outcomes)],
    );
  }
}
