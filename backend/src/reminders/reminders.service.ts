import { EntityManager, LockMode } from '@mikro-orm/postgresql';
import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';

import type { Actor } from '../agency-log/actor.js';
import { AgencyLogService } from '../agency-log/agency-log.service.js';
import { ClientsService } from '../clients/clients.service.js';
import { Clock } from '../common/clock.js';
import { isUuid } from '../common/ids.js';
import { escapeLike } from '../common/like.js';
import { findList, type ListQuery, ListResult } from '../common/list-query.js';
import { DeliveryReads } from '../delivery/delivery-reads.repository.js';
import { DispatcherService } from '../delivery/dispatcher.service.js';
import { outsideQuietHours } from '../delivery/quiet-hours.js';
import { clientTimeZone } from '../delivery/time-zones.js';
import { bookWhereOfClient, type ClientBook } from '../members/book.js';
import { User } from '../users/user.entity.js';
import type { CreateReminderDto, ReminderDto, UpdateReminderDto } from './dto/reminder.dto.js';
import { findHealthTerm, GENERIC_MESSAGE_RULE } from './health-terms.js';
import { DELIVERY_METHODS, Reminder, REMINDER_STATUSES } from './reminder.entity.js';
import { reminderEntry, reminderFacts } from './reminder-activity.js';

export const REMINDER_MESSAGES = {
  selectClient: 'Please select a client',
  invalidDate: 'Invalid date or time',
  pastDate: 'Scheduled time must be in the future',
  messageRequired: 'Message is required',
  messageTooLong: 'Message must be at most 500 characters',
  notFound: 'Reminder not found',
  alreadySent: 'This reminder has already been sent, so it can no longer be changed or cancelled.',
} as const;

export const REMINDER_LIST_RULES = {
  sortable: ['scheduledTime', 'status', 'deliveryMethod', 'createdAt'],
  filterable: ['status', 'clientId', 'deliveryMethod', 'q', 'scheduledFrom', 'scheduledTo'],
  idFilter: true,
} as const;

const MESSAGE_MAX_LENGTH = 500;

function toDto(reminder: Reminder, notSent: Map<string, string> = new Map()): ReminderDto {
  return {
    id: reminder.id,
    clientId: reminder.client.id,
    scheduledTime: reminder.scheduledTime.toISOString(),
    deliveryMethod: reminder.deliveryMethod,
    message: reminder.message,
    status: reminder.status,
    notSentReason: notSent.get(reminder.id) ?? null,
  };
}

/** A date filter's bound: an ISO date or date-time, else a 400 naming the filter. */
function filterDate(name: string, value: string): Date {
  const date = /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:\d{2})?)?$/.test(value) ? new Date(value) : new Date(Number.NaN);
  if (Number.isNaN(date.getTime()) || date.getUTCFullYear() > 9999)
    throw new BadRequestException(`filter ${name} must be a date (YYYY-MM-DD or an ISO date-time)`);
  return date;
}

interface CheckedReminder {
  clientId: string;
  scheduledTime: Date;
  deliveryMethod?: Reminder['deliveryMethod'];
  message: string;
}

/** SPEC §5's checks on a reminder, each refusal naming its field so a form shows it there. */
function checkReminder(input: CreateReminderDto, now: Date): CheckedReminder {
  const refuse = (message: string, field: string) => new BadRequestException({ message, field });
  if (!input.clientId?.trim()) throw refuse(REMINDER_MESSAGES.selectClient, 'clientId');
  const scheduled = input.scheduledTime ? new Date(input.scheduledTime) : undefined;
  if (!scheduled || Number.isNaN(scheduled.getTime())) throw refuse(REMINDER_MESSAGES.invalidDate, 'scheduledTime');
  if (scheduled.getTime() <= now.getTime()) throw refuse(REMINDER_MESSAGES.pastDate, 'scheduledTime');
  const message = input.message?.trim();
  if (!message) throw refuse(REMINDER_MESSAGES.messageRequired, 'message');
  if (message.length > MESSAGE_MAX_LENGTH) throw refuse(REMINDER_MESSAGES.messageTooLong, 'message');
  const term = findHealthTerm(message);
  if (term) throw new BadRequestException({ message: GENERIC_MESSAGE_RULE, term, field: 'message' });
  return { clientId: input.clientId.trim(), scheduledTime: scheduled, deliveryMethod: input.deliveryMethod, message };
}

