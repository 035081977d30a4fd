import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { ThrottlerModule } from '@nestjs/throttler';

import { ApiTokensModule } from '../api-tokens/api-tokens.module.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { RateLimitGuard } from './rate-limit.guard.js';
import { RateLimitRepository } from './rate-limit.repository.js';
import { RateLimitStorage } from './rate-limit.storage.js';
import { RateLimitCleanupScheduler } from './rate-limit-cleanup.scheduler.js';
import { rateLimitOptions } from './rate-limits.js';

/** The shared counters, also for limits a service counts itself (the password reset's hourly ones). */
@Module({ providers: [RateLimitStorage, RateLimitRepository], exports: [RateLimitStorage] })
export class RateLimitStorageModule {}

/**
 * Rate limits on every route (@nestjs/throttler, counted in PostgreSQL for all instances): per
 * address on anonymous routes, per user on the rest; rate-limit.decorators.ts says which is which.
 * Imported before AuthModule, so that its guard runs before the access guard's database work.
 */
@Module({
  imports: [
    RateLimitStorageModule,
    ApiTokensModule,
    ThrottlerModule.forRootAsync({
      imports: [RateLimitStorageModule],
      inject: [APP_CONFIG, RateLimitStorage],
      useFactory: (config: AppConfig, storage: RateLimitStorage) => rateLimitOptions(config, storage),
    }),
  ],
  providers: [RateLimitCleanupScheduler, { provide: APP_GUARD, useClass: RateLimitGuard }],
})
export class RateLimitModule {}
