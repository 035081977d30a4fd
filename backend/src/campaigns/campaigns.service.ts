import { EntityManager, LockMode } from '@mikro-orm/postgresql';
import { BadRequestException, ConflictException, Injectable, Logger, NotFoundException } from '@nestjs/common';

import { ClientsService } from '../clients/clients.service.js';
import { isUuid } from '../common/ids.js';
import { findList, idsOf, type ListQuery, ListResult } from '../common/list-query.js';
import { type CampaignTestResult, CampaignTestSender } from '../delivery/campaign-test.service.js';
import { DeliveryQueue } from '../delivery/delivery-queue.service.js';
import { DeliveryReads } from '../delivery/delivery-reads.repository.js';
import { DispatcherService } from '../delivery/dispatcher.service.js';
import { User } from '../users/user.entity.js';
import { AUDIENCE_KINDS, Campaign, type CampaignAudience } from './campaign.entity.js';
import { CampaignRecipientsRepository } from './campaign-recipients.repository.js';
import type { AddClientsDto, CampaignDto, CreateCampaignDto, UpdateCampaignDto } from './dto/campaign.dto.js';

export const CAMPAIGN_LIST_RULES = {
  sortable: ['createdAt', 'name', 'status', 'sentAt'],
  filterable: ['status', 'type'],
  idFilter: true,
} as const;

const LIMITS = { name: 200, subject: 200, message: 5000 };

/** The most clients a campaign's chosen audience may name. */
export const AUDIENCE_MAX_CLIENTS = 10_000;

export const CAMPAIGN_MESSAGES = {
  sentNoChange: 'This campaign has already been sent, so it can no longer be changed.',
  sentNoDelete: 'This campaign has already been sent, so it cannot be deleted: its opens and clicks are kept.',
} as const;

/** SPEC §5 Campaign's checks, each refusal naming its field; answers the campaign's fields. */
function checkCampaign(input: CreateCampaignDto): Pick<Campaign, 'name' | 'type' | 'subject' | 'message'> {
  const name = input.name?.trim();
  const message = input.message?.trim();
  const subject = input.subject?.trim() || null;
  const type = input.type ?? 'email';
  if (!name) throw new BadRequestException({ message: 'name is required', field: 'name' });
  if (!message) throw new BadRequestException({ message: 'message is required', field: 'message' });
  if (type === 'email' && !subject)
    throw new BadRequestException({ message: 'subject is required for an e-mail campaign', field: 'subject' });
  for (const [field, value] of Object.entries({ name, subject, message })) {
    const limit = LIMITS[field as keyof typeof LIMITS];
    if (value && value.length > limit) throw new BadRequestException({ message: `${field} must be at most ${limit} characters`, field });
  }
  return { name, type, subject: type === 'email' ? subject : null, message };
}

/** Brokers' campaigns: drafts, the send (recipients fixed at once, delivery in the background) and their counts. */
@Injectable()
export class CampaignsService {
  private readonly logger = new Logger('Campaigns');

  constructor(
    private readonly em: EntityManager,
    private readonly queue: DeliveryQueue,
    private readonly dispatcher: DispatcherService,
    private readonly recipients: CampaignRecipientsRepository,
    private readonly clients: ClientsService,
    private readonly tester: CampaignTestSender,
    private readonly deliveryReads: DeliveryReads,
  ) {}

  private async findOwned(broker: User, id: string): Promise<Campaign> {
    const campaign = isUuid(id) ? await this.em.findOne(Campaign, { id, broker }) : null;
    if (!campaign) throw new NotFoundException('Campaign not found');
    return campaign;
  }

  async list(broker: User, query: ListQuery): Promise<ListResult<CampaignDto>> {
    const where: Record<string, unknown> = { broker };
    for (const key of ['status', 'type'] as const) if (typeof query.filter[key] === 'string') where[key] = query.filter[key];
    const ids = idsOf(query);
    if (ids) where.id = { $in: ids };
    const result = await findList(this.em, Campaign, {
      resource: 'campaigns',
      where,
      query,
      defaultSort: { field: 'createdAt', order: 'DESC' },
    });
    const views = await this.toViews(result.items);
    return new ListResult(result.resource, views, result.total, result.range);
  }

  async get(broker: User, id: string): Promise<CampaignDto> {
    const [view] = await this.toViews([await this.findOwned(broker, id)]);
    return view;
  }

  async create(broker: User, input: CreateCampaignDto): Promise<CampaignDto> {
    const checked = checkCampaign(input);
    const audience = await this.checkAudience(broker, input.audience);
    const campaign = this.em.create(Campaign, { broker: this.em.getReference(User, broker.id), ...checked, audience });
    await this.em.flush();
    const [view] = await this.toViews([campaign]);
    return view;
  }

