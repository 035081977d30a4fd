import { Module } from '@nestjs/common';

import { AgencyLogModule } from '../agency-log/agency-log.module.js';
import { AuditModule } from '../audit/audit.module.js';
import { BillingModule } from '../billing/billing.module.js';
import { ReportingModule } from '../reporting/reporting.module.js';
import { AdminController } from './admin.controller.js';
import { AdminService } from './admin.service.js';
import { AdminsController } from './admins.controller.js';
import { AdminsService } from './admins.service.js';
import { BrokersExportController } from './brokers-export.controller.js';
import { BrokersExportService } from './brokers-export.service.js';
import { TrendsController } from './trends.controller.js';
import { TrendsService } from './trends.service.js';

/** The platform admin's back office: analytics, trends, brokers, trials, subscriptions, the audit log, agencies' activity logs. */
@Module({
  imports: [AuditModule, AgencyLogModule, BillingModule, ReportingModule],
  controllers: [BrokersExportController, AdminController, AdminsController, TrendsController],
  providers: [BrokersExportService, AdminService, AdminsService, TrendsService],
})
export class AdminModule {}
