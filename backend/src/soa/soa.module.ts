import { Module } from '@nestjs/common';

import { AgencyLogModule } from '../agency-log/agency-log.module.js';
import { ClientsModule } from '../clients/clients.module.js';
import { MessagingModule } from '../messaging/messaging.module.js';
import { TasksModule } from '../tasks/tasks.module.js';
import { ClientPortalSoasController, ClientSoasController, SoasController, SoaSigningController } from './soa.controller.js';
import { SoaRepository } from './soa.repository.js';
import { SoaService } from './soa.service.js';
import { SoaFollowUpService } from './soa-follow-up.service.js';

/** Scope of Appointment (issue 51): requests, e-signature, the dated rules, signed PDFs. */
@Module({
  imports: [ClientsModule, AgencyLogModule, MessagingModule, TasksModule],
  controllers: [ClientSoasController, SoasController, SoaSigningController, ClientPortalSoasController],
  providers: [SoaService, SoaRepository, SoaFollowUpService],
  exports: [SoaService],
})
export class SoaModule {}