/** Brokers' one-time reminders: generic messages only, scoped to the broker, sent by the dispatcher. */
@Injectable()
export class RemindersService {
  constructor(
    private readonly em: EntityManager,
    private readonly clients: ClientsService,
    private readonly dispatcher: DispatcherService,
    private readonly deliveryReads: DeliveryReads,
    private readonly clock: Clock,
    private readonly log: AgencyLogService,
  ) {}

  async list(book: ClientBook, query: ListQuery): Promise<ListResult<ReminderDto>> {
    const { status, clientId, deliveryMethod, q, scheduledFrom, scheduledTo, id } = query.filter;
    const where: Record<string, unknown> = { ...bookWhereOfClient(book) };
    if (Array.isArray(id)) where.id = { $in: id };
    if (typeof status === 'string') {
      if (!(REMINDER_STATUSES as readonly string[]).includes(status))
        throw new BadRequestException(`filter status must be one of: ${REMINDER_STATUSES.join(', ')}`);
      where.status = status;
    }
    if (typeof deliveryMethod === 'string') {
      if (!(DELIVERY_METHODS as readonly string[]).includes(deliveryMethod))
        throw new BadRequestException(`filter deliveryMethod must be one of: ${DELIVERY_METHODS.join(', ')}`);
      where.deliveryMethod = deliveryMethod;
    }
    const scheduled: Record<string, Date> = {};
    if (typeof scheduledFrom === 'string') scheduled.$gte = filterDate('scheduledFrom', scheduledFrom);
    if (typeof scheduledTo === 'string') scheduled.$lte = filterDate('scheduledTo', scheduledTo);
    if (Object.keys(scheduled).length > 0) where.scheduledTime = scheduled;
    if (typeof clientId === 'string') where.client = (await this.clients.findOwned(book, clientId)).id;
    if (typeof q === 'string' && q.trim()) {
      const pattern = `%${escapeLike(q.trim().slice(0, 200))}%`;
      where.$or = [
        { message: { $ilike: pattern } },
        { client: { firstName: { $ilike: pattern } } },
        { client: { lastName: { $ilike: pattern } } },
      ];
    }
    const result = await findList(this.em, Reminder, {
      resource: 'reminders',
      where,
      query,
      defaultSort: { field: 'scheduledTime', order: 'ASC' },
    });
    // A pending reminder may wait, held for the agency's carrier registration: it shows why too.
    const notSent = await this.deliveryReads.skippedReminderReasons(result.items.filter((r) => r.status !== 'completed').map((r) => r.id));
    return result.map((reminder) => toDto(reminder, notSent));
  }

  async findOne(book: ClientBook, id: string): Promise<ReminderDto> {
    const reminder = await this.findOwned(book, id);
    return toDto(reminder, reminder.status !== 'completed' ? await this.deliveryReads.skippedReminderReasons([reminder.id]) : undefined);
  }

  async create(broker: User, book: ClientBook, actor: Actor, input: CreateReminderDto, now = this.clock.now()): Promise<ReminderDto> {
    const checked = checkReminder(input, now);
    const client = await this.clients.findOwned(book, checked.clientId);
    const owner = await this.em.findOneOrFail(User, { id: broker.id });
    const reminder = this.em.create(Reminder, {
      broker: owner,
      client,
      scheduledTime: checked.scheduledTime,
      deliverAfter: outsideQuietHours(checked.scheduledTime, clientTimeZone(client, owner.timeZone)),
      deliveryMethod: checked.deliveryMethod ?? 'voice',
      message: checked.message,
    });
    this.log.record(this.em, actor, reminderEntry('reminder_scheduled', 'Scheduled', reminder, {}, reminderFacts(reminder)));
    await this.em.flush();
    return toDto(reminder);
  }

