import { Injectable } from '@nestjs/common';

import { encryptPhi } from '../privacy/phi-crypto.js';
import { callSentences } from './call-script.js';
import type { EmailMessage, EmailSender, SendResult, SmsMessage, SmsSender, VoiceCall, VoiceSender } from './messaging.ports.js';
import { MessagingRepository } from './messaging.repository.js';
import type { Channel } from './outbox-message.entity.js';

/**
 * Development delivery: every text, call script and e-mail is stored in `outbox_messages` instead
 * of being sent (one row per delivery at most), subject and body encrypted. Used whenever no
 * provider is configured.
 */
@Injectable()
export class OutboxAdapter implements SmsSender, VoiceSender, EmailSender {
  constructor(private readonly messaging: MessagingRepository) {}

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
    // Encrypted as OutboxMessage's columns are (a client's reminder carries health data).
    const id = await this.messaging.storeOutboxMessage({
      channel,
      recipient: message.to,
      subject: subject === undefined ? null : encryptPhi(subject),
      body: encryptPhi(body),
      purpose: message.purpose,
      brokerId: message.brokerId ?? null,
      deliveryId: message.deliveryId ?? null,
    });
    return { providerId: id, status: 'completed' };
  }
}
