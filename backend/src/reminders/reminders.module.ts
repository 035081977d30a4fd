import { Module } from '@nestjs/common';

import { ClientsModule } from '../clients/clients.module.js';
import { MessagingModule } from '../messaging/messaging.module.js';
import { DispatcherScheduler } from './dispatcher.scheduler.js';
import { DispatcherService } from './dispatcher.service.js';
import { RemindersController } from './reminders.controller.js';
import { RemindersService } from './reminders.service.js';

/** Brokers' reminders and the dispatcher that sends every reminder occurrence. */
@Module({
  imports: [ClientsModule, MessagingModule],
  controllers: [RemindersController],
  providers: [RemindersService, DispatcherService, DispatcherScheduler],
  exports: [DispatcherService],
})
export class RemindersModule {}
