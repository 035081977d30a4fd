import { EntityManager } from '@mikro-orm/postgresql';
import { BadRequestException, ConflictException, Injectable, NotFoundException, type OnModuleInit } from '@nestjs/common';

import type { ClientAccount } from '../auth/client-account.entity.js';
import { normalizePhone } from '../clients/contact.js';
import { isUuid } from '../common/ids.js';
import type { SourceOutcome } from '../delivery/delivery-outcomes.service.js';
import { DeliveryQueue } from '../delivery/delivery-queue.service.js';
import { InboundReplies, type ReplyWord } from '../delivery/inbound-replies.js';
import { PhiAuditService } from '../privacy/phi-audit.service.js';
import { Caregiver, MAX_CAREGIVERS } from './caregiver.entity.js';
import { CaregiversRepository } from './caregivers.repository.js';
import type { CaregiverDto, CaregiverInputDto } from './dto/caregiver.dto.js';

export const CAREGIVER_MESSAGES = {
  nameRequired: 'Name is required',
  nameTooLong: 'Name must be at most 100 characters',
  relationshipTooLong: 'Relationship must be at most 60 characters',
  phoneInvalid: 'Enter a valid US mobile number',
  ownNumber: 'This is your own number: enter your caregiver’s',
  duplicate: 'This number is already on your list',
  tooMany: `You can have at most ${MAX_CAREGIVERS} caregivers`,
  notFound: 'Caregiver not found',
} as const;

/** One line: no control characters, trimmed. */
function oneLine(value: string | null | undefined): string {
  return (value ?? '').replace(/\p{Cc}+/gu, ' ').trim();
}

function toDto(caregiver: Caregiver): CaregiverDto {
  return {
    id: caregiver.id,
    name: caregiver.name,
    relationship: caregiver.relationship ?? null,
    phone: caregiver.phone,
    status: caregiver.status,
    invitedAt: caregiver.invitedAt.toISOString(),
    optedInAt: caregiver.optedInAt?.toISOString() ?? null,
  };
}

/**
 * A client's caregivers: up to three people who get a text when the client misses a reminder —
 * after they agreed to it by replying YES to their invitation, and until they reply STOP. Part of
 * the client's private data: brokers and admins see neither the caregivers nor the alerts.
 */
@Injectable()
export class CaregiversService implements OnModuleInit {
  constructor(
    private readonly em: EntityManager,
    private readonly queue: DeliveryQueue,
    private readonly replies: InboundReplies,
    private readonly caregivers: CaregiversRepository,
    private readonly audit: PhiAuditService,
  ) {}

  onModuleInit(): void {
    this.replies.onReply((from, word) => this.onReply(from, word));
  }

  async list(account: ClientAccount): Promise<CaregiverDto[]> {
    const caregivers = await this.em.find(Caregiver, { client: account.client.id }, { orderBy: { createdAt: 'asc', id: 'asc' } });
    await this.audit.record(account, 'read', 'caregivers');
    return caregivers.map(toDto);
  }

  /** Adds a caregiver and texts them the invitation, together. */
  async add(account: ClientAccount, input: CaregiverInputDto, now = new Date()): Promise<CaregiverDto> {
    const name = oneLine(input.name);
    if (!name) throw new BadRequestException({ message: CAREGIVER_MESSAGES.nameRequired, field: 'name' });
    if (name.length > 100) throw new BadRequestException({ message: CAREGIVER_MESSAGES.nameTooLong, field: 'name' });
    const relationship = oneLine(input.relationship) || null;
    if (relationship && relationship.length > 60)
      throw new BadRequestException({ message: CAREGIVER_MESSAGES.relationshipTooLong, field: 'relationship' });
    const phone = normalizePhone(input.phone);
    if (!phone || !phone.startsWith('+1')) throw new BadRequestException({ message: CAREGIVER_MESSAGES.phoneInvalid, field: 'phone' });
    const client = account.client;
    if (phone === client.phone) throw new BadRequestException({ message: CAREGIVER_MESSAGES.ownNumber, field: 'phone' });

    const caregiver = await this.em.transactional(async (em) => {
      // One client's additions one at a time, so the limit holds under double submits.
      await this.caregivers.lockClient(em, client.id);
      const existing = await em.find(Caregiver, { client: client.id }, { fields: ['id', 'phone'] });
      if (existing.some((c) => c.phone === phone)) throw new ConflictException({ message: CAREGIVER_MESSAGES.duplicate, field: 'phone' });
      if (existing.length >= MAX_CAREGIVERS) throw new ConflictException(CAREGIVER_MESSAGES.tooMany);
      const created = em.create(Caregiver, { client: client.id, name, relationship, phone, invitedAt: now });
      await em.flush();
      await this.queue.enqueue(
        [
          {
            kind: 'caregiver',
            caregiverMessage: 'invite',
            sourceId: created.id,
            brokerId: client.broker.id,
            clientId: client.id,
            channel: 'sms',
            recipient: phone,
            occurrenceAt: now,
            notBefore: now,
          },
        ],
        em,
      );
      return created;
    });
    await this.audit.record(account, 'create', 'caregiver', caregiver.id);
    return toDto(caregiver);
  }

  /** Removes a caregiver: nothing more is sent to them (a text already queued is dropped). */
  async remove(account: ClientAccount, id: string): Promise<void> {
    const caregiver = isUuid(id) ? await this.em.findOne(Caregiver, { id, client: account.client.id }) : null;
    if (!caregiver) throw new NotFoundException(CAREGIVER_MESSAGES.notFound);
    await this.em.remove(caregiver).flush();
    await this.audit.record(account, 'delete', 'caregiver', id);
  }

  /**
   * Missed occurrences (every try ended without a confirmation; not the skipped ones): each
   * opted-in caregiver of the client gets one alert per occurrence time.
   */
  async alertMissed(outcomes: SourceOutcome[], now = new Date()): Promise<number> {
    const missed = outcomes
      .filter((o) => !o.confirmed && !o.skipped)
      .map((o) => ({ reminderId: o.sourceId, occurrenceAt: o.occurrenceAt }));
    const rows = await this.caregivers.toAlert(missed);
    return this.queue.enqueue(
      rows.map((row) => ({
        kind: 'caregiver' as const,
        caregiverMessage: 'alert' as const,
        sourceId: row.caregiver_id,
        brokerId: row.broker_id,
        clientId: row.client_id,
        channel: 'sms' as const,
        recipient: row.phone,
        occurrenceAt: new Date(row.occurrence_at),
        notBefore: now,
      })),
    );
  }

  private async onReply(from: string, word: ReplyWord): Promise<string | undefined> {
    if (word === 'stop') {
      await this.caregivers.stop(from);
      return undefined;
    }
    const names = [...new Set(await this.caregivers.optIn(from))];
    if (names.length === 0) return undefined;
    const who = names.length === 1 ? names[0] : 'they';
    return `Thank you. You will get a text if ${who} misses a reminder. Reply STOP to opt out.`;
  }
}
