import { Module } from '@nestjs/common';

import { AgencyLogModule } from '../agency-log/agency-log.module.js';
import { ClientsModule } from '../clients/clients.module.js';
import { DatabaseModule } from '../database/database.module.js';
import { SoaModule } from '../soa/soa.module.js';
import { StorageModule } from '../storage/storage.module.js';
import { CommissionStatementsService } from './commission-statements.service.js';
import { CommissionsController, PolicyCommissionsController } from './commissions.controller.js';
import { CommissionsRepository } from './commissions.repository.js';
import { CommissionsService } from './commissions.service.js';
import { ClientPoliciesController, PoliciesController } from './policies.controller.js';
import { PoliciesService } from './policies.service.js';
import { StatementRowsRepository } from './statement-rows.repository.js';

/**
 * Each client's coverage (issue 51): carrier, plan, status and dates, the member who wrote it; and
 * the commissions the carriers pay for it (schedules, statements and their matching).
 */
@Module({
  imports: [ClientsModule, AgencyLogModule, SoaModule, StorageModule, DatabaseModule],
  controllers: [ClientPoliciesController, PoliciesController, PolicyCommissionsController, CommissionsController],
  providers: [PoliciesService, CommissionsService, CommissionStatementsService, CommissionsRepository, StatementRowsRepository],
})
export class PoliciesModule {}
