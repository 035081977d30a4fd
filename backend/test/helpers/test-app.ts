import { Writable } from 'node:stream';

import type { EntityManager } from '@mikro-orm/postgresql';
import { MikroORM } from '@mikro-orm/postgresql';
import { type DynamicModule, type ModuleMetadata } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Test } from '@nestjs/testing';
import type { App } from 'supertest/types.js';

import { AppModule } from '../../src/app.module.js';
import { configureApp } from '../../src/app.setup.js';
import { Clock } from '../../src/common/clock.js';
import { type AppConfig, loadConfig } from '../../src/config/config.js';
import { freePort } from '../setup/global-setup.js';
import { createTestDatabase, dropDatabase, testServerUrl } from '../setup/test-database.js';
import { GENEROUS_RATE_LIMITS } from './rate-limits.js';

export interface TestApp {
  app: NestExpressApplication;
  http: App;
  /** The app's own origin: what a browser on the app sends as Origin. */
  appUrl: string;
  /** Whether it listens at appUrl (else requests go to the in-process server). */
  listening: boolean;
  /** Everything logged, one JSON object per line. */
  logs: string[];
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
  /** Listen on a real port at APP_URL (needed when the app calls itself, as sign-in does). */
  listen?: boolean;
  /** Another instance on an existing test app's database (it is not dropped when this one closes). */
  databaseUrl?: string;
  /** Providers replaced by test doubles, e.g. an SMS sender whose provider is down. */
  overrides?: [token: unknown, value: unknown][];
  /** The configured rate limits (defaults unless `env` sets them) instead of generous ones. */
  realRateLimits?: boolean;
  /** The app's Clock (a TestClock from ./clock.js) instead of the real time. */
  clock?: Clock;
}

export const TEST_SESSION_SECRET = 'test-session-key-0123456789abcdefghijklmnop';
export const TEST_PHI_KEY = 'dGVzdC1waGkta2V5LTAxMjM0NTY3ODlhYmNkZWZnaGk=';

/**
 * The real application over HTTP on its own freshly migrated database: the same modules and
 * HTTP setup as production, no mocks. Call close() in afterAll.
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = options.databaseUrl ? { url: options.databaseUrl, name: '' } : await createTestDatabase();
  const port = options.listen ? await freePort() : 3000;
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    APP_URL: `http://127.0.0.1:${port}`,
    SESSION_SECRET: TEST_SESSION_SECRET,
    PHI_ENCRYPTION_KEY: TEST_PHI_KEY,
    ...(options.realRateLimits ? {} : GENEROUS_RATE_LIMITS),
    ...options.env,
  });
  const logs: string[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logs.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  const root: DynamicModule = AppModule.forRoot(config, database.url, { logStream });
  const module: DynamicModule = options.imports?.length ? { module: class TestRootModule {}, imports: [root, ...options.imports] } : root;
  let app: NestExpressApplication;
  const overrides = [...(options.overrides ?? [])];
  if (options.clock) overrides.push([Clock, options.clock]);
  if (overrides.length) {
    let builder = Test.createTestingModule({ imports: [module] });
    for (const [token, value] of overrides) builder = builder.overrideProvider(token).useValue(value);
    app = (await builder.compile()).createNestApplication<NestExpressApplication>({ logger: false, rawBody: true });
  } else {
    app = await NestFactory.create<NestExpressApplication>(module, { logger: false, rawBody: true });
  }
  await configureApp(app, config);
  if (options.listen) await app.listen(port, '127.0.0.1');
  else await app.init();
  const orm = app.get(MikroORM);
  await orm.connect();
  return {
    app,
    http: app.getHttpServer() as App,
    appUrl: config.appUrl,
    listening: Boolean(options.listen),
    logs,
    config,
    databaseUrl: database.url,
    em: () => orm.em.fork(),
    close: async () => {
      await app.close();
      if (database.name) await dropDatabase(testServerUrl(), database.name);
    },
  };
}
