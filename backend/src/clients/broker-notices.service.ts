import { Inject, Injectable, Logger } from '@nestjs/common';

import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { EMAIL_SENDER, type EmailSender } from '../messaging/messaging.ports.js';
import type { User } from '../users/user.entity.js';
import type { Client } from './client.entity.js';
import { maskEmail, maskPhone } from './contact.js';
import type { ContactChange } from './contact-change.entity.js';

export const BROKER_NOTICE_PURPOSE = 'broker-notice';

/**
 * E-mails to the broker about their clients: a client joined their portal, a client confirmed or
 * refused a contact change the broker asked for. Sent only when the broker has an e-mail address and
 * has e-mail notifications on (Settings; on by default). They name the client and never carry
 * health data. Best effort: the broker app shows the same events whatever happens here.
 */
@Injectable()
export class BrokerNoticesService {
  private readonly logger = new Logger('BrokerNotices');

  constructor(
    @Inject(EMAIL_SENDER) private readonly email: EmailSender,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  clientJoined(broker: User, client: Pick<Client, 'firstName' | 'lastName'>): Promise<void> {
    const name = `${client.firstName} ${client.lastName}`;
    return this.send(broker, `${name} joined your client portal`, `${name} accepted your invitation and created their portal account.`);
  }

  contactChangeDecided(broker: User, client: Pick<Client, 'firstName' | 'lastName'>, change: ContactChange): Promise<void> {
    const name = `${client.firstName} ${client.lastName}`;
    const what = change.field === 'phone' ? 'phone number' : 'e-mail address';
    const masked = change.field === 'phone' ? maskPhone(change.newValue) : maskEmail(change.newValue);
    const wanted = change.newValue === null ? `removing the ${what}` : `the new ${what} ${masked}`;
    const text =
      change.status === 'confirmed'
        ? `${name} confirmed ${wanted}. Reminders and messages use it from now on.`
        : `${name} refused ${wanted}. Their current ${what} stays in use.`;
    return this.send(broker, `${name} ${change.status} a contact change`, text);
  }

  private async send(broker: User, subject: string, text: string): Promise<void> {
    if (!broker.emailNotifications || !broker.email) return;
    const footer = `\n\nYou get these e-mails because e-mail notifications are on. Turn them off in Settings: ${this.config.appUrl}/settings`;
    try {
      await this.email.sendEmail({ to: broker.email, purpose: BROKER_NOTICE_PURPOSE, brokerId: broker.id, subject, text: text + footer });
    } catch (error) {
      this.logger.warn({ err: error, brokerId: broker.id }, 'Broker notice could not be sent');
    }
  }
}
