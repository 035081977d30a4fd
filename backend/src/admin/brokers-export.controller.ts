import { Controller, Get, Logger, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';

import { TokenScopes } from '../api-tokens/scopes.js';
import { AdminOnly } from '../auth/access.decorators.js';
import { ApiFileResponse } from '../common/api-file-response.js';
import { sendCsv } from '../common/csv-download.js';
import { ApiListQuery, ListParams } from '../common/list-params.decorator.js';
import type { ListQuery } from '../common/list-query.js';
import { BROKER_LIST_RULES } from './admin.service.js';
import { BROKER_EXPORT_HEADER, BrokersExportService } from './brokers-export.service.js';

/** GET /api/admin/exports/brokers: outside /brokers/{id}'s space, so no route order matters. */
@ApiTags('admin')
@Controller('admin')
@TokenScopes({ read: 'admin:read', write: 'admin:write' })
@AdminOnly()
export class BrokersExportController {
  private readonly logger = new Logger(BrokersExportController.name);

  constructor(private readonly brokers: BrokersExportService) {}

  @Get('exports/brokers')
  @ApiOperation({
    summary: 'Brokers under the list’s filter and sort (every page) as CSV',
    description:
      `Columns: ${BROKER_EXPORT_HEADER.join(', ')}. Tier and status as stored (pmpm, past_due), Suspended yes or no, ` +
      'monthly revenue in dollars (as on the list: trial and canceled bring nothing), times in ISO 8601 (UTC). ' +
      'Cells a spreadsheet would read as a formula (starting with =, +, -, @, tab or carriage return) start with a quote. ' +
      'The filter and sort are the broker list’s (search matches e-mail or name; tier and status, all for any).',
  })
  @ApiQuery({ name: 'search', required: false, example: 'whitfield' })
  @ApiQuery({ name: 'tier', required: false, enum: ['pmpm', 'flat', 'all'] })
  @ApiQuery({ name: 'status', required: false, enum: ['trial', 'active', 'past_due', 'canceled', 'all'] })
  @ApiListQuery(BROKER_LIST_RULES, { filterExample: { tier: 'pmpm', status: 'active' } })
  @ApiFileResponse({
    mediaType: 'text/csv',
    description: 'A CSV file (UTF-8 with a byte-order mark), streamed',
    filename: 'brokers-2026-11-30.csv',
    text: `${BROKER_EXPORT_HEADER.join(',')}\r\n`,
  })
  async exportCsv(
    @ListParams(BROKER_LIST_RULES) query: ListQuery,
    @Res() res: Response,
    @Query('search') search?: string,
    @Query('tier') tier?: string,
    @Query('status') status?: string,
  ): Promise<void> {
    const lines = this.brokers.exportCsv(query, { search, tier, status });
    await sendCsv(res, lines, `brokers-${new Date().toISOString().slice(0, 10)}.csv`, this.logger);
  }
}
