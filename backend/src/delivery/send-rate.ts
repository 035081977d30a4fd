import type { EntityManager } from '@mikro-orm/postgresql';

import type { Channel } from '../messaging/outbox-message.entity.js';
import { SendRateRepository } from './send-rate.repository.js';

/**
 * Paces sends per channel across the whole cluster: at most `perSecond[channel]` per second for the
 * provider account, however many app instances send (a provider's limit is per account, not per
 * process). The next free slot of each channel is one row of `send_rate_slots`; a reservation moves
 * it on by 1/rate seconds in one statement, on the database's clock, so two instances never take the
 * same slot and their clocks do not matter. A channel with no rate (or 0) is not limited and costs
 * no round trip.
 */
export class ClusterSendRate {
  private readonly seeded = new Set<Channel>();
  private readonly slots: SendRateRepository;

  constructor(
    em: EntityManager,
    private readonly perSecond: Partial<Record<Channel, number>>,
  ) {
    this.slots = new SendRateRepository(em);
  }

  /** Whether sends on this channel are paced at all. */
  limits(channel: Channel): boolean {
    return (this.perSecond[channel] ?? 0) > 0;
  }

  /**
   * Reserves the channel's next slot and returns how many milliseconds to wait before sending. If the
   * slot is more than `maxWaitMs` away, nothing is reserved and `undefined` is returned.
   */
  async reserve(channel: Channel, maxWaitMs = 24 * 60 * 60 * 1000): Promise<number | undefined> {
    const rate = this.perSecond[channel] ?? 0;
    if (rate <= 0) return 0;
    await this.seed(channel);
    const wait = await this.slots.take(channel, 1 / rate, maxWaitMs / 1000);
    return wait === undefined ? undefined : Math.ceil(wait);
  }

  /** How long until a send on `channel` could start, without reserving it. */
  async waitFor(channel: Channel): Promise<number> {
    if (!this.limits(channel)) return 0;
    return Math.ceil(await this.slots.waitMs(channel));
  }

  private async seed(channel: Channel): Promise<void> {
    if (this.seeded.has(channel)) return;
    await this.slots.ensure(channel);
    this.seeded.add(channel);
  }
}
