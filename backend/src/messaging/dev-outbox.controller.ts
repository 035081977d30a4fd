import { EntityManager } from '@mikro-orm/postgresql';
import { Controller, Get, Inject, NotFoundException } from '@nestjs/common';
import { ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';

import { BrokerOnly, CurrentUser } from '../auth/access.decorators.js';
import { ApiListQuery, ListParams } from '../common/list-params.decorator.js';
import { findList, idsOf, type ListQuery, type ListResult } from '../common/list-query.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import type { User } from '../users/user.entity.js';
import { CHANNELS, OutboxMessage } from './outbox-message.entity.js';

export class OutboxMessageDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ enum: CHANNELS }) channel!: string;
  @ApiProperty() recipient!: string;
  @ApiProperty({ type: String, nullable: true }) subject!: string | null;
  @ApiProperty({ description: 'The text, call script or e-mail body' }) body!: string;
  @ApiProperty() purpose!: string;
  @ApiProperty({ type: String, format: 'date-time' }) createdAt!: string;
}

const RULES = { sortable: ['createdAt', 'channel'], filterable: ['channel'], idFilter: true } as const;

/**
 * Whether the development outbox is offered: outside production, while calls and texts (no Twilio)
 * or e-mail (no SMTP) go to it. The broker app shows its menu item only then.
 */
export function devOutboxInUse(config: Pick<AppConfig, 'nodeEnv' | 'messaging'>): boolean {
  const { twilio, smtpUrl } = config.messaging;
  return config.nodeEnv !== 'production' && (!twilio || !smtpUrl);
}

/**
 * What would have been sent, for local development: the signed-in broker's own outgoing texts,
 * call scripts and e-mails. Clients' own reminders are not shown (health data). Off in production
 * and when every channel has a provider (404).
 */
@ApiTags('development')
@Controller('dev/outbox')
@BrokerOnly()
export class DevOutboxController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly em: EntityManager,
  ) {}

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
    return result.map((m) => ({
      id: m.id,
      channel: m.channel,
      recipient: m.recipient,
      subject: m.subject ?? null,
      body: m.body,
      purpose: m.purpose,
      createdAt: m.createdAt.toISOString(),
    }));
  }
}
