import { QueryOrder } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';

import type { ClientAccount } from '../auth/client-account.entity.js';
import { Clock } from '../common/clock.js';
import { isUuid } from '../common/ids.js';
import { DeliveryReads } from '../delivery/delivery-reads.repository.js';
import { clientTimeZone } from '../delivery/time-zones.js';
import { PhiAuditService } from '../privacy/phi-audit.service.js';
import { User } from '../users/user.entity.js';
import { adherence, occurrenceOutcome } from './adherence.js';
import { renderAdherencePdf } from './adherence-pdf.js';
import { ClientReminder } from './client-reminder.entity.js';
import type { AdherenceDto, HistoryItemDto, MedicationDto, MedicationInputDto, MyInfoDto } from './dto/medication.dto.js';
import { Medication } from './medication.entity.js';
import { supplyOf } from './supply.js';

const LIMITS = { name: 120, dosage: 120, frequency: 120, instructions: 500 } as const;
export const HISTORY_DAYS = 90;

const count = (value: string | null | undefined): number | null => (value ? Number(value) : null);

function toDto(m: Medication, zone: string, now: Date): MedicationDto {
  const pillsOnHand = count(m.pillsOnHand);
  const pillsPerDay = count(m.pillsPerDay);
  const supply = supplyOf(pillsOnHand, pillsPerDay, m.pillsCountedAt ?? null, now, zone);
  return {
    id: m.id,
    name: m.name,
    dosage: m.dosage ?? null,
    frequency: m.frequency ?? null,
    instructions: m.instructions ?? null,
    pillsOnHand,
    pillsPerDay,
    daysLeft: supply?.daysLeft ?? null,
    runsOutOn: supply?.runsOutOn ?? null,
    refillSoon: supply?.refillSoon ?? false,
  };
}

/** The client's zone for their supply's days (their portal's, else their phone's area code). */
const zoneOf = (account: ClientAccount) => clientTimeZone(account.client, 'America/New_York');

/** Pills on hand (counted now) and a day, as given: undefined leaves them, null clears them. */
function applyCounts(medication: Medication, input: MedicationInputDto, now: Date): void {
  if (input.pillsOnHand !== undefined) {
    medication.pillsOnHand = input.pillsOnHand === null ? null : String(input.pillsOnHand);
    medication.pillsCountedAt = input.pillsOnHand === null ? null : now;
  }
  if (input.pillsPerDay !== undefined) medication.pillsPerDay = input.pillsPerDay === null ? null : String(input.pillsPerDay);
}

function clean(input: MedicationInputDto, field: keyof typeof LIMITS): string | null | undefined {
  const value = input[field];
  if (value === undefined) return undefined;
  const text = value?.trim() || null;
  if (text && text.length > LIMITS[field])
    throw new BadRequestException({ message: `${field} must be at most ${LIMITS[field]} characters`, field });
  return text;
}

/**
 * A client's medications, adherence history and portal overview: health information, for that
 * client only, every access recorded (never the values).
 */
@Injectable()
export class MedicationsService {
  constructor(
    private readonly em: EntityManager,
    private readonly audit: PhiAuditService,
    private readonly deliveries: DeliveryReads,
    private readonly clock: Clock,
  ) {}

  private async own(account: ClientAccount, id: string): Promise<Medication> {
    const medication = isUuid(id) ? await this.em.findOne(Medication, { id, client: account.client.id }) : null;
    if (!medication) throw new NotFoundException('Medication not found');
    return medication;
  }

  async list(account: ClientAccount): Promise<MedicationDto[]> {
    const medications = await this.em.find(Medication, { client: account.client.id }, { orderBy: { createdAt: 'asc', id: 'asc' } });
    await this.audit.record(account, 'read', 'medications');
    const now = this.clock.now();
    return medications.map((m) => toDto(m, zoneOf(account), now));
  }

