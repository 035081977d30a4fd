import { Inject, Logger, Module, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';

import { A2pReads } from '../a2p/a2p-reads.repository.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { ClientDevOutboxController } from './client-dev-outbox.controller.js';
import { DevOutboxController } from './dev-outbox.controller.js';
import { DevPhone } from './dev-phone.service.js';
import { EMAIL_SENDER, SMS_SENDER, VOICE_SENDER } from './messaging.ports.js';
import { MessagingRepository } from './messaging.repository.js';
import { OptOutsService } from './opt-outs.service.js';
import { OutboxAdapter } from './outbox.adapter.js';
import { SmtpAdapter } from './smtp.adapter.js';
import { TwilioAdapter } from './twilio.adapter.js';
import { WebhookEventsService } from './webhook-events.service.js';

const TWILIO = Symbol('TWILIO_ADAPTER');

/**
 * Outgoing calls, texts and e-mails through ports. Twilio carries calls and texts when TWILIO_* is
 * set, SMTP carries e-mail when SMTP_URL is set; otherwise the development outbox stores them.
 */
@Module({
  controllers: [DevOutboxController, ClientDevOutboxController],
  providers: [
    MessagingRepository,
    A2pReads,
    OutboxAdapter,
    DevPhone,
    OptOutsService,
    WebhookEventsService,
    {
      provide: TWILIO,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) =>
        config.messaging.twilio ? new TwilioAdapter(config.messaging.twilio, config.appUrl, config.messaging.providerTimeoutMs) : null,
    },
    { provide: SMS_SENDER, inject: [TWILIO, OutboxAdapter], useFactory: (t: TwilioAdapter | null, o: OutboxAdapter) => t ?? o },
    { provide: VOICE_SENDER, inject: [TWILIO, OutboxAdapter], useFactory: (t: TwilioAdapter | null, o: OutboxAdapter) => t ?? o },
    {
      provide: EMAIL_SENDER,
      inject: [APP_CONFIG, OutboxAdapter],
      useFactory: (config: AppConfig, outbox: OutboxAdapter) =>
        config.messaging.smtpUrl
          ? new SmtpAdapter(config.messaging.smtpUrl, config.messaging.mailFrom, config.messaging.providerTimeoutMs)
          : outbox,
    },
  ],
  exports: [A2pReads, SMS_SENDER, VOICE_SENDER, EMAIL_SENDER, OutboxAdapter, DevPhone, OptOutsService, WebhookEventsService],
})
export class MessagingModule implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Messaging');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(EMAIL_SENDER) private readonly email: unknown,
  ) {}

  onApplicationBootstrap(): void {
    const { twilio, smtpUrl } = this.config.messaging;
    this.logger.log(`Calls and texts: ${twilio ? 'Twilio' : 'development outbox'}; e-mail: ${smtpUrl ? 'SMTP' : 'development outbox'}`);
    if (this.config.nodeEnv === 'production' && (!twilio || !smtpUrl)) {
      this.logger.warn('Production without a messaging provider: messages are only stored in the outbox, not delivered');
    }
  }

  onApplicationShutdown(): void {
    if (this.email instanceof SmtpAdapter) this.email.close();
  }
}
