import { BadRequestException, Body, Controller, Get, HttpCode, Param, Post, Put, Query, Res, StreamableFile } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiQuery,
  ApiTags,
} from '@nestjs/swagger';
import type { Response } from 'express';

import { AGENCY_LOG_FILTER_EXAMPLE, agencyLogFilterNote } from '../agency-log/agency-log.controller.js';
import { AGENCY_LOG_LIST_RULES, AgencyLogService } from '../agency-log/agency-log.service.js';
import { AgencyEventDto } from '../agency-log/dto/agency-event.dto.js';
import { TokenScopes } from '../api-tokens/scopes.js';
import { AdminOnly, CurrentUser } from '../auth/access.decorators.js';
import { ApiListQuery, ListParams } from '../common/list-params.decorator.js';
import type { ListQuery, ListResult } from '../common/list-query.js';
import { ComplianceService } from '../reporting/compliance.service.js';
import { ComplianceReportDto } from '../reporting/dto/compliance.dto.js';
import type { User } from '../users/user.entity.js';
import { AdminService, BROKER_LIST_RULES } from './admin.service.js';
import {
  AdminAnalyticsDto,
  AdminBrokerDetailBrokerDto,
  AdminBrokerRowDto,
  AdminSubscriptionDto,
  AdminSubscriptionResultDto,
  BrokerDetailDto,
  ExtendTrialDto,
  SetTrialEndDto,
  SuspendBrokerDto,
} from './dto/admin.dto.js';

@ApiTags('admin')
@Controller('admin')
@TokenScopes({ read: 'admin:read', write: 'admin:write' })
@AdminOnly()
export class AdminController {
  constructor(
    private readonly admin: AdminService,
    private readonly complianceReports: ComplianceService,
    private readonly agencyLog: AgencyLogService,
  ) {}

  @Get('analytics')
  @ApiOperation({ summary: 'Platform revenue, brokers and upcoming trial expirations' })
  @ApiOkResponse({ type: AdminAnalyticsDto })
  analytics(): Promise<AdminAnalyticsDto> {
    return this.admin.analytics();
  }

  @Get('brokers')
  @ApiOperation({ summary: 'Brokers; search e-mail or name, filter by tier and status' })
  @ApiQuery({ name: 'search', required: false })
  @ApiQuery({ name: 'tier', required: false, enum: ['pmpm', 'flat', 'all'] })
  @ApiQuery({ name: 'status', required: false, enum: ['trial', 'active', 'past_due', 'canceled', 'all'] })
  @ApiListQuery(BROKER_LIST_RULES, { type: AdminBrokerRowDto, resource: 'brokers', filterExample: { tier: 'pmpm', status: 'active' } })
  brokers(
    @ListParams(BROKER_LIST_RULES) query: ListQuery,
    @Query('search') search?: string,
    @Query('tier') tier?: string,
    @Query('status') status?: string,
  ): Promise<ListResult<AdminBrokerRowDto>> {
    return this.admin.brokers(query, { search, tier, status });
  }

  @Get('brokers/:id')
  @ApiOperation({ summary: 'One broker: their account and subscription, dashboard figures, clients and the last admin actions' })
  @ApiOkResponse({ type: BrokerDetailDto })
  @ApiNotFoundResponse({ description: 'Broker not found' })
  detail(@Param('id') id: string): Promise<BrokerDetailDto> {
    return this.admin.detail(id);
  }

  @Get('brokers/:id/compliance')
  @ApiOperation({
    summary: 'A broker’s compliance report (as the broker sees it): consents, revocations, skipped sends, calling hours. No health data.',
  })
  @ApiQuery({ name: 'from', required: false, description: 'First day, YYYY-MM-DD' })
  @ApiQuery({ name: 'to', required: false, description: 'Last day, YYYY-MM-DD' })
  @ApiQuery({ name: 'format', required: false, enum: ['json', 'csv', 'pdf'] })
  @ApiOkResponse({ type: ComplianceReportDto })
  @ApiBadRequestResponse({ description: 'A bad period or format' })
  @ApiNotFoundResponse({ description: 'Broker not found' })
  async compliance(
    @Param('id') id: string,
    @Res({ passthrough: true }) res: Response,
    @Query('from') from?: string,
    @Query('to') to?: string,
    @Query('format') format?: string,
  ): Promise<ComplianceReportDto | StreamableFile> {
    if (format !== undefined && !['json', 'csv', 'pdf'].includes(format))
      throw new BadRequestException({ message: 'format must be json, csv or pdf', field: 'format' });
    const broker = await this.admin.findBroker(id);
    const report = await this.complianceReports.report(broker, from, to);
    if (!format || format === 'json') return report;
    const name = `compliance-${report.from}-${report.to}.${format}`;
    res.set('Content-Disposition', `attachment; filename="${name}"`);
    if (format === 'csv') {
      res.type('text/csv; charset=utf-8');
      return new StreamableFile(Buffer.from(this.complianceReports.csv(report)));
    }
    res.type('application/pdf');
    return new StreamableFile(await this.complianceReports.pdf(report));
  }

