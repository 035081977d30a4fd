import { Controller, Get, Logger, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';

import { TokenScopes } from '../api-tokens/scopes.js';
import { AdminOnly, CurrentUser } from '../auth/access.decorators.js';
import { ApiFileResponse } from '../common/api-file-response.js';
import { sendCsv } from '../common/csv-download.js';
import { ApiListQuery, ListParams } from '../common/list-params.decorator.js';
import type { ListQuery, ListResult } from '../common/list-query.js';
import type { User } from '../users/user.entity.js';
import { AUDIT_EXPORT_HEADER, AUDIT_LIST_RULES, AuditService } from './audit.service.js';
import { AuditEntryDto, AuditPersonDto } from './dto/audit-entry.dto.js';

const FILTER_EXAMPLE = { brokerId: '8d2f4a61-3c5e-4b9a-a7d1-0e6f2b3c4d5a', action: 'trial_extended', from: '2026-11-01', to: '2026-11-30' };
const FILTER_NOTE =
  'adminId and brokerId are ids; action an action such as trial_extended; from and to days (YYYY-MM-DD, both included) ' +
  'in the signed-in admin’s time zone; q words found in the notes, the action and the admin’s and the broker’s names and e-mails.';

/** The platform's audit log of admin actions (docs/admin.md), for admins only. */
@ApiTags('admin')
@Controller('admin/audit')
@TokenScopes({ read: 'admin:read', write: 'admin:write' })
@AdminOnly()
export class AuditController {
  private readonly logger = new Logger(AuditController.name);

  constructor(private readonly audit: AuditService) {}

  @Get()
  @ApiOperation({
    summary: 'The audit log: every admin action, newest first; filter by admin, broker, action, days, or search',
    description: FILTER_NOTE,
  })
  @ApiListQuery(AUDIT_LIST_RULES, { type: AuditEntryDto, resource: 'audit', filterExample: FILTER_EXAMPLE })
  list(@CurrentUser() admin: User, @ListParams(AUDIT_LIST_RULES) query: ListQuery): Promise<ListResult<AuditEntryDto>> {
    return this.audit.list(query, admin.timeZone);
  }

  @Get('export')
  @ApiOperation({
    summary: 'The audit log under the list’s filter (every page) as CSV, newest first',
    description:
      `Columns: ${AUDIT_EXPORT_HEADER.join(', ')}: the time in ISO 8601, the admin’s and the broker’s e-mails, the action, ` +
      'the target (type and id), the values before and after as JSON, and the notes. Cells a spreadsheet would read as a formula ' +
      '(starting with =, +, -, @, tab or carriage return) start with a quote. ' +
      FILTER_NOTE,
  })
  @ApiListQuery(AUDIT_LIST_RULES, { filterExample: FILTER_EXAMPLE })
  @ApiFileResponse({
    mediaType: 'text/csv',
    description: 'A CSV file (UTF-8 with a byte-order mark), streamed',
    filename: 'audit-log-2026-11-30.csv',
    text: `${AUDIT_EXPORT_HEADER.join(',')}\r\n`,
  })
  async exportCsv(@CurrentUser() admin: User, @ListParams(AUDIT_LIST_RULES) query: ListQuery, @Res() res: Response): Promise<void> {
    const lines = this.audit.exportCsv(query, admin.timeZone);
    await sendCsv(res, lines, `audit-log-${new Date().toISOString().slice(0, 10)}.csv`, this.logger);
  }

  @Get('admins')
  @ApiOperation({ summary: 'The admins the audit log’s filter offers: every platform admin and anyone who acted as one' })
  @ApiOkResponse({ type: [AuditPersonDto] })
  admins(): Promise<AuditPersonDto[]> {
    return this.audit.admins();
  }
}
