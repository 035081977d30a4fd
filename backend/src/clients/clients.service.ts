import { EntityManager, LockMode, UniqueConstraintViolationException } from '@mikro-orm/postgresql';
import { BadRequestException, ConflictException, ForbiddenException, Inject, Injectable, Logger, NotFoundException } from '@nestjs/common';

import { type ClientUsage, clientUsage, FLAT_HARD_CAP, hasClientLimit, remainingCapacity } from '../billing/plan-limits.js';
import { FLAT_CLIENT_LIMIT } from '../billing/pricing.js';
import { isUuid } from '../common/ids.js';
import { type ListQuery, ListResult } from '../common/list-query.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { ConsentService } from '../messaging/consent.service.js';
import { SMS_SENDER, type SmsSender } from '../messaging/messaging.ports.js';
import type { Channel } from '../messaging/outbox-message.entity.js';
import { User } from '../users/user.entity.js';
import { Client } from './client.entity.js';
import { type ClientColumns, type ClientRow, type ClientSortField, ClientsRepository, type InvitationState } from './clients.repository.js';
import { normalizeEmail, normalizePhone } from './contact.js';
import type { ContactChange, ContactField } from './contact-change.entity.js';
import { ContactChangesService, FIELD_WORDS } from './contact-changes.service.js';
import type {
  ClientDto,
  CreateClientDto,
  CreatedClientDto,
  InviteResultDto,
  InviteStatus,
  UpdateClientDto,
  UpdatedClientDto,
} from './dto/client.dto.js';
import { INVITATION_TTL_DAYS, InvitationTokensService } from './invitation-tokens.service.js';

export const CLIENT_LIST_RULES = {
  sortable: ['firstName', 'lastName', 'email', 'phone', 'isActive', 'engagementScore', 'createdAt'],
  filterable: ['q', 'isActive'],
  booleanFilters: ['isActive'],
} as const;

export const LIMIT_REACHED_MESSAGE =
  `Client limit reached. Your flat plan includes ${FLAT_CLIENT_LIMIT} active clients (up to ${FLAT_HARD_CAP} with the grace allowance). ` +
  'Enable overage billing or switch to per-client pricing to add more.';

/** Adding a client records the broker's word that they may be called, texted and e-mailed. */
export const CONTACT_CHANNELS: Channel[] = ['voice', 'sms', 'email'];

export class ClientLimitReachedException extends ForbiddenException {
  constructor() {
    super({ message: LIMIT_REACHED_MESSAGE, limitReached: true });
  }
}

/**
 * A broker's clients. Every query is scoped to the broker it is given; a client of another broker
 * is "not found" (404), never "forbidden".
 */
@Injectable()
export class ClientsService {
  private readonly logger = new Logger('Clients');

  constructor(
    private readonly em: EntityManager,
    private readonly invitations: InvitationTokensService,
    @Inject(SMS_SENDER) private readonly sms: SmsSender,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly consent: ConsentService,
    private readonly contactChanges: ContactChangesService,
    private readonly repository: ClientsRepository,
  ) {}

  /** The broker's client with this id, or 404. */
  async findOwned(broker: User, id: string, em: EntityManager = this.em): Promise<Client> {
    const client = isUuid(id) ? await em.findOne(Client, { id, broker }) : null;
    if (!client) throw new NotFoundException('Client not found');
    return client;
  }

  /**
   * One page of the broker's clients with their invitation state. This is the broker app's hottest
   * read (every visit to Clients, every keystroke in its search box), so it is one SQL statement
   * that answers the page and the total, mapped straight to the view: no entities are built for a
   * list that is only read (see docs/performance.md).
   */
  async list(brokerId: string, query: ListQuery): Promise<ListResult<ClientDto>> {
    const { q, isActive } = query.filter;
    if (q !== undefined && typeof q !== 'string') throw new BadRequestException('filter q must be text');
    if (isActive !== undefined && typeof isActive !== 'boolean') throw new BadRequestException('filter isActive must be true or false');
    const sort = query.sort ?? { field: 'createdAt', order: 'DESC' };
    const rows = await this.repository.listPage(brokerId, {
      search: q,
      isActive,
      sort: { field: sort.field as ClientSortField, order: sort.order },
      range: query.range,
    });
    const now = Date.now();
    const items = rows.filter((row): row is { total: number } & ClientRow => row.id !== null).map((row) => clientView(row, row, now));
    return new ListResult('clients', items, rows[0]?.total ?? 0, query.range);
  }

  async get(broker: User, id: string): Promise<ClientDto> {
    const [view] = await this.toViews([await this.findOwned(broker, id)]);
    return view;
  }

