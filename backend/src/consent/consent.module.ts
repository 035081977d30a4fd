import { Module } from '@nestjs/common';

import { AgencyLogModule } from '../agency-log/agency-log.module.js';
import { ClientsModule } from '../clients/clients.module.js';
import { DeliveryModule } from '../delivery/delivery.module.js';
import { MessagingModule } from '../messaging/messaging.module.js';
import { ConsentController } from './consent.controller.js';
import { ConsentLedgerModule } from './consent-ledger.module.js';
import { ConsentPagesController } from './consent-pages.controller.js';
import { ConsentRecordsService } from './consent-records.service.js';
import { EmailWebhookController } from './email-webhook.controller.js';

/**
 * Consent as brokers and clients meet it: a client's permissions and history, lapsing marketing
 * permission and renewal requests (answered by YES or a one-click page). The ledger itself is
 * ConsentLedgerModule.
 */
@Module({
  imports: [ConsentLedgerModule, MessagingModule, DeliveryModule, ClientsModule, AgencyLogModule],
  controllers: [ConsentController, ConsentPagesController, EmailWebhookController],
  providers: [ConsentRecordsService],
})
export class ConsentModule {}
