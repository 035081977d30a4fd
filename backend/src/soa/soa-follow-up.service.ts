import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';

import { Clock } from '../common/clock.js';
import { JobsService } from '../jobs/jobs.service.js';
import { TASK_TITLES } from '../tasks/task-titles.js';
import { TasksService } from '../tasks/tasks.service.js';
import { SoaRepository } from './soa.repository.js';

/** How many missed appointments one run follows up at most (the next run takes the rest). */
const PER_RUN = 500;

/**
 * A missed appointment (issue 51): once an appointment has passed by an hour with its Scope of
 * Appointment still unsigned, its agent gets a task to reschedule it, high priority, due at once —
 * one per SOA (the SOA's trail records it). Hourly, on the job engine.
 */
@Injectable()
export class SoaFollowUpService implements OnApplicationBootstrap {
  private readonly logger = new Logger('SoaFollowUp');

  constructor(
    private readonly soas: SoaRepository,
    private readonly tasks: TasksService,
    private readonly jobs: JobsService,
    private readonly clock: Clock,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.jobs.schedule('soa-missed', '20 * * * *', async () => {
      const made = await this.followUpMissed();
      if (made) this.logger.log({ made }, 'Tasks made for missed appointments');
    });
  }

  /** Makes the tasks for the appointments missed so far; answers how many. */
  async followUpMissed(): Promise<number> {
    const now = this.clock.now();
    const missed = await this.soas.missedWithoutTask(now, PER_RUN);
    for (const soa of missed) {
      // The task first: should the trail's step fail, the next run makes a second task rather than none.
      await this.tasks.createForClient({
        agencyId: soa.broker_id,
        clientId: soa.client_id,
        title: TASK_TITLES[soa.language].soaMissed(soa.client_name),
        dueAt: now,
        source: 'soa_missed',
        assigneeMemberId: soa.agent_member_id ?? undefined,
        priority: 'high',
      });
      await this.soas.addToTrail(soa.id, { event: 'missed', at: now.toISOString() });
    }
    return missed.length;
  }
}