  /** Changes a draft (what is left out keeps its value); a sent campaign answers 409. */
  async update(broker: User, id: string, input: UpdateCampaignDto): Promise<CampaignDto> {
    const campaign = await this.em.transactional(async (em) => {
      const draft = await this.lockDraft(em, broker, id, CAMPAIGN_MESSAGES.sentNoChange);
      const type = input.type ?? draft.type;
      const checked = checkCampaign({
        name: input.name ?? draft.name,
        type,
        subject: input.subject !== undefined ? input.subject : draft.subject,
        message: input.message ?? draft.message,
      });
      Object.assign(draft, checked);
      if (input.audience !== undefined) draft.audience = await this.checkAudience(broker, input.audience, em);
      await em.flush();
      return draft;
    });
    const [view] = await this.toViews([campaign]);
    return view;
  }

  /** Deletes a draft, answered as it was; a sent campaign keeps its recipients' figures (409). */
  async remove(broker: User, id: string): Promise<CampaignDto> {
    return this.em.transactional(async (em) => {
      const draft = await this.lockDraft(em, broker, id, CAMPAIGN_MESSAGES.sentNoDelete);
      const [view] = await this.toViews([draft]);
      em.remove(draft);
      await em.flush();
      return view;
    });
  }

  /** A new draft with the same type, subject and message, named "Copy of …". */
  async duplicate(broker: User, id: string): Promise<CampaignDto> {
    const source = await this.findOwned(broker, id);
    const copy = this.em.create(Campaign, {
      broker: this.em.getReference(User, broker.id),
      name: `Copy of ${source.name}`.slice(0, LIMITS.name),
      type: source.type,
      subject: source.subject ?? null,
      message: source.message,
      audience: source.audience,
    });
    await this.em.flush();
    const [view] = await this.toViews([copy]);
    return view;
  }

  /**
   * How many clients the campaign would go to if sent now, and how many of them may receive it (a
   * sent one: how many it was addressed to, and how many were not skipped).
   */
  async audience(broker: User, id: string): Promise<{ count: number; consented: number }> {
    const campaign = await this.findOwned(broker, id);
    if (campaign.status === 'sent') {
      const skipped = await this.deliveryReads.skippedByReason({ campaignId: campaign.id });
      return { count: campaign.recipientCount, consented: campaign.recipientCount - skipped.reduce((sum, row) => sum + row.count, 0) };
    }
    return this.recipients.audience(broker.id, campaign.type, await this.audienceIds(broker, campaign.audience));
  }

  /** A campaign's skipped messages counted by reason (no permission, lapsed, revoked, opted out, inactive). */
  async skipped(broker: User, id: string): Promise<{ reason: string; count: number }[]> {
    const campaign = await this.findOwned(broker, id);
    return this.deliveryReads.skippedByReason({ campaignId: campaign.id });
  }

  /** Sends the campaign to the broker alone, marked as a test (by e-mail to them, by text to the agency phone). */
  async sendTest(broker: User, id: string): Promise<CampaignTestResult> {
    const campaign = await this.findOwned(broker, id);
    const owner = await this.em.findOneOrFail(User, { id: broker.id });
    return this.tester.send(owner, { type: campaign.type, subject: campaign.subject ?? null, message: campaign.message });
  }

  /**
   * Adds clients to a draft's chosen clients (a draft for all clients, or for a filter, becomes one
   * for the chosen clients). Every id must be the broker's client.
   */
  async addClients(broker: User, id: string, input: AddClientsDto): Promise<CampaignDto> {
    const campaign = await this.em.transactional(async (em) => {
      const draft = await this.lockDraft(em, broker, id, CAMPAIGN_MESSAGES.sentNoChange);
      await this.clients.assertOwned(broker, input.ids, em);
      const before = draft.audience.kind === 'clients' ? draft.audience.clientIds : [];
      const clientIds = [...new Set([...before, ...input.ids])];
      if (clientIds.length > AUDIENCE_MAX_CLIENTS)
        throw new BadRequestException({ message: `A campaign can name at most ${AUDIENCE_MAX_CLIENTS} clients`, field: 'ids' });
      draft.audience = { kind: 'clients', clientIds };
      await em.flush();
      return draft;
    });
    const [view] = await this.toViews([campaign]);
    return view;
  }

