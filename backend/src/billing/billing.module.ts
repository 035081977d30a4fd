import { Logger, Module, type OnApplicationBootstrap } from '@nestjs/common';

import { AgencyLogModule } from '../agency-log/agency-log.module.js';
import { JobsService } from '../jobs/jobs.service.js';
import { MessagingModule } from '../messaging/messaging.module.js';
import { ReportingModule } from '../reporting/reporting.module.js';
import { BillingController, StripeWebhookController } from './billing.controller.js';
import { BillingRepository } from './billing.repository.js';
import { BillingService } from './billing.service.js';
import { MonthSnapshotsRepository } from './month-snapshots.repository.js';
import { MonthlyAnalyticsService } from './monthly-analytics.service.js';

/** Subscriptions (Stripe or local mode), plan changes, overage, the Stripe webhook and monthly analytics. */
@Module({
  imports: [ReportingModule, MessagingModule, AgencyLogModule],
  controllers: [BillingController, StripeWebhookController],
  providers: [BillingRepository, MonthSnapshotsRepository, BillingService, MonthlyAnalyticsService],
  exports: [BillingService, MonthlyAnalyticsService],
})
export class BillingModule implements OnApplicationBootstrap {
  private readonly logger = new Logger('Billing');

  constructor(
    private readonly billing: BillingService,
    private readonly jobs: JobsService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.logger.log(`Billing mode: ${this.billing.mode}`);
    if (this.billing.mode === 'local') return;
    // The per-client quantity follows the active client count once a day, once across the cluster.
    await this.jobs.schedule('pmpm-quantity-sync', '15 2 * * *', async () => {
      const updated = await this.billing.syncPmpmQuantities();
      if (updated) this.logger.log(`Updated ${updated} per-client quantities`);
    });
  }
}
