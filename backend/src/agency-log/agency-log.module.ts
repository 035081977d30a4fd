import { Module } from '@nestjs/common';

import { AgencyLogController } from './agency-log.controller.js';
import { AgencyLogRepository } from './agency-log.repository.js';
import { AgencyLogService } from './agency-log.service.js';

/** The agency activity log: written by the modules whose routes change an agency, read by its owners and read-only members. */
@Module({ controllers: [AgencyLogController], providers: [AgencyLogService, AgencyLogRepository], exports: [AgencyLogService] })
export class AgencyLogModule {}
