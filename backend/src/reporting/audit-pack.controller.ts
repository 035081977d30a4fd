import { Controller, Get, Param, Res } from '@nestjs/common';
import { ApiForbiddenResponse, ApiNotFoundResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';

import { TokenScopes } from '../api-tokens/scopes.js';
import { BrokerOnly, CurrentBook } from '../auth/access.decorators.js';
import { ApiFileResponse } from '../common/api-file-response.js';
import { contentDisposition } from '../common/content-disposition.js';
import type { ClientBook } from '../members/book.js';
import { MemberMay } from '../members/member-rule.js';
import { AuditPackService } from './audit-pack.service.js';

/** A client's audit pack, for those who answer to an auditor: owners and read-only (compliance) members. */
@ApiTags('compliance')
@Controller('clients')
@TokenScopes({ read: 'clients:read' })
@BrokerOnly()
@MemberMay({ read: 'activity:read' })
export class AuditPackController {
  constructor(private readonly packs: AuditPackService) {}

  @Get(':id/audit-pack')
  @ApiOperation({
    summary: 'One client’s audit pack as a ZIP',
    description:
      'The consent ledger with its evidence, the Scopes of Appointment with the signed PDFs, every campaign message (as sent, with the TPMO ' +
      'disclaimer in force then) and reminder sent to the client, the policies and their history, the activity log about the client, ' +
      'and a manifest of each file’s SHA-256. Never health data. Owners and read-only members.',
  })
  @ApiFileResponse({ mediaType: 'application/zip', description: 'The ZIP', filename: 'audit-pack-Dorothy-Miller-2026-11-30.zip' })
  @ApiNotFoundResponse({ description: 'No such client in your book' })
  @ApiForbiddenResponse({ description: 'Your role does not read the activity log (agents and assistants)' })
  async download(@CurrentBook() book: ClientBook, @Param('id') id: string, @Res() res: Response): Promise<void> {
    const { zip, filename } = await this.packs.build(book, id);
    res
      .type('application/zip')
      .set('Content-Disposition', contentDisposition(filename))
      .set('Cache-Control', 'private, no-store')
      .send(zip);
  }
}
