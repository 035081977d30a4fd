import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { OutgoingMessage, SendResult, SmsSender } from './messaging.ports.js';
import { OutboxMessage } from './outbox-message.entity.js';

/** Development delivery: messages are stored in the outbox table instead of being sent. */
@Injectable()
export class OutboxAdapter implements SmsSender {
  constructor(private readonly em: EntityManager) {}

  async sendSms(message: OutgoingMessage): Promise<SendResult> {
    const em = this.em.fork();
    const row = em.create(OutboxMessage, {
      channel: 'sms',
      recipient: message.to,
      body: message.body,
      purpose: message.purpose,
      brokerId: message.brokerId ?? null,
    });
    await em.flush();
    return { providerId: row.id };
  }
}
