import { Module } from '@nestjs/common';

import { AgencyLogModule } from '../agency-log/agency-log.module.js';
import { ClientsModule } from '../clients/clients.module.js';
import { SoaModule } from '../soa/soa.module.js';
import { ClientPoliciesController, PoliciesController } from './policies.controller.js';
import { PoliciesService } from './policies.service.js';

/** Each client's coverage (issue 51): carrier, plan, status and dates, the member who wrote it. */
@Module({
  imports: [ClientsModule, AgencyLogModule, SoaModule],
  controllers: [ClientPoliciesController, PoliciesController],
  providers: [PoliciesService],
})
export class PoliciesModule {}
