import { EntityManager } from '@mikro-orm/postgresql';
import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { DateTime } from 'luxon';

import type { ClientAccount } from '../auth/client-account.entity.js';
import { Clock } from '../common/clock.js';
import { isUuid } from '../common/ids.js';
import { clientTimeZone } from '../delivery/time-zones.js';
import { PhiAuditService } from '../privacy/phi-audit.service.js';
import { User } from '../users/user.entity.js';
import { ATTEMPTS_PER_OCCURRENCE, ClientReminder, RETRY_AFTER_MINUTES } from './client-reminder.entity.js';
import type { ClientReminderDto, CreateClientReminderDto } from './dto/client-reminder.dto.js';
import { Medication } from './medication.entity.js';
import { isValidZone, nextOccurrence, type RecurrenceRule } from './recurrence.js';

export const CLIENT_REMINDER_MESSAGES = {
  dateRequired: 'Date and time are required',
  invalidDate: 'Invalid date or time',
  pastDate: 'Scheduled time must be in the future',
  invalidZone: 'timeZone must be an IANA time zone such as America/Chicago',
  intervalTooSmall: 'recurrenceInterval must be at least 1',
  invalidDays: 'recurrenceDays are weekdays from 0 (Sunday) to 6 (Saturday)',
  daysOnlyWeekly: 'recurrenceDays apply to weekly reminders only',
  invalidEndDate: 'recurrenceEndDate must be a date (YYYY-MM-DD) on or after the first reminder',
  messageTooLong: 'Message must be at most 300 characters',
  notPending: 'Only pending reminders can be deleted',
  notPausable: 'Only a reminder that has a time still to come can be paused',
  nothingLeft: 'This reminder has no time left to ring: please schedule a new one',
  retryAfter: `retryAfterMinutes must be a whole number from ${RETRY_AFTER_MINUTES.min} to ${RETRY_AFTER_MINUTES.max}`,
  maxAttempts: `maxAttempts must be a whole number from ${ATTEMPTS_PER_OCCURRENCE.min} to ${ATTEMPTS_PER_OCCURRENCE.max}`,
  retryChannel: 'retryChannel must be same or other',
} as const;

export function toClientReminderDto(reminder: ClientReminder): ClientReminderDto {
  return {
    id: reminder.id,
    medicationId: reminder.medicationId ?? null,
    scheduledTime: reminder.scheduledTime.toISOString(),
    message: reminder.message ?? null,
    deliveryMethod: reminder.deliveryMethod,
    sayMedicationName: reminder.sayMedicationName,
    status: reminder.status,
    isRecurring: reminder.isRecurring,
    recurrencePattern: reminder.recurrencePattern ?? null,
    recurrenceInterval: reminder.recurrenceInterval,
    recurrenceDays: reminder.recurrenceDays ?? null,
    recurrenceEndDate: reminder.recurrenceEndDate ?? null,
    nextOccurrenceAt: reminder.nextOccurrenceAt?.toISOString() ?? null,
    timeZone: reminder.timeZone,
    retryAfterMinutes: reminder.retryAfterMinutes,
    maxAttempts: reminder.maxAttempts,
    retryChannel: reminder.retryChannel,
    alertCaregivers: reminder.alertCaregivers,
    pausedAt: reminder.pausedAt?.toISOString() ?? null,
  };
}

/** A recurring reminder's rule, as the dispatcher reads it (null for a one-time reminder). */
function ruleOf(reminder: ClientReminder): RecurrenceRule | null {
  if (!reminder.isRecurring || !reminder.recurrencePattern) return null;
  return {
    start: reminder.scheduledTime,
    zone: reminder.timeZone,
    pattern: reminder.recurrencePattern,
    interval: reminder.recurrenceInterval,
    days: reminder.recurrenceDays ?? null,
    endDate: reminder.recurrenceEndDate ?? null,
  };
}

/** A client's own reminders: health information, reachable only by that client. */
@Injectable()
export class ClientRemindersService {
  constructor(
    private readonly em: EntityManager,
    private readonly audit: PhiAuditService,
    private readonly clock: Clock,
  ) {}

  async list(account: ClientAccount): Promise<ClientReminderDto[]> {
    const reminders = await this.em.find(ClientReminder, { client: account.client }, { orderBy: { scheduledTime: 'asc', id: 'asc' } });
    await this.audit.record(account, 'read', 'client-reminders');
    return reminders.map(toClientReminderDto);
  }

