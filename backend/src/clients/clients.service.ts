import { EntityManager, LockMode, UniqueConstraintViolationException } from '@mikro-orm/postgresql';
import { BadRequestException, ConflictException, ForbiddenException, Inject, Injectable, Logger, NotFoundException } from '@nestjs/common';

import type { Actor } from '../agency-log/actor.js';
import { type AgencyLogEntry, AgencyLogService } from '../agency-log/agency-log.service.js';
import type { Facts } from '../agency-log/changes.js';
import { type ClientUsage, clientUsage, FLAT_HARD_CAP, hasClientLimit, remainingCapacity } from '../billing/plan-limits.js';
import { FLAT_CLIENT_LIMIT } from '../billing/pricing.js';
import { Clock } from '../common/clock.js';
import { csvLine } from '../common/csv.js';
import { isUuid } from '../common/ids.js';
import { type ListQuery, ListResult, parseListQuery } from '../common/list-query.js';
import { messagesFor } from '../common/messages/index.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { attestationsIn } from '../consent/attestations.js';
import { actorOf, ConsentLedger, CONTACT_CHANNELS } from '../consent/consent-ledger.service.js';
import { normalizeState, normalizeZip, stateOfZip } from '../delivery/us-places.js';
import { bookWhere, type ClientBook } from '../members/book.js';
import { Member } from '../members/member.entity.js';
import type { MemberRole } from '../members/roles.js';
import { SMS_SENDER, type SmsSender } from '../messaging/messaging.ports.js';
import { CARRIER_MAX } from '../policies/dto/policy.dto.js';
import { POLICY_TYPES, type PolicyType } from '../policies/policy.entity.js';
import { POLICY_TYPE_WORDS } from '../policies/policy-csv.js';
import { User } from '../users/user.entity.js';
import { Client, type DepartureReason, RISK_LEVELS, type RiskLevel } from './client.entity.js';
import { clientCreated, clientEdited, clientFacts, clientName } from './client-activity.js';
import { cleanCarrier, MIN_PLAN_EFFECTIVE_DATE } from './client-facts.js';
import {
  type ClientColumns,
  type ClientListFilter,
  type ClientRow,
  type ClientSortField,
  ClientsRepository,
  type InvitationState,
  type PolicyFilter,
} from './clients.repository.js';
import { normalizeEmail, normalizePhone } from './contact.js';
import type { ContactChange, ContactField } from './contact-change.entity.js';
import { ContactChangesService, FIELD_WORDS } from './contact-changes.service.js';
import { DeparturesRepository } from './departures.repository.js';
import {
  type AssignClientsDto,
  type AssignedClientsDto,
  type BulkClientAction,
  type BulkClientsDto,
  type BulkFailureDto,
  type BulkResultDto,
  type ClientDto,
  type CreateClientDto,
  CreatedClientDto,
  INVITE_STATUSES,
  type InviteLinkDto,
  type InviteResultDto,
  type InviteStatus,
  type UpdateClientDto,
  type UpdatedClientDto,
} from './dto/client.dto.js';
import { INVITATION_TTL_DAYS, InvitationTokensService } from './invitation-tokens.service.js';

export const CLIENT_LIST_RULES = {
  sortable: ['firstName', 'lastName', 'email', 'phone', 'isActive', 'inviteStatus', 'engagementScore', 'createdAt', 'riskScore'],
  filterable: [
    'q',
    'isActive',
    'inviteStatus',
    'engagementMin',
    'engagementMax',
    'riskLevel',
    'assignedTo',
    'carrier',
    'policyType',
    'effectiveYear',
    'terminatingSoon',
  ],
  booleanFilters: ['isActive', 'terminatingSoon'],
  numberFilters: ['engagementMin', 'engagementMax', 'effectiveYear'],
  listFilters: ['riskLevel'],
  idFilter: true,
} as const;

export const LIMIT_REACHED_MESSAGE =
  `Client limit reached. Your flat plan includes ${FLAT_CLIENT_LIMIT} active clients (up to ${FLAT_HARD_CAP} with the grace allowance). ` +
  'Enable overage billing or switch to per-client pricing to add more.';

