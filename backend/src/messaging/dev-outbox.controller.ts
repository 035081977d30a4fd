import { EntityManager } from '@mikro-orm/postgresql';
import { Body, Controller, Get, HttpCode, Inject, NotFoundException, Param, Post } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProperty,
  ApiPropertyOptional,
  ApiTags,
} from '@nestjs/swagger';
import { IsIn, IsString, MaxLength, ValidateIf } from 'class-validator';

import { BrokerOnly, CurrentUser } from '../auth/access.decorators.js';
import { ApiListQuery, ListParams } from '../common/list-params.decorator.js';
import { findList, idsOf, type ListQuery, type ListResult } from '../common/list-query.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { devOutboxInUse } from './dev-outbox-use.js';

export { devOutboxInUse };
import { MemberMay } from '../members/member-rule.js';
import type { User } from '../users/user.entity.js';
import { DevPhone, type PhoneAnswer } from './dev-phone.service.js';
import { CHANNELS, OutboxMessage } from './outbox-message.entity.js';

export class OutboxMessageDto {
  @ApiProperty({ format: 'uuid', example: '3f2b7c1e-8a4d-4e6f-9b1a-2c3d4e5f6a7b' }) id!: string;
  @ApiProperty({ enum: CHANNELS, example: 'sms' }) channel!: string;
  @ApiProperty({ example: '+16155550142' }) recipient!: string;
  @ApiProperty({ type: String, nullable: true, example: null }) subject!: string | null;
  @ApiProperty({ description: 'The text, call script or e-mail body', example: 'Ruth added you as a caregiver. Reply YES to get alerts.' })
  body!: string;
  @ApiProperty({ example: 'caregiver' }) purpose!: string;
  @ApiProperty({ type: String, format: 'date-time', example: '2026-11-28T15:00:00.000Z' }) createdAt!: string;
}

export class PhoneAnswerDto {
  @ApiProperty({
    enum: ['reply', 'key', 'voicemail', 'no-answer'],
    description: 'A text: reply. A reminder call: key (a key pressed), voicemail, or no-answer',
  })
  @IsIn(['reply', 'key', 'voicemail', 'no-answer'], { message: 'action must be reply, key, voicemail or no-answer' })
  action!: 'reply' | 'key' | 'voicemail' | 'no-answer';

  @ApiPropertyOptional({ example: 'Can you call me about my plan?', maxLength: 1600, description: 'The reply (action reply)' })
  @ValidateIf((_, value) => value !== undefined)
  @IsString({ message: 'text must be text' })
  @MaxLength(1600, { message: 'text must be at most 1600 characters' })
  text?: string;

  @ApiPropertyOptional({ example: '1', description: 'The key pressed (action key): 1 confirms, 9 stops calls' })
  @ValidateIf((_, value) => value !== undefined)
  @IsString({ message: 'digits must be text' })
  @MaxLength(1, { message: 'digits must be one key' })
  digits?: string;
}

export class PhoneHeardDto {
  @ApiProperty({ type: [String], description: 'What the app texted or said back, in order' }) heard!: string[];
}

/** What the phone is asked to do, from the request's fields. */
export function phoneAnswerOf(body: PhoneAnswerDto): PhoneAnswer {
  if (body.action === 'reply') return { action: body.action, text: body.text ?? '' };
  if (body.action === 'key') return { action: body.action, digits: body.digits ?? '' };
  return { action: body.action };
}

export function outboxMessageView(message: OutboxMessage): OutboxMessageDto {
  return {
    id: message.id,
    channel: message.channel,
    recipient: message.recipient,
    subject: message.subject ?? null,
    body: message.body,
    purpose: message.purpose,
    createdAt: message.createdAt.toISOString(),
  };
}

const RULES = { sortable: ['createdAt', 'channel'], filterable: ['channel'], idFilter: true } as const;

/**
 * What would have been sent, for local development: the signed-in broker's own outgoing texts,
 * call scripts and e-mails. Clients' own reminders are not shown (health data). Off in production
 * and when every channel has a provider (404).
 */
@ApiTags('development')
@Controller('dev/outbox')
@BrokerOnly()
@MemberMay({ write: 'clients:write' })
export class DevOutboxController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly em: EntityManager,
    private readonly phone: DevPhone,
  ) {}

  @Post(':id/answer')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Answers one of the broker’s outgoing texts or reminder calls as its recipient would (development, without Twilio)',
    description:
      'A reply to a text, a key pressed during a call, a voicemail or no answer, sent through the Twilio webhooks signed as Twilio signs them. ' +
      '404 in production, with Twilio configured, or for another broker’s message.',
  })
  @ApiOkResponse({ type: PhoneHeardDto })
  @ApiBadRequestResponse({ description: 'An answer the message cannot take (a key for a text, an empty reply)' })
  @ApiNotFoundResponse({ description: 'No such text or call of this broker, or no development phone' })
  answer(@CurrentUser() user: User, @Param('id') id: string, @Body() body: PhoneAnswerDto): Promise<PhoneHeardDto> {
    return this.phone.answer({ brokerId: user.id }, id, phoneAnswerOf(body));
  }

  @Get()
  @ApiOperation({ summary: 'The development outbox (not in production)' })
  @ApiListQuery(RULES, { type: OutboxMessageDto, resource: 'outbox', filterExample: { channel: 'sms' } })
  async list(@CurrentUser() user: User, @ListParams(RULES) query: ListQuery): Promise<ListResult<OutboxMessageDto>> {
    if (!devOutboxInUse(this.config)) throw new NotFoundException('Cannot GET /api/dev/outbox');
    const where: Record<string, unknown> = { brokerId: user.id };
    if (typeof query.filter.channel === 'string') where.channel = query.filter.channel;
    const ids = idsOf(query);
    if (ids) where.id = { $in: ids };
    const result = await findList(this.em, OutboxMessage, {
      resource: 'outbox',
      where,
      query,
      defaultSort: { field: 'createdAt', order: 'DESC' },
    });
    return result.map(outboxMessageView);
  }
}
