import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiConflictResponse, ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';

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

  @Delete(':id')
  @HttpCode(204)
  @ApiOperation({ summary: 'Deletes one of the client’s pending reminders' })
  @ApiNoContentResponse({ description: 'Deleted' })
  @ApiConflictResponse({ description: 'Only pending reminders can be deleted' })
  remove(@CurrentClientAccount() account: ClientAccount, @Param('id') id: string): Promise<void> {
    return this.reminders.remove(account, id);
  }
}
