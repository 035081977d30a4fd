import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';

import { TokenScopes } from '../api-tokens/scopes.js';
import { BrokerOnly, CurrentUser } from '../auth/access.decorators.js';
import type { User } from '../users/user.entity.js';
import { RetentionDto } from './dto/retention.dto.js';
import { StatsDto } from './dto/stats.dto.js';
import { RetentionService } from './retention.service.js';
import { StatsService } from './stats.service.js';

@ApiTags('stats')
@Controller('stats')
@TokenScopes({ read: 'analytics:read' })
@BrokerOnly()
export class StatsController {
  constructor(
    private readonly stats: StatsService,
    private readonly retention: RetentionService,
  ) {}

  @Get()
  @ApiOperation({ summary: 'The broker dashboard’s figures' })
  @ApiOkResponse({ type: StatsDto })
  get(@CurrentUser() user: User): Promise<StatsDto> {
    return this.stats.forBroker(user);
  }

  @Get('retention')
  @ApiOperation({
    summary: 'Client retention: the last 12 months, the last two AEPs (15 October – 7 December), and why clients left',
    description:
      'A client counts as retained in a period when active at its start and still active at its end; clients made inactive ' +
      'or deleted count as lost, with the reason the broker gave. Months follow the broker’s time zone; the current month and ' +
      'a running AEP count up to now.',
  })
  @ApiOkResponse({ type: RetentionDto })
  retentionFigures(@CurrentUser() user: User): Promise<RetentionDto> {
    return this.retention.forBroker(user.id);
  }
}
