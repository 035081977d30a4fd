import { Body, Controller, Delete, Get, Param, Post, Put } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
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
import type { User } from '../users/user.entity.js';
import { CreateInteractionDto, InteractionDto } from './dto/interaction.dto.js';
import { CreateTaskDto, TaskCountsDto, TaskDto, TaskRulesDto, UpdateTaskDto, UpdateTaskRulesDto } from './dto/task.dto.js';
import { InteractionsService } from './interactions.service.js';
import { TaskRulesService } from './task-rules.service.js';
import { TASK_LIST_RULES, TasksService } from './tasks.service.js';

const FILTER_NOTE =
  'assignee is a member’s id or "me"; clientId a client’s id; done true or false; from and to days (YYYY-MM-DD, both included) ' +
  'in the agency’s time zone; view today (open, due today), overdue (open, due before now) or week (open, due from today to Sunday).';

/** Tasks and follow-ups (docs/tasks.md): owners, agents and assistants manage them; read-only members read them. */
@ApiTags('tasks')
@Controller('tasks')
@TokenScopes({ read: 'tasks:read', write: 'tasks:write' })
@BrokerOnly()
@MemberMay({ write: 'clients:write' })
export class TasksController {
  constructor(
    private readonly tasks: TasksService,
    private readonly rules: TaskRulesService,
  ) {}

  @Get()
  @ApiOperation({
    summary: 'The tasks of your book, soonest due first; filter by assignee, client, done, days or view',
    description: FILTER_NOTE,
  })
  @ApiListQuery(TASK_LIST_RULES, { type: TaskDto, resource: 'tasks', filterExample: { assignee: 'me', view: 'today' } })
  list(
    @CurrentBook() book: ClientBook,
    @CurrentMember() member: RequestMember,
    @CurrentUser() agency: User,
    @ListParams(TASK_LIST_RULES) query: ListQuery,
  ): Promise<ListResult<TaskDto>> {
    return this.tasks.list(book, member.id, query, agency.timeZone);
  }

  @Get('summary')
  @ApiOperation({ summary: 'My tasks: how many of yours are due today, overdue and this week, and the next five' })
  @ApiOkResponse({ type: TaskCountsDto })
  summary(@CurrentBook() book: ClientBook, @CurrentMember() member: RequestMember, @CurrentUser() agency: User): Promise<TaskCountsDto> {
    return this.tasks.summary(book, member.id, agency.timeZone);
  }

  @Get('rules')
  @ApiOperation({ summary: 'Which automatic tasks the agency has on: welcome call, review call, turning 65' })
  @ApiOkResponse({ type: TaskRulesDto })
  getRules(@CurrentUser() agency: User): Promise<TaskRulesDto> {
    return this.rules.get(agency.id);
  }

  @Put('rules')
  @MemberMay({ write: 'members:manage' })
  @ApiOperation({
    summary: 'Turns automatic tasks on or off (owners); what is left out keeps its value',
    description: 'Recorded in the agency’s activity log.',
  })
  @ApiOkResponse({ type: TaskRulesDto })
  @ApiBadRequestResponse({ description: 'A value that is not true or false' })
  updateRules(@CurrentActor() actor: Actor, @Body() body: UpdateTaskRulesDto): Promise<TaskRulesDto> {
    return this.rules.update(actor, body);
  }

  @Post()
  @ApiOperation({ summary: 'Adds a task, about a client of your book or free-standing; for you unless another member is named' })
  @ApiCreatedResponse({ type: TaskDto })
  @ApiBadRequestResponse({
    description: 'A missing title or due time, or an assignee who is not a member who has joined: { message, field }',
  })
  @ApiNotFoundResponse({ description: 'No such client in your book' })
  create(@CurrentBook() book: ClientBook, @CurrentActor() actor: Actor, @Body() body: CreateTaskDto): Promise<TaskDto> {
    return this.tasks.create(book, actor, body);
  }

  @Get(':id')
  @ApiOperation({ summary: 'One task' })
  @ApiOkResponse({ type: TaskDto })
  @ApiNotFoundResponse({ description: 'No such task in your book' })
  get(@CurrentBook() book: ClientBook, @Param('id') id: string): Promise<TaskDto> {
    return this.tasks.get(book, id);
  }

