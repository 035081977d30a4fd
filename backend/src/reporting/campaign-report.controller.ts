import { Controller, Get, NotFoundException, Param } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOperation, ApiTags } from '@nestjs/swagger';

import { TEXT_HELD_REASON } from '../a2p/held-texts.js';
import { TokenScopes } from '../api-tokens/scopes.js';
import { BrokerOnly, CurrentBook } from '../auth/access.decorators.js';
import { isUuid } from '../common/ids.js';
import { ApiListQuery, ListParams } from '../common/list-params.decorator.js';
import { idsOf, type ListQuery, ListResult } from '../common/list-query.js';
import type { ClientBook } from '../members/book.js';
import { type CampaignRecipientRow, CampaignReportRepository } from './campaign-report.repository.js';
import { CampaignRecipientDto, type RecipientStatus } from './dto/campaign-recipient.dto.js';

// Always by last then first name; react-admin sends its sort, so that one is accepted.
export const RECIPIENT_LIST_RULES = { sortable: ['name'], maxPageSize: 100, idFilter: true } as const;
const DEFAULT_PAGE = 25;

const STATUS: Record<NonNullable<CampaignRecipientRow['delivery_status']>, RecipientStatus> = {
  queued: 'waiting',
  sending: 'waiting',
  sent: 'sent',
  completed: 'delivered',
  failed: 'failed',
  skipped: 'skipped',
};

// Raw queries answer timestamps as PostgreSQL's text.
const isoOrNull = (value: string | null) => (value === null ? null : new Date(value).toISOString());

function toDto(row: CampaignRecipientRow): CampaignRecipientDto {
  const status = row.delivery_status ? STATUS[row.delivery_status] : 'waiting';
  return {
    id: row.client_id,
    clientId: row.client_id,
    name: `${row.first_name} ${row.last_name}`.trim(),
    address: row.address,
    status,
    // A waiting text held for the agency's carrier registration says so.
    reason: status === 'failed' || status === 'skipped' || row.reason === TEXT_HELD_REASON ? row.reason : null,
    openedAt: isoOrNull(row.opened_at),
    clickedAt: isoOrNull(row.clicked_at),
  };
}

/** A sent campaign's recipients, each with their delivery, open and click: the campaign page's table. */
@ApiTags('campaigns')
@Controller('campaigns')
@TokenScopes({ read: 'campaigns:read' })
@BrokerOnly()
export class CampaignReportController {
  constructor(private readonly report: CampaignReportRepository) {}

  @Get(':id/recipients')
  @ApiOperation({
    summary: 'Who a campaign went to, by name, with each delivery’s status (waiting, sent, delivered, failed, skipped and why)',
    description: 'A draft has none yet. Nothing of a client’s health data is in it.',
  })
  @ApiListQuery(RECIPIENT_LIST_RULES, { type: CampaignRecipientDto, resource: 'campaign-recipients' })
  @ApiNotFoundResponse({ description: 'No such campaign for this broker' })
  async recipients(
    @CurrentBook() book: ClientBook,
    @Param('id') id: string,
    @ListParams(RECIPIENT_LIST_RULES) query: ListQuery,
  ): Promise<ListResult<CampaignRecipientDto>> {
    if (!isUuid(id) || !(await this.report.ownsCampaign(book.agencyId, id))) throw new NotFoundException('Campaign not found');
    const range = query.range ?? { start: 0, end: DEFAULT_PAGE - 1 };
    const rows = await this.report.recipients(book, id, range.start, range.end - range.start + 1, idsOf(query));
    return new ListResult('campaign-recipients', rows.map(toDto), rows[0]?.total ?? 0, range);
  }
}
