import { LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import {
  BadRequestException,
  ConflictException,
  Inject,
  Injectable,
  Logger,
  NotFoundException,
  type OnModuleInit,
  ServiceUnavailableException,
} from '@nestjs/common';

import { A2pReads } from '../a2p/a2p-reads.repository.js';
import type { Actor } from '../agency-log/actor.js';
import { AgencyLogService } from '../agency-log/agency-log.service.js';
import type { ClientAccount } from '../auth/client-account.entity.js';
import { fillMergeFields, phoneForReading } from '../campaigns/merge-fields.js';
import { Clock } from '../common/clock.js';
import { isUuid } from '../common/ids.js';
import { badFilter } from '../common/list-filters.js';
import { type ListQuery, ListResult } from '../common/list-query.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { ConsentLedger } from '../consent/consent-ledger.service.js';
import { InboundReplies, type InboundText } from '../delivery/inbound-replies.js';
import { clientTimeZone } from '../delivery/time-zones.js';
import type { ClientBook } from '../members/book.js';
import { SMS_SENDER, type SmsSender } from '../messaging/messaging.ports.js';
import { OptOutsService } from '../messaging/opt-outs.service.js';
import { PhiAuditService } from '../privacy/phi-audit.service.js';
import { findHealthTerm, GENERIC_MESSAGE_RULE } from '../reminders/health-terms.js';
import type { TaskDto } from '../tasks/dto/task.dto.js';
import { TASK_TITLES } from '../tasks/task-titles.js';
import { TasksService } from '../tasks/tasks.service.js';
import type { User } from '../users/user.entity.js';
import {
  type InboxMessageDto,
  type InboxTemplateDto,
  type InboxThreadDto,
  type ReplyDto,
  type SaveTemplateDto,
  type ThreadTaskDto,
  type UpdateThreadDto,
} from './dto/inbox.dto.js';
import { type InboundOwner, InboxRepository, type ThreadFilter, type ThreadRow } from './inbox.repository.js';
import { type InboxKind, InboxMessage } from './inbox-message.entity.js';
import { agencyMayRead, replyRefusal } from './inbox-rules.js';
import { InboxTemplate } from './inbox-template.entity.js';
import { InboxThread } from './inbox-thread.entity.js';
import { agencyDay, isOpenAt, replyOverdueBefore } from './office-hours.js';
import { autoReplyText, OfficeHoursService } from './office-hours.service.js';

/** The merge fields of a reply template, as `{name}`. */
export const INBOX_MERGE_FIELDS = ['firstName', 'lastName', 'agencyName', 'agencyPhone', 'agentName'] as const;
const FIELD = /\{\s*([A-Za-z]+)\s*\}/g;

/** What the list shows for an event (never the words of the text that made it). */
const EVENT_PREVIEWS: Partial<Record<InboxKind, string>> = {
  confirmed: 'Confirmed a reminder',
  opted_out: 'Opted out of texts',
  opted_in: 'Opted in to texts again',
  help: 'Asked for help (HELP)',
};

const iso = (at: Date | string | null | undefined) => (at ? new Date(at).toISOString() : null);

function threadDto(row: Omit<ThreadRow, 'total'>): InboxThreadDto {
  return {
    id: row.id,
    phone: row.phone,
    sender: row.sender,
    clientId: row.sender === 'client' ? row.client_id : null,
    clientName: row.client_name,
    assignedMemberId: row.assigned_member_id,
    assignedMemberName: row.assigned_member_name,
    status: row.status,
    lastMessageAt: new Date(row.last_message_at).toISOString(),
    preview: row.preview,
    lastDirection: row.last_direction,
    unreadCount: row.unread_count,
    needsReplySince: iso(row.needs_reply_since),
    optedOut: row.opted_out_at !== null,
    optedOutAt: iso(row.opted_out_at),
    doneAt: iso(row.done_at),
  };
}

const refuse = (field: string, message: string) => new BadRequestException({ message, field });

/** A reply while the agency's texts wait for its carrier registration. */
export const REPLY_HELD_MESSAGE =
  'Texts wait for the agency’s carrier registration (A2P 10DLC): replies can be sent once it is approved (Settings → Text messaging registration)';

/**
 * The agency's two-way text inbox (docs/messaging.md "Inbox"): every inbound text from a client or
 * a client's caregiver becomes part of a thread per agency and number, next to what the agency sent
 * them; members answer from the thread within the consent and calling-hour rules of a broker's
 * reminder (a reply within 24 h of their text being a response), assign it, mark it done, make a
 * task of it. Answers to a client's own reminder stay the client's (docs/privacy.md "Replies").
 */
@Injectable()
export class InboxService implements OnModuleInit {
  private readonly logger = new Logger('Inbox');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly a2p: A2pReads,
    private readonly em: EntityManager,
    private readonly inbox: InboxRepository,
    private readonly replies: InboundReplies,
    private readonly optOuts: OptOutsService,
    private readonly ledger: ConsentLedger,
    private readonly tasks: TasksService,
    private readonly log: AgencyLogService,
    private readonly clock: Clock,
    private readonly phiAudit: PhiAuditService,
    private readonly hours: OfficeHoursService,
    @Inject(SMS_SENDER) private readonly sms: SmsSender,
  ) {}

  onModuleInit(): void {
    this.replies.onInbound((text) => this.receive(text));
  }

  /**
   * An inbound text, once the webhook has handled its keywords and confirmations: into the thread
   * of its agency and number. A number of no agency's is logged (without its words) and kept
   * nowhere. Answers false when the words are kept from the agency.
   */
  async receive(text: InboundText): Promise<boolean> {
    const em = this.em.fork();
    const owner = await this.inbox.agencyOfInbound(text.to, text.from, em);
    if (!owner) {
      this.logger.log({ kind: text.kind }, 'An inbound text from a number of no agency: not stored');
      return true;
    }
    const stopsTexts = text.kind !== 'stop' || text.channels.includes('sms');
    let kind: InboxKind;
    let visible = true;
    if (text.kind === 'stop') kind = 'opted_out';
    else if (text.kind === 'start') kind = 'opted_in';
    else if (text.kind === 'help') kind = 'help';
    else if (text.kind === 'confirmed') kind = 'confirmed';
    else {
      kind = 'text';
      visible = agencyMayRead(await this.inbox.lastSentTo(owner.clientId, text.from, em), text.at);
    }
    if (kind === 'text' && visible) {
      // The common case, an AEP Monday's thousands of texts: stored in one statement.
      const threadId = await this.inbox.storeText(owner, text.from, text.body, text.at);
      const autoReply = await this.autoReplyDue(owner, text, em);
      const autoReplyId = autoReply && (await this.inbox.claimAutoReply(threadId, autoReply.day, autoReply.body, text.at));
      if (autoReplyId) await this.sendAutoReply(autoReplyId, threadId, text.from, owner.agencyId, autoReply);
      return true;
    }
    await em.transactional(async (tx) => {
      await tx.execute(
        `insert into inbox_threads (id, agency_id, phone, sender, client_id, last_message_at, created_at, updated_at)
         values (gen_random_uuid(), ?, ?, ?, ?, ?, ?, ?) on conflict (agency_id, phone) do nothing`,
        [owner.agencyId, text.from, owner.sender, owner.clientId, text.at, text.at, text.at],
      );
      const thread = await tx.findOneOrFail(
        InboxThread,
        { agency: owner.agencyId, phone: text.from },
        { lockMode: LockMode.PESSIMISTIC_WRITE },
      );
      if (!visible) {
        // Kept for the client alone: the thread (if any) does not move, nothing is unread.
        tx.create(InboxMessage, {
          thread: thread.id,
          direction: 'in',
          kind: 'text',
          private: true,
          privateBody: text.body,
          createdAt: text.at,
        });
        return;
      }
      // An event of the thread (a stop, a start, HELP, a confirmation): its name, never the words that made it.
      await this.inbox.notifyChanged(tx, thread.id);
      tx.create(InboxMessage, {
        thread: thread.id,
        direction: 'event',
        kind,
        body: kind === 'opted_out' ? text.channels.join(',') : null,
        createdAt: text.at,
      });
      if (text.at >= thread.lastMessageAt) {
        thread.lastMessageAt = text.at;
        thread.lastDirection = 'event';
        thread.preview = kind === 'opted_out' && !stopsTexts ? 'Opted out of calls' : EVENT_PREVIEWS[kind];
      }
      if (kind === 'confirmed') return;
      thread.unreadCount += 1;
      if (kind === 'opted_out' && stopsTexts) thread.optedOutAt = text.at;
      if (kind === 'opted_in') thread.optedOutAt = null;
    });
    return visible;
  }

  /**
   * The auto-reply a text gets now, if any (docs/messaging.md "Office hours"): the agency has it on,
   * its office is closed (its hours, its holidays, its time zone), the number has not opted out of
   * texts, and the agency may text (its carrier registration, when texts wait for it). Whether the
   * thread already had one today is for the claim to decide (`InboxRepository.claimAutoReply`).
   */
  private async autoReplyDue(
    owner: InboundOwner,
    text: InboundText,
    em: EntityManager,
  ): Promise<{ day: string; body: string; messagingServiceSid?: string } | undefined> {
    const office = await this.hours.office(owner.agencyId, em);
    if (!office.autoReply || isOpenAt(office.hours, text.at)) return undefined;
    if ((await this.optOuts.optedOut([text.from])).has(`${text.from}|sms`)) return undefined;
    const sender = (await this.a2p.senders([owner.agencyId])).get(owner.agencyId);
    if (!sender && this.config.messaging.a2p.holdUnregisteredTexts) return undefined;
    const body = autoReplyText(office, owner.language);
    if (!body) return undefined;
    return { day: agencyDay(text.at, office.hours.zone), body, messagingServiceSid: sender?.messagingServiceSid ?? undefined };
  }

  /** Sends an auto-reply recorded in its thread, and records what became of it. */
  private async sendAutoReply(
    id: string,
    threadId: string,
    to: string,
    agencyId: string,
    reply: { body: string; messagingServiceSid?: string },
  ): Promise<void> {
    let providerId: string | null = null;
    let status = 'sent';
    try {
      ({ providerId } = await this.sms.sendSms({
        to,
        purpose: 'inbox-auto-reply',
        brokerId: agencyId,
        body: reply.body,
        messagingServiceSid: reply.messagingServiceSid,
      }));
    } catch (error) {
      this.logger.warn({ err: error, messageId: id }, 'An auto-reply could not be sent');
      status = 'failed';
    }
    await this.em.execute('update inbox_messages set status = ?, provider_id = ? where id = ?', [status, providerId, id], 'run');
    await this.inbox.notifyChanged(this.em, threadId);
  }

  /** A client's own texts kept from the agency (their answers to their own reminders), decrypted for them alone. */
  async clientTexts(account: ClientAccount): Promise<{ id: string; body: string; at: string }[]> {
    const rows = await this.inbox.privateTexts(account.client.id);
    await this.phiAudit.record(account, 'read', 'texts');
    if (rows.length === 0) return [];
    const em = this.em.fork();
    const byId = new Map((await em.find(InboxMessage, { id: { $in: rows.map((row) => row.id) } })).map((m) => [m.id, m]));
    return rows.flatMap((row) => {
      const message = byId.get(row.id);
      return message?.privateBody ? [{ id: message.id, body: message.privateBody, at: message.createdAt.toISOString() }] : [];
    });
  }

  async list(book: ClientBook, memberId: string, query: ListQuery): Promise<ListResult<InboxThreadDto>> {
    const raw = query.filter as Record<string, string | boolean | undefined>;
    const status = raw.status as string | undefined;
    if (status !== undefined && status !== '' && status !== 'open' && status !== 'done')
      throw badFilter('filter status must be open or done');
    const q = raw.q as string | undefined;
    if (q !== undefined && q.length > 200) throw badFilter('filter q must be at most 200 characters');
    const filter: ThreadFilter = {
      unread: raw.unread === true ? true : undefined,
      assignedTo: raw.mine === true ? memberId : undefined,
      needsReply: raw.needsReply === true ? true : undefined,
      waitingBefore: raw.overdue === true ? await this.hours.overdueBefore(book.agencyId) : undefined,
      optedOut: raw.optedOut as boolean | undefined,
      status: (status || undefined) as ThreadFilter['status'],
      q,
      range: query.range,
    };
    const rows = await this.inbox.listPage(book, filter);
    return new ListResult(
      'threads',
      rows.filter((row) => row.id).map(threadDto),
      rows[0]?.total ?? 0,
      query.range ?? { start: 0, end: 24 },
    );
  }

  /** How many threads of the book have waited for a reply longer than the agency's promise (office hours). */
  async overdue(book: ClientBook, now: Date = this.clock.now()): Promise<{ threads: number; promiseDays: number }> {
    const office = await this.hours.office(book.agencyId);
    const before = replyOverdueBefore(office.hours, now, office.replyPromiseDays);
    return { threads: await this.inbox.waitingSince(book, before), promiseDays: office.replyPromiseDays };
  }

  async unread(book: ClientBook): Promise<{ threads: number }> {
    return { threads: await this.inbox.unreadThreads(book) };
  }

  private async visible(book: ClientBook, id: string, em?: EntityManager) {
    const row = isUuid(id) ? await this.inbox.findVisible(book, id, em) : undefined;
    if (!row) throw new NotFoundException('Thread not found');
    return row;
  }

  async get(book: ClientBook, id: string): Promise<InboxThreadDto> {
    return threadDto(await this.visible(book, id));
  }

  async messages(book: ClientBook, id: string): Promise<InboxMessageDto[]> {
    const thread = await this.visible(book, id);
    const rows = await this.inbox.timeline(thread);
    return rows.map((row) => ({
      id: row.id,
      source: row.source,
      direction: row.direction,
      kind: row.kind,
      channel: row.channel,
      body: row.source === 'inbox' && row.direction === 'event' ? null : row.body,
      channels: row.source === 'inbox' && row.kind === 'opted_out' ? (row.body ?? 'sms').split(',').filter(Boolean) : undefined,
      status: row.status,
      memberName: row.member_name,
      at: new Date(row.at).toISOString(),
    }));
  }

  /** Marks read, assigns, marks done or reopens; each change but reading is in the activity log. */
  async update(book: ClientBook, actor: Actor, id: string, input: UpdateThreadDto): Promise<InboxThreadDto> {
    const row = await this.visible(book, id);
    if (input.assignedMemberId && !(await this.inbox.isJoinedMember(book.agencyId, input.assignedMemberId)))
      throw refuse('assignedMemberId', 'Choose a member of this agency who has joined');
    await this.em.transactional(async (em) => {
      const thread = await em.findOneOrFail(InboxThread, row.id, { refresh: true });
      await this.inbox.notifyChanged(em, thread.id);
      if (input.read === true) thread.unreadCount = 0;
      if (input.assignedMemberId !== undefined && input.assignedMemberId !== thread.assignedMemberId) {
        thread.assignedMemberId = input.assignedMemberId;
        this.log.record(em, actor, {
          action: 'inbox_thread_assigned',
          targetType: 'inbox_thread',
          targetId: thread.id,
          summary: input.assignedMemberId ? 'Assigned a text thread' : 'Unassigned a text thread',
          before: { assignedMemberId: row.assigned_member_id },
          after: { assignedMemberId: input.assignedMemberId },
        });
      }
      if (input.status !== undefined && input.status !== thread.status) {
        thread.status = input.status;
        thread.doneAt = input.status === 'done' ? this.clock.now() : null;
        if (input.status === 'done') {
          thread.needsReplySince = null;
          thread.unreadCount = 0;
        }
        this.log.record(em, actor, {
          action: input.status === 'done' ? 'inbox_thread_done' : 'inbox_thread_reopened',
          targetType: 'inbox_thread',
          targetId: thread.id,
          summary: input.status === 'done' ? 'Marked a text thread done' : 'Reopened a text thread',
        });
      }
    });
    return this.get(book, id);
  }

  /**
   * A member's reply: refused with 400 for a health word (as a broker's reminder is), 409 after a
   * STOP, without permission, or outside calling hours when it is not a response; else sent now
   * through the SMS port (Twilio, or the development outbox).
   */
  async reply(book: ClientBook, actor: Actor, agency: User, id: string, input: ReplyDto): Promise<InboxMessageDto> {
    const row = await this.visible(book, id);
    const written = input.body.trim();
    if (!written) throw refuse('body', 'body is required');
    const term = findHealthTerm(written);
    if (term) throw new BadRequestException({ message: GENERIC_MESSAGE_RULE, term, field: 'body' });
    const now = this.clock.now();
    const optedOut = await this.optOuts.optedOut([row.phone]);
    const client =
      row.client_id === null
        ? null
        : ((
            await this.em.execute<
              { first_name: string; last_name: string; phone: string; time_zone: string | null; zip: string | null; state: string | null }[]
            >('select first_name, last_name, phone, time_zone, zip, state from clients where id = ?', [row.client_id])
          )[0] ?? null);
    const isClient = row.sender === 'client' && client !== null;
    const grid = isClient ? (await this.ledger.grids([row.client_id!], now)).get(row.client_id!) : undefined;
    const zone = clientTimeZone(
      client && isClient ? { timeZone: client.time_zone, phone: row.phone, zip: client.zip, state: client.state } : { phone: row.phone },
      agency.timeZone,
    );
    const refusal = replyRefusal({
      now,
      optedOut: optedOut.has(`${row.phone}|sms`),
      grid,
      isClient,
      lastInboundAt: row.last_inbound_at ? new Date(row.last_inbound_at) : null,
      zone,
    });
    if (refusal)
      throw new ConflictException({
        message: refusal.message,
        reason: refusal.reason,
        ...('allowedFrom' in refusal ? { allowedFrom: refusal.allowedFrom.toISOString() } : {}),
      });
    // Through the agency's registered messaging service; until its campaign is approved, its texts wait (A2P 10DLC).
    const sender = (await this.a2p.senders([book.agencyId])).get(book.agencyId);
    if (!sender && this.config.messaging.a2p.holdUnregisteredTexts)
      throw new ConflictException({ message: REPLY_HELD_MESSAGE, reason: 'registration' });
    const member = (
      await this.em.execute<{ first_name: string | null; last_name: string | null }[]>(
        'select first_name, last_name from members where id = ?',
        [actor.memberId],
      )
    )[0];
    const body = fillInboxFields(written, {
      firstName: isClient ? (client?.first_name ?? '') : '',
      lastName: isClient ? (client?.last_name ?? '') : '',
      agencyName: agency.agencyName || [agency.firstName, agency.lastName].filter(Boolean).join(' '),
      agencyPhone: phoneForReading(agency.agencyPhone),
      agentName: [member?.first_name, member?.last_name].filter(Boolean).join(' '),
    });
    let providerId: string | null = null;
    let status = 'sent';
    try {
      providerId = (
        await this.sms.sendSms({
          to: row.phone,
          purpose: 'inbox-reply',
          brokerId: book.agencyId,
          body,
          messagingServiceSid: sender?.messagingServiceSid ?? undefined,
        })
      ).providerId;
    } catch (error) {
      this.logger.warn({ err: error, threadId: row.id }, 'A reply from the inbox could not be sent');
      status = 'failed';
    }
    const message = await this.em.transactional(async (em) => {
      // Locked: a text that came while the reply was on its way to the carrier stays unread, waiting and newest.
      const thread = await em.findOneOrFail(InboxThread, row.id, { refresh: true, lockMode: LockMode.PESSIMISTIC_WRITE });
      await this.inbox.notifyChanged(em, thread.id);
      const sent = em.create(InboxMessage, {
        thread: thread.id,
        direction: 'out',
        kind: 'text',
        body,
        memberId: actor.memberId,
        status,
        providerId,
        createdAt: now,
      });
      const since = await this.inbox.textsSince(thread.id, now, em);
      if (now >= thread.lastMessageAt) {
        thread.lastMessageAt = now;
        thread.lastDirection = 'out';
        thread.preview = body.slice(0, 200);
      }
      if (status === 'sent') {
        // It answers the texts before it; those that came after still wait.
        thread.needsReplySince = since.first;
        thread.unreadCount = since.count;
      }
      // The activity log says that a reply went, never its words.
      this.log.record(em, actor, {
        action: 'inbox_replied',
        targetType: 'inbox_thread',
        targetId: thread.id,
        summary: status === 'sent' ? 'Replied to a text' : 'A reply to a text failed',
      });
      return sent;
    });
    if (status !== 'sent') throw new ServiceUnavailableException('The text could not be sent: try again in a moment');
    return {
      id: message.id,
      source: 'inbox',
      direction: 'out',
      kind: 'text',
      channel: 'sms',
      body,
      status,
      memberName: [member?.first_name, member?.last_name].filter(Boolean).join(' ') || null,
      at: now.toISOString(),
    };
  }

  /** A task from a thread (about its client): by default "Answer {name}'s text", due now, for the member. */
  async task(book: ClientBook, actor: Actor, agency: User, id: string, input: ThreadTaskDto): Promise<TaskDto> {
    const row = await this.visible(book, id);
    let notes = input.notes ?? null;
    if (input.messageId) {
      const [message] = isUuid(input.messageId)
        ? await this.em.execute<{ body: string | null }[]>(
            'select body from inbox_messages where id = ? and thread_id = ? and not private',
            [input.messageId, row.id],
          )
        : [];
      if (!message) throw refuse('messageId', 'No such message in this thread');
      notes ??= message.body;
    }
    const isClient = row.sender === 'client' && row.client_id !== null;
    const first = row.client_name?.split(' ')[0] ?? row.phone;
    return this.tasks.create(book, actor, {
      title: input.title?.trim() || TASK_TITLES[agency.language].answerText(isClient ? first : phoneForReading(row.phone)),
      dueAt: input.dueAt ?? this.clock.now().toISOString(),
      clientId: isClient ? row.client_id : null,
      notes: notes ? notes.slice(0, 5000) : null,
      assigneeMemberId: input.assigneeMemberId,
    });
  }

  // Templates

  async templates(agencyId: string): Promise<InboxTemplateDto[]> {
    const rows = await this.em.find(InboxTemplate, { agency: agencyId }, { orderBy: { name: 'asc', id: 'asc' }, limit: 200 });
    return rows.map(templateDto);
  }

  async saveTemplate(actor: Actor, input: SaveTemplateDto, id?: string): Promise<InboxTemplateDto> {
    const name = input.name.trim();
    const body = input.body.trim();
    if (!name) throw refuse('name', 'name is required');
    if (!body) throw refuse('body', 'body is required');
    const term = findHealthTerm(body) ?? findHealthTerm(name);
    if (term) throw new BadRequestException({ message: GENERIC_MESSAGE_RULE, term, field: 'body' });
    const unknown = [...body.matchAll(FIELD)].filter((m) => !(INBOX_MERGE_FIELDS as readonly string[]).includes(m[1]));
    if (unknown.length > 0)
      throw refuse(
        'body',
        `body has ${unknown[0][0]}, which is not a merge field: use ${INBOX_MERGE_FIELDS.map((f) => `{${f}}`).join(', ')}`,
      );
    return this.em.transactional(async (em) => {
      let template: InboxTemplate;
      if (id) {
        const found = isUuid(id) ? await em.findOne(InboxTemplate, { id, agency: actor.agencyId }) : null;
        if (!found) throw new NotFoundException('Template not found');
        template = found;
        template.name = name;
        template.body = body;
      } else {
        if ((await em.count(InboxTemplate, { agency: actor.agencyId })) >= 200)
          throw refuse('name', 'An agency keeps at most 200 templates');
        template = em.create(InboxTemplate, { agency: actor.agencyId, name, body });
      }
      await em.flush();
      this.log.record(em, actor, {
        action: id ? 'inbox_template_updated' : 'inbox_template_added',
        targetType: 'inbox_template',
        targetId: template.id,
        summary: `${id ? 'Changed' : 'Added'} the reply template “${name}”`,
      });
      return templateDto(template);
    });
  }

  async deleteTemplate(actor: Actor, id: string): Promise<InboxTemplateDto> {
    return this.em.transactional(async (em) => {
      const template = isUuid(id) ? await em.findOne(InboxTemplate, { id, agency: actor.agencyId }) : null;
      if (!template) throw new NotFoundException('Template not found');
      const dto = templateDto(template);
      em.remove(template);
      this.log.record(em, actor, {
        action: 'inbox_template_deleted',
        targetType: 'inbox_template',
        targetId: template.id,
        summary: `Deleted the reply template “${template.name}”`,
      });
      return dto;
    });
  }
}

function templateDto(template: InboxTemplate): InboxTemplateDto {
  return {
    id: template.id,
    name: template.name,
    body: template.body,
    createdAt: template.createdAt.toISOString(),
    updatedAt: template.updatedAt.toISOString(),
  };
}

/** The reply with its merge fields filled in; an unknown `{word}` stays as written. */
export function fillInboxFields(text: string, values: Record<(typeof INBOX_MERGE_FIELDS)[number], string>): string {
  const base = fillMergeFields(text, values);
  return base.replace(FIELD, (whole, name: string) => (name === 'agentName' ? values.agentName.trim() : whole));
}