  async create(account: ClientAccount, input: MedicationInputDto, now = this.clock.now()): Promise<MedicationDto> {
    const name = clean(input, 'name');
    if (!name) throw new BadRequestException({ message: 'name is required', field: 'name' });
    const medication = this.em.create(Medication, {
      client: account.client,
      name,
      dosage: clean(input, 'dosage') ?? null,
      frequency: clean(input, 'frequency') ?? null,
      instructions: clean(input, 'instructions') ?? null,
    });
    applyCounts(medication, input, now);
    await this.em.flush();
    await this.audit.record(account, 'create', 'medication', medication.id);
    return toDto(medication, zoneOf(account), now);
  }

  async update(account: ClientAccount, id: string, input: MedicationInputDto, now = this.clock.now()): Promise<MedicationDto> {
    const medication = await this.own(account, id);
    const name = clean(input, 'name');
    if (name === null) throw new BadRequestException({ message: 'name is required', field: 'name' });
    if (name !== undefined) medication.name = name;
    for (const field of ['dosage', 'frequency', 'instructions'] as const) {
      const value = clean(input, field);
      if (value !== undefined) medication[field] = value;
    }
    applyCounts(medication, input, now);
    await this.em.flush();
    await this.audit.record(account, 'update', 'medication', medication.id);
    return toDto(medication, zoneOf(account), now);
  }

  /**
   * Deleting a medication cancels its pending reminders (the client stopped taking it, so the calls
   * stop); finished reminders stay in the history, detached from it.
   */
  async remove(account: ClientAccount, id: string): Promise<void> {
    const medication = await this.own(account, id);
    await this.em.transactional(async (em) => {
      await em.nativeDelete(ClientReminder, { medicationId: medication.id, client: account.client.id, status: 'pending' });
      await em.nativeUpdate(ClientReminder, { medicationId: medication.id, client: account.client.id }, { medicationId: null });
      await em.nativeDelete(Medication, { id: medication.id });
    });
    await this.audit.record(account, 'delete', 'medication', medication.id);
  }

  /** The client's reminder occurrences of the last 90 days, newest first, with how each went. */
  async history(account: ClientAccount, now = this.clock.now()): Promise<HistoryItemDto[]> {
    const rows = await this.historyRows(account, now);
    await this.audit.record(account, 'read', 'history');
    return rows;
  }

  /** The deliveries of the client's own reminders (those not deleted) of the last 90 days, newest first. */
  private async historyRows(account: ClientAccount, now: Date): Promise<(HistoryItemDto & { medicationId: string | null })[]> {
    const deliveries = await this.deliveries.clientReminderHistory(
      account.client.id,
      new Date(now.getTime() - HISTORY_DAYS * 86_400_000),
      now,
    );
    const reminderIds = [...new Set(deliveries.map((row) => row.client_reminder_id))];
    const reminders = new Map(
      (reminderIds.length
        ? await this.em.find(ClientReminder, { id: { $in: reminderIds } }, { fields: ['id', 'message', 'medicationId'] })
        : []
      ).map((reminder) => [reminder.id, reminder]),
    );
    // A reminder the client deleted takes its history with it.
    return deliveries
      .filter((row) => reminders.has(row.client_reminder_id))
      .map((row) => ({
        id: row.id,
        reminderId: row.client_reminder_id,
        occurrenceAt: new Date(row.occurrence_at).toISOString(),
        channel: row.channel,
        message: reminders.get(row.client_reminder_id)?.message ?? null,
        medicationId: reminders.get(row.client_reminder_id)?.medicationId ?? null,
        outcome: occurrenceOutcome(row),
        confirmedAt: row.confirmed_at ? new Date(row.confirmed_at).toISOString() : null,
        attempts: row.attempts,
      }));
  }

  /**
   * Adherence over the last 30 days, for all the client's reminders and each one (with the
   * medication's name, the client's own data), in the client's time zone.
   */
  async adherence(account: ClientAccount, now = this.clock.now()): Promise<AdherenceDto> {
    const result = await this.adherenceOf(account, now);
    await this.audit.record(account, 'read', 'adherence');
    return result.summary;
  }