/** Adding a client records the broker's word that they may be called, texted and e-mailed. */

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
    private readonly ledger: ConsentLedger,
    private readonly contactChanges: ContactChangesService,
    private readonly repository: ClientsRepository,
    private readonly departures: DeparturesRepository,
    private readonly log: AgencyLogService,
    private readonly clock: Clock,
  ) {}

  /** The client with this id in the book (the agency's, or the member's own clients), or 404. */
  async findOwned(book: ClientBook, id: string, em: EntityManager = this.em): Promise<Client> {
    const client = isUuid(id) ? await em.findOne(Client, { id, ...bookWhere(book) }) : null;
    if (!client) throw new NotFoundException('Client not found');
    return client;
  }

  /**
   * One page of the broker's clients with their invitation state. This is the broker app's hottest
   * read (every visit to Clients, every keystroke in its search box), so it is one SQL statement
   * that answers the page and the total, mapped straight to the view: no entities are built for a
   * list that is only read (see docs/performance.md).
   */
  async list(book: ClientBook, query: ListQuery): Promise<ListResult<ClientDto>> {
    const sort = query.sort ?? { field: 'createdAt', order: 'DESC' };
    const rows = await this.repository.listPage(book, {
      ...clientListFilter(query, this.clock.now()),
      sort: { field: sort.field as ClientSortField, order: sort.order },
      range: query.range,
    });
    const now = Date.now();
    const items = rows.filter((row): row is { total: number } & ClientRow => row.id !== null).map((row) => clientView(row, row, now));
    return new ListResult('clients', items, rows[0]?.total ?? 0, query.range);
  }

  /**
   * The whole list under these filters and sort (every page), as CSV lines: a header, then one line
   * per client — contact details, status, invitation, engagement and the joined date, nothing of
   * the client's health data. Read a thousand rows at a time, so a large book streams.
   */
  async *exportCsv(actor: Actor, book: ClientBook, query: ListQuery): AsyncGenerator<string> {
    const filter = clientListFilter(query, this.clock.now());
    const sort = query.sort ?? { field: 'createdAt', order: 'DESC' };
    const now = Date.now();
    await this.log.recordNow(actor, {
      action: 'clients_exported',
      targetType: 'clients',
      summary: 'Exported the client list (CSV)',
      after: { filter: query.filter, sort: query.sort ?? null },
    });
    yield csvLine(CLIENT_EXPORT_HEADER);
    for (let start = 0; ; start += EXPORT_BATCH) {
      const rows = await this.repository.listPage(book, {
        ...filter,
        sort: { field: sort.field as ClientSortField, order: sort.order },
        range: { start, end: start + EXPORT_BATCH - 1 },
      });
      const clients = rows.filter((row): row is { total: number } & ClientRow => row.id !== null);
      for (const row of clients) {
        const view = clientView(row, row, now);
        yield csvLine([
          view.firstName,
          view.lastName,
          view.email,
          displayPhone(view.phone),
          view.isActive ? 'Active' : 'Inactive',
          EXPORT_INVITE_WORDS[view.inviteStatus],
          view.engagementScore,
          view.createdAt.slice(0, 10),
          ...currentPlanCells(view.currentPolicy),
        ]);
      }
      if (clients.length < EXPORT_BATCH) return;
    }
  }

  async get(book: ClientBook, id: string): Promise<ClientDto> {
    const [view] = await this.toViews([await this.findOwned(book, id)]);
    return view;
  }

  /**
   * Adds a client. The member who adds it looks after it when they work clients (an owner or an
   * agent); an assistant's entry waits for an agent.
   */
  async create(broker: User, actor: Actor, input: CreateClientDto, role?: MemberRole): Promise<CreatedClientDto> {
    const fields = this.contactFields(input);
    const place = placeFields(input);
    const client = await this.withBrokerLock(broker, async (em, usage) => {
      if (remainingCapacity(usage.tier, usage.activeCount, usage.overageEnabled) < 1) throw new ClientLimitReachedException();
      const created = em.create(Client, {
        broker: em.getReference(User, broker.id),
        firstName: input.firstName.trim(),
        lastName: input.lastName.trim(),
        email: fields.email ?? null,
        phone: fields.phone!,
        notes: cleanNotes(input.notes),
        zip: place.zip ?? null,
        state: place.state ?? null,
        language: input.language ?? 'en',
        dateOfBirth: input.dateOfBirth ?? null,
        planType: input.planType ?? null,
        planEffectiveDate: input.planEffectiveDate ?? null,
        carrier: cleanCarrier(input.carrier),
        assignedMemberId: role === 'owner' || role === 'agent' ? actor.memberId : null,
      });
      await this.flushUnique(em, fields.phone!);
      // The broker's attestations, word for word in the broker's language, are the ledger's evidence.
      const attested = [
        ...(input.remindersConsent !== false ? (['reminders'] as const) : []),
        ...(input.marketingConsent === true ? (['marketing'] as const) : []),
      ];
      for (const purpose of attested) {
        await this.ledger.record(
          {
            clientIds: [created.id],
            channels: CONTACT_CHANNELS,
            purposes: [purpose],
            optedIn: true,
            source: 'broker_added',
            evidence: attestationsIn(broker.language)[purpose],
            actor: actorOf.broker(broker.id),
          },
          em,
        );
      }
      this.log.record(em, actor, clientCreated(created));
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
  async update(broker: User, book: ClientBook, actor: Actor, id: string, input: UpdateClientDto): Promise<UpdatedClientDto> {
    const fields = this.contactFields(input);
    const place = placeFields(input);
    let held: ContactChange[] = [];
    const client = await this.withBrokerLock(broker, async (em, usage) => {
      const client = await this.findOwned(book, id, em);
      const before = clientFacts(client);
      const now = new Date();
      if (input.isActive === true && !client.isActive) {
        if (remainingCapacity(usage.tier, usage.activeCount, usage.overageEnabled) < 1) throw new ClientLimitReachedException();
        client.deactivatedAt = null;
        client.departureReason = null;
        await this.departures.returned(em, [client.id], now);
      } else if (input.isActive === false && client.isActive) {
        client.deactivatedAt = now;
        client.departureReason = input.departureReason ?? 'other';
        await this.departures.depart(em, broker.id, [client], client.departureReason, now);
      } else if (!client.isActive && input.isActive !== true && input.departureReason && input.departureReason !== client.departureReason) {
        // The broker corrects why an inactive client left.
        client.departureReason = input.departureReason;
        await this.departures.changeReason(em, [client.id], input.departureReason);
      }
      if (input.isActive !== undefined) client.isActive = input.isActive;
      if (input.dateOfBirth !== undefined) client.dateOfBirth = input.dateOfBirth;
      if (input.planType !== undefined) client.planType = input.planType;
      if (input.planEffectiveDate !== undefined) client.planEffectiveDate = input.planEffectiveDate;
      if (input.carrier !== undefined) client.carrier = cleanCarrier(input.carrier);
      if (input.firstName !== undefined) client.firstName = input.firstName.trim();
      if (input.lastName !== undefined) client.lastName = input.lastName.trim();
      if (input.notes !== undefined) client.notes = cleanNotes(input.notes);
      if (input.language !== undefined) client.language = input.language;
      if (place.zip !== undefined) client.zip = place.zip;
      if (place.state !== undefined) client.state = place.state;
      if (place.zip && input.state === undefined && client.state && client.state !== stateOfZip(place.zip)) {
        // A new ZIP code in another state: the old state no longer holds.
        client.state = stateOfZip(place.zip) ?? null;
      }
      if ((fields.email !== undefined || fields.phone !== undefined) && (await this.contactChanges.isRegistered(em, client.id))) {
        held = await this.contactChanges.request(em, broker, client, fields);
      } else {
        if (fields.email !== undefined) client.email = fields.email;
        if (fields.phone !== undefined) client.phone = fields.phone;
      }
      await this.flushUnique(em, client.phone);
      const entry = clientEdited(
        before,
        client,
        held.map((change) => change.field),
      );
      if (entry) this.log.record(em, actor, entry);
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
  async withdrawContactChange(book: ClientBook, actor: Actor, id: string, field: ContactField): Promise<ClientDto> {
    const client = await this.findOwned(book, id);
    await this.em.transactional(async (em) => {
      if (!(await this.contactChanges.withdraw(em, client.id, field))) {
        throw new NotFoundException(`No change of the ${FIELD_WORDS[field]} is waiting for this client`);
      }
      this.log.record(em, actor, {
        action: 'client_contact_change_withdrawn',
        targetType: 'client',
        targetId: client.id,
        summary: `Withdrew the change of ${clientName(client)}’s ${FIELD_WORDS[field]} waiting for their confirmation`,
        before: { awaitingClientConfirmation: [field] },
      });
    });
    return this.get(book, id);
  }

  /** Deletes the client; their departure (with `reason`) stays for retention, in the same transaction. */
  async remove(book: ClientBook, actor: Actor, id: string, reason?: DepartureReason): Promise<void> {
    await this.em.transactional(async (em) => {
      const client = await this.findOwned(book, id, em);
      await this.departures.deleted(em, book.agencyId, [client], reason, new Date());
      em.remove(client);
      this.log.record(em, actor, {
        action: 'client_deleted',
        targetType: 'client',
        targetId: client.id,
        summary: `Deleted the client ${clientName(client)}`,
        after: { departureReason: reason ?? client.departureReason ?? 'other' },
      });
    });
  }

  /**
   * Creates (or replaces) the client's invitation and texts them the link. If the text cannot be
   * sent, the invitation stands and the answer carries the link so the broker can share it.
   */
  async invite(broker: User, book: ClientBook, actor: Actor | undefined, id: string): Promise<InviteResultDto> {
    const { client, inviteUrl } = await this.issueInvitation(book, id, actor && { actor, how: 'by text message' });
    const words = messagesFor(client.language);
    const agency = broker.agencyName || [broker.firstName, broker.lastName].filter(Boolean).join(' ') || words.YourAgency;
    try {
      // In the client's language; the link opens the registration page in it too.
      await this.sms.sendSms({
        to: client.phone,
        purpose: 'client-invitation',
        brokerId: broker.id,
        body: words.sms.invitation(agency, INVITATION_TTL_DAYS, inviteUrl),
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

  /**
   * A new invitation link for the broker to share their own way (nothing is sent). Like Resend
   * Invite, it replaces the link sent before.
   */
  async inviteLink(book: ClientBook, actor: Actor, id: string): Promise<InviteLinkDto> {
    const { client, inviteUrl, expiresAt } = await this.issueInvitation(book, id, { actor, how: 'with a link to share' });
    return {
      inviteUrl,
      expiresAt: expiresAt.toISOString(),
      message: `A new invitation link for ${client.firstName} ${client.lastName}. It works for ${INVITATION_TTL_DAYS} days; a link sent before no longer does.`,
    };
  }

  /**
   * Replaces the client's open invitation with a new one, unless they registered or are inactive;
   * `logged` records it in the activity log (a bulk invitation records one entry for all).
   */
  private async issueInvitation(
    book: ClientBook,
    id: string,
    logged?: { actor: Actor; how: string },
  ): Promise<{ client: Client; inviteUrl: string; expiresAt: Date }> {
    const client = await this.findOwned(book, id);
    if ((await this.toViews([client]))[0].inviteStatus === 'accepted') {
      throw new ConflictException(`${client.firstName} ${client.lastName} is already registered.`);
    }
    if (!client.isActive) throw new ConflictException('Reactivate this client before inviting them.');
    const { token, invitation } = await this.em.transactional(async (em) => {
      if (logged) {
        this.log.record(em, logged.actor, {
          action: 'client_invited',
          targetType: 'client',
          targetId: client.id,
          summary: `Invited ${clientName(client)} to the client portal ${logged.how}`,
        });
      }
      return this.invitations.issue(em, client);
    });
    const lang = client.language === 'en' ? '' : `?lang=${client.language}`;
    return { client, inviteUrl: `${this.config.appUrl}/client/register/${token}${lang}`, expiresAt: invitation.expiresAt };
  }

  /**
   * One action on the clients selected in the table. Every id must be one of the broker's clients,
   * else nothing happens (404). Activate, deactivate and delete change all of them in one
   * transaction, or none (activating beyond the plan's limit is refused whole); invite goes client
   * by client and reports each one it could not invite, with why.
   */
  /**
   * Checks a client-list filter given as an object (a campaign's audience: the list's search,
   * status, invitation and engagement filters); a bad one is a 400 naming it. Answers it trimmed to
   * the keys it has.
   */
  checkListFilter(filter: unknown): Record<string, unknown> {
    const query = parseListQuery({ filter: JSON.stringify(filter ?? {}) }, { ...CLIENT_LIST_RULES, idFilter: false });
    clientListFilter(query, this.clock.now());
    return query.filter;
  }

  /** The book's clients under a checked client-list filter. */
  idsMatching(book: ClientBook, filter: Record<string, unknown>, em?: EntityManager): Promise<string[]> {
    return this.repository.idsMatching(book, clientListFilter({ filter }, this.clock.now()), em);
  }

  /** 404 unless every id is one of the book's clients. */
  async assertOwned(book: ClientBook, ids: string[], em?: EntityManager): Promise<void> {
    const unique = [...new Set(ids)];
    if (!unique.every(isUuid) || (await this.repository.countOwned(book, unique, em)) !== unique.length)
      throw new NotFoundException('Some of the selected clients were not found');
  }

  /**
   * Hands the selected clients to a member who has joined the agency (or to nobody): all of them
   * are the agency's, else nothing changes (404).
   */
  async assign(broker: User, book: ClientBook, actor: Actor, input: AssignClientsDto): Promise<AssignedClientsDto> {
    const ids = [...new Set(input.ids)];
    return this.em.transactional(async (em) => {
      const member = input.memberId
        ? await em.findOne(Member, { id: input.memberId, agencyId: broker.id, removedAt: null, invitationHash: null })
        : null;
      if (input.memberId && !member) {
        throw new BadRequestException({ message: 'Choose a member of this agency who has joined', field: 'memberId' });
      }
      const clients = await em.find(Client, { id: { $in: ids }, ...bookWhere(book) }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (clients.length !== ids.length) throw new NotFoundException('Some of the selected clients were not found');
      const changing = clients.filter((client) => (client.assignedMemberId ?? null) !== (member?.id ?? null));
      for (const client of changing) client.assignedMemberId = member?.id ?? null;
      const name = member ? [member.firstName, member.lastName].filter(Boolean).join(' ') || member.email || 'a member' : null;
      const count = `${changing.length} ${changing.length === 1 ? 'client' : 'clients'}`;
      const message = name ? `Assigned ${count} to ${name}.` : `Left ${count} with nobody to look after them.`;
      if (changing.length) {
        this.log.record(em, actor, {
          action: 'clients_assigned',
          targetType: 'clients',
          summary: message,
          after: { clientIds: changing.map((client) => client.id), count: changing.length, memberId: member?.id ?? null },
        });
      }
      await em.flush();
      return { memberId: member?.id ?? null, done: changing.length, message };
    });
  }

  async bulk(broker: User, book: ClientBook, actor: Actor, input: BulkClientsDto): Promise<BulkResultDto> {
    const ids = [...new Set(input.ids)];
    const names = new Map<string, string>();
    const failed: BulkFailureDto[] = [];
    const done = await this.withBrokerLock(broker, async (em, usage) => {
      const clients = await em.find(Client, { id: { $in: ids }, ...bookWhere(book) });
      if (clients.length !== ids.length) throw new NotFoundException('Some of the selected clients were not found');
      for (const client of clients) names.set(client.id, `${client.firstName} ${client.lastName}`);
      if (input.action === 'invite') return 0;
      const now = new Date();
      if (input.action === 'delete') {
        await this.departures.deleted(em, broker.id, clients, input.departureReason, now);
        em.remove(clients);
        this.log.record(em, actor, bulkEntry('delete', clients, ids.length, { departureReason: input.departureReason ?? null }));
        return clients.length;
      }
      const activate = input.action === 'activate';
      const changing = clients.filter((client) => client.isActive !== activate);
      if (activate && changing.length > remainingCapacity(usage.tier, usage.activeCount, usage.overageEnabled))
        throw new ClientLimitReachedException();
      const reason = input.departureReason ?? 'other';
      for (const client of changing) {
        client.isActive = activate;
        client.deactivatedAt = activate ? null : now;
        client.departureReason = activate ? null : reason;
      }
      const changed = changing.map((client) => client.id);
      if (activate) await this.departures.returned(em, changed, now);
      else await this.departures.depart(em, broker.id, changing, reason, now);
      if (changing.length)
        this.log.record(em, actor, bulkEntry(input.action, changing, ids.length, activate ? {} : { departureReason: reason }));
      return changing.length;
    });
    if (input.action !== 'invite') return { action: input.action, done, failed, message: bulkMessage(input.action, done, ids.length) };

    const invited: string[] = [];
    for (const id of ids) {
      try {
        const result = await this.invite(broker, book, undefined, id);
        if (result.success) invited.push(id);
        else failed.push({ id, name: names.get(id)!, reason: 'The text message could not be sent' });
      } catch (error) {
        if (!(error instanceof ConflictException)) throw error;
        failed.push({ id, name: names.get(id)!, reason: error.message });
      }
    }
    const message = `Invitations: ${invited.length} sent${failed.length ? `, ${failed.length} not sent` : ''}.`;
    if (invited.length) {
      await this.log.recordNow(actor, {
        action: 'clients_invited',
        targetType: 'clients',
        summary: message,
        after: { clientIds: invited, count: invited.length, notSent: failed.length },
      });
    }
    return { action: 'invite', done: invited.length, failed, message };
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
          notes: client.notes ?? null,
          zip: client.zip ?? null,
          state: client.state ?? null,
          language: client.language,
          created_at: client.createdAt,
          date_of_birth: client.dateOfBirth ?? null,
          plan_type: client.planType ?? null,
          plan_effective_date: client.planEffectiveDate ?? null,
          carrier: client.carrier ?? null,
          departure_reason: client.departureReason ?? null,
          risk_score: client.riskScore,
          risk_level: client.riskLevel,
          risk_reasons: client.riskReasons,
          assigned_member_id: client.assignedMemberId ?? null,
        },
        state.get(client.id),
        now,
      ),
    );
  }
}

/**
 * ZIP code and state as kept (null clears them): a five-digit ZIP code (ZIP+4 keeps five) and a
 * known two-letter state; a ZIP code in another state than the one given is refused.
 */
export function placeFields(input: { zip?: string | null; state?: string | null }): { zip?: string | null; state?: string | null } {
  const out: { zip?: string | null; state?: string | null } = {};
  if (input.zip !== undefined) {
    const zip = input.zip?.trim() ? normalizeZip(input.zip) : null;
    if (zip === undefined) throw new BadRequestException({ message: 'zip must be a 5-digit ZIP code', field: 'zip' });
    out.zip = zip;
  }
  if (input.state !== undefined) {
    const state = input.state?.trim() ? normalizeState(input.state) : null;
    if (state === undefined)
      throw new BadRequestException({ message: 'state must be a two-letter US state code such as FL', field: 'state' });
    out.state = state;
  }
  const zipState = out.zip ? stateOfZip(out.zip) : undefined;
  if (out.zip && out.state && zipState && zipState !== out.state) {
    throw new BadRequestException({ message: `ZIP code ${out.zip} is in ${zipState}, not ${out.state}`, field: 'zip' });
  }
  // A ZIP code alone tells the state.
  if (out.zip && out.state === undefined && zipState) out.state = zipState;
  return out;
}

/** Notes as kept: trimmed, and none rather than blank. */
function cleanNotes(notes: string | null | undefined): string | null {
  return notes?.trim() || null;
}

const BULK_ACTIONS = { activate: 'clients_activated', deactivate: 'clients_deactivated', delete: 'clients_deleted' } as const;

/** A bulk change's one entry: the clients it changed (their ids, not their details) and what it said it did. */
function bulkEntry(action: Exclude<BulkClientAction, 'invite'>, changed: Client[], selected: number, extra: Facts): AgencyLogEntry {
  return {
    action: BULK_ACTIONS[action],
    targetType: 'clients',
    summary: bulkMessage(action, changed.length, selected),
    after: { clientIds: changed.map((client) => client.id), count: changed.length, ...extra },
  };
}

/** What a bulk change says it did: 'Marked 3 clients inactive (2 already were).' */
function bulkMessage(action: Exclude<BulkClientAction, 'invite'>, done: number, selected: number): string {
  const clients = (n: number) => `${n} ${n === 1 ? 'client' : 'clients'}`;
  if (action === 'delete') return `Deleted ${clients(done)}.`;
  const state = action === 'activate' ? 'active' : 'inactive';
  const already = selected - done;
  return `Marked ${clients(done)} ${state}${already ? ` (${already} already ${already === 1 ? 'was' : 'were'})` : ''}.`;
}

/**
 * The export's columns: what the broker's table shows (never health data), then the current plan's
 * (docs/policies.md "In CSV files"), under headers the CSV import reads back.
 */
export const CLIENT_EXPORT_HEADER = [
  'First name',
  'Last name',
  'E-mail',
  'Phone',
  'Status',
  'Invitation',
  'Engagement',
  'Joined',
  'Carrier',
  'Plan name',
  'Plan ID',
  'Plan type',
  'Plan status',
  'Effective date',
  'Medigap plan',
];
const EXPORT_POLICY_STATUS_WORDS: Record<string, string> = { active: 'Active', pending: 'Pending' };

/** The current plan's cells of the export (empty without one): carrier, plan name, plan ID, type, status, effective date, Medigap letter. */
function currentPlanCells(policy: ClientDto['currentPolicy']): string[] {
  if (!policy) return ['', '', '', '', '', '', ''];
  return [
    policy.carrier,
    policy.planName,
    policy.planId ?? '',
    POLICY_TYPE_WORDS[policy.planType],
    EXPORT_POLICY_STATUS_WORDS[policy.status] ?? policy.status,
    policy.effectiveDate ?? '',
    policy.medigapPlan ?? '',
  ];
}
const EXPORT_INVITE_WORDS: Record<InviteStatus, string> = {
  none: 'Not invited',
  pending: 'Invite sent',
  expired: 'Invite expired',
  accepted: 'Registered',
};
const EXPORT_BATCH = 1000;

/** '+16155550142' → '(615) 555-0142', as the broker's screens write it; other numbers as stored. */
function displayPhone(phone: string): string {
  const us = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(phone);
  return us ? `(${us[1]}) ${us[2]}-${us[3]}` : phone;
}

/** The years the effective-year filter takes. */
export const EFFECTIVE_YEAR_MIN = Number(MIN_PLAN_EFFECTIVE_DATE.slice(0, 4));
export const EFFECTIVE_YEAR_MAX = 2200;

/** The policy filters of the list, checked (`now`: the app's clock, for "terminating soon"); undefined when none is given. */
function policyFilterOf(filter: Record<string, unknown>, now: Date): PolicyFilter | undefined {
  const { carrier, policyType, effectiveYear, terminatingSoon } = filter as {
    carrier?: string;
    policyType?: string;
    effectiveYear?: number;
    terminatingSoon?: boolean;
  };
  const policy: PolicyFilter = {};
  if (carrier !== undefined && carrier.trim()) {
    if (carrier.trim().length > CARRIER_MAX) throw new BadRequestException(`filter carrier must be at most ${CARRIER_MAX} characters`);
    policy.carrier = carrier.trim();
  }
  if (policyType !== undefined) {
    if (!(POLICY_TYPES as readonly string[]).includes(policyType))
      throw new BadRequestException(`filter policyType must be one of: ${POLICY_TYPES.join(', ')}`);
    policy.planType = policyType as PolicyType;
  }
  if (effectiveYear !== undefined) {
    if (effectiveYear < EFFECTIVE_YEAR_MIN || effectiveYear > EFFECTIVE_YEAR_MAX)
      throw new BadRequestException(`filter effectiveYear must be a year from ${EFFECTIVE_YEAR_MIN} to ${EFFECTIVE_YEAR_MAX}`);
    policy.effectiveYear = effectiveYear;
  }
  if (terminatingSoon === true) policy.terminatingAsOf = now;
  return Object.keys(policy).length > 0 ? policy : undefined;
}

/**
 * The list's filters, checked: search, active, invitation state, engagement range, risk levels,
 * member, the clients' policies, ids (getMany). `now` is the app's clock ("terminating soon").
 */
export function clientListFilter(query: ListQuery, now: Date): Omit<ClientListFilter, 'sort' | 'range'> {
  const { q, isActive, inviteStatus, engagementMin, engagementMax, riskLevel, assignedTo, id } = query.filter as {
    q?: string;
    assignedTo?: unknown;
    isActive?: boolean;
    inviteStatus?: string;
    engagementMin?: number;
    engagementMax?: number;
    riskLevel?: string | string[];
    id?: string[];
  };
  const riskLevels = riskLevel === undefined ? undefined : [riskLevel].flat();
  if (riskLevels && (riskLevels.length === 0 || !riskLevels.every((level) => (RISK_LEVELS as readonly string[]).includes(level))))
    throw new BadRequestException(`filter riskLevel must be one of ${RISK_LEVELS.join(', ')}, or a list of them`);
  if (inviteStatus !== undefined && !(INVITE_STATUSES as readonly string[]).includes(inviteStatus))
    throw new BadRequestException(`filter inviteStatus must be one of: ${INVITE_STATUSES.join(', ')}`);
  for (const [name, value] of [
    ['engagementMin', engagementMin],
    ['engagementMax', engagementMax],
  ] as const)
    if (value !== undefined && (value < 0 || value > 100)) throw new BadRequestException(`filter ${name} must be from 0 to 100`);
  if (engagementMin !== undefined && engagementMax !== undefined && engagementMin > engagementMax)
    throw new BadRequestException('filter engagementMin must not be above engagementMax');
  if (assignedTo !== undefined && (typeof assignedTo !== 'string' || (assignedTo !== 'none' && !isUuid(assignedTo))))
    throw new BadRequestException('filter assignedTo must be a member’s id, or none');
  return {
    search: q,
    isActive,
    inviteStatus: inviteStatus as InviteStatus | undefined,
    engagementMin,
    engagementMax,
    riskLevels: riskLevels as RiskLevel[] | undefined,
    assignedTo: assignedTo as string | undefined,
    policy: policyFilterOf(query.filter, now),
    ids: id,
  };
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
    notes: client.notes,
    zip: client.zip,
    state: client.state,
    language: client.language ?? 'en',
    inviteStatus,
    inviteToken: inviteStatus !== 'none',
    createdAt: new Date(client.created_at).toISOString(),
    dateOfBirth: client.date_of_birth,
    planType: client.plan_type,
    planEffectiveDate: client.plan_effective_date,
    carrier: client.carrier,
    departureReason: client.departure_reason,
    riskScore: client.risk_score,
    riskLevel: client.risk_level,
    riskReasons: client.risk_reasons ?? [],
    assignedMemberId: client.assigned_member_id,
    pendingContactChanges: (state?.pending_changes ?? []).map((change) => ({
      field: change.field,
      value: change.value,
      requestedAt: new Date(change.requestedAt).toISOString(),
    })),
    currentPolicy: state?.current_policy ?? null,
  };
}