  @Get('brokers/:id/agency-log')
  @ApiOperation({
    summary: 'An agency’s activity log, as its owners see it: every change its members made, newest first',
    description: agencyLogFilterNote('the signed-in admin’s'),
  })
  @ApiListQuery(AGENCY_LOG_LIST_RULES, { type: AgencyEventDto, resource: 'agency-log', filterExample: AGENCY_LOG_FILTER_EXAMPLE })
  @ApiNotFoundResponse({ description: 'Broker not found' })
  async agencyActivity(
    @CurrentUser() admin: User,
    @Param('id') id: string,
    @ListParams(AGENCY_LOG_LIST_RULES) query: ListQuery,
  ): Promise<ListResult<AgencyEventDto>> {
    const agency = await this.admin.findBroker(id);
    return this.agencyLog.list(agency.id, query, admin.timeZone);
  }

  @Post('brokers/:id/trial')
  @HttpCode(200)
  @ApiOperation({ summary: 'Extends a trial by 1–90 days' })
  @ApiOkResponse({ type: AdminBrokerDetailBrokerDto })
  @ApiBadRequestResponse({ description: 'days is not a whole number from 1 to 90' })
  @ApiConflictResponse({ description: 'Only brokers on trial can be extended' })
  extendTrial(@CurrentUser() admin: User, @Param('id') id: string, @Body() body: ExtendTrialDto): Promise<AdminBrokerDetailBrokerDto> {
    return this.admin.extendTrial(admin, id, body.days);
  }

  @Put('brokers/:id/trial-end')
  @ApiOperation({ summary: 'Sets a trial’s end date (a moment already past ends the trial now)' })
  @ApiOkResponse({ type: AdminBrokerDetailBrokerDto })
  @ApiBadRequestResponse({ description: 'trialEndsAt is not a date and time within a year of today' })
  @ApiConflictResponse({ description: 'Only brokers on trial have a trial end date' })
  setTrialEnd(@CurrentUser() admin: User, @Param('id') id: string, @Body() body: SetTrialEndDto): Promise<AdminBrokerDetailBrokerDto> {
    return this.admin.setTrialEnd(admin, id, body.trialEndsAt);
  }

  @Post('brokers/:id/suspend')
  @HttpCode(200)
  @ApiOperation({ summary: 'Suspends a broker: sign-in and tokens refused, their reminders and campaigns not sent' })
  @ApiOkResponse({ type: AdminBrokerDetailBrokerDto })
  @ApiBadRequestResponse({ description: 'No reason, or one over 500 characters' })
  @ApiConflictResponse({ description: 'Already suspended' })
  suspend(@CurrentUser() admin: User, @Param('id') id: string, @Body() body: SuspendBrokerDto): Promise<AdminBrokerDetailBrokerDto> {
    return this.admin.suspend(admin, id, body.reason);
  }

  @Post('brokers/:id/reactivate')
  @HttpCode(200)
  @ApiOperation({ summary: 'Lifts a broker’s suspension' })
  @ApiOkResponse({ type: AdminBrokerDetailBrokerDto })
  @ApiConflictResponse({ description: 'Not suspended' })
  reactivate(@CurrentUser() admin: User, @Param('id') id: string): Promise<AdminBrokerDetailBrokerDto> {
    return this.admin.reactivate(admin, id);
  }

  @Post('brokers/:id/subscription')
  @HttpCode(200)
  @ApiOperation({ summary: 'Changes a broker’s tier and/or status (only the fields given)' })
  @ApiOkResponse({ type: AdminSubscriptionResultDto })
  updateSubscription(
    @CurrentUser() admin: User,
    @Param('id') id: string,
    @Body() body: AdminSubscriptionDto,
  ): Promise<AdminSubscriptionResultDto> {
    return this.admin.updateSubscription(admin, id, body);
  }
}
