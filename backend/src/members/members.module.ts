import { Module } from '@nestjs/common';

import { AgencyLogModule } from '../agency-log/agency-log.module.js';
import { MessagingModule } from '../messaging/messaging.module.js';
import { MembersController } from './members.controller.js';
import { MembersService } from './members.service.js';

@Module({
  imports: [MessagingModule, AgencyLogModule],
  controllers: [MembersController],
  providers: [MembersService],
  exports: [MembersService],
})
export class MembersModule {}
