import { Body, Controller, Get, HttpCode, NotFoundException, Param, Post } from '@nestjs/common';
import { ApiBadRequestResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';

import { ClientOnly, CurrentClientAccount } from '../auth/access.decorators.js';
import type { ClientAccount } from '../auth/client-account.entity.js';
import { OutboxMessageDto, outboxMessageView, PhoneAnswerDto, phoneAnswerOf, PhoneHeardDto } from './dev-outbox.controller.js';
import { DevPhone } from './dev-phone.service.js';

/**
 * A client's own development outbox, in their portal: what went to them and to their caregivers,
 * and the phone that answers it as they or their caregiver would (a caregiver's YES or STOP, a key
 * on a reminder call). Development only; their own messages only.
 */
@ApiTags('development')
@Controller('client/dev/outbox')
@ClientOnly()
export class ClientDevOutboxController {
  constructor(private readonly phone: DevPhone) {}

  @Get()
  @ApiOperation({ summary: 'The client’s own development outbox: messages to them and their caregivers, newest first (not in production)' })
  @ApiOkResponse({ type: [OutboxMessageDto] })
  @ApiNotFoundResponse({ description: 'No development outbox (production, or every channel has a provider)' })
  async list(@CurrentClientAccount() account: ClientAccount): Promise<OutboxMessageDto[]> {
    if (!this.phone.outboxInUse()) throw new NotFoundException('Cannot GET /api/client/dev/outbox');
    return (await this.phone.clientMessages(account.client.id)).map(outboxMessageView);
  }

  @Post(':id/answer')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Answers a text or reminder call to the client or a caregiver as its recipient would (development, without Twilio)',
  })
  @ApiOkResponse({ type: PhoneHeardDto })
  @ApiBadRequestResponse({ description: 'An answer the message cannot take' })
  @ApiNotFoundResponse({ description: 'Not a text or call to this client or their caregivers, or no development phone' })
  answer(@CurrentClientAccount() account: ClientAccount, @Param('id') id: string, @Body() body: PhoneAnswerDto): Promise<PhoneHeardDto> {
    return this.phone.answer({ clientId: account.client.id }, id, phoneAnswerOf(body));
  }
}