  /** A campaign's audience as given, checked: a bad filter, or a client not the broker's, is refused. */
  private async checkAudience(broker: User, input: unknown, em?: EntityManager): Promise<CampaignAudience> {
    if (input === undefined) return { kind: 'all' };
    const refuse = (message: string) => new BadRequestException({ message, field: 'audience' });
    const value = input as { kind?: unknown; filter?: unknown; clientIds?: unknown };
    if (!(AUDIENCE_KINDS as readonly unknown[]).includes(value.kind))
      throw refuse(`audience kind must be one of: ${AUDIENCE_KINDS.join(', ')}`);
    if (value.kind === 'all') return { kind: 'all' };
    if (value.kind === 'filter') {
      if (value.filter === null || typeof value.filter !== 'object' || Array.isArray(value.filter))
        throw refuse('audience filter must be the Clients list filter, as an object');
      try {
        return { kind: 'filter', filter: this.clients.checkListFilter(value.filter) };
      } catch (error) {
        if (error instanceof BadRequestException)
          throw refuse(`audience ${String((error.getResponse() as { message?: unknown }).message)}`);
        throw error;
      }
    }
    const ids = value.clientIds;
    if (!Array.isArray(ids) || ids.length === 0 || !ids.every((id): id is string => typeof id === 'string' && isUuid(id)))
      throw refuse('audience clientIds must be a list of client ids');
    if (ids.length > AUDIENCE_MAX_CLIENTS) throw refuse(`A campaign can name at most ${AUDIENCE_MAX_CLIENTS} clients`);
    await this.clients.assertOwned(broker, ids, em);
    return { kind: 'clients', clientIds: [...new Set(ids)] };
  }

  /** The clients an audience names (null: all the broker's clients). */
  private async audienceIds(broker: User, audience: CampaignAudience, em?: EntityManager): Promise<string[] | null> {
    if (audience.kind === 'all') return null;
    if (audience.kind === 'clients') return audience.clientIds;
    return this.clients.idsMatching(broker, audience.filter, em);
  }

  private async lockDraft(em: EntityManager, broker: User, id: string, sentMessage: string): Promise<Campaign> {
    const campaign = isUuid(id) ? await em.findOne(Campaign, { id, broker: broker.id }, { lockMode: LockMode.PESSIMISTIC_WRITE }) : null;
    if (!campaign) throw new NotFoundException('Campaign not found');
    if (campaign.status !== 'draft') throw new ConflictException(sentMessage);
    return campaign;
  }

  /**
   * Fixes the recipients (active clients with an address for the channel who have not opted out)
   * and queues one delivery each, in one transaction; the campaign is `sent` from then on. Delivery
   * runs in the background (and in any instance's dispatcher), so the answer does not wait for it.
   */
  async send(broker: User, id: string): Promise<number> {
    const count = await this.em.transactional(async (em) => {
      const campaign = isUuid(id) ? await em.findOne(Campaign, { id, broker: broker.id }, { lockMode: LockMode.PESSIMISTIC_WRITE }) : null;
      if (!campaign) throw new NotFoundException('Campaign not found');
      if (campaign.status !== 'draft') throw new ConflictException('This campaign has already been sent');
      const recipients = await this.recipients.fix(
        em,
        broker.id,
        campaign.id,
        campaign.type,
        await this.audienceIds(broker, campaign.audience, em),
      );
      const sentAt = new Date();
      await this.queue.enqueue(
        recipients.map((recipient) => ({
          kind: 'campaign' as const,
          sourceId: campaign.id,
          brokerId: broker.id,
          clientId: recipient.client_id,
          channel: campaign.type,
          recipient: recipient.address,
          occurrenceAt: sentAt,
          notBefore: sentAt,
        })),
        em,
      );
      campaign.status = 'sent';
      campaign.recipientCount = recipients.length;
      campaign.sentAt = sentAt;
      await em.flush();
      return recipients.length;
    });
    // Start delivering now in this process; other instances' dispatchers share the queue.
    void this.dispatcher
      .runOnce({ campaignsOnly: true })
      .catch((error: unknown) => this.logger.error({ err: error }, 'Campaign delivery run failed'));
    return count;
  }

  private async toViews(campaigns: Campaign[]): Promise<CampaignDto[]> {
    if (campaigns.length === 0) return [];
    const rows = await this.recipients.openedAndClicked(campaigns.map((c) => c.id));
    const counts = new Map(rows.map((row) => [row.campaign_id, row]));
    return campaigns.map((campaign) => ({
      id: campaign.id,
      name: campaign.name,
      type: campaign.type,
      subject: campaign.subject ?? null,
      message: campaign.message,
      status: campaign.status,
      audience: campaign.audience,
      recipientCount: campaign.recipientCount,
      openedCount: counts.get(campaign.id)?.opened ?? 0,
      clickedCount: counts.get(campaign.id)?.clicked ?? 0,
      createdAt: campaign.createdAt.toISOString(),
      sentAt: campaign.sentAt?.toISOString() ?? null,
    }));
  }
}
