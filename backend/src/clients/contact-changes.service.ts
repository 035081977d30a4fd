import { EntityManager, LockMode } from '@mikro-orm/postgresql';
import { ConflictException, Inject, Injectable, Logger, NotFoundException } from '@nestjs/common';

import { isUuid } from '../common/ids.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { EMAIL_SENDER, type EmailSender, SMS_SENDER, type SmsSender } from '../messaging/messaging.ports.js';
import { User } from '../users/user.entity.js';
import { BrokerNoticesService } from './broker-notices.service.js';
import { Client } from './client.entity.js';
import { ClientsRepository } from './clients.repository.js';
import { maskEmail, maskPhone } from './contact.js';
import { ContactChange, type ContactField } from './contact-change.entity.js';
import type { ClientContactChangeDto } from './dto/contact-change.dto.js';

/** How far back the client's portal lists decided changes. */
const DECIDED_SHOWN_DAYS = 365;

export const FIELD_WORDS: Record<ContactField, string> = { phone: 'phone number', email: 'e-mail address' };

export function maskContact(field: ContactField, value: string | null): string {
  return field === 'phone' ? maskPhone(value) : maskEmail(value);
}

/** What a broker's name reads as in a message to their client. */
export function brokerDisplayName(broker: Pick<User, 'agencyName' | 'firstName' | 'lastName'>): string {
  const person = [broker.firstName, broker.lastName].filter(Boolean).join(' ');
  if (person && broker.agencyName) return `${person} (${broker.agencyName})`;
  return person || broker.agencyName || 'Your agent';
}

/**
 * Changes to a registered client's phone or e-mail, which the client confirms or refuses in their
 * portal (docs/privacy.md). Their reminders carry health data, so a broker must never be able to
 * redirect them: until the client confirms, every message keeps going to the old contact, and the
 * client is told there, without any health data.
 */
@Injectable()
export class ContactChangesService {
  private readonly logger = new Logger('ContactChanges');

  constructor(
    private readonly em: EntityManager,
    @Inject(SMS_SENDER) private readonly sms: SmsSender,
    @Inject(EMAIL_SENDER) private readonly email: EmailSender,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly notices: BrokerNoticesService,
    private readonly clients: ClientsRepository,
  ) {}

  /** Whether the client has a portal account: from then on their contact changes wait for them. */
  isRegistered(em: EntityManager, clientId: string): Promise<boolean> {
    return this.clients.hasPortalAccount(clientId, em);
  }

  /**
   * Holds the broker's wanted contact as pending, inside the caller's transaction; a new value
   * replaces an open request for the same field. Answers the new requests (whose clients are to be told once the transaction commits).
   */
  async request(
    em: EntityManager,
    broker: User,
    client: Client,
    wanted: { phone?: string; email?: string | null },
    now = new Date(),
  ): Promise<ContactChange[]> {
    const made: ContactChange[] = [];
    for (const field of ['phone', 'email'] as const) {
      const value = wanted[field];
      if (value === undefined) continue;
      const open = await em.findOne(ContactChange, { client: client.id, field, status: 'pending' });
      // The contact in use, or the value already asked for: nothing new (an edit form sends every field).
      if (value === (client[field] ?? null) || open?.newValue === value) continue;
      if (open) {
        open.status = 'withdrawn';
        open.decidedAt = now;
        // Frees the one-open-request-per-field index before the new request is written.
        await em.flush();
      }
      if (field === 'phone' && (await this.phoneTaken(em, client, value!))) {
        throw new ConflictException({ message: `A client with the phone number ${value} already exists.`, field: 'phone' });
      }
      made.push(
        em.create(ContactChange, {
          client,
          broker: em.getReference(User, broker.id),
          field,
          oldValue: client[field] ?? null,
          newValue: value,
          requestedAt: now,
        }),
      );
    }
    await em.flush();
    return made;
  }

