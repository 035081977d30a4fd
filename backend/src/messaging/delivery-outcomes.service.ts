import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

import { SMS_COST_CENTS, VOICE_CALL_COST_CENTS } from '../billing/pricing.js';
import type { Channel } from './outbox-message.entity.js';

export const RETRY_DELAY_MS = 10 * 60 * 1000;
export const MAX_ATTEMPTS = 2;
const OPEN = `('queued', 'sending', 'sent')`;
const FINAL = `('completed', 'failed', 'skipped')`;

export function costCents(channel: Channel): number {
  return channel === 'voice' ? VOICE_CALL_COST_CENTS : channel === 'sms' ? SMS_COST_CENTS : 0;
}

/**
 * Moves deliveries forward — never back — and carries final outcomes to what they belong to: a
 * broker reminder, or a one-time client reminder (recurring ones stay pending while occurrences remain).
 */
@Injectable()
export class DeliveryOutcomesService {
  constructor(private readonly em: EntityManager) {}

  /** The provider took it: `completed` when nothing more will be heard (outbox, SMTP), else `sent`. */
  async sent(id: string, providerId: string, final: boolean, channel: Channel): Promise<void> {
    await this.move(id, 'status = ?, provider_id = ?, cost_cents = ?, error = null', [
      final ? 'completed' : 'sent',
      providerId,
      costCents(channel),
    ]);
  }

  async failed(id: string, error: string): Promise<void> {
    await this.move(id, `status = 'failed', error = ?`, [error.slice(0, 500)]);
  }

  async skipped(id: string, reason: string): Promise<void> {
    await this.move(id, `status = 'skipped', error = ?`, [reason]);
  }

  /** A call that was busy or unanswered is tried once more after 10 minutes; after that it has failed. */
  async retryLater(id: string, reason: string, now = new Date()): Promise<'retrying' | 'failed'> {
    const rows = await this.em.execute<{ id: string }[]>(
      `update deliveries set status = 'queued', error = ?, not_before = ?, claimed_at = null, updated_at = now()
        where id = ? and status in ${OPEN} and attempts < ? returning id`,
      [reason, new Date(now.getTime() + RETRY_DELAY_MS), id, MAX_ATTEMPTS],
    );
    if (rows.length > 0) return 'retrying';
    await this.failed(id, reason);
    return 'failed';
  }

  /** Not now (quiet hours): back to the queue until `when`, without counting an attempt. */
  async deferUntil(id: string, when: Date): Promise<void> {
    await this.em.execute(
      `update deliveries set status = 'queued', not_before = ?, attempts = greatest(attempts - 1, 0), claimed_at = null, updated_at = now()
        where id = ? and status = 'sending'`,
      [when, id],
    );
  }

  async completed(id: string): Promise<void> {
    await this.move(id, `status = 'completed'`, []);
  }

  async confirmed(id: string): Promise<void> {
    await this.em.execute(`update deliveries set confirmed_at = coalesce(confirmed_at, now()) where id = ?`, [id]);
  }

  /**
   * Moves a delivery that is still open (`set` with its parameters), and carries its outcome, once
   * final, to its reminder (SPEC §4: pending → completed / failed): a broker reminder, or a one-time
   * client reminder. One statement, so one round trip and one commit per delivery (the dispatcher
   * makes one per send), and the delivery and its reminder change together. A delivery that was
   * already final still carries its outcome to a reminder left pending.
   */
  private async move(id: string, set: string, params: unknown[]): Promise<void> {
    await this.em.execute(
      `with moved as (
         update deliveries set ${set}, updated_at = now() where id = ? and status in ${OPEN} returning id, status
       ), d as (
         select x.reminder_id, x.client_reminder_id, coalesce(moved.status, x.status) as status
           from deliveries x left join moved on moved.id = x.id
          where x.id = ?
       ), broker_reminder as (
         update reminders r set status = case when d.status = 'completed' then 'completed' else 'failed' end
           from d
          where r.id = d.reminder_id and r.status = 'pending' and d.status in ${FINAL}
       )
       update client_reminders cr set status = case when d.status = 'completed' then 'completed' else 'failed' end
         from d
        where cr.id = d.client_reminder_id and cr.status = 'pending' and cr.next_occurrence_at is null and d.status in ${FINAL}`,
      [...params, id, id],
    );
  }
}
