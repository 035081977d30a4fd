import { Module } from '@nestjs/common';

import { AgencyLogModule } from '../agency-log/agency-log.module.js';
import { ConsentLedgerModule } from '../consent/consent-ledger.module.js';
import { DeliveryModule } from '../delivery/delivery.module.js';
import { MessagingModule } from '../messaging/messaging.module.js';
import { TasksModule } from '../tasks/tasks.module.js';
import { InboxController } from './inbox.controller.js';
import { InboxRepository } from './inbox.repository.js';
import { InboxService } from './inbox.service.js';
import { InboxClientController } from './inbox-client.controller.js';
import { OfficeHoursService } from './office-hours.service.js';

/**
 * The agency's two-way text inbox (docs/messaging.md "Inbox"). Inbound texts reach it through
 * `InboundReplies.onInbound` after the Twilio webhook's own handling (stops, confirmations); replies
 * go through the SMS port. Which agency a text belongs to is `InboxRepository.agencyOfInbound`.
 */
@Module({
  imports: [DeliveryModule, MessagingModule, ConsentLedgerModule, AgencyLogModule, TasksModule],
  controllers: [InboxController, InboxClientController],
  providers: [InboxRepository, InboxService, OfficeHoursService],
  exports: [InboxService, InboxRepository, OfficeHoursService],
})
export class InboxModule {}
