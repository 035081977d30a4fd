import { randomBytes } from 'node:crypto';

import { EntityManager } from '@mikro-orm/postgresql';
import { BadRequestException, ConflictException, Injectable, NotFoundException, type OnModuleInit } from '@nestjs/common';

import type { ClientAccount } from '../auth/client-account.entity.js';
import { normalizeEmail, normalizePhone } from '../clients/contact.js';
import { Clock } from '../common/clock.js';
import { isUuid } from '../common/ids.js';
import type { Language } from '../common/language.js';
import { messagesFor } from '../common/messages/index.js';
import type { SourceOutcome } from '../delivery/delivery-outcomes.service.js';
import { DeliveryQueue } from '../delivery/delivery-queue.service.js';
import { InboundReplies, type ReplyWord } from '../delivery/inbound-replies.js';
import { PhiAuditService } from '../privacy/phi-audit.service.js';
import { Caregiver, MAX_CAREGIVERS } from './caregiver.entity.js';
import { type CaregiverLink, CaregiversRepository } from './caregivers.repository.js';
import type { CaregiverDto, CaregiverInputDto } from './dto/caregiver.dto.js';

export const CAREGIVER_MESSAGES = {
  nameRequired: 'Name is required',
  nameTooLong: 'Name must be at most 100 characters',
  relationshipTooLong: 'Relationship must be at most 60 characters',
  contactRequired: 'Enter a mobile number or an e-mail address',
  contactBoth: 'Enter a mobile number or an e-mail address, not both',
  phoneInvalid: 'Enter a valid US mobile number',
  emailInvalid: 'Enter a valid e-mail address',
  ownNumber: 'This is your own number: enter your caregiver’s',
  ownEmail: 'This is your own e-mail address: enter your caregiver’s',
  duplicate: 'This number is already on your list',
  duplicateEmail: 'This e-mail address is already on your list',
  tooMany: `You can have at most ${MAX_CAREGIVERS} caregivers`,
  notFound: 'Caregiver not found',
} as const;

const CAREGIVER_TOKEN = /^[0-9a-f]{64}$/;

/** One line: no control characters, trimmed. */
function oneLine(value: string | null | undefined): string {
  return (value ?? '').replace(/\p{Cc}+/gu, ' ').trim();
}

/** The one way a caregiver is reached: a US mobile number or an e-mail address (lower-cased), not the client's own. */
function caregiverContact(
  input: CaregiverInputDto,
  client: { phone: string; email?: string | null },
): { phone: string | null; email: string | null } {
  const phoneText = oneLine(input.phone);
  const emailText = oneLine(input.email);
  if (!phoneText && !emailText) throw new BadRequestException({ message: CAREGIVER_MESSAGES.contactRequired, field: 'phone' });
  if (phoneText && emailText) throw new BadRequestException({ message: CAREGIVER_MESSAGES.contactBoth, field: 'email' });
  if (emailText) {
    const email = normalizeEmail(emailText)?.toLowerCase();
    if (!email) throw new BadRequestException({ message: CAREGIVER_MESSAGES.emailInvalid, field: 'email' });
    if (email === client.email?.toLowerCase()) throw new BadRequestException({ message: CAREGIVER_MESSAGES.ownEmail, field: 'email' });
    return { phone: null, email };
  }
  const phone = normalizePhone(phoneText);
  if (!phone || !phone.startsWith('+1')) throw new BadRequestException({ message: CAREGIVER_MESSAGES.phoneInvalid, field: 'phone' });
  if (phone === client.phone) throw new BadRequestException({ message: CAREGIVER_MESSAGES.ownNumber, field: 'phone' });
  return { phone, email: null };
}

function toDto(caregiver: Caregiver): CaregiverDto {
  return {
    id: caregiver.id,
    name: caregiver.name,
    relationship: caregiver.relationship ?? null,
    phone: caregiver.phone ?? null,
    email: caregiver.email ?? null,
    status: caregiver.status,
    invitedAt: caregiver.invitedAt.toISOString(),
    optedInAt: caregiver.optedInAt?.toISOString() ?? null,
  };
}

