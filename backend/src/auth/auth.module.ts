import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';

import { ApiTokensModule } from '../api-tokens/api-tokens.module.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { UsersModule } from '../users/users.module.js';
import { AccessGuard } from './access.guard.js';
import { AuthController } from './auth.controller.js';
import { AuthRepository } from './auth.repository.js';
import { DEV_PROVIDER } from './auth.tokens.js';
import { createDevProvider } from './dev-provider/dev-provider.js';
import { LoginThrottleService } from './login-throttle.service.js';
import { OidcGuard } from './oidc.guard.js';
import { OidcService } from './oidc.service.js';
import { SessionService } from './session.service.js';
import { SubscriptionGuard } from './subscription.guard.js';

/** Sign-in (brokers by OpenID Connect, clients by password), sessions, and the global access guard. */
@Module({
  imports: [UsersModule, ApiTokensModule],
  controllers: [AuthController],
  providers: [
    AuthRepository,
    SessionService,
    OidcService,
    OidcGuard,
    LoginThrottleService,
    SubscriptionGuard,
    { provide: APP_GUARD, useClass: AccessGuard },
    {
      provide: DEV_PROVIDER,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => (config.auth.oidc ? null : createDevProvider(config)),
    },
  ],
  exports: [AuthRepository, SessionService, LoginThrottleService, SubscriptionGuard, DEV_PROVIDER],
})
export class AuthModule {}
