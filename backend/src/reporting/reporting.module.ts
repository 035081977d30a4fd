import { Module } from '@nestjs/common';

import { RiskScoresRepository } from '../clients/risk-scores.repository.js';
import { ActivityController, ClientTimelineController } from './activity.controller.js';
import { ActivityRepository } from './activity.repository.js';
import { ActivityService } from './activity.service.js';
import { AuditPackController } from './audit-pack.controller.js';
import { AuditPackRepository } from './audit-pack.repository.js';
import { AuditPackService } from './audit-pack.service.js';
import { CampaignReportController } from './campaign-report.controller.js';
import { CampaignReportRepository } from './campaign-report.repository.js';
import { ComplianceController } from './compliance.controller.js';
import { ComplianceRepository } from './compliance.repository.js';
import { ComplianceService } from './compliance.service.js';
import { MonthlyFiguresRepository } from './monthly-figures.repository.js';
import { PlatformRepository } from './platform.repository.js';
import { RetentionRepository } from './retention.repository.js';
import { RetentionService } from './retention.service.js';
import { RiskService } from './risk.service.js';
import { RiskSignalsRepository } from './risk-signals.repository.js';
import { StatsController } from './stats.controller.js';
import { StatsRepository } from './stats.repository.js';
import { StatsService } from './stats.service.js';
import { TrendsRepository } from './trends.repository.js';

/**
 * Figures across modules: the broker dashboard (`GET /api/stats`, `GET /api/activity`), the platform
 * admin's analytics, trends and broker figures (for admin/), the month figures billing/ snapshots,
 * and the clients' at-risk scores (RiskService). It reads other modules' tables and writes none but
 * those scores, through clients/' RiskScoresRepository. Its SQL lives in its `*.repository.ts`
 * files; it imports no feature module, so admin/ and billing/ can import it.
 */
@Module({
  controllers: [
    StatsController,
    ActivityController,
    ClientTimelineController,
    CampaignReportController,
    ComplianceController,
    AuditPackController,
  ],
  providers: [
    AuditPackRepository,
    AuditPackService,
    CampaignReportRepository,
    ComplianceRepository,
    ComplianceService,
    StatsRepository,
    StatsService,
    ActivityRepository,
    ActivityService,
    PlatformRepository,
    MonthlyFiguresRepository,
    TrendsRepository,
    RetentionRepository,
    RetentionService,
    RiskSignalsRepository,
    // clients/' writer of the at-risk columns, provided here so that this module imports no feature module.
    RiskScoresRepository,
    RiskService,
  ],
  exports: [RiskService, StatsService, RetentionService, PlatformRepository, MonthlyFiguresRepository, TrendsRepository, ComplianceService],
})
export class ReportingModule {}
