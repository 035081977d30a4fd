import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';

import { scheduleJob, stopJob } from '../common/cron.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { DispatcherService } from './dispatcher.service.js';

const JOB = 'reminder-dispatcher';

/**
 * Runs the dispatcher on REMINDER_DISPATCH_CRON (every minute; a 6-field expression, seconds
 * first, runs it every few seconds), one run at a time per process.
 */
@Injectable()
export class DispatcherScheduler implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Dispatcher');
  private running: Promise<unknown> | undefined;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly registry: SchedulerRegistry,
    private readonly dispatcher: DispatcherService,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.nodeEnv === 'test') return; // Tests run the dispatcher themselves.
    scheduleJob(this.registry, JOB, this.config.messaging.dispatchCron, () => this.tick(), this.logger);
  }

  private async tick(): Promise<void> {
    if (this.running) return;
    this.running = this.dispatcher
      .runOnce()
      .then((summary) => {
        if (summary.queued || summary.sent || summary.failed || summary.skipped) this.logger.log(summary, 'Dispatched');
      })
      .catch((error: unknown) => this.logger.error({ err: error }, 'Dispatcher run failed'))
      .finally(() => (this.running = undefined));
    await this.running;
  }

  /**
   * Stops dispatching (first step of a shutdown): no new runs, and the current one ends after the
   * sends already under way, handing the rest of its batch back to the queue.
   */
  async stop(): Promise<void> {
    this.dispatcher.requestStop();
    await stopJob(this.registry, JOB);
    await this.running;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.stop();
  }
}
