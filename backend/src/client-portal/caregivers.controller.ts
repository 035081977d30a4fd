import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import {
  ApiBadRequestResponse,
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
import { CaregiversService } from './caregivers.service.js';
import { CaregiverDto, CaregiverInputDto } from './dto/caregiver.dto.js';

@ApiTags('client portal: caregivers')
@Controller('client/caregivers')
@ClientOnly()
export class CaregiversController {
  constructor(private readonly caregivers: CaregiversService) {}

  @Get()
  @ApiOperation({ summary: 'The client’s caregivers (up to three) and whether each agreed to alerts' })
  @ApiOkResponse({ type: [CaregiverDto] })
  list(@CurrentClientAccount() account: ClientAccount): Promise<CaregiverDto[]> {
    return this.caregivers.list(account);
  }

  @Post()
  @ApiOperation({ summary: 'Adds a caregiver and texts them an invitation (they reply YES to get alerts)' })
  @ApiCreatedResponse({ type: CaregiverDto })
  @ApiBadRequestResponse({ description: 'A missing name or an invalid phone number' })
  @ApiConflictResponse({ description: 'Already three caregivers, or this number is already on the list' })
  add(@CurrentClientAccount() account: ClientAccount, @Body() body: CaregiverInputDto): Promise<CaregiverDto> {
    return this.caregivers.add(account, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiOperation({ summary: 'Removes a caregiver: nothing more is sent to them' })
  @ApiNoContentResponse({ description: 'Removed; nothing more is sent to them' })
  @ApiNotFoundResponse({ description: 'Not this client’s caregiver' })
  remove(@CurrentClientAccount() account: ClientAccount, @Param('id') id: string): Promise<void> {
    return this.caregivers.remove(account, id);
  }
}
