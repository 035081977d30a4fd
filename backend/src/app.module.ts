import { join } from 'node:path';

import { MikroOrmModule } from '@mikro-orm/nestjs';
import { type DynamicModule, Module } from '@nestjs/common';
import { ScheduleModule } from '@nestjs/schedule';
import { ServeStaticModule } from '@nestjs/serve-static';
import { LoggerModule } from 'nestjs-pino';

import { A2pModule } from './a2p/a2p.module.js';
import { AdminModule } from './admin/admin.module.js';
import { AgencyLogModule } from './agency-log/agency-log.module.js';
import { AuthModule } from './auth/auth.module.js';
import { BillingModule } from './billing/billing.module.js';
import { BrandingModule } from './branding/branding.module.js';
import { CampaignsModule } from './campaigns/campaigns.module.js';
import { ClientPortalModule } from './client-portal/client-portal.module.js';
import { ClientsModule } from './clients/clients.module.js';
import { ClockModule } from './common/clock.js';
import { loggerParams } from './common/logging.js';
import type { AppConfig } from './config/config.js';
import { ConfigModule } from './config/config.module.js';
import { ConsentModule } from './consent/consent.module.js';
import { DatabaseModule } from './database/database.module.js';
import { ormOptions } from './database/mikro-orm.config.js';
import { DeliveryModule } from './delivery/delivery.module.js';
import { DigestModule } from './digest/digest.module.js';
import { HealthModule } from './health/health.module.js';
import { InboxModule } from './inbox/inbox.module.js';
import { JobsModule } from './jobs/jobs.module.js';
import { LiveModule } from './live/live.module.js';
import { MembersModule } from './members/members.module.js';
import { PoliciesModule } from './policies/policies.module.js';
import { PrivacyModule } from './privacy/privacy.module.js';
import { RateLimitModule } from './rate-limit/rate-limit.module.js';
import { RemindersModule } from './reminders/reminders.module.js';
import { ReportingModule } from './reporting/reporting.module.js';
import { ResourcesModule } from './resources/resources.module.js';
import { SoaModule } from './soa/soa.module.js';
import { TasksModule } from './tasks/tasks.module.js';
import { UsersModule } from './users/users.module.js';

export interface AppModuleOptions {
  /** Where JSON logs go (default stdout); tests read them. */
  logStream?: NodeJS.WritableStream;
}

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/** The application: configuration, logging, database, the SPA and the feature modules. */
@Module({})
export class AppModule {
  /** `databaseUrl` is the resolved server (external, or the embedded one started by main.ts). */
  static forRoot(config: AppConfig, databaseUrl: string, options: AppModuleOptions = {}): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config, databaseUrl),
        LoggerModule.forRoot(loggerParams(config, options.logStream)),
        MikroOrmModule.forRoot({
          ...ormOptions({ url: databaseUrl, poolMax: config.database.poolMax }),
          registerRequestContext: true,
        }),
        ServeStaticModule.forRoot({
          rootPath: config.frontendDist,
          exclude: ['/api/{*path}', '/oidc/{*path}'],
          serveStaticOptions: {
            index: false,
            setHeaders: (res: { setHeader(name: string, value: string): void }, path: string) => {
              // Vite's hashed assets never change; index.html must always be revalidated.
              const immutable = path.startsWith(join(config.frontendDist, 'assets'));
              res.setHeader('Cache-Control', immutable ? `public, max-age=${ONE_YEAR_SECONDS}, immutable` : 'no-cache');
            },
          },
        }),
        ScheduleModule.forRoot(),
        ClockModule,
        JobsModule,
        LiveModule,
        DatabaseModule,
        RateLimitModule,
        PrivacyModule,
        HealthModule,
        UsersModule,
        AuthModule,
        MembersModule,
        PoliciesModule,
        SoaModule,
        TasksModule,
        InboxModule,
        AgencyLogModule,
        ClientsModule,
        ClientPortalModule,
        ReportingModule,
        DeliveryModule,
        A2pModule,
        RemindersModule,
        CampaignsModule,
        ConsentModule,
        BillingModule,
        BrandingModule,
        ResourcesModule,
        AdminModule,
        DigestModule,
      ],
    };
  }
}