  async create(broker: User, input: CreateClientDto): Promise<CreatedClientDto> {
    const fields = this.contactFields(input);
    const client = await this.withBrokerLock(broker, async (em, usage) => {
      if (remainingCapacity(usage.tier, usage.activeCount, usage.overageEnabled) < 1) throw new ClientLimitReachedException();
      const created = em.create(Client, {
        broker: em.getReference(User, broker.id),
        firstName: input.firstName.trim(),
        lastName: input.lastName.trim(),
        email: fields.email ?? null,
        phone: fields.phone!,
      });
      await this.flushUnique(em, fields.phone!);
      await this.consent.record([created.id], CONTACT_CHANNELS, true, 'broker_added', em);
      return created;
    });
    const [view] = await this.toViews([client]);
    const warning = this.limitWarning(await this.usage(broker));
    return warning ? { ...view, warning: { message: warning } } : view;
  }

  /**
   * Edits the client. Before the client registers, the broker edits their phone and e-mail freely;
   * afterwards a new phone or e-mail waits for the client's confirmation in the portal (their
   * reminders carry health data), and the answer says so in `notice`.
   */
  async update(broker: User, id: string, input: UpdateClientDto): Promise<UpdatedClientDto> {
    const fields = this.contactFields(input);
    let held: ContactChange[] = [];
    const client = await this.withBrokerLock(broker, async (em, usage) => {
      const client = await this.findOwned(broker, id, em);
      if (input.isActive === true && !client.isActive) {
        if (remainingCapacity(usage.tier, usage.activeCount, usage.overageEnabled) < 1) throw new ClientLimitReachedException();
        client.deactivatedAt = null;
      }
      if (input.isActive === false && client.isActive) client.deactivatedAt = new Date();
      if (input.isActive !== undefined) client.isActive = input.isActive;
      if (input.firstName !== undefined) client.firstName = input.firstName.trim();
      if (input.lastName !== undefined) client.lastName = input.lastName.trim();
      if ((fields.email !== undefined || fields.phone !== undefined) && (await this.contactChanges.isRegistered(em, client.id))) {
        held = await this.contactChanges.request(em, broker, client, fields);
      } else {
        if (fields.email !== undefined) client.email = fields.email;
        if (fields.phone !== undefined) client.phone = fields.phone;
      }
      await this.flushUnique(em, client.phone);
      return client;
    });
    if (held.length > 0) await this.contactChanges.notify(broker, client, held);
    const [view] = await this.toViews([client]);
    if (held.length === 0) return view;
    const what = held.map((change) => FIELD_WORDS[change.field]).join(' and ');
    return {
      ...view,
      notice: {
        message: `Waiting for the client to confirm the new ${what}. Messages keep going to the current one until they do.`,
      },
    };
  }

  /** Withdraws the broker's open change of a registered client's phone or e-mail. */
  async withdrawContactChange(broker: User, id: string, field: ContactField): Promise<ClientDto> {
    const client = await this.findOwned(broker, id);
    if (!(await this.contactChanges.withdraw(this.em, client.id, field))) {
      throw new NotFoundException(`No change of the ${FIELD_WORDS[field]} is waiting for this client`);
    }
    return this.get(broker, id);
  }

  async remove(broker: User, id: string): Promise<void> {
    const client = await this.findOwned(broker, id);
    await this.em.remove(client).flush();
  }

  /**
   * Creates (or replaces) the client's invitation and texts them the link. If the text cannot be
   * sent, the invitation stands and the answer carries the link so the broker can share it.
   */
  async invite(broker: User, id: string): Promise<InviteResultDto> {
    const client = await this.findOwned(broker, id);
    if ((await this.toViews([client]))[0].inviteStatus === 'accepted') {
      throw new ConflictException(`${client.firstName} ${client.lastName} is already registered.`);
    }
    if (!client.isActive) throw new ConflictException('Reactivate this client before inviting them.');
    const { token } = await this.em.transactional((em) => this.invitations.issue(em, client));
    const inviteUrl = `${this.config.appUrl}/client/register/${token}`;
    const agency = broker.agencyName || [broker.firstName, broker.lastName].filter(Boolean).join(' ') || 'Your broker';
    try {
      await this.sms.sendSms({
        to: client.phone,
        purpose: 'client-invitation',
        brokerId: broker.id,
        body:
          `${agency} invited you to your private portal for your medications and reminders. ` +
          `Create your account here (the link works for ${INVITATION_TTL_DAYS} days): ${inviteUrl}`,
      });
      return { success: true, message: `Invitation sent to ${client.firstName} ${client.lastName} by text message.`, inviteUrl };
    } catch (error) {
      this.logger.warn({ err: error, clientId: client.id }, 'Invitation text message failed');
      return {
        success: false,
        message: `The invitation was created, but the text message to ${client.phone} could not be sent. Copy the link and share it another way.`,
        inviteUrl,
      };
    }
  }

