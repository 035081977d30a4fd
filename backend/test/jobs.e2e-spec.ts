import { Injectable, Module, type OnApplicationBootstrap } from '@nestjs/common';

import { JOBS_SCHEMA, JobsService } from '../src/jobs/jobs.service.js';
import { waitFor } from './helpers/built-app.js';
import { realNow } from './helpers/clock.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

interface Run {
  instance: number;
  at: number;
}

/** What the two instances did, shared because both run in this test's process. */
const runs: Run[] = [];
/** When each instance had registered the schedule. */
const registeredAt: number[] = [];
const worked: { instance: number; id: string; n: number }[] = [];
let instances = 0;

/** A schedule every minute (pg-boss's finest: one job per minute slot) and a background queue, registered by each instance as a feature module would. */
@Injectable()
class Probe implements OnApplicationBootstrap {
  readonly instance = ++instances;
  constructor(readonly jobs: JobsService) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.jobs.schedule('probe-tick', '* * * * *', async () => {
      runs.push({ instance: this.instance, at: realNow().getTime() });
    });
    registeredAt.push(realNow().getTime());
    await this.jobs.work<{ n: number }>('probe-work', async (job) => {
      worked.push({ instance: this.instance, id: job.id, n: job.data.n });
    });
  }
}

@Module({ providers: [Probe], exports: [Probe] })
class ProbeModule {}

const ENV = { JOB_SCHEDULES: '1', JOB_SCHEDULE_CHECK_SECONDS: '1' };

/**
 * Two app instances on one database, both taking part in the schedules: each occurrence of a
 * schedule runs once across them (not once per instance), and a queued job is worked once.
 */
describe('cluster-wide schedules and background jobs (pg-boss)', () => {
  let first: TestApp;
  let second: TestApp;

  beforeAll(async () => {
    first = await createTestApp({ env: ENV, imports: [ProbeModule] });
    second = await createTestApp({ env: ENV, imports: [ProbeModule], databaseUrl: first.databaseUrl });
  }, 60_000);

  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('runs each occurrence of a schedule once across two instances', async () => {
    const minute = (run: Run) => Math.floor(run.at / 60_000);
    // A new schedule first sends the occurrence of the minute it was made in, at once: runs from
    // then on are left out, and the minutes after are counted.
    const from = Math.max(...registeredAt) + 10_000;
    const counted = () => runs.filter((run) => run.at >= from);
    await waitFor('an occurrence after the first', async () => counted().length >= 1, 150_000, 500);
    // A few seconds for the other instance's run of the same occurrence, if it made one.
    await new Promise((resolve) => setTimeout(resolve, 5000));
    const perMinute = new Map<number, number>();
    for (const run of counted()) perMinute.set(minute(run), (perMinute.get(minute(run)) ?? 0) + 1);
    // Once per instance would be two runs a minute.
    expect([...perMinute.values()]).toEqual(Array.from({ length: perMinute.size }, () => 1));
    expect(perMinute.size).toBeGreaterThanOrEqual(1);
  }, 180_000);

  it('keeps one schedule row per job, however many instances registered it', async () => {
    const rows = await first
      .em()
      .getConnection()
      .execute<{ name: string; count: number }[]>(
        `select name, count(*)::int as count from ${JOBS_SCHEMA}.schedule group by name order by name`,
      );
    expect(rows).toEqual(
      expect.arrayContaining([
        { name: 'campaign-runner', count: 1 },
        { name: 'engagement-nightly', count: 1 },
        { name: 'month-end-snapshot', count: 1 },
        { name: 'probe-tick', count: 1 },
        { name: 'rate-limit-cleanup', count: 1 },
        { name: 'risk-nightly', count: 1 },
        { name: 'weekly-digest', count: 1 },
      ]),
    );
  });

  it('works each queued job once, in whichever instance takes it', async () => {
    const probe = first.app.get(Probe);
    const ids = await Promise.all([1, 2, 3, 4, 5, 6].map((n) => probe.jobs.send('probe-work', { n })));
    await waitFor('the jobs to be worked', async () => worked.length >= 6, 30_000);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(worked.map((w) => w.id).sort()).toEqual([...ids].sort());
    expect(worked.map((w) => w.n).sort()).toEqual([1, 2, 3, 4, 5, 6]);
  }, 60_000);
});
