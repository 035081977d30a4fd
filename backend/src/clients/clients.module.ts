import { Module } from '@nestjs/common';

import { AgencyLogModule } from '../agency-log/agency-log.module.js';
import { ConsentLedgerModule } from '../consent/consent-ledger.module.js';
import { DeliveryModule } from '../delivery/delivery.module.js';
import { MessagingModule } from '../messaging/messaging.module.js';
import { StorageModule } from '../storage/storage.module.js';
import { BrokerNoticesService } from './broker-notices.service.js';
import { ClientsController } from './clients.controller.js';
import { ClientsRepository } from './clients.repository.js';
import { ClientsService } from './clients.service.js';
import { ContactChangesService } from './contact-changes.service.js';
import { CsvImportService } from './csv-import.service.js';
import { DeparturesRepository } from './departures.repository.js';
import { EngagementRepository } from './engagement.repository.js';
import { EngagementService } from './engagement.service.js';
import { ImportJobsController } from './import-jobs.controller.js';
import { ImportJobsRepository } from './import-jobs.repository.js';
import { ImportJobsService } from './import-jobs.service.js';
import { InvitationTokensService } from './invitation-tokens.service.js';

/** Brokers' clients: management, contact changes, CSV import, invitations, usage limits, engagement. */
@Module({
  imports: [MessagingModule, StorageModule, DeliveryModule, ConsentLedgerModule, AgencyLogModule],
  controllers: [ClientsController, ImportJobsController],
  providers: [
    BrokerNoticesService,
    ClientsRepository,
    ClientsService,
    ContactChangesService,
    CsvImportService,
    DeparturesRepository,
    ImportJobsRepository,
    ImportJobsService,
    InvitationTokensService,
    EngagementRepository,
    EngagementService,
  ],
  exports: [BrokerNoticesService, ClientsService, ContactChangesService, InvitationTokensService, EngagementService],
})
export class ClientsModule {}
