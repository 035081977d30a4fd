import type { Logger } from '@nestjs/common';
import type { SchedulerRegistry } from '@nestjs/schedule';
import { CronJob } from 'cron';

/** Registers and starts a named job (times in UTC); a failing run is logged, never thrown. */
export function scheduleJob(
  registry: SchedulerRegistry,
  name: string,
  cronTime: string,
  run: () => Promise<unknown>,
  logger: Logger,
): void {
  const job = CronJob.from({
    cronTime,
    timeZone: 'UTC',
    start: true,
    onTick: () => void run().catch((error: unknown) => logger.error({ err: error }, `Scheduled job ${name} failed`)),
  });
  registry.addCronJob(name, job);
}

/** Stops a job registered by scheduleJob, if it is there (on shutdown). */
export async function stopJob(registry: SchedulerRegistry, name: string): Promise<void> {
  if (registry.doesExist('cron', name)) await registry.getCronJob(name).stop();
}
