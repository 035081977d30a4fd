import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';

import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { DeliveryOutcomesService } from '../delivery/delivery-outcomes.service.js';
import { DeliveryQueue } from '../delivery/delivery-queue.service.js';
import { DeliveryReads } from '../delivery/delivery-reads.repository.js';
import { RemindersRepository } from './reminders.repository.js';

/**
 * How broker reminders reach the delivery engine: due ones are enqueued (one delivery per
 * reminder, in the transaction that marks them dispatched), and a final outcome comes back as the
 * reminder's status.
 */
@Injectable()
export class ReminderDeliveries implements OnModuleInit {
  constructor(
    private readonly em: EntityManager,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly queue: DeliveryQueue,
    private readonly outcomes: DeliveryOutcomesService,
    private readonly reminders: RemindersRepository,
    private readonly deliveries: DeliveryReads,
  ) {}

  onModuleInit(): void {
    this.queue.registerSource('broker-reminder', (now, brokerId) => this.queueDue(now, brokerId));
    this.outcomes.onOutcome('broker-reminder', (outcomes) => this.reminders.recordOutcomes(outcomes));
  }

  async queueDue(now: Date, brokerId?: string): Promise<number> {
    if (!brokerId) await this.catchUpOutcomes(now);
    return this.em.transactional(async (em) => {
      const due = await this.reminders.takeDue(em, now, this.config.messaging.dispatchBatchSize * 4, brokerId);
      return this.queue.enqueue(
        due.map((row) => ({
          kind: 'broker-reminder' as const,
          sourceId: row.id,
          brokerId: row.broker_id,
          clientId: row.client_id,
          channel: row.delivery_method,
          recipient: row.phone,
          occurrenceAt: new Date(row.scheduled_time),
          notBefore: now,
        })),
        em,
      );
    });
  }

  /**
   * Outcomes a process recorded on the delivery but stopped before reporting: reminders dispatched
   * over two minutes ago and still pending take their delivery's final outcome, if it has one.
   */
  private async catchUpOutcomes(now: Date): Promise<void> {
    const waiting = await this.reminders.awaitingOutcome(new Date(now.getTime() - 2 * 60_000), 500);
    await this.reminders.recordOutcomes(await this.deliveries.finalOutcomes('broker-reminder', waiting));
  }
}