  async create(account: ClientAccount, input: CreateClientReminderDto, now = this.clock.now()): Promise<ClientReminderDto> {
    const client = account.client;
    if (!input.scheduledTime) throw new BadRequestException(CLIENT_REMINDER_MESSAGES.dateRequired);
    const asked = new Date(input.scheduledTime);
    if (Number.isNaN(asked.getTime())) throw new BadRequestException(CLIENT_REMINDER_MESSAGES.invalidDate);
    if (asked.getTime() <= now.getTime()) throw new BadRequestException(CLIENT_REMINDER_MESSAGES.pastDate);
    // Reminders ring on the minute: 14:30:45 is 14:30 (else a recurring one's first occurrence, at 14:30, would be skipped).
    const scheduled = new Date(Math.floor(asked.getTime() / 60_000) * 60_000);
    if (input.timeZone && !isValidZone(input.timeZone)) throw new BadRequestException(CLIENT_REMINDER_MESSAGES.invalidZone);
    const message = input.message?.trim() || null;
    if (message && message.length > 300) throw new BadRequestException(CLIENT_REMINDER_MESSAGES.messageTooLong);

    const broker = await this.em.findOneOrFail(User, { id: client.broker.id });
    // The zone of the device it was scheduled on is the reminder's own; the client's zone (their
    // calling hours, the agency's sends) changes only in their Settings: a relative in another state
    // scheduling for them must not move it.
    const zone = input.timeZone || clientTimeZone(client, broker.timeZone);
    const recurring = input.isRecurring === true;
    const pattern = recurring ? (input.recurrencePattern ?? 'daily') : null;
    const interval = input.recurrenceInterval ?? 1;
    if (recurring && interval < 1) throw new BadRequestException(CLIENT_REMINDER_MESSAGES.intervalTooSmall);
    let days: number[] | null = null;
    if (recurring && input.recurrenceDays?.length) {
      if (pattern !== 'weekly') throw new BadRequestException(CLIENT_REMINDER_MESSAGES.daysOnlyWeekly);
      if (input.recurrenceDays.some((d) => !Number.isInteger(d) || d < 0 || d > 6)) {
        throw new BadRequestException(CLIENT_REMINDER_MESSAGES.invalidDays);
      }
      days = [...new Set(input.recurrenceDays)].sort((a, b) => a - b);
    }
    let endDate: string | null = null;
    if (recurring && input.recurrenceEndDate) {
      const end = DateTime.fromISO(input.recurrenceEndDate, { zone });
      const startDay = DateTime.fromJSDate(scheduled, { zone }).startOf('day');
      if (!end.isValid || !/^\d{4}-\d{2}-\d{2}$/.test(input.recurrenceEndDate) || end < startDay) {
        throw new BadRequestException(CLIENT_REMINDER_MESSAGES.invalidEndDate);
      }
      endDate = input.recurrenceEndDate;
    }
    const first = pattern
      ? nextOccurrence({ start: scheduled, zone, pattern, interval, days, endDate }, new Date(scheduled.getTime() - 1))
      : scheduled;

    let medicationId: string | null = null;
    if (input.medicationId) {
      const own = isUuid(input.medicationId) && (await this.em.count(Medication, { id: input.medicationId, client: client.id }));
      if (!own) throw new BadRequestException({ message: 'medicationId is not one of your medications', field: 'medicationId' });
      medicationId = input.medicationId;
    }
    const reminder = this.em.create(ClientReminder, {
      client,
      medicationId,
      sayMedicationName: Boolean(medicationId && input.sayMedicationName),
      message,
      deliveryMethod: input.deliveryMethod ?? 'voice',
      scheduledTime: scheduled,
      timeZone: zone,
      isRecurring: recurring,
      recurrencePattern: pattern,
      recurrenceInterval: recurring ? interval : 1,
      recurrenceDays: days,
      recurrenceEndDate: endDate,
      nextOccurrenceAt: first,
      retryAfterMinutes: input.retryAfterMinutes ?? RETRY_AFTER_MINUTES.default,
      maxAttempts: input.maxAttempts ?? ATTEMPTS_PER_OCCURRENCE.default,
      retryChannel: input.retryChannel ?? 'same',
      alertCaregivers: input.alertCaregivers ?? true,
    });
    await this.em.flush();
    await this.audit.record(account, 'create', 'client-reminder', reminder.id);
    return toClientReminderDto(reminder);
  }

  private async own(account: ClientAccount, id: string): Promise<ClientReminder> {
    const reminder = isUuid(id) ? await this.em.findOne(ClientReminder, { id, client: account.client }) : null;
    if (!reminder) throw new NotFoundException('Reminder not found');
    return reminder;
  }

  /** Stops sending the reminder's occurrences until it is resumed; pausing a paused one changes nothing. */
  async pause(account: ClientAccount, id: string, now = this.clock.now()): Promise<ClientReminderDto> {
    const reminder = await this.own(account, id);
    if (!reminder.pausedAt) {
      // A finished reminder (or one waiting only for its last outcome) has nothing left to hold back.
      if (reminder.status !== 'pending' || !reminder.nextOccurrenceAt) throw new ConflictException(CLIENT_REMINDER_MESSAGES.notPausable);
      reminder.pausedAt = now;
      await this.em.flush();
      await this.audit.record(account, 'update', 'client-reminder', reminder.id);
    }
    return toClientReminderDto(reminder);
  }

  /**
   * Sends the reminder again from its next time still to come: the occurrences that fell while it
   * was paused are skipped, not sent late. A one-time reminder whose time passed meanwhile (or a
   * recurring one that ended) has nothing left and stays paused (409). Resuming an active one
   * changes nothing.
   */
  async resume(account: ClientAccount, id: string, now = this.clock.now()): Promise<ClientReminderDto> {
    const reminder = await this.own(account, id);
    if (!reminder.pausedAt) return toClientReminderDto(reminder);
    let next = reminder.nextOccurrenceAt ?? null;
    if (!next || next.getTime() <= now.getTime()) {
      const rule = ruleOf(reminder);
      next = rule ? nextOccurrence(rule, now) : null;
    }
    if (!next) throw new ConflictException(CLIENT_REMINDER_MESSAGES.nothingLeft);
    reminder.nextOccurrenceAt = next;
    reminder.pausedAt = null;
    await this.em.flush();
    await this.audit.record(account, 'update', 'client-reminder', reminder.id);
    return toClientReminderDto(reminder);
  }

  async remove(account: ClientAccount, id: string): Promise<void> {
    const reminder = await this.own(account, id);
    if (reminder.status !== 'pending') throw new ConflictException(CLIENT_REMINDER_MESSAGES.notPending);
    await this.em.remove(reminder).flush();
    await this.audit.record(account, 'delete', 'client-reminder', id);
  }
}
