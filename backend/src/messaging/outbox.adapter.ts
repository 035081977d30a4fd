import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

import { encryptPhi } from '../privacy/phi-crypto.js';
import { callSentences } from './call-script.js';
import type { EmailMessage, EmailSender, SendResult, SmsMessage, SmsSender, VoiceCall, VoiceSender } from './messaging.ports.js';
import type { Channel } from './outbox-message.entity.js';

/**
 * Development delivery: every text, call script and e-mail is stored in `outbox_messages` instead
 * of being sent (one row per delivery at most), subject and body encrypted. Used whenever no
 * provider is configured.
 */
@Injectable()
export class OutboxAdapter implements SmsSender, VoiceSender, EmailSender {
  constructor(private readonly em: EntityManager) {}

  sendSms(message: SmsMessage): Promise<SendResult> {
    return this.store('sms', message, message.body);
  }

  sendCall(call: VoiceCall): Promise<SendResult> {
    return this.store('voice', call, callSentences(call.script).join('\n'));
  }

  sendEmail(message: EmailMessage): Promise<SendResult> {
    return this.store('email', message, message.text, message.subject);
  }

  private async store(
    channel: Channel,
    message: { to: string; purpose: string; brokerId?: string | null; deliveryId?: string },
    body: string,
    subject?: string,
  ): Promise<SendResult> {
    const [row] = await this.em.fork().execute<{ id: string }[]>(
      `insert into outbox_messages (id, channel, recipient, subject, body, purpose, broker_id, delivery_id)
       values (gen_random_uuid(), ?, ?, ?, ?, ?, ?, ?)
       on conflict (delivery_id) do update set delivery_id = excluded.delivery_id
       returning id`,
      // Encrypted as OutboxMessage's columns are (a client's reminder carries health data).
      [
        channel,
        message.to,
        subject === undefined ? null : encryptPhi(subject),
        encryptPhi(body),
        message.purpose,
        message.brokerId ?? null,
        message.deliveryId ?? null,
      ],
    );
    return { providerId: row.id, status: 'completed' };
  }
}
