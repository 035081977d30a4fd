import { Module } from '@nestjs/common';

import { AgencyLogModule } from '../agency-log/agency-log.module.js';
import { ClientsModule } from '../clients/clients.module.js';
import { ConsentLedgerModule } from '../consent/consent-ledger.module.js';
import { DeliveryModule } from '../delivery/delivery.module.js';
import { MessagingModule } from '../messaging/messaging.module.js';
import { CampaignRecipientsRepository } from './campaign-recipients.repository.js';
import { CampaignRunner } from './campaign-runner.service.js';
import { CampaignSequencesRepository } from './campaign-sequences.repository.js';
import { CampaignsController } from './campaigns.controller.js';
import { CampaignsService } from './campaigns.service.js';
import { TrackingController } from './tracking.controller.js';

/**
 * E-mail and SMS campaigns: drafts, sending now or at a scheduled time, lifecycle sequences (the
 * runner), sending through the delivery engine, tracking, replies and unsubscribe.
 */
@Module({
  imports: [MessagingModule, DeliveryModule, ClientsModule, ConsentLedgerModule, AgencyLogModule],
  controllers: [CampaignsController, TrackingController],
  providers: [CampaignsService, CampaignRecipientsRepository, CampaignSequencesRepository, CampaignRunner],
  exports: [CampaignRunner],
})
export class CampaignsModule {}
