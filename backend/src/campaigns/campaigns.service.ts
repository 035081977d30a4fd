import { EntityManager, LockMode } from '@mikro-orm/postgresql';
import { BadRequestException, ConflictException, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { DateTime } from 'luxon';

import type { Actor } from '../agency-log/actor.js';
import type { AgencyAction } from '../agency-log/agency-actions.js';
import { AgencyLogService } from '../agency-log/agency-log.service.js';
import { MARKETING_DETAILS_MISSING, marketingDetailsMessage, missingMarketingDetails } from '../branding/marketing-details.js';
import { ClientsService } from '../clients/clients.service.js';
import { Clock } from '../common/clock.js';
import { isUuid } from '../common/ids.js';
import { findList, idsOf, type ListQuery, ListResult } from '../common/list-query.js';
import { type CampaignTestResult, CampaignTestSender } from '../delivery/campaign-test.service.js';
import { DeliveryQueue } from '../delivery/delivery-queue.service.js';
import { DeliveryReads } from '../delivery/delivery-reads.repository.js';
import { DispatcherService } from '../delivery/dispatcher.service.js';
import type { ClientBook } from '../members/book.js';
import { User } from '../users/user.entity.js';
import {
  AUDIENCE_KINDS,
  Campaign,
  type CampaignAudience,
  type CampaignFollowUp,
  type CampaignStatus,
  type CampaignTrigger,
  MEDICARE_DATES,
  TRIGGER_KINDS,
} from './campaign.entity.js';
import { campaignChange, campaignEntry, campaignFacts } from './campaign-activity.js';
import { daysBetween, localDate, wallTime } from './campaign-dates.js';
import { CampaignRecipientsRepository } from './campaign-recipients.repository.js';
import { CampaignSequencesRepository } from './campaign-sequences.repository.js';
import type { AddClientsDto, CampaignDto, CreateCampaignDto, ScheduleDto, StepFiguresDto, UpdateCampaignDto } from './dto/campaign.dto.js';
import { unknownMergeFieldMessage, unknownMergeFields } from './merge-fields.js';
import { CAMPAIGN_TEMPLATES, type CampaignTemplate } from './templates.js';

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
  scheduledNoChange: 'This campaign is scheduled: unschedule it to change it.',
  runningNoChange: 'This sequence has started, so it can no longer be changed.',
  runningNoDelete: 'This sequence has started, so it cannot be deleted: its figures are kept.',
  startInstead: 'This campaign has a trigger, so it is a sequence: start it instead.',
  noTrigger: 'This campaign has no trigger: send it or schedule it instead.',
} as const;

/** The refusal for changing (or deleting) a campaign that is no longer a draft. */
function notDraft(status: CampaignStatus, deleting: boolean): string {
  if (status === 'scheduled')
    return deleting ? 'This campaign is scheduled: unschedule it to delete it.' : CAMPAIGN_MESSAGES.scheduledNoChange;
  if (status === 'sent') return deleting ? CAMPAIGN_MESSAGES.sentNoDelete : CAMPAIGN_MESSAGES.sentNoChange;
  return deleting ? CAMPAIGN_MESSAGES.runningNoDelete : CAMPAIGN_MESSAGES.runningNoChange;
}

/** The most later steps a sequence may have, and the longest wait before one (days). */
export const FOLLOW_UPS_MAX = 4;
export const DAYS_MAX = 365;
/** Scheduled times: 08:00 to 20:59 on the recipient's clock. */
const SCHEDULE_FIRST_HOUR = 8;
const SCHEDULE_LAST_HOUR = 20;

const isWholeIn = (value: unknown, min: number, max: number): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;

