import { Controller, Get, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';

import { BrokerOnly, CurrentUser } from '../auth/access.decorators.js';
import type { User } from '../users/user.entity.js';
import { ActivityService } from './activity.service.js';
import { ACTIVITY_LIMIT_DEFAULT, ACTIVITY_LIMIT_MAX, ActivityItemDto, ActivityQueryDto } from './dto/activity.dto.js';

@ApiTags('activity')
@Controller('activity')
@BrokerOnly()
export class ActivityController {
  constructor(private readonly activity: ActivityService) {}

  @Get()
  @ApiOperation({
    summary: 'The broker’s latest events (reminders, campaigns, invitations, registrations, client engagement), newest first',
  })
  @ApiOkResponse({ type: [ActivityItemDto] })
  @ApiBadRequestResponse({ description: `limit is not a whole number from 1 to ${ACTIVITY_LIMIT_MAX}` })
  list(@CurrentUser() user: User, @Query() query: ActivityQueryDto): Promise<ActivityItemDto[]> {
    return this.activity.recent(user, query.limit === undefined ? ACTIVITY_LIMIT_DEFAULT : Number(query.limit));
  }
}
