import { Controller, HttpCode, Param, Post } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiServiceUnavailableResponse,
  ApiTags,
} from '@nestjs/swagger';

import { BrokerOnly, CurrentBook } from '../auth/access.decorators.js';
import type { ClientBook } from '../members/book.js';
import { MemberMay } from '../members/member-rule.js';
import { BrokerPasswordResetDto } from './dto/password-reset.dto.js';
import { PasswordResetsService } from './password-resets.service.js';

/**
 * The broker's Send password reset on a client's page. Browser session only (no token scope): a
 * script must not be able to send clients sign-in codes.
 */
@ApiTags('clients')
@Controller('clients')
@BrokerOnly()
@MemberMay({ write: 'clients:write' })
export class BrokerPasswordResetsController {
  constructor(private readonly passwordResets: PasswordResetsService) {}

  @Post(':id/password-reset')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Sends the client a password reset: a 6-digit code by text, or a link by e-mail (never shown to the broker)',
    description:
      'As the client’s own Forgot password: it works once, for 30 minutes, and replaces any sent before. At most 3 an hour per client.',
  })
  @ApiOkResponse({ type: BrokerPasswordResetDto })
  @ApiNotFoundResponse({ description: 'No such client for this broker' })
  @ApiConflictResponse({
    description:
      '{ message: "This client has not created an account yet" }; or the client is inactive, or cannot be reached (no texts, no e-mail)',
  })
  @ApiServiceUnavailableResponse({ description: 'The text or e-mail could not be sent: the provider did not answer' })
  send(@CurrentBook() book: ClientBook, @Param('id') id: string): Promise<BrokerPasswordResetDto> {
    return this.passwordResets.sendForBroker(book, id);
  }
}
