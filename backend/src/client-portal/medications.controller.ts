import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';

import { ClientOnly, CurrentClientAccount } from '../auth/access.decorators.js';
import type { ClientAccount } from '../auth/client-account.entity.js';
import { HistoryItemDto, MedicationDto, MedicationInputDto, MyInfoDto } from './dto/medication.dto.js';
import { MedicationsService } from './medications.service.js';

@ApiTags('client portal: medications')
@Controller()
@ClientOnly()
export class MedicationsController {
  constructor(private readonly medications: MedicationsService) {}

  @Get('client-portal/my-info')
  @ApiOperation({ summary: 'The signed-in client’s overview: name, medications, upcoming reminders' })
  @ApiOkResponse({ type: MyInfoDto })
  myInfo(@CurrentClientAccount() account: ClientAccount): Promise<MyInfoDto> {
    return this.medications.myInfo(account);
  }

  @Get('client/medications')
  @ApiOkResponse({ type: [MedicationDto] })
  list(@CurrentClientAccount() account: ClientAccount): Promise<MedicationDto[]> {
    return this.medications.list(account);
  }

  @Post('client/medications')
  @ApiCreatedResponse({ type: MedicationDto })
  create(@CurrentClientAccount() account: ClientAccount, @Body() body: MedicationInputDto): Promise<MedicationDto> {
    return this.medications.create(account, body);
  }

  @Put('client/medications/:id')
  @ApiOkResponse({ type: MedicationDto })
  @ApiNotFoundResponse({ description: 'Not this client’s medication' })
  update(
    @CurrentClientAccount() account: ClientAccount,
    @Param('id') id: string,
    @Body() body: MedicationInputDto,
  ): Promise<MedicationDto> {
    return this.medications.update(account, id, body);
  }

  @Delete('client/medications/:id')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Deleted; its pending reminders are canceled' })
  @ApiNotFoundResponse({ description: 'Not this client’s medication' })
  remove(@CurrentClientAccount() account: ClientAccount, @Param('id') id: string): Promise<void> {
    return this.medications.remove(account, id);
  }

  @Get('client/history')
  @ApiOperation({ summary: 'Reminder occurrences of the last 90 days with their outcome' })
  @ApiOkResponse({ type: [HistoryItemDto] })
  history(@CurrentClientAccount() account: ClientAccount): Promise<HistoryItemDto[]> {
    return this.medications.history(account);
  }
}
