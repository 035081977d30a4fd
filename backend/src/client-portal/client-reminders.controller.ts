import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';

import { ClientOnly, CurrentClientAccount } from '../auth/access.decorators.js';
import type { ClientAccount } from '../auth/client-account.entity.js';
import { ClientRemindersService } from './client-reminders.service.js';
import { ClientReminderDto, CreateClientReminderDto } from './dto/client-reminder.dto.js';

@ApiTags('client portal: reminders')
@Controller('client/reminders')
@ClientOnly()
export class ClientRemindersController {
  constructor(private readonly reminders: ClientRemindersService) {}

  @Get()
  @ApiOperation({ summary: 'The signed-in client’s own reminders' })
  @ApiOkResponse({ type: [ClientReminderDto] })
  list(@CurrentClientAccount() account: ClientAccount): Promise<ClientReminderDto[]> {
    return this.reminders.list(account);
  }

  @Post()
  @ApiOperation({ summary: 'Schedules a reminder for the client, once or recurring' })
  @ApiCreatedResponse({ type: ClientReminderDto })
  create(@CurrentClientAccount() account: ClientAccount, @Body() body: CreateClientReminderDto): Promise<ClientReminderDto> {
    return this.reminders.create(account, body);
  }

  @Post(':id/pause')
  @HttpCode(200)
  @ApiOperation({ summary: 'Pauses one of the client’s reminders: none of its calls or texts go out until it is resumed' })
  @ApiOkResponse({ type: ClientReminderDto, description: 'Paused (a reminder already paused is answered unchanged)' })
  @ApiNotFoundResponse({ description: 'Not this client’s reminder' })
  @ApiConflictResponse({ description: 'A reminder with no time still to come (finished) cannot be paused' })
  pause(@CurrentClientAccount() account: ClientAccount, @Param('id') id: string): Promise<ClientReminderDto> {
    return this.reminders.pause(account, id);
  }

  @Post(':id/resume')
  @HttpCode(200)
  @ApiOperation({ summary: 'Resumes a paused reminder from its next time still to come (times missed while paused are not sent)' })
  @ApiOkResponse({ type: ClientReminderDto, description: 'Active again (a reminder not paused is answered unchanged)' })
  @ApiNotFoundResponse({ description: 'Not this client’s reminder' })
  @ApiConflictResponse({ description: 'No time left: a one-time reminder whose time passed while paused, or a recurring one that ended' })
  resume(@CurrentClientAccount() account: ClientAccount, @Param('id') id: string): Promise<ClientReminderDto> {
    return this.reminders.resume(account, id);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiOperation({ summary: 'Deletes one of the client’s pending reminders' })
  @ApiNoContentResponse({ description: 'Deleted' })
  @ApiConflictResponse({ description: 'Only pending reminders can be deleted' })
  remove(@CurrentClientAccount() account: ClientAccount, @Param('id') id: string): Promise<void> {
    return this.reminders.remove(account, id);
  }
}
