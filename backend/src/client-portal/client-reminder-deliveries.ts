import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';

import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { DeliveryOutcomesService, type SourceOutcome } from '../delivery/delivery-outcomes.service.js';
import { DeliveryQueue } from '../delivery/delivery-queue.service.js';
import { DeliveryReads } from '../delivery/delivery-reads.repository.js';
import type { Channel } from '../messaging/outbox-message.entity.js';
import { CaregiversService } from './caregivers.service.js';
import { ClientRemindersRepository } from './client-reminders.repository.js';
import { nextOccurrence } from './recurrence.js';

/** A call's retry goes as a text, a text's as a call (the same phone number). */
function otherChannel(channel: Channel): Channel {
  return channel === 'voice' ? 'sms' : 'voice';
}

/**
 * How clients' own reminders reach the delivery engine: each due occurrence becomes a delivery and
 * a recurring reminder moves on to its next occurrence, in one transaction; a one-time reminder
 * takes its delivery's final outcome. Only ids and the phone number travel: the message and the
 * medication name stay encrypted in this module's table until the send reads them.
 */
@Injectable()
export class ClientReminderDeliveries implements OnModuleInit {
  constructor(
    private readonly em: EntityManager,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly queue: DeliveryQueue,
    private readonly outcomes: DeliveryOutcomesService,
    private readonly reminders: ClientRemindersRepository,
    private readonly deliveries: DeliveryReads,
    private readonly caregivers: CaregiversService,
  ) {}

  onModuleInit(): void {
    // A broker's Execute Reminders never sends their clients' own reminders.
    this.queue.registerSource('client-reminder', (now, brokerId) => (brokerId ? Promise.resolve(0) : this.queueDue(now)));
    this.outcomes.onOutcome('client-reminder', (outcomes) => this.recordOutcomes(outcomes));
  }

  async queueDue(now: Date): Promise<number> {
    await this.catchUpOutcomes(now);
    return this.em.transactional(async (em) => {
      const due = await this.reminders.takeDue(em, now, this.config.messaging.dispatchBatchSize * 4);
      if (due.length === 0) return 0;
      const queued = await this.queue.enqueue(
        due.map((row) => ({
          kind: 'client-reminder' as const,
          sourceId: row.id,
          brokerId: row.broker_id,
          clientId: row.client_id,
          channel: row.delivery_method,
          recipient: row.phone,
          occurrenceAt: new Date(row.next_occurrence_at),
          notBefore: now,
          // The client is asked to confirm; unconfirmed, it is sent again as their reminder says.
          confirm: {
            withinMinutes: row.retry_after_minutes,
            maxAttempts: row.max_attempts,
            retryChannel: row.retry_channel === 'other' ? otherChannel(row.delivery_method) : null,
          },
        })),
        em,
      );
      await this.reminders.advance(
        em,
        due.map((row) => {
          const next =
            row.is_recurring && row.recurrence_pattern
              ? nextOccurrence(
                  {
                    start: new Date(row.scheduled_time),
                    zone: row.time_zone,
                    pattern: row.recurrence_pattern,
                    interval: row.recurrence_interval,
                    days: row.recurrence_days,
                    endDate: row.recurrence_end_date,
                  },
                  // Occurrences missed while nothing ran are not sent late in a burst: continue from now.
                  new Date(Math.max(new Date(row.next_occurrence_at).getTime(), now.getTime())),
                )
              : null;
          return { id: row.id, next: next?.toISOString() ?? null };
        }),
      );
      return queued;
    });
  }

  /** Outcomes a process recorded on the delivery but stopped before reporting (see ReminderDeliveries). */
  private async catchUpOutcomes(now: Date): Promise<void> {
    const waiting = await this.reminders.awaitingOutcome(new Date(now.getTime() - 2 * 60_000), 500);
    await this.recordOutcomes(await this.deliveries.finalOutcomes('client-reminder', waiting));
  }

  /** A one-time reminder takes its outcome; a missed occurrence alerts the client's caregivers (once per caregiver and time). */
  private async recordOutcomes(outcomes: SourceOutcome[]): Promise<void> {
    await this.reminders.recordOutcomes(outcomes);
    await this.caregivers.alertMissed(outcomes);
  }
}
