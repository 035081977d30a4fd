import { EntityManager } from '@mikro-orm/postgresql';
import { BadRequestException, Injectable, Logger, NotFoundException, type OnModuleInit } from '@nestjs/common';
import { DateTime } from 'luxon';

import type { Actor } from '../agency-log/actor.js';
import { ClientsService } from '../clients/clients.service.js';
import { Clock } from '../common/clock.js';
import { isUuid } from '../common/ids.js';
import type { Language } from '../common/language.js';
import { badFilter, dayRange, filterId } from '../common/list-filters.js';
import { type ListQuery, ListResult } from '../common/list-query.js';
import { InboundReplies } from '../delivery/inbound-replies.js';
import type { ClientBook } from '../members/book.js';
import type { CreateTaskDto, UpdateTaskDto } from './dto/task.dto.js';
import { TaskCountsDto, TaskDto } from './dto/task.dto.js';
import { Task, type TaskPriority, type TaskSource } from './task.entity.js';
import { aepCallDue } from './task-dates.js';
import { TASK_TITLES } from './task-titles.js';
import { TASK_SORT_FIELDS, type TaskFilter, type TaskRow, type TaskSortField, TasksRepository } from './tasks.repository.js';

export const TASK_VIEWS = ['today', 'overdue', 'week'] as const;
export type TaskView = (typeof TASK_VIEWS)[number];

export const TASK_LIST_RULES = {
  sortable: TASK_SORT_FIELDS,
  filterable: ['assignee', 'clientId', 'done', 'from', 'to', 'view'],
  booleanFilters: ['done'],
  maxPageSize: 500,
} as const;

/** A task another module asks for, about one of an agency's clients (a missed SOA appointment). */
export interface ClientTaskRequest {
  agencyId: string;
  clientId: string;
  title: string;
  dueAt: Date;
  source: TaskSource;
  /** Who is to do it; by default the client's assigned member, else the agency's owner. */
  assigneeMemberId?: string | null;
  priority?: TaskPriority;
  notes?: string | null;
}

const refuse = (field: string, message: string) => new BadRequestException({ message, field });

const dtoOf = (row: TaskRow): TaskDto => ({
  id: row.id,
  clientId: row.client_id,
  clientName: row.client_name,
  title: row.title,
  notes: row.notes,
  dueAt: new Date(row.due_at).toISOString(),
  assigneeMemberId: row.assignee_member_id,
  priority: row.priority,
  done: row.done_at !== null,
  doneAt: row.done_at ? new Date(row.done_at).toISOString() : null,
  createdByMemberId: row.created_by_member_id,
  source: row.source,
  createdAt: new Date(row.created_at).toISOString(),
  updatedAt: new Date(row.updated_at).toISOString(),
});

/** Today's bounds in the zone: its start, tomorrow's start, and the end of the week (next Monday's start). */
export function dayBounds(now: Date, zone: string): { todayStart: Date; tomorrow: Date; weekEnd: Date } {
  const today = DateTime.fromJSDate(now, { zone }).startOf('day');
  return {
    todayStart: today.toJSDate(),
    tomorrow: today.plus({ days: 1 }).toJSDate(),
    weekEnd: today.startOf('week').plus({ weeks: 1 }).toJSDate(),
  };
}

/**
 * Tasks and follow-ups (issue 51, docs/tasks.md): made by hand, from the at-risk list, from a
 * client's text, from a missed SOA appointment (`createForClient`) and by the rules an agency turns
 * on (TaskRulesService). A member sees the tasks of their book: the agency's, or for an agent kept
 * to their own clients, those of their clients and those assigned to them; any other id answers 404.
 */
@Injectable()
export class TasksService implements OnModuleInit {
  private readonly logger = new Logger('Tasks');

  constructor(
    private readonly em: EntityManager,
    private readonly tasks: TasksRepository,
    private readonly clients: ClientsService,
    private readonly replies: InboundReplies,
    private readonly clock: Clock,
  ) {}

  /** A client's text that is no keyword becomes a task to answer it, unless one is still open. */
  onModuleInit(): void {
    this.replies.onClientText((from, at) => this.answerText(from, at));
  }

