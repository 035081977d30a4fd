import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';

import { ClientOnly, CurrentClientAccount } from '../auth/access.decorators.js';
import type { ClientAccount } from '../auth/client-account.entity.js';
import { ApiFileResponse } from '../common/api-file-response.js';
import { AdherenceDto, HistoryItemDto, MedicationDto, MedicationInputDto, MyInfoDto } from './dto/medication.dto.js';
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
  @ApiOperation({ summary: 'The signed-in client’s medications' })
  @ApiOkResponse({ type: [MedicationDto] })
  list(@CurrentClientAccount() account: ClientAccount): Promise<MedicationDto[]> {
    return this.medications.list(account);
  }

  @Post('client/medications')
  @ApiOperation({ summary: 'Adds a medication to the client’s list' })
  @ApiCreatedResponse({ type: MedicationDto })
  create(@CurrentClientAccount() account: ClientAccount, @Body() body: MedicationInputDto): Promise<MedicationDto> {
    return this.medications.create(account, body);
  }

  @Put('client/medications/:id')
  @ApiOperation({
    summary: 'Changes one of the client’s medications (the fields sent, checked as when adding)',
    description: 'Its reminders keep pointing at it, and a call or text that says its name says the new one.',
  })
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
  @ApiOperation({ summary: 'Removes one of the client’s medications and cancels its pending reminders' })
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

  @Get('client/adherence')
  @ApiOperation({ summary: 'The last 30 days: the share of reminders confirmed, for all and for each reminder, day by day' })
  @ApiOkResponse({ type: AdherenceDto })
  adherence(@CurrentClientAccount() account: ClientAccount): Promise<AdherenceDto> {
    return this.medications.adherence(account);
  }

  @Get('client/adherence.pdf')
  @ApiOperation({ summary: 'The reminder history as a PDF to print or give a doctor (30-day figures, 90 days of reminders)' })
  @ApiFileResponse({ mediaType: 'application/pdf', description: 'A PDF document', filename: 'reminder-history.pdf' })
  async adherencePdf(@CurrentClientAccount() account: ClientAccount, @Res() res: Response): Promise<void> {
    const pdf = await this.medications.adherencePdf(account);
    res
      .status(200)
      .set({
        'Content-Type': 'application/pdf',
        'Content-Disposition': 'attachment; filename="reminder-history.pdf"',
        // Health information: never kept by a shared cache or the browser's disk cache.
        'Cache-Control': 'no-store',
      })
      .send(pdf);
  }
}
