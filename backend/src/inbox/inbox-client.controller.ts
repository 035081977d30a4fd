import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';

import { ClientOnly, CurrentClientAccount } from '../auth/access.decorators.js';
import type { ClientAccount } from '../auth/client-account.entity.js';
import { InboxService } from './inbox.service.js';

export class ClientTextDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ example: 'I took it, but it makes me dizzy' })
  body!: string;

  @ApiProperty({ format: 'date-time' })
  at!: string;
}

/**
 * The client's own texts that answered their own reminders (docs/privacy.md "Replies and the
 * inbox"): kept for them alone, never shown to the agency.
 */
@ApiTags('client portal: texts')
@Controller('client/texts')
@ClientOnly()
export class InboxClientController {
  constructor(private readonly inbox: InboxService) {}

  @Get()
  @ApiOperation({ summary: 'The signed-in client’s texts that answered their own reminders, newest first (the last 100)' })
  @ApiOkResponse({ type: [ClientTextDto] })
  list(@CurrentClientAccount() account: ClientAccount): Promise<ClientTextDto[]> {
    return this.inbox.clientTexts(account);
  }
}
