import { Module } from '@nestjs/common';

import { AgencyLogModule } from '../agency-log/agency-log.module.js';
import { ProfileController } from './profile.controller.js';
import { UsersService } from './users.service.js';

@Module({
  imports: [AgencyLogModule],
  controllers: [ProfileController],
  providers: [UsersService],
  exports: [UsersService],
})
export class UsersModule {}
