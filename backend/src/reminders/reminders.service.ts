import { EntityManager } from '@mikro-orm/postgresql';
import { BadRequestException, Injectable } from '@nestjs/common';

import { ClientsService } from '../clients/clients.service.js';
import { findList, type ListQuery, ListResult } from '../common/list-query.js';
import { DispatcherService } from '../delivery/dispatcher.service.js';
import { outsideQuietHours } from '../delivery/quiet-hours.js';
import { clientTimeZone } from '../delivery/time-zones.js';
import { User } from '../users/user.entity.js';
import type { CreateReminderDto, ReminderDto } from './dto/reminder.dto.js';
import { findHealthTerm, GENERIC_MESSAGE_RULE } from './health-terms.js';
import { Reminder } from './reminder.entity.js';

export const REMINDER_MESSAGES = {
  selectClient: 'Please select a client',
  invalidDate: 'Invalid date or time',
  pastDate: 'Scheduled time must be in the future',
  messageRequired: 'Message is required',
  messageTooLong: 'Message must be at most 500 characters',
} as const;

export const REMINDER_LIST_RULES = {
  sortable: ['scheduledTime', 'status', 'deliveryMethod', 'createdAt'],
  filterable: ['status', 'clientId'],
} as const;

const MESSAGE_MAX_LENGTH = 500;

function toDto(reminder: Reminder): ReminderDto {
  return {
    id: reminder.id,
    clientId: reminder.client.id,
    scheduledTime: reminder.scheduledTime.toISOString(),
    deliveryMethod: reminder.deliveryMethod,
    message: reminder.message,
    status: reminder.status,
  };
}

/** Brokers' one-time reminders: generic messages only, scoped to the broker, sent by the dispatcher. */
@Injectable()
export class RemindersService {
  constructor(
    private readonly em: EntityManager,
    private readonly clients: ClientsService,
    private readonly dispatcher: DispatcherService,
  ) {}

  async list(broker: User, query: ListQuery): Promise<ListResult<ReminderDto>> {
    const { status, clientId } = query.filter;
    const where: Record<string, unknown> = { broker };
    if (typeof status === 'string') where.status = status;
    if (typeof clientId === 'string') where.client = (await this.clients.findOwned(broker, clientId)).id;
    const result = await findList(this.em, Reminder, {
      resource: 'reminders',
      where,
      query,
      defaultSort: { field: 'scheduledTime', order: 'ASC' },
    });
    return result.map(toDto);
  }

  async create(broker: User, input: CreateReminderDto, now = new Date()): Promise<ReminderDto> {
    if (!input.clientId?.trim()) throw new BadRequestException(REMINDER_MESSAGES.selectClient);
    const scheduled = input.scheduledTime ? new Date(input.scheduledTime) : undefined;
    if (!scheduled || Number.isNaN(scheduled.getTime())) throw new BadRequestException(REMINDER_MESSAGES.invalidDate);
    if (scheduled.getTime() <= now.getTime()) throw new BadRequestException(REMINDER_MESSAGES.pastDate);
    const message = input.message?.trim();
    if (!message) throw new BadRequestException(REMINDER_MESSAGES.messageRequired);
    if (message.length > MESSAGE_MAX_LENGTH) throw new BadRequestException(REMINDER_MESSAGES.messageTooLong);
    const term = findHealthTerm(message);
    if (term) throw new BadRequestException({ message: GENERIC_MESSAGE_RULE, term });
    const client = await this.clients.findOwned(broker, input.clientId.trim());
    const owner = await this.em.findOneOrFail(User, { id: broker.id });
    const reminder = this.em.create(Reminder, {
      broker: owner,
      client,
      scheduledTime: scheduled,
      deliverAfter: outsideQuietHours(scheduled, clientTimeZone(client, owner.timeZone)),
      deliveryMethod: input.deliveryMethod ?? 'voice',
      message,
    });
    await this.em.flush();
    return toDto(reminder);
  }

  /** Sends the broker's pending reminders that are due now (quiet hours still apply); answers how many went out. */
  async executeDue(broker: User): Promise<number> {
    const summary = await this.dispatcher.runOnce({ brokerId: broker.id });
    return summary.sent;
  }
}
