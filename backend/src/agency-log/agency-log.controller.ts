import { Controller, Get, Logger, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';

import { TokenScopes } from '../api-tokens/scopes.js';
import { BrokerOnly, CurrentUser } from '../auth/access.decorators.js';
import { ApiFileResponse } from '../common/api-file-response.js';
import { sendCsv } from '../common/csv-download.js';
import { ApiListQuery, ListParams } from '../common/list-params.decorator.js';
import type { ListQuery, ListResult } from '../common/list-query.js';
import { MemberMay } from '../members/member-rule.js';
import type { User } from '../users/user.entity.js';
import { AGENCY_LOG_EXPORT_HEADER, AGENCY_LOG_LIST_RULES, AgencyLogService } from './agency-log.service.js';
import { AgencyEventDto } from './dto/agency-event.dto.js';

export const AGENCY_LOG_FILTER_EXAMPLE = {
  memberId: '3c9a1f2e-7b4d-4e8a-9f01-2d3c4b5a6e7f',
  action: 'client_updated',
  from: '2026-11-01',
  to: '2026-11-30',
};
/** What the log's filter takes; `from` and `to` are days in `whose` time zone. */
export const agencyLogFilterNote = (whose: string) =>
  'memberId is a member’s id; action one of the log’s actions (client_created, client_updated, …); from and to days ' +
  `(YYYY-MM-DD, both included) in ${whose} time zone. No entry ever carries health data.`;

/**
 * The agency activity log (who did what): the agency's owners and read-only members (a compliance
 * reviewer) read it; with a token, the analytics:read scope, within the token's member's role.
 */
@ApiTags('agency-log')
@Controller('agency-log')
@TokenScopes({ read: 'analytics:read' })
@BrokerOnly()
@MemberMay({ read: 'activity:read' })
export class AgencyLogController {
  private readonly logger = new Logger(AgencyLogController.name);

  constructor(private readonly log: AgencyLogService) {}

  @Get()
  @ApiOperation({
    summary: 'The agency’s activity log: every change a member made, newest first; filter by member, action or days',
    description: agencyLogFilterNote('the agency’s'),
  })
  @ApiListQuery(AGENCY_LOG_LIST_RULES, { type: AgencyEventDto, resource: 'agency-log', filterExample: AGENCY_LOG_FILTER_EXAMPLE })
  list(@CurrentUser() agency: User, @ListParams(AGENCY_LOG_LIST_RULES) query: ListQuery): Promise<ListResult<AgencyEventDto>> {
    return this.log.list(agency.id, query, agency.timeZone);
  }

  @Get('export.csv')
  @ApiOperation({
    summary: 'The agency’s activity log under the list’s filter (every page) as CSV, newest first',
    description:
      `Columns: ${AGENCY_LOG_EXPORT_HEADER.join(', ')}: the time in ISO 8601, the member’s e-mail, the action, the sentence ` +
      'saying what happened, the target (type and id), the changed fields before and after as JSON, the API token’s name and ' +
      'the address. Cells a spreadsheet would read as a formula (starting with =, +, -, @, tab or carriage return) start with a quote. ' +
      agencyLogFilterNote('the agency’s'),
  })
  @ApiListQuery(AGENCY_LOG_LIST_RULES, { filterExample: AGENCY_LOG_FILTER_EXAMPLE })
  @ApiFileResponse({
    mediaType: 'text/csv',
    description: 'A CSV file (UTF-8 with a byte-order mark), streamed',
    filename: 'activity-log-2026-11-30.csv',
    text: `${AGENCY_LOG_EXPORT_HEADER.join(',')}\r\n`,
  })
  async exportCsv(@CurrentUser() agency: User, @ListParams(AGENCY_LOG_LIST_RULES) query: ListQuery, @Res() res: Response): Promise<void> {
    const lines = this.log.exportCsv(agency.id, query, agency.timeZone);
    await sendCsv(res, lines, `activity-log-${new Date().toISOString().slice(0, 10)}.csv`, this.logger);
  }
}
