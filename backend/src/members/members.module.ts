import { Module } from '@nestjs/common';

import { AgencyLogModule } from '../agency-log/agency-log.module.js';
import { MessagingModule } from '../messaging/messaging.module.js';
import { MembersController } from './members.controller.js';
import { MembersService } from './members.service.js';
import { TeamSettingsController } from './team-settings.controller.js';

@Module({
  imports: [MessagingModule, AgencyLogModule],
  controllers: [MembersController, TeamSettingsController],
  providers: [MembersService],
  exports: [MembersService],
})
export class MembersModule {}
