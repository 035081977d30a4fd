import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

import type { Channel } from './outbox-message.entity.js';

/**
 * The SQL on the messaging module's tables: `opt_outs`, `webhook_events`
 * and the development `outbox_messages`.
 */
@Injectable()
export class MessagingRepository {
  constructor(private readonly em: EntityManager) {}

  async addOptOut(recipient: string, channel: Channel, source: string): Promise<void> {
    await this.em.execute(
      `insert into opt_outs (recipient, channel, source) values (?, ?, ?) on conflict (recipient, channel) do nothing`,
      [recipient, channel, source],
    );
  }

  async removeOptOut(recipient: string, channel: Channel): Promise<void> {
    await this.em.execute(`delete from opt_outs where recipient = ? and channel = ?`, [recipient, channel]);
  }

  async optOutsOf(recipients: string[]): Promise<{ recipient: string; channel: string }[]> {
    return this.em.execute<{ recipient: string; channel: string }[]>(`select recipient, channel from opt_outs where recipient in (?)`, [
      recipients,
    ]);
  }

  /** True the first time `key` is seen. */
  async firstWebhookEvent(key: string, em: EntityManager = this.em): Promise<boolean> {
    const rows = await em.execute<{ key: string }[]>(
      `insert into webhook_events (key) values (?) on conflict (key) do nothing returning key`,
      [key],
    );
    return rows.length > 0;
  }

  /** Stores a development message (one per delivery at most; values already encrypted); answers its id. */
  async storeOutboxMessage(message: {
    channel: Channel;
    recipient: string;
    subject: string | null;
    body: string;
    purpose: string;
    brokerId: string | null;
    deliveryId: string | null;
  }): Promise<string> {
    const [row] = await this.em.fork().execute<{ id: string }[]>(
      `insert into outbox_messages (id, channel, recipient, subject, body, purpose, broker_id, delivery_id)
       values (gen_random_uuid(), ?, ?, ?, ?, ?, ?, ?)
       on conflict (delivery_id) do update set delivery_id = excluded.delivery_id
       returning id`,
      [message.channel, message.recipient, message.subject, message.body, message.purpose, message.brokerId, message.deliveryId],
    );
    return row.id;
  }
}
