import { Inject, Logger, Module, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { ScheduleModule, SchedulerRegistry } from '@nestjs/schedule';

import { scheduleJob, stopJob } from '../common/cron.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { BillingController, StripeWebhookController } from './billing.controller.js';
import { BillingService } from './billing.service.js';
import { MonthlyAnalyticsService } from './monthly-analytics.service.js';

/** Subscriptions (Stripe or local mode), plan changes, overage, the Stripe webhook and monthly analytics. */
@Module({
  imports: [ScheduleModule.forRoot()],
  controllers: [BillingController, StripeWebhookController],
  providers: [BillingService, MonthlyAnalyticsService],
  exports: [BillingService, MonthlyAnalyticsService],
})
export class BillingModule implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Billing');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly billing: BillingService,
    private readonly registry: SchedulerRegistry,
  ) {}

  onApplicationBootstrap(): void {
    this.logger.log(`Billing mode: ${this.billing.mode}`);
    if (this.config.nodeEnv === 'test' || this.billing.mode === 'local') return;
    // The per-client quantity follows the active client count once a day.
    scheduleJob(
      this.registry,
      'pmpm-quantity-sync',
      '15 2 * * *',
      async () => {
        const updated = await this.billing.syncPmpmQuantities();
        if (updated) this.logger.log(`Updated ${updated} per-client quantities`);
      },
      this.logger,
    );
  }

  async onApplicationShutdown(): Promise<void> {
    await stopJob(this.registry, 'pmpm-quantity-sync');
  }
}
