import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';

import { TokenScopes } from '../api-tokens/scopes.js';
import { BrokerOnly, CurrentUser } from '../auth/access.decorators.js';
import type { User } from '../users/user.entity.js';
import { StatsDto } from './dto/stats.dto.js';
import { StatsService } from './stats.service.js';

@ApiTags('stats')
@Controller('stats')
@TokenScopes({ read: 'analytics:read' })
@BrokerOnly()
export class StatsController {
  constructor(private readonly stats: StatsService) {}

  @Get()
  @ApiOperation({ summary: 'The broker dashboard’s figures' })
  @ApiOkResponse({ type: StatsDto })
  get(@CurrentUser() user: User): Promise<StatsDto> {
    return this.stats.forBroker(user);
  }
}
