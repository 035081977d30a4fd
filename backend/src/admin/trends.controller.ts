import { Controller, Get, Param } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';

import { TokenScopes } from '../api-tokens/scopes.js';
import { AdminOnly } from '../auth/access.decorators.js';
import { BrokerTrendsDto, PlatformTrendsDto } from './dto/trends.dto.js';
import { TrendsService } from './trends.service.js';

/** The admin's trends: the platform's and each broker's last 12 months (docs/admin.md "Trends"). */
@ApiTags('admin')
@Controller('admin')
@TokenScopes({ read: 'admin:read', write: 'admin:write' })
@AdminOnly()
export class TrendsController {
  constructor(private readonly trends: TrendsService) {}

  @Get('trends')
  @ApiOperation({
    summary: 'The platform’s last 12 months, oldest first: MRR, active brokers, trial conversions and churned brokers (null: no data)',
  })
  @ApiOkResponse({ type: PlatformTrendsDto })
  platform(): Promise<PlatformTrendsDto> {
    return this.trends.platformTrends();
  }

  @Get('brokers/:id/trends')
  @ApiOperation({ summary: 'One broker’s last 12 months, oldest first: active and total clients, and revenue (null: no data)' })
  @ApiOkResponse({ type: BrokerTrendsDto })
  @ApiNotFoundResponse({ description: 'Broker not found' })
  broker(@Param('id') id: string): Promise<BrokerTrendsDto> {
    return this.trends.brokerTrends(id);
  }
}
