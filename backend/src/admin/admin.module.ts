import { Module } from '@nestjs/common';

import { AuditModule } from '../audit/audit.module.js';
import { BillingModule } from '../billing/billing.module.js';
import { ReportingModule } from '../reporting/reporting.module.js';
import { AdminController } from './admin.controller.js';
import { AdminService } from './admin.service.js';

/** The platform admin's back office: analytics, brokers, trials, subscriptions, the audit log. */
@Module({
  imports: [AuditModule, BillingModule, ReportingModule],
  controllers: [AdminController],
  providers: [AdminService],
})
export class AdminModule {}