  /**
   * Changes a pending reminder that has not gone out: who, when, how and what, checked as a new one.
   * The row is locked while it changes, so the dispatcher (which skips locked rows) cannot take it
   * half-edited; one it already took answers 409.
   */
  async update(
    broker: User,
    book: ClientBook,
    actor: Actor,
    id: string,
    input: UpdateReminderDto,
    now = this.clock.now(),
  ): Promise<ReminderDto> {
    return this.em.transactional(async (em) => {
      const reminder = await this.lockPending(em, book, id);
      const before = reminderFacts(reminder);
      const checked = checkReminder(
        {
          clientId: input.clientId ?? reminder.client.id,
          scheduledTime: input.scheduledTime ?? reminder.scheduledTime.toISOString(),
          deliveryMethod: input.deliveryMethod ?? reminder.deliveryMethod,
          message: input.message ?? reminder.message,
        },
        now,
      );
      const client = await this.clients.findOwned(book, checked.clientId, em);
      const owner = await em.findOneOrFail(User, { id: broker.id });
      reminder.client = client;
      reminder.scheduledTime = checked.scheduledTime;
      reminder.deliverAfter = outsideQuietHours(checked.scheduledTime, clientTimeZone(client, owner.timeZone));
      reminder.deliveryMethod = checked.deliveryMethod ?? reminder.deliveryMethod;
      reminder.message = checked.message;
      const entry = reminderEntry('reminder_updated', 'Changed', reminder, before, reminderFacts(reminder));
      if (entry.after) this.log.record(em, actor, entry);
      await em.flush();
      return toDto(reminder);
    });
  }

  /** Cancels a pending reminder that has not gone out: it is removed, and answered as it was. */
  async cancel(book: ClientBook, actor: Actor, id: string): Promise<ReminderDto> {
    return this.em.transactional(async (em) => {
      const reminder = await this.lockPending(em, book, id);
      // The client's name, for the entry's sentence.
      await em.populate(reminder, ['client']);
      const dto = toDto(reminder);
      em.remove(reminder);
      this.log.record(em, actor, reminderEntry('reminder_cancelled', 'Cancelled', reminder, reminderFacts(reminder), {}));
      await em.flush();
      return dto;
    });
  }

  private async findOwned(book: ClientBook, id: string, em: EntityManager = this.em): Promise<Reminder> {
    const reminder = isUuid(id) ? await em.findOne(Reminder, { id, ...bookWhereOfClient(book) }) : null;
    if (!reminder) throw new NotFoundException(REMINDER_MESSAGES.notFound);
    return reminder;
  }

  private async lockPending(em: EntityManager, book: ClientBook, id: string): Promise<Reminder> {
    // The reminder's row alone is locked; the book's condition on its client is checked first.
    if (!isUuid(id) || (await em.count(Reminder, { id, ...bookWhereOfClient(book) })) === 0)
      throw new NotFoundException(REMINDER_MESSAGES.notFound);
    const reminder = await em.findOne(Reminder, { id, broker: book.agencyId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!reminder) throw new NotFoundException(REMINDER_MESSAGES.notFound);
    if (reminder.status !== 'pending' || reminder.dispatchedAt) throw new ConflictException(REMINDER_MESSAGES.alreadySent);
    return reminder;
  }

  /** Sends the broker's pending reminders that are due now (quiet hours still apply); answers how many went out. */
  async executeDue(broker: User, actor: Actor): Promise<number> {
    const summary = await this.dispatcher.runOnce({ brokerId: broker.id });
    if (summary.sent > 0) {
      await this.log.recordNow(actor, {
        action: 'reminders_sent',
        targetType: 'reminder',
        summary: `Sent the ${summary.sent} reminder${summary.sent === 1 ? '' : 's'} due now`,
        after: { sent: summary.sent },
      });
    }
    return summary.sent;
  }
}
