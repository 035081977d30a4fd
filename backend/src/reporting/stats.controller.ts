import { Controller, Get, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';

import { TokenScopes } from '../api-tokens/scopes.js';
import { BrokerOnly, CurrentMember, type RequestMember } from '../auth/access.decorators.js';
import { bookInScope } from '../members/book.js';
import { RetentionDto } from './dto/retention.dto.js';
import { ScopeQueryDto } from './dto/scope.dto.js';
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
  @ApiBadRequestResponse({ description: 'scope is not mine or agency' })
  get(@CurrentMember() member: RequestMember, @Query() query: ScopeQueryDto): Promise<StatsDto> {
    return this.stats.forBook(bookInScope(member.book, member.id, query.scope));
  }

  @Get('retention')
  @ApiOperation({
    summary: 'Client retention: the last 12 months, the last two AEPs (15 October – 7 December), and why clients left',
    description:
      'A client counts as retained in a period when active at its start and still active at its end; clients made inactive ' +
      'or deleted count as lost, with the reason the broker gave. Months follow the broker’s time zone; the current month and ' +
      'a running AEP count up to now. With scope=mine: the clients assigned to the signed-in member, and those deleted while ' +
      'assigned to them. Once the book has a policy that is or was in force, the same figures count policies instead ' +
      '(basis: policies; docs/clients.md “Retention on policies”), with keptThroughAep and lostToAnotherAgent.',
  })
  @ApiOkResponse({ type: RetentionDto })
  @ApiBadRequestResponse({ description: 'scope is not mine or agency' })
  retentionFigures(@CurrentMember() member: RequestMember, @Query() query: ScopeQueryDto): Promise<RetentionDto> {
    return this.retention.forDashboard(bookInScope(member.book, member.id, query.scope));
  }
}
