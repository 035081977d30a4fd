import { Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiConflictResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';

import { ClientOnly, CurrentClientAccount } from '../auth/access.decorators.js';
import type { ClientAccount } from '../auth/client-account.entity.js';
import { ContactChangesService } from '../clients/contact-changes.service.js';
import { ClientContactChangeDto } from '../clients/dto/contact-change.dto.js';

@ApiTags('client portal: contact details')
@Controller('client/contact-changes')
@ClientOnly()
export class ContactChangesController {
  constructor(private readonly changes: ContactChangesService) {}

  @Get()
  @ApiOperation({ summary: 'Changes of the client’s phone or e-mail their agent asked for: waiting ones and those of the last year' })
  @ApiOkResponse({ type: [ClientContactChangeDto] })
  list(@CurrentClientAccount() account: ClientAccount): Promise<ClientContactChangeDto[]> {
    return this.changes.listForClient(account.client.id);
  }

  @Post(':id/confirm')
  @HttpCode(200)
  @ApiOperation({ summary: 'Confirms the change: from now on every message goes to the new contact' })
  @ApiOkResponse({ type: ClientContactChangeDto })
  @ApiNotFoundResponse({ description: 'Not this client’s change' })
  @ApiConflictResponse({ description: 'Already decided or withdrawn, or the phone number cannot be used' })
  confirm(@CurrentClientAccount() account: ClientAccount, @Param('id') id: string): Promise<ClientContactChangeDto> {
    return this.changes.confirm(account.client.id, id);
  }

  @Post(':id/refuse')
  @HttpCode(200)
  @ApiOperation({ summary: 'Refuses the change: the contact in use stays' })
  @ApiOkResponse({ type: ClientContactChangeDto })
  @ApiNotFoundResponse({ description: 'Not this client’s change' })
  @ApiConflictResponse({ description: 'Already decided or withdrawn' })
  refuse(@CurrentClientAccount() account: ClientAccount, @Param('id') id: string): Promise<ClientContactChangeDto> {
    return this.changes.refuse(account.client.id, id);
  }
}
