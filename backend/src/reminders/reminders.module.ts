import { Module } from '@nestjs/common';

import { AgencyLogModule } from '../agency-log/agency-log.module.js';
import { ClientsModule } from '../clients/clients.module.js';
import { DeliveryModule } from '../delivery/delivery.module.js';
import { ReminderDeliveries } from './reminder-deliveries.js';
import { RemindersController } from './reminders.controller.js';
import { RemindersRepository } from './reminders.repository.js';
import { RemindersService } from './reminders.service.js';

/** Brokers' one-time reminders; sent by the delivery engine, which hands back their outcome. */
@Module({
  imports: [ClientsModule, DeliveryModule, AgencyLogModule],
  controllers: [RemindersController],
  providers: [RemindersService, RemindersRepository, ReminderDeliveries],
})
export class RemindersModule {}
