import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { pino } from 'pino';
import { AppModule } from './app.module.js';
import { configureApp } from './app.setup.js';
import { type AppConfig, ConfigError, loadConfig, loadDotEnv } from './config/config.js';
import { DatabaseBootstrapService } from './database/database-bootstrap.service.js';
import { type DatabaseServer, openDatabaseServer } from './database/database-server.js';

function readConfig(): AppConfig {
  try {
    loadDotEnv();
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

const SHUTDOWN_TIMEOUT_MS = 30_000;

async function bootstrap(): Promise<void> {
  const config = readConfig();
  const log = pino({ level: config.logLevel, base: { service: 'carekeep', context: 'Bootstrap' } });
  let database: DatabaseServer | undefined;
  let app: NestExpressApplication | undefined;
  let stopping = false;

  const shutdown = async (reason: string, code: number) => {
    if (stopping) return;
    stopping = true;
    log.info({ reason }, 'Shutting down');
    setTimeout(() => {
      log.error('Shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS).unref();
    try {
      await app?.close();
    } catch (error) {
      log.error({ err: error }, 'Error while closing the application');
    }
    await database?.stop();
    if (database?.embedded) log.info('Embedded PostgreSQL stopped');
    process.exit(code);
  };
  // `on`, not `once`: under `npm start` a Ctrl-C arrives twice (from the terminal and forwarded by
  // npm), and a second signal with no listener would kill the process mid-shutdown.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.on(signal, () => void shutdown(signal, 0));
  }

  try {
    if (!config.database.url) log.info({ port: config.database.embeddedPort }, 'Starting embedded PostgreSQL');
    database = await openDatabaseServer(config, (line) => log.debug({ postgres: line }));
    app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config, database.url), {
      bufferLogs: true,
      rawBody: true,
    });
    await configureApp(app, config);
    await app.get(DatabaseBootstrapService).prepare();
    await app.listen(config.port, config.host);
    log.info(
      { url: config.appUrl, database: database.embedded ? 'embedded' : 'external' },
      `Listening on ${config.appUrl}`,
    );
  } catch (error) {
    log.fatal({ err: error }, 'Start-up failed');
    await shutdown('start-up failed', 1);
  }
}

void bootstrap();