  /** The history as a PDF the client can print or give their doctor (generated here; sent only to them). */
  async adherencePdf(account: ClientAccount, now = this.clock.now()): Promise<Buffer> {
    const { summary, history } = await this.adherenceOf(account, now);
    const broker = await this.em.findOneOrFail(User, { id: account.client.broker.id }, { fields: ['agencyName', 'firstName', 'lastName'] });
    const pdf = await renderAdherencePdf({
      clientName: `${account.client.firstName} ${account.client.lastName}`.trim(),
      agencyName: broker.agencyName || `${broker.firstName ?? ''} ${broker.lastName ?? ''}`.trim(),
      now,
      summary,
      history,
      language: account.client.language,
    });
    await this.audit.record(account, 'read', 'adherence-pdf');
    return pdf;
  }

  private async adherenceOf(account: ClientAccount, now: Date): Promise<{ summary: AdherenceDto; history: HistoryItemDto[] }> {
    const history = await this.historyRows(account, now);
    const broker = await this.em.findOneOrFail(User, { id: account.client.broker.id }, { fields: ['timeZone'] });
    const zone = clientTimeZone(account.client, broker.timeZone);
    const medicationIds = [...new Set(history.map((row) => row.medicationId).filter((id): id is string => Boolean(id)))];
    const medications = new Map(
      (medicationIds.length ? await this.em.find(Medication, { id: { $in: medicationIds }, client: account.client.id }) : []).map((m) => [
        m.id,
        m.name,
      ]),
    );
    const occurrences = history.map((row) => ({
      reminderId: row.reminderId,
      occurrenceAt: new Date(row.occurrenceAt),
      outcome: row.outcome,
    }));
    const all = adherence(occurrences, now, zone);
    const reminders = [...new Set(history.map((row) => row.reminderId))].map((reminderId) => {
      const first = history.find((row) => row.reminderId === reminderId)!;
      const figures = adherence(
        occurrences.filter((o) => o.reminderId === reminderId),
        now,
        zone,
      );
      return {
        reminderId,
        message: first.message,
        medicationName: first.medicationId ? (medications.get(first.medicationId) ?? null) : null,
        ...figures,
      };
    });
    return {
      summary: {
        timeZone: zone,
        from: all.days[0].date,
        to: all.days[all.days.length - 1].date,
        confirmed: all.confirmed,
        missed: all.missed,
        skipped: all.skipped,
        percent: all.percent,
        reminders,
      },
      history: history.map(({ medicationId: _medicationId, ...row }) => row),
    };
  }

  async myInfo(account: ClientAccount, now = this.clock.now()): Promise<MyInfoDto> {
    const [medications, upcoming] = await Promise.all([
      this.em.find(Medication, { client: account.client.id }, { orderBy: { createdAt: 'asc', id: 'asc' } }),
      // The next ones to ring, then the paused ones (shown as paused, whatever time they were due).
      this.em.find(
        ClientReminder,
        {
          client: account.client.id,
          $or: [
            { nextOccurrenceAt: { $gt: now }, pausedAt: null },
            { nextOccurrenceAt: { $ne: null }, pausedAt: { $ne: null } },
          ],
        },
        { orderBy: { pausedAt: QueryOrder.ASC_NULLS_FIRST, nextOccurrenceAt: 'asc', id: 'asc' }, limit: 10 },
      ),
    ]);
    await this.audit.record(account, 'read', 'my-info');
    return {
      client: { firstName: account.client.firstName, lastName: account.client.lastName, language: account.client.language },
      medications: medications.map((m) => toDto(m, zoneOf(account), now)),
      upcomingReminders: upcoming.map((r) => ({
        id: r.id,
        message: r.message ?? null,
        scheduledTime: r.nextOccurrenceAt!.toISOString(),
        pausedAt: r.pausedAt?.toISOString() ?? null,
      })),
    };
  }
}
