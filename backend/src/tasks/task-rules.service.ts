import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';

import type { Actor } from '../agency-log/actor.js';
import { AgencyLogService } from '../agency-log/agency-log.service.js';
import { Clock } from '../common/clock.js';
import { JobsService } from '../jobs/jobs.service.js';
import type { TaskRulesDto, UpdateTaskRulesDto } from './dto/task.dto.js';
import {
  addDays,
  atHour,
  localDay,
  reviewCallDay,
  reviewCallYear,
  sixtyFifthBirthday,
  TURNING_65_DAYS,
  turning65Day,
  WELCOME_CALL_DAYS,
  welcomeCallDay,
} from './task-dates.js';
import { TASK_TITLES } from './task-titles.js';
import { TasksRepository } from './tasks.repository.js';

/** How many tasks a run made, by rule. */
export interface RulesRunSummary {
  welcomeCall: number;
  reviewCall: number;
  turning65: number;
}

/**
 * The rules an agency switches on (owners, Team page), and the run that makes their tasks: a
 * welcome call for a policy taking effect within 30 days, a review call before the plan year ends,
 * a call for a client turning 65 within 90 days (docs/tasks.md). Each task carries its rule's key,
 * unique per agency, so any number of runs or instances makes it once. It runs every hour: each
 * agency's day begins in its own zone.
 */
@Injectable()
export class TaskRulesService implements OnApplicationBootstrap {
  private readonly logger = new Logger('TaskRules');

  constructor(
    private readonly em: EntityManager,
    private readonly tasks: TasksRepository,
    private readonly log: AgencyLogService,
    private readonly jobs: JobsService,
    private readonly clock: Clock,
  ) {}

  async get(agencyId: string): Promise<TaskRulesDto> {
    const rules = await this.tasks.rules(agencyId);
    return { welcomeCall: rules.welcome_call, reviewCall: rules.review_call, turning65: rules.turning65 };
  }

  async update(actor: Actor, input: UpdateTaskRulesDto): Promise<TaskRulesDto> {
    const before = await this.get(actor.agencyId);
    const after: TaskRulesDto = {
      welcomeCall: input.welcomeCall ?? before.welcomeCall,
      reviewCall: input.reviewCall ?? before.reviewCall,
      turning65: input.turning65 ?? before.turning65,
    };
    const changed = (Object.keys(after) as (keyof TaskRulesDto)[]).filter((key) => after[key] !== before[key]);
    await this.em.transactional(async (em) => {
      await this.tasks.saveRules(
        actor.agencyId,
        { welcome_call: after.welcomeCall, review_call: after.reviewCall, turning65: after.turning65 },
        em,
      );
      if (changed.length > 0) {
        this.log.record(em, actor, {
          action: 'task_rules_changed',
          targetType: 'agency',
          targetId: actor.agencyId,
          summary: `Changed the automatic tasks: ${changed.map((key) => `${key} ${after[key] ? 'on' : 'off'}`).join(', ')}`,
          before: Object.fromEntries(changed.map((key) => [key, before[key]])),
          after: Object.fromEntries(changed.map((key) => [key, after[key]])),
        });
        await em.flush();
      }
    });
    return after;
  }

  /** Makes the tasks due at `now` (the Clock's time unless given) for every agency with a rule on. */
  async run(now = this.clock.now()): Promise<RulesRunSummary> {
    const summary: RulesRunSummary = { welcomeCall: 0, reviewCall: 0, turning65: 0 };
    for (const agency of await this.tasks.agenciesWithRules()) {
      try {
        const today = localDay(now, agency.time_zone);
        const titles = TASK_TITLES[agency.language];
        const add = async (
          rows: { client_id: string; first_name: string; last_name: string; key: string; day: string; assignee_member_id: string | null }[],
          source: 'rule_welcome_call' | 'rule_review_call' | 'rule_turning_65',
          title: (name: string) => string,
          dueDay: (row: { day: string }) => string,
        ) => {
          let made = 0;
          for (const row of rows) {
            const added = await this.tasks.addRuleTask({
              agencyId: agency.id,
              clientId: row.client_id,
              title: title(`${row.first_name} ${row.last_name}`),
              dueAt: atHour(dueDay(row), agency.time_zone),
              assignee: row.assignee_member_id,
              source,
              key: row.key,
            });
            if (added) made += 1;
          }
          return made;
        };
        if (agency.welcome_call) {
          const rows = await this.tasks.welcomeCalls(agency.id, today, addDays(today, WELCOME_CALL_DAYS));
          summary.welcomeCall += await add(rows, 'rule_welcome_call', titles.welcomeCall, (row) => welcomeCallDay(today, row.day));
        }
        const year = reviewCallYear(today);
        if (agency.review_call && year !== null) {
          const rows = await this.tasks.reviewCalls(agency.id, year);
          summary.reviewCall += await add(rows, 'rule_review_call', titles.reviewCall, () => reviewCallDay(today, year));
        }
        if (agency.turning65) {
          // The birthday is the date of birth plus 65 years (as the database adds them).
          const rows = await this.tasks.turning65(agency.id, today, addDays(today, TURNING_65_DAYS));
          summary.turning65 += await add(rows, 'rule_turning_65', titles.turning65, (row) =>
            turning65Day(today, sixtyFifthBirthday(row.day)),
          );
        }
      } catch (error) {
        this.logger.warn({ err: error, brokerId: agency.id }, 'The automatic tasks could not be made');
      }
    }
    return summary;
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.jobs.schedule('task-rules', '10 * * * *', async () => {
      const summary = await this.run();
      if (summary.welcomeCall || summary.reviewCall || summary.turning65) this.logger.log(summary, 'Automatic tasks made');
    });
  }
}
