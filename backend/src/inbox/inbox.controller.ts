import { Body, Controller, Delete, Get, Param, Post, Put } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';

import type { Actor } from '../agency-log/actor.js';
import { TokenScopes } from '../api-tokens/scopes.js';
import { BrokerOnly, CurrentActor, CurrentBook, CurrentMember, CurrentUser, type RequestMember } from '../auth/access.decorators.js';
import { ApiListQuery, ListParams } from '../common/list-params.decorator.js';
import type { ListQuery, ListResult } from '../common/list-query.js';
import type { ClientBook } from '../members/book.js';
import { MemberMay } from '../members/member-rule.js';
import { TaskDto } from '../tasks/dto/task.dto.js';
import type { User } from '../users/user.entity.js';
import {
  InboxMessageDto,
  InboxTemplateDto,
  InboxThreadDto,
  InboxUnreadDto,
  ReplyDto,
  SaveTemplateDto,
  ThreadTaskDto,
  UpdateThreadDto,
} from './dto/inbox.dto.js';
import { OfficeHoursDto, SaveOfficeHoursDto } from './dto/office-hours.dto.js';
import { InboxService } from './inbox.service.js';
import { OfficeHoursService } from './office-hours.service.js';

export const THREAD_LIST_RULES = {
  sortable: ['lastMessageAt'],
  filterable: ['q', 'unread', 'mine', 'needsReply', 'overdue', 'optedOut', 'status'],
  booleanFilters: ['unread', 'mine', 'needsReply', 'overdue', 'optedOut'],
  maxPageSize: 100,
} as const;

const FILTER_NOTE =
  'unread: threads with messages nobody read; mine: assigned to you; needsReply: a text of theirs not answered; overdue: not answered within the agency’s promise (office hours, in business days); optedOut: they replied STOP; ' +
  'status open or done; q: words of the client’s name, digits of the number, or words of a message. Newest message first.';

/**
 * The agency's text inbox (docs/messaging.md "Inbox"): owners, agents and assistants read and
 * answer; read-only members read. An agent kept to their own clients sees the threads of their
 * clients only; any other thread answers 404.
 */
@ApiTags('inbox')
@Controller('inbox')
@TokenScopes({ read: 'inbox:read', write: 'inbox:write' })
@BrokerOnly()
@MemberMay({ read: 'inbox:read', write: 'inbox:write' })
export class InboxController {
  constructor(
    private readonly inbox: InboxService,
    private readonly hours: OfficeHoursService,
  ) {}

  @Get('threads')
  @ApiOperation({ summary: 'The threads of your book, newest message first; filters and search', description: FILTER_NOTE })
  @ApiListQuery(THREAD_LIST_RULES, { type: InboxThreadDto, resource: 'threads', filterExample: { unread: true, q: 'rosa' } })
  list(
    @CurrentBook() book: ClientBook,
    @CurrentMember() member: RequestMember,
    @ListParams(THREAD_LIST_RULES) query: ListQuery,
  ): Promise<ListResult<InboxThreadDto>> {
    return this.inbox.list(book, member.id, query);
  }

  @Get('unread')
  @ApiOperation({ summary: 'How many threads of your book have unread messages (the menu’s badge)' })
  @ApiOkResponse({ type: InboxUnreadDto })
  unread(@CurrentBook() book: ClientBook): Promise<InboxUnreadDto> {
    return this.inbox.unread(book);
  }

  @Get('office-hours')
  @ApiOperation({
    summary: 'The agency’s office hours for texts: its week, holidays, auto-reply and promise of a reply',
    description:
      'Until the agency saves its own (saved: false): Monday to Friday 9 AM–5 PM in its time zone, no auto-reply, one business day.',
  })
  @ApiOkResponse({ type: OfficeHoursDto })
  officeHours(@CurrentUser() agency: User): Promise<OfficeHoursDto> {
    return this.hours.get(agency.id);
  }

  @Put('office-hours')
  @MemberMay({ write: 'inbox:manage' })
  @ApiOperation({
    summary: 'Sets the agency’s office hours for texts (owners)',
    description:
      'While the office is closed, a text gets the auto-reply (if on) once a day per conversation, in the client’s language; a text not answered within the promise (business days) shows on the dashboard and in the weekly digest.',
  })
  @ApiOkResponse({ type: OfficeHoursDto })
  @ApiBadRequestResponse({
    description:
      'A bad time, a closing before its opening, a holiday twice, a health word or an unknown merge field in the auto-reply: { message, field }',
  })
  saveOfficeHours(@CurrentActor() actor: Actor, @Body() body: SaveOfficeHoursDto): Promise<OfficeHoursDto> {
    return this.hours.save(actor, body);
  }

  @Get('templates')
  @ApiOperation({ summary: 'The agency’s reply templates, by name' })
  @ApiOkResponse({ type: InboxTemplateDto, isArray: true })
  templates(@CurrentUser() agency: User): Promise<InboxTemplateDto[]> {
    return this.inbox.templates(agency.id);
  }

