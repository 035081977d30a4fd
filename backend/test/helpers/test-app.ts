import type { EntityManager } from '@mikro-orm/postgresql';
import { MikroORM } from '@mikro-orm/postgresql';
import { type DynamicModule, type ModuleMetadata } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { App } from 'supertest/types.js';
import { AppModule } from '../../src/app.module.js';
import { configureApp } from '../../src/app.setup.js';
import { type AppConfig, loadConfig } from '../../src/config/config.js';
import { createTestDatabase, dropDatabase, testServerUrl } from '../setup/test-database.js';

export interface TestApp {
  app: NestExpressApplication;
  http: App;
  config: AppConfig;
  databaseUrl: string;
  /** A fresh EntityManager on the test database, for arranging and checking data. */
  em(): EntityManager;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Extra environment settings, as a deployment would set them. */
  env?: Record<string, string>;
  /** Extra modules mounted beside the application's own (test fixtures). */
  imports?: ModuleMetadata['imports'];
}

/**
 * The real application over HTTP on its own freshly migrated database: the same modules and
 * HTTP setup as production, no mocks. Call close() in afterAll.
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...options.env });
  const root: DynamicModule = AppModule.forRoot(config, database.url);
  const module: DynamicModule = options.imports?.length
    ? { module: class TestRootModule {}, imports: [root, ...options.imports] }
    : root;
  const app = await NestFactory.create<NestExpressApplication>(module, { logger: false });
  configureApp(app, config);
  await app.init();
  const orm = app.get(MikroORM);
  await orm.connect();
  return {
    app,
    http: app.getHttpServer() as App,
    config,
    databaseUrl: database.url,
    em: () => orm.em.fork(),
    close: async () => {
      await app.close();
      await dropDatabase(testServerUrl(), database.name);
    },
  };
}