  async usage(broker: User, em: EntityManager = this.em): Promise<ClientUsage> {
    const counts = await this.repository.activeAndTotalCounts(broker.id, em);
    const owner = await em.findOneOrFail(User, { id: broker.id });
    return clientUsage({
      tier: owner.subscriptionTier,
      activeCount: counts.active,
      totalCount: counts.total,
      overageEnabled: owner.overageEnabled,
    });
  }

  /**
   * Runs `work` in a transaction that holds the broker's row lock, so concurrent adds and imports
   * for one broker are counted against the limit one at a time.
   */
  async withBrokerLock<T>(broker: User, work: (em: EntityManager, usage: ClientUsage) => Promise<T>): Promise<T> {
    return this.em.transactional(async (em) => {
      await em.findOneOrFail(User, { id: broker.id }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
      return work(em, await this.usage(broker, em));
    });
  }

  /**
   * withBrokerLock for work that needs only the room left under the limit, such as each batch of a
   * CSV import: the active clients are counted only where the plan has a limit, so a batch does not
   * count a large book of clients every time.
   */
  async withBrokerCapacity<T>(broker: User, work: (em: EntityManager, capacity: number) => Promise<T>): Promise<T> {
    return this.em.transactional(async (em) => {
      const owner = await this.repository.lockBrokerPlan(broker.id, em);
      if (!owner) throw new NotFoundException('No such broker');
      if (!hasClientLimit(owner.tier, owner.overage)) return work(em, Number.POSITIVE_INFINITY);
      const active = await this.repository.activeCount(broker.id, em);
      return work(em, remainingCapacity(owner.tier, active, owner.overage));
    });
  }

  limitWarning(usage: ClientUsage): string | undefined {
    if (usage.warningLevel === 'approaching') {
      return `You have ${usage.activeCount} of ${usage.limit} active clients. Consider upgrading before you reach your limit.`;
    }
    if (usage.warningLevel === 'soft') {
      return `You have ${usage.activeCount} active clients and your plan includes ${usage.limit}. The grace allowance lets you have up to ${FLAT_HARD_CAP}: enable overage billing or switch to per-client pricing to add more.`;
    }
    if (usage.warningLevel === 'blocked') {
      return `You have ${usage.activeCount} active clients, the most your plan allows with its grace allowance. Enable overage billing or switch to per-client pricing to add more.`;
    }
    return undefined;
  }

  private contactFields(input: { phone?: string; email?: string | null }): { phone?: string; email?: string | null } {
    const out: { phone?: string; email?: string | null } = {};
    if (input.phone !== undefined) {
      const phone = normalizePhone(input.phone);
      if (!phone) throw new BadRequestException({ message: 'phone is not a valid phone number', field: 'phone' });
      out.phone = phone;
    }
    if (input.email !== undefined) {
      const email = normalizeEmail(input.email);
      if (email === undefined) throw new BadRequestException({ message: 'email is not a valid e-mail address', field: 'email' });
      out.email = email;
    }
    return out;
  }

  private async flushUnique(em: EntityManager, phone: string): Promise<void> {
    try {
      await em.flush();
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) {
        throw new ConflictException({ message: `A client with the phone number ${phone} already exists.`, field: 'phone' });
      }
      throw error;
    }
  }

  /** The broker's view of clients, with invitation state, in one extra query for the whole set. */
  async toViews(clients: Client[]): Promise<ClientDto[]> {
    if (clients.length === 0) return [];
    const rows = await this.repository.invitationStates(clients.map((c) => c.id));
    const state = new Map(rows.map((row) => [row.id, row]));
    const now = Date.now();
    return clients.map((client) =>
      clientView(
        {
          id: client.id,
          first_name: client.firstName,
          last_name: client.lastName,
          email: client.email ?? null,
          phone: client.phone,
          is_active: client.isActive,
          engagement_score: client.engagementScore,
          created_at: client.createdAt,
        },
        state.get(client.id),
        now,
      ),
    );
  }
}

function clientView(client: ClientColumns, state: InvitationState | undefined, now: number): ClientDto {
  const inviteStatus: InviteStatus = state?.registered
    ? 'accepted'
    : state?.pending_until
      ? new Date(state.pending_until).getTime() > now
        ? 'pending'
        : 'expired'
      : 'none';
  return {
    id: client.id,
    firstName: client.first_name,
    lastName: client.last_name,
    email: client.email,
    phone: client.phone,
    isActive: client.is_active,
    engagementScore: client.engagement_score,
    inviteStatus,
    inviteToken: inviteStatus !== 'none',
    createdAt: new Date(client.created_at).toISOString(),
    pendingContactChanges: (state?.pending_changes ?? []).map((change) => ({
      field: change.field,
      value: change.value,
      requestedAt: new Date(change.requestedAt).toISOString(),
    })),
  };
}
