import { Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';

import { AuthModule } from '../auth/auth.module.js';
import { BrandingModule } from '../branding/branding.module.js';
import { ClientsModule } from '../clients/clients.module.js';
import { ConsentLedgerModule } from '../consent/consent-ledger.module.js';
import { DeliveryModule } from '../delivery/delivery.module.js';
import { MessagingModule } from '../messaging/messaging.module.js';
import { RateLimitStorageModule } from '../rate-limit/rate-limit.module.js';
import { BrokerPasswordResetsController } from './broker-password-resets.controller.js';
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
import { PasswordResetsRepository } from './password-resets.repository.js';
import { PasswordResetsService } from './password-resets.service.js';
import { SpanishErrorsInterceptor } from './spanish-errors.js';

/** The client portal: client accounts, sign-in and password reset (health data joins here, behind the client's own routes). */
@Module({
  imports: [AuthModule, ClientsModule, DeliveryModule, ConsentLedgerModule, MessagingModule, BrandingModule, RateLimitStorageModule],
  controllers: [
    ClientSettingsController,
    ClientAuthController,
    ClientRemindersController,
    ContactChangesController,
    MedicationsController,
    CaregiversController,
    CaregiverLinksController,
    BrokerPasswordResetsController,
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
    PasswordResetsService,
    PasswordResetsRepository,
  ],
})
export class ClientPortalModule {}
