import { type DynamicModule, Global, Module } from '@nestjs/common';

import { DATABASE_URL } from '../database/database.tokens.js';
import { APP_CONFIG, type AppConfig } from './config.js';

/** The validated configuration and the resolved database URL, for every module. */
@Global()
@Module({})
export class ConfigModule {
  static forRoot(config: AppConfig, databaseUrl: string): DynamicModule {
    return {
      module: ConfigModule,
      providers: [
        { provide: APP_CONFIG, useValue: config },
        { provide: DATABASE_URL, useValue: databaseUrl },
      ],
      exports: [APP_CONFIG, DATABASE_URL],
    };
  }
}
