import 'reflect-metadata';

import type { Server } from 'node:http';

import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { pino } from 'pino';

import { AppModule } from './app.module.js';
import { configureApp } from './app.setup.js';
import type { InFlightRequests } from './common/in-flight.js';
import { type AppConfig, ConfigError, loadConfig, loadDotEnv } from './config/config.js';
import { DatabaseBootstrapService } from './database/database-bootstrap.service.js';
import { type DatabaseServer, openDatabaseServer } from './database/database-server.js';
import { EmbeddedPostgresError } from './database/embedded-postgres.js';
import { DispatcherScheduler } from './delivery/dispatcher.scheduler.js';
import { Readiness } from './health/readiness.js';
import { LiveService } from './live/live.service.js';

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

/** Requests still running this long after a stop signal are cut off. */
const DRAIN_TIMEOUT_MS = 7_000;
/** The whole shutdown after SHUTDOWN_DELAY_MS: past this the process exits with an error. */
const SHUTDOWN_TIMEOUT_MS = 15_000;

/**
 * Stops taking connections and waits for the requests in progress: idle keep-alive connections
 * are closed as soon as they finish their request; after `timeoutMs` the rest are cut.
 */
function drainHttp(server: Server, timeoutMs: number): Promise<void> {
  return new Promise((resolve) => {
    if (!server.listening) return resolve();
    const sweep = setInterval(() => server.closeIdleConnections(), 50);
    const cut = setTimeout(() => server.closeAllConnections(), timeoutMs);
    server.close(() => {
      clearInterval(sweep);
      clearTimeout(cut);
      resolve();
    });
  });
}

async function bootstrap(): Promise<void> {
  const config = readConfig();
  const log = pino({ level: config.logLevel, base: { service: 'carekeep', context: 'Bootstrap' } });
  let database: DatabaseServer | undefined;
  let app: NestExpressApplication | undefined;
  let inFlight: InFlightRequests | undefined;
  let stopping = false;

  const shutdown = async (reason: string, code: number) => {
    if (stopping) return;
    stopping = true;
    log.info({ reason }, 'Shutting down');
    setTimeout(() => {
      log.error('Shutdown took too long; exiting');
      process.exit(1);
    }, config.shutdownDelayMs + SHUTDOWN_TIMEOUT_MS).unref();
    // In order: stop taking requests and let those in progress finish, while the dispatcher
    // finishes the sends under way; then the modules (session store and ORM pools); then the
    // embedded database.
    try {
      if (app) {
        // Out of rotation first: the readiness check answers 503 while the instance still serves
        // for SHUTDOWN_DELAY_MS, so a balancer that polls it stops sending before the listener closes.
        app.get(Readiness).drain();
        if (config.shutdownDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, config.shutdownDelayMs));
        // Live streams never finish on their own: they end now, and the browsers open them on another instance.
        app.get(LiveService).close();
        const drainUntil = Date.now() + DRAIN_TIMEOUT_MS;
        const requests = drainHttp(app.getHttpServer(), DRAIN_TIMEOUT_MS)
          // Requests whose clients have gone hold no connection but are still being worked on.
          .then(() => inFlight?.settled(Math.max(0, drainUntil - Date.now())) ?? 0);
        const [unfinished] = await Promise.all([requests, app.get(DispatcherScheduler).stop()]);
        if (unfinished) log.warn({ requests: unfinished }, 'Requests still running at the drain timeout');
        log.info('Requests and dispatching finished');
        await app.close();
      }
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
    database = await openDatabaseServer(config, log);
    app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config, database.url), {
      bufferLogs: true,
      rawBody: true,
    });
    ({ inFlight } = await configureApp(app, config));
    await app.get(DatabaseBootstrapService).prepare();
    await app.listen(config.port, config.host);
    log.info({ url: config.appUrl, database: database.embedded ? 'embedded' : 'external' }, `Listening on ${config.appUrl}`);
  } catch (error) {
    // Its message says why and what to do; a stack trace would only bury it.
    if (error instanceof EmbeddedPostgresError) process.stderr.write(`${error.message}\n`);
    else log.fatal({ err: error }, 'Start-up failed');
    await shutdown('start-up failed', 1);
  }
}

void bootstrap();
