import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';

import type { Actor } from '../agency-log/actor.js';
import { TokenScopes } from '../api-tokens/scopes.js';
import { BrokerOnly, CurrentActor, CurrentBook, CurrentUser } from '../auth/access.decorators.js';
import { RequiresSubscription } from '../auth/subscription.guard.js';
import { ApiListQuery, ListParams } from '../common/list-params.decorator.js';
import type { ListQuery, ListResult } from '../common/list-query.js';
import type { ClientBook } from '../members/book.js';
import { MemberMay } from '../members/member-rule.js';
import type { User } from '../users/user.entity.js';
import { CreateReminderDto, ExecuteResultDto, ReminderDto, UpdateReminderDto } from './dto/reminder.dto.js';
import { REMINDER_LIST_RULES, RemindersService } from './reminders.service.js';

@ApiTags('reminders')
@Controller('reminders')
@TokenScopes({ read: 'reminders:read', write: 'reminders:write' })
@BrokerOnly()
@MemberMay({ write: 'reminders:write' })
export class RemindersController {
  constructor(private readonly reminders: RemindersService) {}

  @Get()
  @ApiOperation({ summary: 'The broker’s reminders (never the clients’ own)' })
  @ApiListQuery(REMINDER_LIST_RULES, {
    type: ReminderDto,
    resource: 'reminders',
    filterExample: { status: 'pending', scheduledFrom: '2026-12-01T00:00:00.000Z' },
  })
  list(@CurrentBook() book: ClientBook, @ListParams(REMINDER_LIST_RULES) query: ListQuery): Promise<ListResult<ReminderDto>> {
    return this.reminders.list(book, query);
  }

  @Post()
  @ApiOperation({ summary: 'Schedules a one-time reminder with a generic message' })
  @ApiCreatedResponse({ type: ReminderDto })
  @ApiBadRequestResponse({
    description: 'Please select a client / Invalid date or time / Scheduled time must be in the future / a health word',
  })
  create(
    @CurrentUser() user: User,
    @CurrentBook() book: ClientBook,
    @CurrentActor() actor: Actor,
    @Body() body: CreateReminderDto,
  ): Promise<ReminderDto> {
    return this.reminders.create(user, book, actor, body);
  }

  @Get(':id')
  @ApiOperation({ summary: 'One of the broker’s reminders' })
  @ApiOkResponse({ type: ReminderDto })
  @ApiNotFoundResponse({ description: 'Reminder not found (or another broker’s)' })
  findOne(@CurrentBook() book: ClientBook, @Param('id') id: string): Promise<ReminderDto> {
    return this.reminders.findOne(book, id);
  }

  @Put(':id')
  @ApiOperation({ summary: 'Changes a pending reminder that has not been sent (client, time, method, message)' })
  @ApiOkResponse({ type: ReminderDto })
  @ApiBadRequestResponse({ description: 'The same checks as a new reminder, with errors: { field: message }' })
  @ApiNotFoundResponse({ description: 'Reminder not found (or another broker’s)' })
  @ApiConflictResponse({ description: 'Already sent: it can no longer be changed' })
  update(
    @CurrentUser() user: User,
    @CurrentBook() book: ClientBook,
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Body() body: UpdateReminderDto,
  ): Promise<ReminderDto> {
    return this.reminders.update(user, book, actor, id, body);
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Cancels a pending reminder that has not been sent; answers it as it was' })
  @ApiOkResponse({ type: ReminderDto })
  @ApiNotFoundResponse({ description: 'Reminder not found (or another broker’s)' })
  @ApiConflictResponse({ description: 'Already sent: it can no longer be cancelled' })
  cancel(@CurrentBook() book: ClientBook, @CurrentActor() actor: Actor, @Param('id') id: string): Promise<ReminderDto> {
    return this.reminders.cancel(book, actor, id);
  }

  @Post('execute')
  @HttpCode(200)
  @RequiresSubscription()
  @ApiOperation({ summary: 'Sends the broker’s pending reminders that are due now' })
  @ApiOkResponse({ type: ExecuteResultDto })
  async execute(@CurrentUser() user: User, @CurrentActor() actor: Actor): Promise<ExecuteResultDto> {
    return { count: await this.reminders.executeDue(user, actor) };
  }
}
