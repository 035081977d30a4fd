import { Module } from '@nestjs/common';

import { ConsentLedgerModule } from '../consent/consent-ledger.module.js';
import { MessagingModule } from '../messaging/messaging.module.js';
import { CampaignTestSender } from './campaign-test.service.js';
import { DeliveryRepository } from './delivery.repository.js';
import { DeliveryOutcomesService } from './delivery-outcomes.service.js';
import { DeliveryQueue } from './delivery-queue.service.js';
import { DeliveryReads } from './delivery-reads.repository.js';
import { DispatcherScheduler } from './dispatcher.scheduler.js';
import { DispatcherService } from './dispatcher.service.js';
import { InboundReplies } from './inbound-replies.js';
import { RecipientsRepository } from './recipients.repository.js';
import { TwilioWebhooksController } from './twilio-webhooks.controller.js';

/**
 * The delivery engine: owns the `deliveries` table end to end. Feature modules enqueue through
 * `DeliveryQueue` and register where their due work comes from and what they do with a final
 * outcome; the dispatcher claims (reminder lane first, brokers in turn in the campaign lane),
 * composes, applies quiet hours, opt-outs and the cluster-wide send rates, sends through the
 * messaging ports, and records outcomes (also from Twilio's status webhooks). Replies a feature
 * module cares about (a caregiver's YES or STOP) reach it through `InboundReplies`.
 */
@Module({
  imports: [MessagingModule, ConsentLedgerModule],
  controllers: [TwilioWebhooksController],
  providers: [
    DeliveryRepository,
    DeliveryReads,
    RecipientsRepository,
    DeliveryQueue,
    DeliveryOutcomesService,
    DispatcherService,
    DispatcherScheduler,
    InboundReplies,
    CampaignTestSender,
  ],
  exports: [DeliveryQueue, DeliveryOutcomesService, DispatcherService, DeliveryReads, InboundReplies, CampaignTestSender],
})
export class DeliveryModule {}
