import { Injectable, Module, type OnApplicationBootstrap } from '@nestjs/common';

import { JOBS_SCHEMA, JobsService } from '../src/jobs/jobs.service.js';
import { waitFor } from './helpers/built-app.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/** What the two instances did, shared because both run in this test's process. */
const runs: { instance: number }[] = [];
const worked: { instance: number; id: string; n: number }[] = [];
let instances = 0;

/** A schedule every minute (pg-boss's finest: one job per minute slot) and a background queue, registered by each instance as a feature module would. */
@Injectable()
class Probe implements OnApplicationBootstrap {
  readonly instance = ++instances;
  constructor(readonly jobs: JobsService) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.jobs.schedule('probe-tick', '* * * * *', async () => {
      runs.push({ instance: this.instance });
    });
    await this.jobs.work<{ n: number }>('probe-work', async (job) => {
      worked.push({ instance: this.instance, id: job.id, n: job.data.n });
    });
  }
}

@Module({ providers: [Probe], exports: [Probe] })
class ProbeModule {}

const ENV = { JOB_SCHEDULES: '1', JOB_SCHEDULE_CHECK_SECONDS: '1' };

/** pg-boss's forwarding queue: a due occurrence is filed there once, under its schedule and minute, then sent on. */
const SEND_IT = '__pgboss__send-it';

interface ScheduleState {
  /** probe-tick occurrences filed and not sent on yet, and probe-tick jobs not finished yet. */
  pending: number;
  /** probe-tick jobs finished. */
  done: number;
  /** Whether the instances have looked for due occurrences since the last registration and the last finished run. */
  checkedSince: boolean;
  /** How many times each occurrence (minute) of probe-tick was filed. */
  filed: { minute: string; times: number }[];
}

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

  /** The schedule's jobs as the database holds them, read in one statement. */
  async function scheduleState(): Promise<ScheduleState> {
    const [state] = await first
      .em()
      .getConnection()
      .execute<ScheduleState[]>(
        `with ticks as (select state, completed_on from ${JOBS_SCHEMA}.job where name = 'probe-tick'),
              filed as (select state, singleton_on from ${JOBS_SCHEMA}.job where name = ? and data->>'name' = 'probe-tick')
         select (select count(*) from ticks where state not in ('completed', 'failed', 'cancelled'))::int
                  + (select count(*) from filed where state not in ('completed', 'failed', 'cancelled'))::int as "pending",
                (select count(*) from ticks where state = 'completed')::int as "done",
                coalesce((select cron_on from ${JOBS_SCHEMA}.version)
                  > greatest((select updated_on from ${JOBS_SCHEMA}.schedule where name = 'probe-tick'), (select max(completed_on) from ticks)),
                  false) as "checkedSince",
                (select coalesce(json_agg(json_build_object('minute', minute, 'times', times) order by minute), '[]'::json)
                   from (select singleton_on::text as minute, count(*)::int as times from filed group by singleton_on) occurrences) as "filed"`,
        [SEND_IT],
      );
    return state;
  }

  it('runs each occurrence of a schedule once across two instances', async () => {
    // Each instance looks for due occurrences every second, and the minute a schedule is made in is
    // due at once. Waited for: every occurrence filed so far has run, and the instances have looked
    // again since both registered the schedule and since the last run ended, while that minute was
    // still due (or the next one was, which is then waited for in turn).
    let state: ScheduleState | undefined;
    let ran = 0;
    await waitFor('the occurrences to run and the instances to look again', async () => {
      ran = runs.length;
      state = await scheduleState();
      return state.pending === 0 && state.done >= 1 && state.checkedSince && runs.length === ran;
    });
    // Filed once per minute, however many times the instances found it due, and run once per job:
    // once per instance would be two jobs, or two runs, for a minute.
    expect(state!.filed.length).toBeGreaterThanOrEqual(1);
    expect(state!.filed.filter((occurrence) => occurrence.times !== 1)).toEqual([]);
    expect(state!.done).toBe(state!.filed.length);
    expect(ran).toBe(state!.done);
  });

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
    // Completed is a job's last state: no instance takes it again after that.
    await waitFor('the jobs to be completed', async () => {
      const [{ completed }] = await first
        .em()
        .getConnection()
        .execute<{ completed: number }[]>(
          `select count(*)::int as completed from ${JOBS_SCHEMA}.job where name = 'probe-work' and state = 'completed' and id in (?)`,
          [ids],
        );
      return completed === ids.length;
    });
    expect(worked.map((w) => w.id).sort()).toEqual([...ids].sort());
    expect(worked.map((w) => w.n).sort()).toEqual([1, 2, 3, 4, 5, 6]);
  });
});
