import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

import type { ConsentSource } from './consent.entity.js';
import type { Channel } from './outbox-message.entity.js';

/** Writes to the consent ledger (append-only); sends read the latest entry per client and channel. */
@Injectable()
export class ConsentService {
  constructor(private readonly em: EntityManager) {}

  async record(
    clientIds: string[],
    channels: Channel[],
    optedIn: boolean,
    source: ConsentSource,
    em: EntityManager = this.em,
  ): Promise<void> {
    if (clientIds.length === 0 || channels.length === 0) return;
    await em.execute(
      `insert into consents (id, client_id, channel, opted_in, source)
       select gen_random_uuid(), c.id, ch.channel, ?, ? from unnest(?::uuid[]) as c(id) cross join unnest(?::text[]) as ch(channel)`,
      [optedIn, source, `{${clientIds.join(',')}}`, `{${channels.join(',')}}`],
    );
  }

  /** Every client (of any broker) with this phone or e-mail: keyword replies come from an address, not a client. */
  async recordForAddress(address: string, channel: Channel, optedIn: boolean, source: ConsentSource): Promise<void> {
    const column = channel === 'email' ? 'lower(email)' : 'phone';
    const rows = await this.em.execute<{ id: string }[]>(`select id from clients where ${column} = ?`, [
      channel === 'email' ? address.toLowerCase() : address,
    ]);
    await this.record(
      rows.map((row) => row.id),
      [channel],
      optedIn,
      source,
    );
  }
}

/** SQL condition: the client `alias` has not withdrawn consent for `channel` (their latest ledger entry). */
export function consentGiven(alias: string, channelParam = '?'): string {
  return `coalesce((select k.opted_in from consents k where k.client_id = ${alias}.id and k.channel = ${channelParam}
                    order by k.recorded_at desc limit 1), true)`;
}
