import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';

import { TokenScopes } from '../api-tokens/scopes.js';
import { BrokerOnly, CurrentBook, CurrentMember, type RequestMember } from '../auth/access.decorators.js';
import { bookInScope, type ClientBook } from '../members/book.js';
import { ActivityService } from './activity.service.js';
import { ACTIVITY_LIMIT_DEFAULT, ACTIVITY_LIMIT_MAX, ActivityItemDto, ActivityQueryDto, TIMELINE_LIMIT } from './dto/activity.dto.js';

@ApiTags('activity')
@Controller('activity')
@TokenScopes({ read: 'analytics:read' })
@BrokerOnly()
export class ActivityController {
  constructor(private readonly activity: ActivityService) {}

  @Get()
  @ApiOperation({
    summary: 'The broker’s latest events (reminders, campaigns, invitations, registrations, client engagement), newest first',
  })
  @ApiOkResponse({ type: [ActivityItemDto] })
  @ApiBadRequestResponse({ description: `limit is not a whole number from 1 to ${ACTIVITY_LIMIT_MAX}, or scope is not mine or agency` })
  list(@CurrentMember() member: RequestMember, @Query() query: ActivityQueryDto): Promise<ActivityItemDto[]> {
    const limit = query.limit === undefined ? ACTIVITY_LIMIT_DEFAULT : Number(query.limit);
    return this.activity.recent(bookInScope(member.book, member.id, query.scope), limit);
  }
}

/** One client's timeline, on the client's page: served here, beside the dashboard's activity, from the same events. */
@ApiTags('clients')
@Controller('clients')
@TokenScopes({ read: 'clients:read' })
@BrokerOnly()
export class ClientTimelineController {
  constructor(private readonly activity: ActivityService) {}

  @Get(':id/timeline')
  @ApiOperation({
    summary: `What happened with one client, newest first (up to ${TIMELINE_LIMIT} events)`,
    description:
      'Added, invited, registered, the broker’s reminders made and confirmed, campaigns sent to them, opened and clicked, ' +
      'contact changes answered, marked inactive. Never a message’s words, never anything of the client’s own reminders.',
  })
  @ApiOkResponse({ type: [ActivityItemDto] })
  @ApiNotFoundResponse({ description: 'No such client for this broker' })
  timeline(@CurrentBook() book: ClientBook, @Param('id') id: string): Promise<ActivityItemDto[]> {
    return this.activity.clientTimeline(book, id);
  }
}
