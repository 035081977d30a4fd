import { Module } from '@nestjs/common';

import { AgencyLogModule } from '../agency-log/agency-log.module.js';
import { ClientsModule } from '../clients/clients.module.js';
import { DeliveryModule } from '../delivery/delivery.module.js';
import { MessagingModule } from '../messaging/messaging.module.js';
import { InteractionsService } from './interactions.service.js';
import { TaskRemindersService } from './task-reminders.service.js';
import { TaskRulesService } from './task-rules.service.js';
import { ClientInteractionsController, ClientTasksController, TasksController } from './tasks.controller.js';
import { TasksRepository } from './tasks.repository.js';
import { TasksService } from './tasks.service.js';

/**
 * Tasks, follow-ups, the call and meeting log, and the task rules (issue 51, docs/tasks.md). Other
 * modules make a task about a client through the exported `TasksService.createForClient` (the SOA
 * module for a missed appointment).
 */
@Module({
  imports: [ClientsModule, AgencyLogModule, DeliveryModule, MessagingModule],
  controllers: [TasksController, ClientTasksController, ClientInteractionsController],
  providers: [TasksRepository, TasksService, TaskRulesService, TaskRemindersService, InteractionsService],
  exports: [TasksService],
})
export class TasksModule {}