/** A sequence's trigger as given, checked (null: a campaign sent once). */
export function checkTrigger(input: unknown): CampaignTrigger | null {
  if (input === null) return null;
  const refuse = (message: string) => new BadRequestException({ message, field: 'trigger' });
  const value = input as { kind?: unknown; daysBefore?: unknown; date?: unknown };
  if (!(TRIGGER_KINDS as readonly unknown[]).includes(value.kind)) throw refuse(`trigger kind must be one of: ${TRIGGER_KINDS.join(', ')}`);
  if (value.kind === 'joined') return { kind: 'joined' };
  if (value.kind === 'medicare_date') {
    if (!(MEDICARE_DATES as readonly unknown[]).includes(value.date))
      throw refuse(`trigger date must be one of: ${MEDICARE_DATES.join(', ')}`);
    return { kind: 'medicare_date', date: value.date as (typeof MEDICARE_DATES)[number] };
  }
  if (!isWholeIn(value.daysBefore, 0, DAYS_MAX)) throw refuse(`trigger daysBefore must be a whole number from 0 to ${DAYS_MAX}`);
  return { kind: value.kind as 'turning_65' | 'birthday' | 'birthday_rule' | 'plan_anniversary', daysBefore: value.daysBefore };
}

/** A sequence's later steps as given, checked. */
export function checkFollowUps(input: unknown[], type: 'email' | 'sms'): CampaignFollowUp[] {
  const refuse = (message: string) => new BadRequestException({ message, field: 'followUps' });
  if (input.length > FOLLOW_UPS_MAX) throw refuse(`A sequence can have at most ${FOLLOW_UPS_MAX} follow-ups`);
  return input.map((item, index) => {
    const n = index + 1;
    if (item === null || typeof item !== 'object' || Array.isArray(item)) throw refuse(`follow-up ${n} must be an object`);
    const value = item as { delayDays?: unknown; subject?: unknown; message?: unknown; skipIfEngaged?: unknown };
    if (!isWholeIn(value.delayDays, 1, DAYS_MAX)) throw refuse(`follow-up ${n}: delayDays must be a whole number from 1 to ${DAYS_MAX}`);
    const message = typeof value.message === 'string' ? value.message.trim() : '';
    if (!message) throw refuse(`follow-up ${n}: message is required`);
    if (message.length > LIMITS.message) throw refuse(`follow-up ${n}: message must be at most ${LIMITS.message} characters`);
    if (value.subject !== undefined && value.subject !== null && typeof value.subject !== 'string')
      throw refuse(`follow-up ${n}: subject must be text or null`);
    const subject = typeof value.subject === 'string' ? value.subject.trim() || null : null;
    if (subject && subject.length > LIMITS.subject) throw refuse(`follow-up ${n}: subject must be at most ${LIMITS.subject} characters`);
    if (value.skipIfEngaged !== undefined && typeof value.skipIfEngaged !== 'boolean')
      throw refuse(`follow-up ${n}: skipIfEngaged must be true or false`);
    const problem = mergeFieldProblem({ subject: type === 'email' ? subject : null, message }, (field) => `follow-up ${n}: ${field}`);
    if (problem) throw refuse(problem.message);
    return { delayDays: value.delayDays, subject: type === 'email' ? subject : null, message, skipIfEngaged: value.skipIfEngaged ?? true };
  });
}

/** The first subject or message with a `{word}` that is not a merge field, and what to say (naming it by `name`). */
function mergeFieldProblem(
  texts: Record<string, string | null>,
  name: (field: string) => string = (field) => field,
): { field: string; message: string } | undefined {
  for (const [field, text] of Object.entries(texts)) {
    const unknown = text ? unknownMergeFields(text) : [];
    if (unknown.length) return { field, message: unknownMergeFieldMessage(name(field), unknown) };
  }
  return undefined;
}

/** 400 naming the field when a subject or message has a `{word}` that is not a merge field. */
function checkMergeFields(texts: Record<string, string | null>): void {
  const problem = mergeFieldProblem(texts);
  if (problem) throw new BadRequestException(problem);
}

