import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

import type { ConsentSource } from './consent.entity.js';
import { MessagingRepository } from './messaging.repository.js';
import type { Channel } from './outbox-message.entity.js';

/** Writes to the consent ledger (append-only); sends read the latest entry per client and channel. */
@Injectable()
export class ConsentService {
  constructor(private readonly messaging: MessagingRepository) {}

  async record(clientIds: string[], channels: Channel[], optedIn: boolean, source: ConsentSource, em?: EntityManager): Promise<void> {
    if (clientIds.length === 0 || channels.length === 0) return;
    await this.messaging.addConsents(clientIds, channels, optedIn, source, em);
  }

  /** Every client (of any broker) with this phone or e-mail: keyword replies come from an address, not a client. */
  async recordForAddress(address: string, channel: Channel, optedIn: boolean, source: ConsentSource): Promise<void> {
    await this.record(await this.messaging.clientsWithAddress(address, channel), [channel], optedIn, source);
  }
}

/** SQL condition: the client `alias` has not withdrawn consent for `channel` (their latest ledger entry). */
export function consentGiven(alias: string, channelParam = '?'): string {
  return `coalesce((select k.opted_in from consents k where k.client_id = ${alias}.id and k.channel = ${channelParam}
                    order by k.recorded_at desc limit 1), true)`;
}