  @Post('templates')
  @ApiOperation({ summary: 'Adds a reply template; no medication or condition, only known merge fields' })
  @ApiCreatedResponse({ type: InboxTemplateDto })
  @ApiBadRequestResponse({ description: 'A missing name or body, a health word, an unknown merge field: { message, field }' })
  addTemplate(@CurrentActor() actor: Actor, @Body() body: SaveTemplateDto): Promise<InboxTemplateDto> {
    return this.inbox.saveTemplate(actor, body);
  }

  @Put('templates/:id')
  @ApiOperation({ summary: 'Changes a reply template' })
  @ApiOkResponse({ type: InboxTemplateDto })
  @ApiBadRequestResponse({ description: 'A missing name or body, a health word, an unknown merge field: { message, field }' })
  @ApiNotFoundResponse({ description: 'No such template' })
  updateTemplate(@CurrentActor() actor: Actor, @Param('id') id: string, @Body() body: SaveTemplateDto): Promise<InboxTemplateDto> {
    return this.inbox.saveTemplate(actor, body, id);
  }

  @Delete('templates/:id')
  @ApiOperation({ summary: 'Deletes a reply template; answers it as it was' })
  @ApiOkResponse({ type: InboxTemplateDto })
  @ApiNotFoundResponse({ description: 'No such template' })
  deleteTemplate(@CurrentActor() actor: Actor, @Param('id') id: string): Promise<InboxTemplateDto> {
    return this.inbox.deleteTemplate(actor, id);
  }

  @Get('threads/:id')
  @ApiOperation({ summary: 'One thread' })
  @ApiOkResponse({ type: InboxThreadDto })
  @ApiNotFoundResponse({ description: 'No such thread in your book' })
  get(@CurrentBook() book: ClientBook, @Param('id') id: string): Promise<InboxThreadDto> {
    return this.inbox.get(book, id);
  }

  @Get('threads/:id/messages')
  @ApiOperation({
    summary: 'A thread’s timeline, newest first: their texts, replies, events, and what the agency sent them',
    description:
      'Reminders, campaign messages and portal invitations the agency sent the client appear beside the texts. A confirmation of a reminder is the event "confirmed" (never which reminder); a text answering the client’s own reminder is not shown (docs/privacy.md).',
  })
  @ApiOkResponse({ type: InboxMessageDto, isArray: true })
  @ApiNotFoundResponse({ description: 'No such thread in your book' })
  messages(@CurrentBook() book: ClientBook, @Param('id') id: string): Promise<InboxMessageDto[]> {
    return this.inbox.messages(book, id);
  }

  @Put('threads/:id')
  @ApiOperation({ summary: 'Marks a thread read, assigns it, marks it done or opens it again; what is left out keeps its value' })
  @ApiOkResponse({ type: InboxThreadDto })
  @ApiBadRequestResponse({ description: 'A bad field, or an assignee who is not a member who has joined: { message, field }' })
  @ApiNotFoundResponse({ description: 'No such thread in your book' })
  update(
    @CurrentBook() book: ClientBook,
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Body() body: UpdateThreadDto,
  ): Promise<InboxThreadDto> {
    return this.inbox.update(book, actor, id, body);
  }

  @Post('threads/:id/replies')
  @ApiOperation({
    summary: 'Sends a reply by text, now',
    description:
      'Merge fields are filled in. Refused with 400 for a medication or condition word (as a broker’s reminder is); with 409 after they replied STOP, without permission for texts, or outside calling hours (08:00–21:00 where they live) unless it answers a text of theirs from the last 24 hours (docs/compliance.md).',
  })
  @ApiCreatedResponse({ type: InboxMessageDto })
  @ApiBadRequestResponse({ description: 'A missing or too long body, or a health word: { message, field, term }' })
  @ApiConflictResponse({
    description:
      'Not allowed now: { message, reason: opted_out | consent | calling_hours | registration, allowedFrom? } (registration: texts wait for the agency’s A2P 10DLC approval)',
  })
  @ApiNotFoundResponse({ description: 'No such thread in your book' })
  reply(
    @CurrentBook() book: ClientBook,
    @CurrentActor() actor: Actor,
    @CurrentUser() agency: User,
    @Param('id') id: string,
    @Body() body: ReplyDto,
  ): Promise<InboxMessageDto> {
    return this.inbox.reply(book, actor, agency, id, body);
  }

  @Post('threads/:id/tasks')
  @MemberMay({ read: 'inbox:read', write: 'clients:write' })
  @ApiOperation({ summary: 'Makes a task from a thread (about its client), by default “Answer … text”, due now, for you' })
  @ApiCreatedResponse({ type: TaskDto })
  @ApiBadRequestResponse({ description: 'A bad field: { message, field }' })
  @ApiNotFoundResponse({ description: 'No such thread in your book' })
  task(
    @CurrentBook() book: ClientBook,
    @CurrentActor() actor: Actor,
    @CurrentUser() agency: User,
    @Param('id') id: string,
    @Body() body: ThreadTaskDto,
  ): Promise<TaskDto> {
    return this.inbox.task(book, actor, agency, id, body);
  }
}