  @Put(':id')
  @ApiOperation({ summary: 'Changes a task or ticks it done (done: true) or not done; what is left out keeps its value' })
  @ApiOkResponse({ type: TaskDto })
  @ApiBadRequestResponse({ description: 'A bad field: { message, field }' })
  @ApiNotFoundResponse({ description: 'No such task in your book' })
  update(@CurrentBook() book: ClientBook, @Param('id') id: string, @Body() body: UpdateTaskDto): Promise<TaskDto> {
    return this.tasks.update(book, id, body);
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Deletes a task; answers it as it was' })
  @ApiOkResponse({ type: TaskDto })
  @ApiNotFoundResponse({ description: 'No such task in your book' })
  remove(@CurrentBook() book: ClientBook, @Param('id') id: string): Promise<TaskDto> {
    return this.tasks.remove(book, id);
  }
}

/** A client's tasks, on the client's page, and the at-risk list's "Call before AEP". */
@ApiTags('tasks')
@Controller('clients/:id/tasks')
@TokenScopes({ read: 'tasks:read', write: 'tasks:write' })
@BrokerOnly()
@MemberMay({ write: 'clients:write' })
export class ClientTasksController {
  constructor(private readonly tasks: TasksService) {}

  @Get()
  @ApiOperation({ summary: 'A client’s tasks, soonest due first (done ones too)' })
  @ApiOkResponse({ type: TaskDto, isArray: true })
  @ApiNotFoundResponse({ description: 'No such client in your book' })
  list(@CurrentBook() book: ClientBook, @Param('id') id: string): Promise<TaskDto[]> {
    return this.tasks.forClient(book, id);
  }

  @Post('call-before-aep')
  @ApiOperation({
    summary: 'From the at-risk list: a high-priority "Call before AEP" task for the client’s member (else you)',
    description:
      'Due at 10:00 the day before AEP opens (October 14), or in two days during AEP. An open one is answered again, not doubled.',
  })
  @ApiCreatedResponse({ type: TaskDto })
  @ApiNotFoundResponse({ description: 'No such client in your book' })
  callBeforeAep(
    @CurrentBook() book: ClientBook,
    @CurrentActor() actor: Actor,
    @CurrentUser() agency: User,
    @Param('id') id: string,
  ): Promise<TaskDto> {
    return this.tasks.callBeforeAep(book, actor, id, agency.timeZone, agency.language);
  }
}

/** The call and meeting log on a client's page. */
@ApiTags('tasks')
@Controller('clients/:id/interactions')
@TokenScopes({ read: 'tasks:read', write: 'tasks:write' })
@BrokerOnly()
@MemberMay({ write: 'clients:write' })
export class ClientInteractionsController {
  constructor(private readonly interactions: InteractionsService) {}

  @Get()
  @ApiOperation({ summary: 'The calls and meetings logged with a client, newest first (the last 200)' })
  @ApiOkResponse({ type: InteractionDto, isArray: true })
  @ApiNotFoundResponse({ description: 'No such client in your book' })
  async list(@CurrentBook() book: ClientBook, @Param('id') id: string): Promise<InteractionDto[]> {
    return (await this.interactions.forClient(book, id)).map((row) => InteractionDto.from(row));
  }

  @Post()
  @ApiOperation({ summary: 'Logs a call or meeting with the client; one in which the client took part counts toward engagement' })
  @ApiCreatedResponse({ type: InteractionDto })
  @ApiBadRequestResponse({ description: 'A bad kind, outcome, duration or time (not in the future): { message, field }' })
  @ApiNotFoundResponse({ description: 'No such client in your book' })
  async create(
    @CurrentBook() book: ClientBook,
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Body() body: CreateInteractionDto,
  ): Promise<InteractionDto> {
    return InteractionDto.from(await this.interactions.create(book, actor, id, body));
  }

  @Delete(':interactionId')
  @ApiOperation({ summary: 'Takes back a call or meeting you logged, within 24 hours; answers it as it was' })
  @ApiOkResponse({ type: InteractionDto })
  @ApiForbiddenResponse({ description: 'Another member’s entry, or one logged more than 24 hours ago' })
  @ApiNotFoundResponse({ description: 'No such client in your book, or no such entry' })
  async remove(
    @CurrentBook() book: ClientBook,
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Param('interactionId') interactionId: string,
  ): Promise<InteractionDto> {
    return InteractionDto.from(await this.interactions.remove(book, actor, id, interactionId));
  }
}