/** A schedule's date and time checked against the broker's clock `now`: 08:00–20:59, not past, at most a year ahead. */
export function checkSchedule(input: ScheduleDto, brokerZone: string, now: Date): { date: string; time: string } {
  const { date, time } = input;
  if (!DateTime.fromISO(date).isValid) throw new BadRequestException({ message: 'date must be a real date (YYYY-MM-DD)', field: 'date' });
  const hour = Number(time.slice(0, 2));
  if (hour < SCHEDULE_FIRST_HOUR || hour > SCHEDULE_LAST_HOUR)
    throw new BadRequestException({ message: 'time must be between 08:00 and 20:59 (each client’s own time)', field: 'time' });
  if (wallTime(date, time, brokerZone) <= now)
    throw new BadRequestException({ message: 'The scheduled date and time have already passed', field: 'date' });
  if (daysBetween(localDate(now, brokerZone), date) > DAYS_MAX)
    throw new BadRequestException({ message: `date must be at most ${DAYS_MAX} days ahead`, field: 'date' });
  return { date, time };
}

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
  checkMergeFields({ subject: type === 'email' ? subject : null, message });
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
    private readonly sequences: CampaignSequencesRepository,
    private readonly clock: Clock,
    private readonly log: AgencyLogService,
  ) {}

  private async findOwned(broker: User, id: string): Promise<Campaign> {
    const campaign = isUuid(id) ? await this.em.findOne(Campaign, { id, broker, parentId: null }) : null;
    if (!campaign) throw new NotFoundException('Campaign not found');
    return campaign;
  }

  /** The ready-made templates, five in English and Spanish each. */
  templates(): CampaignTemplate[] {
    return CAMPAIGN_TEMPLATES;
  }

  async list(broker: User, query: ListQuery): Promise<ListResult<CampaignDto>> {
    // A sequence's step rows are part of the sequence, never listed on their own.
    const where: Record<string, unknown> = { broker, parentId: null };
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

  async create(broker: User, book: ClientBook, actor: Actor, input: CreateCampaignDto): Promise<CampaignDto> {
    const checked = checkCampaign(input);
    const audience = await this.checkAudience(book, input.audience);
    const trigger = input.trigger === undefined ? null : checkTrigger(input.trigger);
    const followUps = checkFollowUps(input.followUps ?? [], checked.type);
    if (!trigger && followUps.length)
      throw new BadRequestException({ message: 'Follow-ups need a trigger: a campaign sent once has no later steps', field: 'followUps' });
    const campaign = this.em.create(Campaign, {
      broker: this.em.getReference(User, broker.id),
      ...checked,
      audience,
      purpose: input.purpose ?? 'marketing',
      templateKey: input.templateKey ?? null,
      trigger,
      followUps,
    });
    this.log.record(this.em, actor, campaignEntry('campaign_created', 'Created', campaign, campaignChange(campaign)));
    await this.em.flush();
    const [view] = await this.toViews([campaign]);
    return view;
  }

  /** Changes a draft (what is left out keeps its value); a sent campaign answers 409. */
  async update(broker: User, book: ClientBook, actor: Actor, id: string, input: UpdateCampaignDto): Promise<CampaignDto> {
    const campaign = await this.em.transactional(async (em) => {
      const draft = await this.lockDraft(em, broker, id, false);
      const before = campaignFacts(draft);
      const type = input.type ?? draft.type;
      const checked = checkCampaign({
        name: input.name ?? draft.name,
        type,
        subject: input.subject !== undefined ? input.subject : draft.subject,
        message: input.message ?? draft.message,
      });
      const trigger = input.trigger !== undefined ? checkTrigger(input.trigger) : (draft.trigger ?? null);
      // A campaign made a one-off again drops the later steps it had.
      const followUps =
        input.followUps !== undefined ? checkFollowUps(input.followUps, type) : trigger ? checkFollowUps(draft.followUps, type) : [];
      if (!trigger && followUps.length)
        throw new BadRequestException({
          message: 'Follow-ups need a trigger: a campaign sent once has no later steps',
          field: 'followUps',
        });
      Object.assign(draft, checked, { trigger, followUps });
      if (input.purpose !== undefined) draft.purpose = input.purpose;
      if (input.templateKey !== undefined) draft.templateKey = input.templateKey;
      if (input.audience !== undefined) draft.audience = await this.checkAudience(book, input.audience, em);
      const change = campaignChange(draft, before);
      if (change) this.log.record(em, actor, campaignEntry('campaign_updated', 'Edited', draft, change));
      await em.flush();
      return draft;
    });
    const [view] = await this.toViews([campaign]);
    return view;
  }

  /** Deletes a draft, answered as it was; a sent campaign keeps its recipients' figures (409). */
  async remove(broker: User, actor: Actor, id: string): Promise<CampaignDto> {
    return this.em.transactional(async (em) => {
      const draft = await this.lockDraft(em, broker, id, true);
      const [view] = await this.toViews([draft]);
      em.remove(draft);
      this.log.record(em, actor, campaignEntry('campaign_deleted', 'Deleted', draft, null));
      await em.flush();
      return view;
    });
  }

  /** A new draft with the same type, subject and message, named "Copy of …". */
  async duplicate(broker: User, actor: Actor, id: string): Promise<CampaignDto> {
    const source = await this.findOwned(broker, id);
    const copy = this.em.create(Campaign, {
      broker: this.em.getReference(User, broker.id),
      name: `Copy of ${source.name}`.slice(0, LIMITS.name),
      type: source.type,
      subject: source.subject ?? null,
      message: source.message,
      audience: source.audience,
      purpose: source.purpose,
      templateKey: source.templateKey ?? null,
      trigger: source.trigger ?? null,
      followUps: source.followUps,
    });
    this.log.record(this.em, actor, campaignEntry('campaign_duplicated', 'Created', copy, campaignChange(copy), { copiedFrom: source.id }));
    await this.em.flush();
    const [view] = await this.toViews([copy]);
    return view;
  }

  /**
   * How many clients the campaign would go to if sent now, and how many of them may receive it (a
   * sent one: how many it was addressed to, and how many were not skipped).
   */
  async audience(broker: User, book: ClientBook, id: string): Promise<{ count: number; consented: number }> {
    const campaign = await this.findOwned(broker, id);
    if (campaign.status === 'sent') {
      const skipped = await this.deliveryReads.skippedByReason({ campaignId: campaign.id });
      return { count: campaign.recipientCount, consented: campaign.recipientCount - skipped.reduce((sum, row) => sum + row.count, 0) };
    }
    return this.recipients.audience(broker.id, campaign.type, await this.audienceIds(book, campaign.audience), campaign.purpose);
  }

  /** A campaign's skipped messages counted by reason (no permission, lapsed, revoked, opted out, inactive). */
  async skipped(broker: User, id: string): Promise<{ reason: string; count: number }[]> {
    const campaign = await this.findOwned(broker, id);
    return this.deliveryReads.skippedByReason({ campaignId: campaign.id });
  }

  /** Sends the campaign to the broker alone, marked as a test (by e-mail to them, by text to the agency phone). */
  async sendTest(broker: User, actor: Actor, id: string): Promise<CampaignTestResult> {
    const campaign = await this.findOwned(broker, id);
    const owner = await this.em.findOneOrFail(User, { id: broker.id });
    assertMarketingDetails(owner);
    const result = await this.tester.send(owner, { type: campaign.type, subject: campaign.subject ?? null, message: campaign.message });
    await this.log.recordNow(actor, campaignEntry('campaign_test_sent', 'Sent a test of', campaign, null, { type: campaign.type }));
    return result;
  }

  /**
   * Adds clients to a draft's chosen clients (a draft for all clients, or for a filter, becomes one
   * for the chosen clients). Every id must be the broker's client.
   */
  async addClients(broker: User, book: ClientBook, actor: Actor, id: string, input: AddClientsDto): Promise<CampaignDto> {
    const campaign = await this.em.transactional(async (em) => {
      const draft = await this.lockDraft(em, broker, id, false);
      const facts = campaignFacts(draft);
      await this.clients.assertOwned(book, input.ids, em);
      const before = draft.audience.kind === 'clients' ? draft.audience.clientIds : [];
      const clientIds = [...new Set([...before, ...input.ids])];
      if (clientIds.length > AUDIENCE_MAX_CLIENTS)
        throw new BadRequestException({ message: `A campaign can name at most ${AUDIENCE_MAX_CLIENTS} clients`, field: 'ids' });
      draft.audience = { kind: 'clients', clientIds };
      const added = clientIds.length - before.length;
      this.log.record(
        em,
        actor,
        campaignEntry('campaign_clients_added', 'Added clients to', draft, campaignChange(draft, facts), { added }),
      );
      await em.flush();
      return draft;
    });
    const [view] = await this.toViews([campaign]);
    return view;
  }

  /**
   * A campaign's audience as given, checked: a bad filter, or a client not in the book, is refused.
   * A member who sees only their own clients reaches only them: "all" and a filter are kept to the
   * clients assigned to them.
   */
  private async checkAudience(book: ClientBook, input: unknown, em?: EntityManager): Promise<CampaignAudience> {
    return audienceInBook(await this.checkedAudience(book, input, em), book);
  }

  private async checkedAudience(book: ClientBook, input: unknown, em?: EntityManager): Promise<CampaignAudience> {
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
    await this.clients.assertOwned(book, ids, em);
    return { kind: 'clients', clientIds: [...new Set(ids)] };
  }

  /** The clients of the book an audience names (null: all the agency's clients). */
  private async audienceIds(book: ClientBook, audience: CampaignAudience, em?: EntityManager): Promise<string[] | null> {
    if (audience.kind === 'all') return book.assignedTo ? this.clients.idsMatching(book, {}, em) : null;
    if (audience.kind === 'clients')
      return book.assignedTo ? this.clients.idsMatching(book, { id: audience.clientIds }, em) : audience.clientIds;
    return this.clients.idsMatching(book, audience.filter, em);
  }

  private async lockDraft(em: EntityManager, broker: User, id: string, deleting: boolean): Promise<Campaign> {
    const campaign = await this.lockOwned(em, broker, id);
    if (campaign.status !== 'draft') throw new ConflictException(notDraft(campaign.status, deleting));
    return campaign;
  }

  private async lockOwned(em: EntityManager, broker: User, id: string): Promise<Campaign> {
    const campaign = isUuid(id)
      ? await em.findOne(Campaign, { id, broker: broker.id, parentId: null }, { lockMode: LockMode.PESSIMISTIC_WRITE })
      : null;
    if (!campaign) throw new NotFoundException('Campaign not found');
    return campaign;
  }

  /**
   * Moves a campaign from one of `from` to `to` under a row lock (409 with `refusal` from any other
   * state), with `change` applied and the activity log's entry (`logged`) in the same transaction.
   */
  private async transition(
    broker: User,
    id: string,
    logged: { actor: Actor; action: AgencyAction; verb: string },
    from: CampaignStatus[],
    to: CampaignStatus,
    refusal: (campaign: Campaign) => string | undefined,
    change?: (campaign: Campaign, em: EntityManager) => Promise<void> | void,
    { goesOut = false }: { goesOut?: boolean } = {},
  ): Promise<CampaignDto> {
    const campaign = await this.em.transactional(async (em) => {
      const found = await this.lockOwned(em, broker, id);
      const refused =
        refusal(found) ?? (from.includes(found.status) ? undefined : `This campaign is ${found.status}, so it cannot be ${to} now.`);
      if (refused) throw new ConflictException(refused);
      if (goesOut) assertMarketingDetails(await em.findOneOrFail(User, { id: broker.id }));
      const before = campaignFacts(found);
      found.status = to;
      await change?.(found, em);
      this.log.record(em, logged.actor, campaignEntry(logged.action, logged.verb, found, campaignChange(found, before)));
      await em.flush();
      return found;
    });
    const [view] = await this.toViews([campaign]);
    return view;
  }

  /** A draft without a trigger goes at `date` `time` in each recipient's own time zone. */
  schedule(broker: User, actor: Actor, id: string, input: ScheduleDto): Promise<CampaignDto> {
    const { date, time } = checkSchedule(input, broker.timeZone, this.clock.now());
    return this.transition(
      broker,
      id,
      { actor, action: 'campaign_scheduled', verb: 'Scheduled' },
      ['draft'],
      'scheduled',
      (campaign) =>
        campaign.status !== 'draft'
          ? `This campaign is ${campaign.status}: only a draft can be scheduled.`
          : campaign.trigger
            ? 'This campaign has a trigger, so it is a sequence: start it instead of scheduling it.'
            : undefined,
      (campaign) => {
        campaign.scheduledDate = date;
        campaign.scheduledTime = time;
      },
      { goesOut: true },
    );
  }

  /** A scheduled campaign not yet sent goes back to being a draft. */
  unschedule(broker: User, actor: Actor, id: string): Promise<CampaignDto> {
    return this.transition(
      broker,
      id,
      { actor, action: 'campaign_unscheduled', verb: 'Unscheduled' },
      ['scheduled'],
      'draft',
      (campaign) =>
        campaign.status !== 'scheduled' ? `This campaign is ${campaign.status}: only a scheduled campaign can be unscheduled.` : undefined,
      (campaign) => {
        campaign.scheduledDate = null;
        campaign.scheduledTime = null;
      },
    );
  }

  /** A draft with a trigger becomes an active sequence: the runner enrolls clients from its next run. */
  start(broker: User, actor: Actor, id: string): Promise<CampaignDto> {
    return this.transition(
      broker,
      id,
      { actor, action: 'campaign_started', verb: 'Started' },
      ['draft'],
      'active',
      (campaign) =>
        campaign.status !== 'draft'
          ? `This campaign is ${campaign.status}: only a draft can be started.`
          : campaign.trigger
            ? undefined
            : CAMPAIGN_MESSAGES.noTrigger,
      undefined,
      { goesOut: true },
    );
  }

  /** Holds an active sequence: nobody is enrolled and no step goes until it is resumed. */
  pause(broker: User, actor: Actor, id: string): Promise<CampaignDto> {
    return this.transition(broker, id, { actor, action: 'campaign_paused', verb: 'Paused' }, ['active'], 'paused', (campaign) =>
      campaign.status !== 'active' ? `This campaign is ${campaign.status}: only an active sequence can be paused.` : undefined,
    );
  }

  resume(broker: User, actor: Actor, id: string): Promise<CampaignDto> {
    return this.transition(
      broker,
      id,
      { actor, action: 'campaign_resumed', verb: 'Resumed' },
      ['paused'],
      'active',
      (campaign) =>
        campaign.status !== 'paused' ? `This campaign is ${campaign.status}: only a paused sequence can be resumed.` : undefined,
      undefined,
      { goesOut: true },
    );
  }

  /** Ends a sequence for good: every client still going through it stops. */
  finish(broker: User, actor: Actor, id: string): Promise<CampaignDto> {
    return this.transition(
      broker,
      id,
      { actor, action: 'campaign_finished', verb: 'Finished' },
      ['active', 'paused'],
      'finished',
      (campaign) =>
        ['active', 'paused'].includes(campaign.status)
          ? undefined
          : `This campaign is ${campaign.status}: only an active or paused sequence can be finished.`,
      (campaign, em) => this.sequences.stopAll(em, campaign.id, 'finished'),
    );
  }

  /**
   * Fixes the recipients (active clients with an address for the channel who have not opted out)
   * and queues one delivery each, in one transaction; the campaign is `sent` from then on. Delivery
   * runs in the background (and in any instance's dispatcher), so the answer does not wait for it.
   */
  async send(broker: User, book: ClientBook, actor: Actor, id: string): Promise<number> {
    const count = await this.em.transactional(async (em) => {
      const campaign = await this.lockOwned(em, broker, id);
      if (campaign.status === 'scheduled') throw new ConflictException('This campaign is scheduled: unschedule it to send it now.');
      if (campaign.status !== 'draft')
        throw new ConflictException(campaign.status === 'sent' ? 'This campaign has already been sent' : CAMPAIGN_MESSAGES.startInstead);
      if (campaign.trigger) throw new ConflictException(CAMPAIGN_MESSAGES.startInstead);
      assertMarketingDetails(await em.findOneOrFail(User, { id: broker.id }));
      const recipients = await this.recipients.fix(
        em,
        broker.id,
        campaign.id,
        campaign.type,
        await this.audienceIds(book, campaign.audience, em),
      );
      const sentAt = this.clock.now();
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
      const before = campaignFacts(campaign);
      campaign.status = 'sent';
      campaign.recipientCount = recipients.length;
      campaign.sentAt = sentAt;
      this.log.record(
        em,
        actor,
        campaignEntry('campaign_sent', 'Sent', campaign, campaignChange(campaign, before), { recipients: recipients.length }),
      );
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
    const sequenceIds = campaigns.filter((c) => c.trigger).map((c) => c.id);
    const [figures, enrollments] = await Promise.all([
      this.sequences.stepFigures(sequenceIds),
      this.sequences.enrollmentFigures(sequenceIds),
    ]);
    const stepsOf = (campaign: Campaign): StepFiguresDto[] => {
      if (!campaign.trigger) return [];
      return Array.from({ length: 1 + campaign.followUps.length }, (_, index) => {
        const step = index + 1;
        const own = figures.filter((row) => row.parent_id === campaign.id && row.step === step);
        const sum = (key: 'sent' | 'opened' | 'clicked' | 'replied') => own.reduce((total, row) => total + row[key], 0);
        const skipped = enrollments.skipped.find((row) => row.campaign_id === campaign.id && row.step === step)?.skipped ?? 0;
        return { step, sent: sum('sent'), opened: sum('opened'), clicked: sum('clicked'), replied: sum('replied'), skipped };
      });
    };
    return campaigns.map((campaign) => {
      const steps = stepsOf(campaign);
      const total = (key: 'sent' | 'opened' | 'clicked') => steps.reduce((sum, step) => sum + step[key], 0);
      const sequence = Boolean(campaign.trigger);
      return {
        id: campaign.id,
        name: campaign.name,
        type: campaign.type,
        subject: campaign.subject ?? null,
        message: campaign.message,
        status: campaign.status,
        purpose: campaign.purpose,
        templateKey: (campaign.templateKey ?? null) as CampaignDto['templateKey'],
        schedule:
          campaign.scheduledDate && campaign.scheduledTime
            ? { date: String(campaign.scheduledDate).slice(0, 10), time: campaign.scheduledTime }
            : null,
        trigger: campaign.trigger ?? null,
        followUps: campaign.followUps,
        steps,
        enrolledCount: enrollments.enrolled.get(campaign.id) ?? 0,
        audience: campaign.audience,
        // A sequence's figures are its steps' together.
        recipientCount: sequence ? total('sent') : campaign.recipientCount,
        openedCount: sequence ? total('opened') : (counts.get(campaign.id)?.opened ?? 0),
        clickedCount: sequence ? total('clicked') : (counts.get(campaign.id)?.clicked ?? 0),
        createdAt: campaign.createdAt.toISOString(),
        sentAt: campaign.sentAt?.toISOString() ?? null,
      };
    });
  }
}

/**
 * No campaign goes out (sent, test-sent, scheduled, started or resumed) before the agency has given
 * its postal address and said whether it sells Medicare plans: 409 naming what is missing.
 */
function assertMarketingDetails(owner: User): void {
  const missing = missingMarketingDetails({ agencyAddress: owner.agencyAddress, tpmoAnswered: Boolean(owner.tpmoAnsweredAt) });
  if (missing.length > 0) {
    throw new ConflictException({ message: marketingDetailsMessage(missing), code: MARKETING_DETAILS_MISSING, missing });
  }
}

/** The audience kept to the book: for a member who sees only their own clients, "all" and a filter name only theirs. */
export function audienceInBook(audience: CampaignAudience, book: ClientBook): CampaignAudience {
  if (!book.assignedTo || audience.kind === 'clients') return audience;
  const filter = audience.kind === 'filter' ? audience.filter : {};
  return { kind: 'filter', filter: { ...filter, assignedTo: book.assignedTo } };
}