  async list(book: ClientBook, memberId: string, query: ListQuery, zone: string): Promise<ListResult<TaskDto>> {
    const filter = this.filterOf(query, memberId, zone);
    const sort = query.sort ?? { field: 'dueAt', order: 'ASC' };
    const rows = await this.tasks.listPage(book, filter, { field: sort.field as TaskSortField, order: sort.order }, query.range);
    return new ListResult('tasks', rows.map(dtoOf), rows[0]?.total ?? 0, query.range);
  }

  private filterOf(query: ListQuery, memberId: string, zone: string): TaskFilter {
    const raw = query.filter as Record<string, string | boolean | undefined>;
    const assignee = raw.assignee === 'me' ? memberId : filterId('assignee', raw.assignee as string | undefined);
    const filter: TaskFilter = {
      assignee,
      clientId: filterId('clientId', raw.clientId as string | undefined),
      done: raw.done as boolean | undefined,
      ...dayRange(raw.from as string | undefined, raw.to as string | undefined, zone),
    };
    const view = raw.view as string | undefined;
    if (view === undefined || view === '') return filter;
    if (!(TASK_VIEWS as readonly string[]).includes(view)) throw badFilter(`filter view must be one of: ${TASK_VIEWS.join(', ')}`);
    const now = this.clock.now();
    const bounds = dayBounds(now, zone);
    filter.done = false;
    if (view === 'today') return { ...filter, from: bounds.todayStart, until: bounds.tomorrow };
    if (view === 'overdue') return { ...filter, from: undefined, until: now };
    return { ...filter, from: bounds.todayStart, until: bounds.weekEnd };
  }

  /** The member's own open tasks for the dashboard: counts and the next five (overdue first). */
  async summary(book: ClientBook, memberId: string, zone: string): Promise<TaskCountsDto> {
    const now = this.clock.now();
    const bounds = dayBounds(now, zone);
    const counts = await this.tasks.counts(book, memberId, now, bounds);
    const next = await this.tasks.listPage(
      book,
      { assignee: memberId, done: false },
      { field: 'dueAt', order: 'ASC' },
      { start: 0, end: 4 },
    );
    return { ...counts, next: next.map(dtoOf) };
  }

  async get(book: ClientBook, id: string): Promise<TaskDto> {
    return dtoOf(await this.findVisible(book, id));
  }

  async forClient(book: ClientBook, clientId: string): Promise<TaskDto[]> {
    const client = await this.clients.findOwned(book, clientId);
    const rows = await this.tasks.listPage(
      { agencyId: book.agencyId, assignedTo: null },
      { clientId: client.id },
      { field: 'dueAt', order: 'ASC' },
    );
    return rows.map(dtoOf);
  }

  async create(book: ClientBook, actor: Actor, input: CreateTaskDto): Promise<TaskDto> {
    return this.em.transactional(async (em) => {
      const clientId = input.clientId ? (await this.clients.findOwned(book, input.clientId, em)).id : null;
      const assignee = input.assigneeMemberId === undefined ? actor.memberId : input.assigneeMemberId;
      if (assignee) await this.checkAssignee(book.agencyId, assignee);
      const task = em.create(Task, {
        broker: book.agencyId,
        client: clientId,
        title: this.titleOf(input.title),
        notes: input.notes?.trim() || null,
        dueAt: new Date(input.dueAt),
        assigneeMemberId: assignee,
        priority: input.priority ?? 'normal',
        createdByMemberId: actor.memberId,
        source: 'manual',
      });
      await em.flush();
      return TaskDto.from(task, await this.tasks.clientName(clientId, em));
    });
  }

  async update(book: ClientBook, id: string, input: UpdateTaskDto): Promise<TaskDto> {
    return this.em.transactional(async (em) => {
      const row = await this.findVisible(book, id, true, em);
      const task = await em.findOneOrFail(Task, row.id, { refresh: true });
      if (input.title !== undefined) task.title = this.titleOf(input.title);
      if (input.notes !== undefined) task.notes = input.notes?.trim() || null;
      if (input.dueAt !== undefined) task.dueAt = new Date(input.dueAt);
      if (input.priority !== undefined) task.priority = input.priority;
      if (input.clientId !== undefined)
        task.client = input.clientId === null ? null : (await this.clients.findOwned(book, input.clientId, em)).id;
      if (input.assigneeMemberId !== undefined) {
        if (input.assigneeMemberId) await this.checkAssignee(book.agencyId, input.assigneeMemberId);
        task.assigneeMemberId = input.assigneeMemberId;
      }
      if (input.done !== undefined && input.done !== !!task.doneAt) task.doneAt = input.done ? this.clock.now() : null;
      await em.flush();
      return TaskDto.from(task, await this.tasks.clientName(task.client, em));
    });
  }

