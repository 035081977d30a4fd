import { Inject, Logger, Module, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { ScheduleModule, SchedulerRegistry } from '@nestjs/schedule';
import { CronJob } from 'cron';
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
    const job = CronJob.from({
      cronTime: '15 2 * * *',
      timeZone: 'UTC',
      start: true,
      onTick: () =>
        void this.billing.syncPmpmQuantities().then(
          (n) => n && this.logger.log(`Updated ${n} per-client quantities`),
          (error: unknown) => this.logger.error({ err: error }, 'Quantity sync failed'),
        ),
    });
    this.registry.addCronJob('pmpm-quantity-sync', job);
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.registry.doesExist('cron', 'pmpm-quantity-sync')) await this.registry.getCronJob('pmpm-quantity-sync').stop();
  }
}
