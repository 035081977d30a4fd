import { Module } from '@nestjs/common';

import { ClientsModule } from '../clients/clients.module.js';
import { MessagingModule } from '../messaging/messaging.module.js';
import { RemindersModule } from '../reminders/reminders.module.js';
import { CampaignsController } from './campaigns.controller.js';
import { CampaignsService } from './campaigns.service.js';
import { TrackingController } from './tracking.controller.js';

/** E-mail and SMS campaigns: drafts, sending through the dispatcher, tracking and unsubscribe. */
@Module({
  imports: [MessagingModule, RemindersModule, ClientsModule],
  controllers: [CampaignsController, TrackingController],
  providers: [CampaignsService],
})
export class CampaignsModule {}
