import { type BeforeApplicationShutdown, Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';

import { scheduleJob, stopJob } from '../common/cron.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { RateLimitStorage } from './rate-limit.storage.js';

const JOB = 'rate-limit-cleanup';

/** Deletes ended rate-limit windows every 5 minutes, so the counters table holds only live ones. */
@Injectable()
export class RateLimitCleanupScheduler implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('RateLimits');
  private running: Promise<unknown> | undefined;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly registry: SchedulerRegistry,
    private readonly storage: RateLimitStorage,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.nodeEnv === 'test') return; // Tests call deleteExpired themselves.
    scheduleJob(this.registry, JOB, '*/5 * * * *', () => this.cleanUp(), this.logger);
  }

  private cleanUp(): Promise<unknown> {
    this.running = this.storage.deleteExpired().finally(() => (this.running = undefined));
    return this.running;
  }

  /** Before the database pools close. */
  async beforeApplicationShutdown(): Promise<void> {
    await stopJob(this.registry, JOB);
    await this.running?.catch(() => undefined);
  }
}
