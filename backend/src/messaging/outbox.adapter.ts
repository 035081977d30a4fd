import { appendFile, mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';

import { Inject, Injectable, Logger } from '@nestjs/common';

import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { encryptPhi } from '../privacy/phi-crypto.js';
import { callSentences } from './call-script.js';
import type { EmailMessage, EmailSender, SendResult, SmsMessage, SmsSender, VoiceCall, VoiceSender } from './messaging.ports.js';
import { MessagingRepository } from './messaging.repository.js';
import type { Channel } from './outbox-message.entity.js';

/** What the outbox shows in place of a message's secret. */
export const CODE_HIDDEN = '[code hidden]';
export const LINK_HIDDEN = '[link hidden]';

/** The file, under DATA_DIR, where a development server keeps the messages whose secrets the outbox hides. */
export const DEV_SECRETS_FILE = 'dev-outbox-secrets.jsonl';

/** `text` with each secret replaced by what the outbox shows instead (the longest first, so a link goes whole). */
export function hideSecrets(text: string, secrets: readonly string[] = []): string {
  let hidden = text;
  for (const secret of [...secrets].filter(Boolean).sort((a, b) => b.length - a.length)) {
    hidden = hidden.split(secret).join(/^\d+$/.test(secret) ? CODE_HIDDEN : LINK_HIDDEN);
  }
  return hidden;
}

/**
 * Development delivery: every text, call script and e-mail is stored in `outbox_messages` instead
 * of being sent (one row per delivery at most), subject and body encrypted. Used whenever no
 * provider is configured.
 *
 * The agency reads the outbox, so a message's secrets (a client's password reset code or link, a
 * permission renewal link) are stored hidden. Outside production the whole message also goes to
 * DATA_DIR/dev-outbox-secrets.jsonl, which only whoever runs the server can read: the developer's
 * stand-in for the client's own phone and mailbox.
 */
@Injectable()
export class OutboxAdapter implements SmsSender, VoiceSender, EmailSender {
  private readonly logger = new Logger('Outbox');

  constructor(
    private readonly messaging: MessagingRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

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
    message: { to: string; purpose: string; brokerId?: string | null; deliveryId?: string; secrets?: readonly string[] },
    body: string,
    subject?: string,
  ): Promise<SendResult> {
    const secrets = message.secrets ?? [];
    // Encrypted as OutboxMessage's columns are (a client's reminder carries health data).
    const id = await this.messaging.storeOutboxMessage({
      channel,
      recipient: message.to,
      subject: subject === undefined ? null : encryptPhi(hideSecrets(subject, secrets)),
      body: encryptPhi(hideSecrets(body, secrets)),
      purpose: message.purpose,
      brokerId: message.brokerId ?? null,
      deliveryId: message.deliveryId ?? null,
    });
    if (secrets.length > 0 && this.config.nodeEnv !== 'production') {
      await this.keepForDeveloper({ id, channel, recipient: message.to, purpose: message.purpose, subject: subject ?? null, body });
    }
    return { providerId: id, status: 'completed' };
  }

  private async keepForDeveloper(entry: {
    id: string;
    channel: Channel;
    recipient: string;
    purpose: string;
    subject: string | null;
    body: string;
  }) {
    const file = join(this.config.dataDir, DEV_SECRETS_FILE);
    await mkdir(dirname(file), { recursive: true });
    await appendFile(file, `${JSON.stringify({ ...entry, createdAt: new Date().toISOString() })}\n`, { mode: 0o600 });
    this.logger.log(`A ${entry.purpose} message is in the outbox with its code or link hidden; in full in ${file}`);
  }
}
