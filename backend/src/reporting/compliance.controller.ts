import { Controller, Get, Query, Res } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';

import { TokenScopes } from '../api-tokens/scopes.js';
import { BrokerOnly, CurrentUser } from '../auth/access.decorators.js';
import { ApiFileResponse } from '../common/api-file-response.js';
import type { User } from '../users/user.entity.js';
import { ComplianceService } from './compliance.service.js';
import { ComplianceReportDto } from './dto/compliance.dto.js';

const PERIOD_QUERY = [
  ApiQuery({
    name: 'from',
    required: false,
    type: String,
    format: 'date',
    example: '2026-01-01',
    description: 'First day, YYYY-MM-DD (default: 89 days before to)',
  }),
  ApiQuery({
    name: 'to',
    required: false,
    type: String,
    format: 'date',
    example: '2026-03-31',
    description: 'Last day, YYYY-MM-DD (default: today, in the broker’s time zone)',
  }),
];

/** The signed-in broker's compliance report: as JSON for its page, as CSV and as PDF. */
@ApiTags('compliance')
@Controller('compliance')
@TokenScopes({ read: 'clients:read' })
@BrokerOnly()
export class ComplianceController {
  constructor(private readonly compliance: ComplianceService) {}

  @Get('report')
  @ApiOperation({
    summary: 'Consents by state and source, revocations and how they were honoured, sends skipped by reason, sends outside calling hours',
    description: 'No health data. Periods of up to 400 days.',
  })
  @(PERIOD_QUERY[0])
  @(PERIOD_QUERY[1])
  @ApiOkResponse({ type: ComplianceReportDto })
  @ApiBadRequestResponse({ description: 'A date not as YYYY-MM-DD, from after to, or a period over 400 days' })
  report(@CurrentUser() user: User, @Query('from') from?: string, @Query('to') to?: string): Promise<ComplianceReportDto> {
    return this.compliance.report(user, from, to);
  }

  @Get('report.csv')
  @ApiOperation({ summary: 'The compliance report as CSV' })
  @(PERIOD_QUERY[0])
  @(PERIOD_QUERY[1])
  @ApiFileResponse({
    mediaType: 'text/csv',
    description: 'The report as CSV (UTF-8 with a byte-order mark)',
    filename: 'compliance-2026-01-01-2026-03-31.csv',
    text: 'Compliance report,Sunrise Insurance Agency\r\nPeriod,2026-01-01 to 2026-03-31\r\n',
  })
  @ApiBadRequestResponse({ description: 'A bad period' })
  async csv(@CurrentUser() user: User, @Res() res: Response, @Query('from') from?: string, @Query('to') to?: string): Promise<void> {
    const report = await this.compliance.report(user, from, to);
    res
      .status(200)
      .type('text/csv; charset=utf-8')
      .set('Content-Disposition', `attachment; filename="compliance-${report.from}-${report.to}.csv"`)
      .send(this.compliance.csv(report));
  }

  @Get('report.pdf')
  @ApiOperation({ summary: 'The compliance report as PDF' })
  @(PERIOD_QUERY[0])
  @(PERIOD_QUERY[1])
  @ApiFileResponse({ mediaType: 'application/pdf', description: 'The report as PDF', filename: 'compliance-2026-01-01-2026-03-31.pdf' })
  @ApiBadRequestResponse({ description: 'A bad period' })
  async pdf(@CurrentUser() user: User, @Res() res: Response, @Query('from') from?: string, @Query('to') to?: string): Promise<void> {
    const report = await this.compliance.report(user, from, to);
    const pdf = await this.compliance.pdf(report);
    res
      .status(200)
      .type('application/pdf')
      .set('Content-Disposition', `attachment; filename="compliance-${report.from}-${report.to}.pdf"`)
      .send(pdf);
  }
}
