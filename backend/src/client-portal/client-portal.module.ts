import { Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';

import { AuthModule } from '../auth/auth.module.js';
import { ClientsModule } from '../clients/clients.module.js';
import { ConsentLedgerModule } from '../consent/consent-ledger.module.js';
import { DeliveryModule } from '../delivery/delivery.module.js';
import { CaregiverLinksController } from './caregiver-links.controller.js';
import { CaregiversController } from './caregivers.controller.js';
import { CaregiversRepository } from './caregivers.repository.js';
import { CaregiversService } from './caregivers.service.js';
import { ClientAuthController } from './client-auth.controller.js';
import { ClientAuthService } from './client-auth.service.js';
import { ClientReminderDeliveries } from './client-reminder-deliveries.js';
import { ClientRemindersController } from './client-reminders.controller.js';
import { ClientRemindersRepository } from './client-reminders.repository.js';
import { ClientRemindersService } from './client-reminders.service.js';
import { ClientSettingsController } from './client-settings.controller.js';
import { ContactChangesController } from './contact-changes.controller.js';
import { MedicationsController } from './medications.controller.js';
import { MedicationsService } from './medications.service.js';
import { SpanishErrorsInterceptor } from './spanish-errors.js';

/** The client portal: client accounts and sign-in (health data joins here, behind the client's own routes). */
@Module({
  imports: [AuthModule, ClientsModule, DeliveryModule, ConsentLedgerModule],
  controllers: [
    ClientSettingsController,
    ClientAuthController,
    ClientRemindersController,
    ContactChangesController,
    MedicationsController,
    CaregiversController,
    CaregiverLinksController,
  ],
  providers: [
    // The portal's errors in Spanish when it asks in Spanish.
    { provide: APP_INTERCEPTOR, useClass: SpanishErrorsInterceptor },
    ClientAuthService,
    ClientRemindersService,
    ClientRemindersRepository,
    ClientReminderDeliveries,
    MedicationsService,
    CaregiversService,
    CaregiversRepository,
  ],
})
export class ClientPortalModule {}
