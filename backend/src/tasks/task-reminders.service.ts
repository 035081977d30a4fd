import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { DateTime } from 'luxon';

import { Clock } from '../common/clock.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { JobsService } from '../jobs/jobs.service.js';
import { EMAIL_SENDER, type EmailSender } from '../messaging/messaging.ports.js';
import { composeTaskReminder } from './task-reminder-email.js';
import { TasksRepository } from './tasks.repository.js';

export const TASK_REMINDER_PURPOSE = 'task-reminder';
/** The hour of the morning (agency's zone) at which each member gets the e-mail of their tasks. */
export const TASK_REMINDER_HOUR = 7;

/**
 * The morning e-mail of a member's tasks: at 07:00 in the agency's zone, to each member who has
 * tasks due that day or overdue (none when they have none), once a day (task_reminder_emails),
 * through the same e-mail port as the weekly digest.
 */
@Injectable()
export class TaskRemindersService implements OnApplicationBootstrap {
  private readonly logger = new Logger('TaskReminders');

  constructor(
    private readonly tasks: TasksRepository,
    private readonly jobs: JobsService,
    @Inject(EMAIL_SENDER) private readonly email: EmailSender,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  /** Sends the e-mails due at `now` (the Clock's time unless given); answers how many were sent. */
  async runDue(now = this.clock.now()): Promise<number> {
    let sent = 0;
    for (const member of await this.tasks.dueMembers(now, TASK_REMINDER_HOUR)) {
      if (!(await this.tasks.claimEmail(member.id, member.day, now))) continue;
      try {
        const dayStart = DateTime.fromISO(member.day, { zone: member.time_zone }).startOf('day');
        const rows = await this.tasks.memberTasks(member.id, dayStart.plus({ days: 1 }).toJSDate());
        const mail = composeTaskReminder({
          language: member.language,
          firstName: member.first_name,
          day: member.day,
          timeZone: member.time_zone,
          appUrl: this.config.appUrl,
          tasks: rows.map((row) => ({
            title: row.title,
            dueAt: new Date(row.due_at),
            clientName: row.client_name,
            overdue: new Date(row.due_at) < dayStart.toJSDate(),
          })),
        });
        await this.email.sendEmail({ to: member.email, purpose: TASK_REMINDER_PURPOSE, brokerId: member.agency_id, ...mail });
        sent += 1;
      } catch (error) {
        this.logger.warn({ err: error, brokerId: member.agency_id, memberId: member.id }, 'Task reminder could not be sent');
        await this.tasks.releaseEmail(member.id, member.day);
      }
    }
    return sent;
  }

  /** Every hour: each agency's 07:00 comes in its own zone. */
  async onApplicationBootstrap(): Promise<void> {
    await this.jobs.schedule('task-reminders', '2 * * * *', () => this.runDue());
  }
}