  async remove(book: ClientBook, id: string): Promise<TaskDto> {
    return this.em.transactional(async (em) => {
      const row = await this.findVisible(book, id, true, em);
      await em.nativeDelete(Task, { id: row.id });
      return dtoOf(row);
    });
  }

  /**
   * "Call before AEP" from the at-risk list: a high-priority call for the client's assigned member
   * (else whoever asks), due the day before AEP opens, or in two days during AEP (docs/tasks.md).
   * An open one for the client is answered again rather than doubled.
   */
  async callBeforeAep(book: ClientBook, actor: Actor, clientId: string, zone: string, language: Language): Promise<TaskDto> {
    const client = await this.clients.findOwned(book, clientId);
    const open = await this.tasks.listPage(book, { clientId: client.id, done: false }, { field: 'dueAt', order: 'ASC' });
    const already = open.find((row) => row.source === 'at_risk');
    if (already) return dtoOf(already);
    const assignee =
      client.assignedMemberId && (await this.tasks.isJoinedMember(book.agencyId, client.assignedMemberId))
        ? client.assignedMemberId
        : actor.memberId;
    const task = this.em.create(Task, {
      broker: book.agencyId,
      client: client.id,
      title: TASK_TITLES[language].callBeforeAep(`${client.firstName} ${client.lastName}`),
      dueAt: aepCallDue(this.clock.now(), zone),
      assigneeMemberId: assignee,
      priority: 'high',
      createdByMemberId: actor.memberId,
      source: 'at_risk',
    });
    await this.em.flush();
    return TaskDto.from(task, `${client.firstName} ${client.lastName}`);
  }

  /**
   * Makes a task about one of an agency's clients for another module (the SOA module calls it for a
   * missed appointment, with source `soa_missed` and the title of TASK_TITLES' `soaMissed`). By
   * default it goes to the client's assigned member, else the agency's owner.
   */
  async createForClient(request: ClientTaskRequest): Promise<TaskDto> {
    const em = this.em.fork();
    const client = await this.clients.findOwned({ agencyId: request.agencyId, assignedTo: null }, request.clientId, em);
    let assignee = request.assigneeMemberId;
    if (assignee === undefined)
      assignee =
        client.assignedMemberId && (await this.tasks.isJoinedMember(request.agencyId, client.assignedMemberId))
          ? client.assignedMemberId
          : await this.tasks.ownerOf(request.agencyId);
    const task = em.create(Task, {
      broker: request.agencyId,
      client: client.id,
      title: this.titleOf(request.title),
      notes: request.notes ?? null,
      dueAt: request.dueAt,
      assigneeMemberId: assignee,
      priority: request.priority ?? 'normal',
      source: request.source,
    });
    await em.flush();
    return TaskDto.from(task, `${client.firstName} ${client.lastName}`);
  }

  /** A client texted in their own words: a task to answer them for their member, unless one is still open. */
  private async answerText(from: string, at: Date): Promise<void> {
    for (const client of await this.tasks.clientsByPhone(from)) {
      if (client.open) continue;
      try {
        await this.createForClient({
          agencyId: client.broker_id,
          clientId: client.id,
          title: TASK_TITLES[client.language].answerText(client.first_name),
          dueAt: at,
          source: 'client_reply',
          assigneeMemberId: client.assignee_member_id,
          priority: 'high',
        });
      } catch (error) {
        this.logger.warn({ err: error, clientId: client.id }, 'The task to answer a client’s text could not be made');
      }
    }
  }

  private titleOf(title: string): string {
    const trimmed = title.trim();
    if (!trimmed) throw refuse('title', 'title is required');
    return trimmed.slice(0, 200);
  }

  private async checkAssignee(agencyId: string, memberId: string): Promise<void> {
    if (!(await this.tasks.isJoinedMember(agencyId, memberId)))
      throw refuse('assigneeMemberId', 'Choose a member of this agency who has joined');
  }

  private async findVisible(book: ClientBook, id: string, lock = false, em: EntityManager = this.em): Promise<TaskRow> {
    const row = isUuid(id) ? await this.tasks.findVisible(book, id, lock, em) : undefined;
    if (!row) throw new NotFoundException('Task not found');
    return row;
  }
}
