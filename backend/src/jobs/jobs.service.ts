import { type BeforeApplicationShutdown, Inject, Injectable, Logger } from '@nestjs/common';
import { PgBoss } from 'pg-boss';

import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { DATABASE_URL } from '../database/database.tokens.js';

/** pg-boss keeps its queues, schedules and jobs in this schema of the application's database. */
export const JOBS_SCHEMA = 'pgboss';

export interface BackgroundJob<T> {
  id: string;
  data: T;
}

/**
 * Background work and cluster-wide schedules on pg-boss, in the application's own PostgreSQL: a
 * schedule's occurrence becomes one job, taken by one instance, however many instances run; a job
 * sent to a queue is worked by one instance and survives a restart (its claim expires and another
 * instance takes it). pg-boss starts on first use, so an instance that needs neither opens no
 * connection for it.
 */
@Injectable()
export class JobsService implements BeforeApplicationShutdown {
  private readonly logger = new Logger('Jobs');
  private started: Promise<PgBoss> | undefined;
  private stopped = false;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(DATABASE_URL) private readonly databaseUrl: string,
  ) {}

  private boss(): Promise<PgBoss> {
    if (this.stopped) return Promise.reject(new Error('The job engine has stopped'));
    this.started ??= (async () => {
      const boss = new PgBoss({
        connectionString: this.databaseUrl,
        schema: JOBS_SCHEMA,
        max: 3,
        application_name: 'carekeep-jobs',
        // A queued job (a CSV import) wakes a worker at once, not at its next poll; polling stays as the fallback.
        useListenNotify: true,
        schedule: this.config.jobs.schedules,
        cronMonitorIntervalSeconds: this.config.jobs.scheduleCheckSeconds,
        cronWorkerIntervalSeconds: Math.min(5, this.config.jobs.scheduleCheckSeconds),
        // How often a job whose instance died (no heartbeat) is found and handed back for another try.
        superviseIntervalSeconds: Math.min(60, this.config.jobs.heartbeatSeconds),
      });
      boss.on('error', (error: unknown) => this.logger.error({ err: error }, 'Job engine error'));
      await boss.start();
      return boss;
    })();
    return this.started;
  }

  /**
   * Runs `run` on `cron` (UTC; 5 fields, or 6 with seconds first), once per occurrence across the
   * cluster. Nothing happens where schedules are off (JOB_SCHEDULES, off in tests). A failing run
   * is logged; the next occurrence runs as usual.
   */
  async schedule(name: string, cron: string, run: () => Promise<unknown>): Promise<void> {
    if (!this.config.jobs.schedules) return;
    const boss = await this.boss();
    // 'singleton': one run of a schedule active at a time, even when a run outlasts the interval.
    await boss.createQueue(name, { policy: 'singleton', retryLimit: 0, expireInSeconds: 60 * 60 });
    // 'once': an occurrence missed while no instance ran (a deploy, an outage) runs once when one is back.
    await boss.schedule(name, cron, null, { tz: 'UTC', retryLimit: 0, missed: 'once' });
    await boss.work(name, { pollingIntervalSeconds: Math.min(2, this.config.jobs.scheduleCheckSeconds) }, async () => {
      try {
        await run();
      } catch (error) {
        this.logger.error({ err: error }, `Scheduled job ${name} failed`);
      }
    });
  }

  /**
   * Works the jobs sent to `queue` in this instance, one at a time. A job whose instance stops
   * before it ends is taken again (up to `retryLimit` more times) by another instance or after a
   * restart; the handler must be safe to run again on the same data.
   */
  async work<T extends object>(
    queue: string,
    handler: (job: BackgroundJob<T>) => Promise<unknown>,
    options: { retryLimit?: number; expireInSeconds?: number; heartbeatSeconds?: number } = {},
  ): Promise<void> {
    const boss = await this.boss();
    await boss.createQueue(queue, {
      retryLimit: options.retryLimit ?? 2,
      expireInSeconds: options.expireInSeconds ?? 60 * 60,
      heartbeatSeconds: options.heartbeatSeconds ?? this.config.jobs.heartbeatSeconds,
      notify: true,
    });
    // Woken by NOTIFY when it works; polled every second when it does not (pg-boss's own backstop is 30 s).
    await boss.work<T>(queue, { pollingIntervalSeconds: 1, notifyPollingIntervalSeconds: 1 }, async ([job]) => {
      await handler({ id: job.id, data: job.data });
    });
  }

  /** Queues a job for whichever instance works `queue` (not before `startAfterSeconds`); returns its id. */
  async send<T extends object>(queue: string, data: T, options: { startAfterSeconds?: number } = {}): Promise<string> {
    const boss = await this.boss();
    const id = await boss.send(queue, data, options.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {});
    if (!id) throw new Error(`The job was not queued on ${queue}`);
    return id;
  }

  /** Stops taking jobs and waits (up to 20 s) for the ones under way; what is left is taken again later. */
  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    const started = this.started;
    if (!started) return;
    const boss = await started.catch(() => undefined);
    await boss?.stop({ graceful: true, timeout: 20_000 });
  }
}
