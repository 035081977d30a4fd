import { Module } from '@nestjs/common';

import { AgencyLogModule } from '../agency-log/agency-log.module.js';
import { AuditModule } from '../audit/audit.module.js';
import { AdminApiTokensController, ApiTokensController } from './api-tokens.controller.js';
import { ApiTokensService } from './api-tokens.service.js';

/** Personal access tokens: their pages' routes, and the check the access guard runs on a bearer request. */
@Module({
  imports: [AuditModule, AgencyLogModule],
  controllers: [ApiTokensController, AdminApiTokensController],
  providers: [ApiTokensService],
  exports: [ApiTokensService],
})
export class ApiTokensModule {}
