import { Global, Module } from '@nestjs/common';

import { JobsService } from './jobs.service.js';

/** The job engine (pg-boss) for cluster-wide schedules and background work, for every module. */
@Global()
@Module({
  providers: [JobsService],
  exports: [JobsService],
})
export class JobsModule {}