/**
 * A client's caregivers: up to three people who get a text or an e-mail when the client misses a
 * reminder — after they agreed to it (a reply of YES, or Yes on the invitation e-mail's page), and
 * until they stop (a reply of STOP, the e-mail's stop link or one-click unsubscribe). Part of
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
    private readonly clock: Clock,
  ) {}

  onModuleInit(): void {
    this.replies.onReply((from, word, language) => this.onReply(from, word, language));
  }

  async list(account: ClientAccount): Promise<CaregiverDto[]> {
    const caregivers = await this.em.find(Caregiver, { client: account.client.id }, { orderBy: { createdAt: 'asc', id: 'asc' } });
    await this.audit.record(account, 'read', 'caregivers');
    return caregivers.map(toDto);
  }

  /** Adds a caregiver and sends them the invitation (a text or an e-mail), together. */
  async add(account: ClientAccount, input: CaregiverInputDto, now = this.clock.now()): Promise<CaregiverDto> {
    const name = oneLine(input.name);
    if (!name) throw new BadRequestException({ message: CAREGIVER_MESSAGES.nameRequired, field: 'name' });
    if (name.length > 100) throw new BadRequestException({ message: CAREGIVER_MESSAGES.nameTooLong, field: 'name' });
    const relationship = oneLine(input.relationship) || null;
    if (relationship && relationship.length > 60)
      throw new BadRequestException({ message: CAREGIVER_MESSAGES.relationshipTooLong, field: 'relationship' });
    const client = account.client;
    const contact = caregiverContact(input, client);

    const caregiver = await this.em.transactional(async (em) => {
      // One client's additions one at a time, so the limit holds under double submits.
      await this.caregivers.lockClient(em, client.id);
      const existing = await em.find(Caregiver, { client: client.id }, { fields: ['id', 'phone', 'email'] });
      if (contact.phone && existing.some((c) => c.phone === contact.phone))
        throw new ConflictException({ message: CAREGIVER_MESSAGES.duplicate, field: 'phone' });
      if (contact.email && existing.some((c) => c.email === contact.email))
        throw new ConflictException({ message: CAREGIVER_MESSAGES.duplicateEmail, field: 'email' });
      if (existing.length >= MAX_CAREGIVERS) throw new ConflictException(CAREGIVER_MESSAGES.tooMany);
      const created = em.create(Caregiver, {
        client: client.id,
        name,
        relationship,
        phone: contact.phone,
        email: contact.email,
        token: contact.email ? randomBytes(32).toString('hex') : null,
        invitedAt: now,
      });
      await em.flush();
      await this.queue.enqueue(
        [
          {
            kind: 'caregiver',
            caregiverMessage: 'invite',
            sourceId: created.id,
            brokerId: client.broker.id,
            clientId: client.id,
            channel: contact.email ? 'email' : 'sms',
            recipient: contact.email ?? contact.phone!,
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
  async alertMissed(outcomes: SourceOutcome[], now = this.clock.now()): Promise<number> {
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
        channel: row.email ? ('email' as const) : ('sms' as const),
        recipient: row.email ?? row.phone!,
        occurrenceAt: new Date(row.occurrence_at),
        notBefore: now,
      })),
    );
  }

  /** What an e-mail caregiver's page shows: whose caregiver they are and what they answered (undefined: no such link). */
  link(token: string): Promise<CaregiverLink | undefined> {
    return CAREGIVER_TOKEN.test(token) ? this.caregivers.byToken(token) : Promise.resolve(undefined);
  }

  /**
   * An e-mail caregiver's answer on their page: agree (only from the invitation: a stop is final, as
   * by text) or stop (any time; also mail apps' one-click unsubscribe). Answers the state after it.
   */
  async answer(token: string, answer: 'agree' | 'stop'): Promise<CaregiverLink | undefined> {
    if (!CAREGIVER_TOKEN.test(token)) return undefined;
    await this.caregivers.answerByToken(token, answer);
    return this.caregivers.byToken(token);
  }

  private async onReply(from: string, word: ReplyWord, language: Language): Promise<string | undefined> {
    if (word === 'stop') {
      await this.caregivers.stop(from);
      return undefined;
    }
    const names = [...new Set(await this.caregivers.optIn(from))];
    if (names.length === 0) return undefined;
    const words = messagesFor(language);
    return words.sms.caregiverAgreed(names.length === 1 ? names[0] : words.theyPronoun);
  }
}