  /**
   * Tells the client on the contact in use (the old phone, or the old e-mail when there was one) that
   * a change waits for them. Best effort: the portal shows the request whatever happens here.
   */
  async notify(broker: User, client: Client, changes: ContactChange[]): Promise<void> {
    for (const change of changes) {
      const what = FIELD_WORDS[change.field];
      const asked =
        change.newValue === null ? `to remove the ${what}` : `to change the ${what} to ${maskContact(change.field, change.newValue)}`;
      const text =
        `${brokerDisplayName(broker)} asked ${asked} on your reminders account. ` +
        `We keep using your current ${what} until you confirm the change in your portal: ${this.config.appUrl}/client. ` +
        'If you did not expect this, refuse it there.';
      try {
        if (change.field === 'email' && change.oldValue) {
          await this.email.sendEmail({
            to: change.oldValue,
            purpose: 'contact-change-notice',
            brokerId: broker.id,
            subject: 'Please confirm a change to your contact details',
            text,
          });
        } else {
          await this.sms.sendSms({ to: client.phone, purpose: 'contact-change-notice', brokerId: broker.id, body: text });
        }
      } catch (error) {
        this.logger.warn({ err: error, clientId: client.id, changeId: change.id }, 'Contact change notice could not be sent');
      }
    }
  }

  /** The client's open requests and those decided in the last year, newest first. */
  async listForClient(clientId: string, now = new Date()): Promise<ClientContactChangeDto[]> {
    const changes = await this.em.find(
      ContactChange,
      {
        client: clientId,
        $or: [{ status: 'pending' }, { decidedAt: { $gte: new Date(now.getTime() - DECIDED_SHOWN_DAYS * 86_400_000) } }],
      },
      { populate: ['broker'], orderBy: { requestedAt: 'desc', id: 'asc' } },
    );
    return changes.map((change) => this.clientView(change));
  }

  /** The client takes the new contact: from now on every message goes there. */
  async confirm(clientId: string, id: string, now = new Date()): Promise<ClientContactChangeDto> {
    return this.decide(clientId, id, 'confirmed', now);
  }

  /** The client keeps the contact in use; the request is dropped. */
  async refuse(clientId: string, id: string, now = new Date()): Promise<ClientContactChangeDto> {
    return this.decide(clientId, id, 'refused', now);
  }

  private async decide(clientId: string, id: string, outcome: 'confirmed' | 'refused', now: Date): Promise<ClientContactChangeDto> {
    const change = await this.em.transactional(async (em) => {
      const change = isUuid(id)
        ? await em.findOne(ContactChange, { id, client: clientId }, { lockMode: LockMode.PESSIMISTIC_WRITE })
        : null;
      if (!change) throw new NotFoundException('Change not found');
      if (change.status !== 'pending') {
        throw new ConflictException(
          change.status === 'withdrawn' ? 'Your agent withdrew this change.' : `You already ${change.status} this change.`,
        );
      }
      if (outcome === 'confirmed') {
        const client = await em.findOneOrFail(Client, { id: clientId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
        if (change.field === 'phone') {
          if (await this.phoneTaken(em, client, change.newValue!)) {
            throw new ConflictException('This phone number cannot be used for your account. Please ask your agent.');
          }
          client.phone = change.newValue!;
        } else {
          client.email = change.newValue;
        }
      }
      change.status = outcome;
      change.decidedAt = now;
      await em.flush();
      return change;
    });
    await this.em.populate(change, ['broker', 'client']);
    await this.notices.contactChangeDecided(change.broker, change.client, change);
    return this.clientView(change);
  }

  /** Withdraws the broker's open request for this field of their client; false when there is none. */
  async withdraw(em: EntityManager, clientId: string, field: ContactField, now = new Date()): Promise<boolean> {
    const withdrawn = await em.nativeUpdate(
      ContactChange,
      { client: clientId, field, status: 'pending' },
      { status: 'withdrawn', decidedAt: now },
    );
    return withdrawn > 0;
  }

  /** Whether another client of the same broker has this phone (one number, one client per broker). */
  private async phoneTaken(em: EntityManager, client: Client, phone: string): Promise<boolean> {
    return (await em.count(Client, { broker: client.broker, phone, id: { $ne: client.id } })) > 0;
  }

  private clientView(change: ContactChange): ClientContactChangeDto {
    return {
      id: change.id,
      field: change.field,
      oldValue: maskContact(change.field, change.oldValue),
      newValue: maskContact(change.field, change.newValue),
      status: change.status,
      requestedBy: brokerDisplayName(change.broker),
      requestedAt: change.requestedAt.toISOString(),
      decidedAt: change.decidedAt ? change.decidedAt.toISOString() : null,
    };
  }
}
