import { Injectable } from '@nestjs/common';

import { MessagingRepository } from './messaging.repository.js';
import type { Channel } from './outbox-message.entity.js';

/** Who asked not to be called or texted; checked before every send. */
@Injectable()
export class OptOutsService {
  constructor(private readonly messaging: MessagingRepository) {}

  async optOut(recipient: string, channel: Channel, source: string): Promise<void> {
    await this.messaging.addOptOut(recipient, channel, source);
  }

  async optIn(recipient: string, channel: Channel): Promise<void> {
    await this.messaging.removeOptOut(recipient, channel);
  }

  /** `recipient|channel` keys of the opted-out among these recipients. */
  async optedOut(recipients: string[]): Promise<Set<string>> {
    if (recipients.length === 0) return new Set();
    const rows = await this.messaging.optOutsOf(recipients);
    return new Set(rows.map((row) => `${row.recipient}|${row.channel}`));
  }
}
