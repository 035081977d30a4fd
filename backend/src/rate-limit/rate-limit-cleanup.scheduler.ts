import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';

import { JobsService } from '../jobs/jobs.service.js';
import { RateLimitStorage } from './rate-limit.storage.js';

/** Deletes ended rate-limit windows every 5 minutes (once across the cluster), so the counters table holds only live ones. */
@Injectable()
export class RateLimitCleanupScheduler implements OnApplicationBootstrap {
  constructor(
    private readonly jobs: JobsService,
    private readonly storage: RateLimitStorage,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.jobs.schedule('rate-limit-cleanup', '*/5 * * * *', () => this.storage.deleteExpired());
  }
}
