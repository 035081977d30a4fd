import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Post, Put, Query, Req } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBadRequestResponse,
  ApiBody,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiPayloadTooLargeResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { Request } from 'express';

import type { Actor } from '../agency-log/actor.js';
import { TokenScopes } from '../api-tokens/scopes.js';
import { BrokerOnly, CurrentActor, CurrentBook } from '../auth/access.decorators.js';
import { Consumes } from '../common/content-type.js';
import { receiveUpload } from '../common/multipart.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import type { ClientBook } from '../members/book.js';
import { MemberMay } from '../members/member-rule.js';
import { StorageService } from '../storage/storage.service.js';
import { CommissionStatementsService } from './commission-statements.service.js';
import { CommissionsService } from './commissions.service.js';
import {
  CommissionMonthDto,
  CommissionScheduleDto,
  CreateCommissionScheduleDto,
  ImportStatementDto,
  MatchRowDto,
  MonthsQueryDto,
  PolicyCommissionsDto,
  StatementDto,
  StatementRowDto,
  StatementRowsQueryDto,
  UnpaidPolicyDto,
  UpdateCommissionScheduleDto,
} from './dto/commission.dto.js';

/**
 * Commissions (issue 51, docs/policies.md "Commissions"): owners enter the schedules and import
 * statements; agents and read-only members read the figures, an agent kept to their own clients
 * only theirs; assistants do not see money.
 */
@ApiTags('commissions')
@Controller('commissions')
@TokenScopes({ read: 'policies:read', write: 'policies:write' })
@BrokerOnly()
@MemberMay({ read: 'commissions:read', write: 'commissions:write' })
export class CommissionsController {
  constructor(
    private readonly commissions: CommissionsService,
    private readonly statements: CommissionStatementsService,
    private readonly storage: StorageService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get('schedules')
  @ApiOperation({ summary: 'The agency’s commission schedules, by carrier' })
  @ApiOkResponse({ type: CommissionScheduleDto, isArray: true })
  async schedules(@CurrentBook() book: ClientBook): Promise<CommissionScheduleDto[]> {
    return (await this.commissions.schedules(book.agencyId)).map((schedule) => CommissionScheduleDto.from(schedule));
  }

  @Post('schedules')
  @ApiOperation({ summary: 'Adds a carrier’s schedule (for one plan type, or for all its types when planType is left out)' })
  @ApiCreatedResponse({ type: CommissionScheduleDto })
  @ApiBadRequestResponse({ description: 'A field missing or out of range: { message, field }' })
  @ApiConflictResponse({ description: 'The carrier (whatever its case) already has a schedule for this plan type' })
  async createSchedule(@CurrentActor() actor: Actor, @Body() body: CreateCommissionScheduleDto): Promise<CommissionScheduleDto> {
    return CommissionScheduleDto.from(await this.commissions.createSchedule(actor, body));
  }

  @Put('schedules/:id')
  @ApiOperation({ summary: 'Changes a schedule: what is left out keeps its value' })
  @ApiOkResponse({ type: CommissionScheduleDto })
  @ApiBadRequestResponse({ description: 'A field out of range: { message, field }' })
  @ApiNotFoundResponse({ description: 'No such commission schedule' })
  @ApiConflictResponse({ description: 'The carrier already has a schedule for this plan type' })
  async updateSchedule(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Body() body: UpdateCommissionScheduleDto,
  ): Promise<CommissionScheduleDto> {
    return CommissionScheduleDto.from(await this.commissions.updateSchedule(actor, id, body));
  }

  @Delete('schedules/:id')
  @ApiOperation({ summary: 'Deletes a schedule; answers it as it was' })
  @ApiOkResponse({ type: CommissionScheduleDto })
  @ApiNotFoundResponse({ description: 'No such commission schedule' })
  async removeSchedule(@CurrentActor() actor: Actor, @Param('id') id: string): Promise<CommissionScheduleDto> {
    return CommissionScheduleDto.from(await this.commissions.removeSchedule(actor, id));
  }

  @Get('months')
  @ApiOperation({
    summary: 'Paid against expected per month, for your book (default the last twelve months)',
    description: 'Expected: a twelfth of the schedule’s initial or renewal amount for each policy in force on the month’s first day.',
  })
  @ApiOkResponse({ type: CommissionMonthDto, isArray: true })
  @ApiBadRequestResponse({ description: 'A month not of the form 2026-01, from after to, or more than 120 months' })
  months(@CurrentBook() book: ClientBook, @Query() query: MonthsQueryDto): Promise<CommissionMonthDto[]> {
    return this.commissions.months(book, query);
  }

  @Get('statements')
  @ApiOperation({ summary: 'The agency’s commission statements, newest first (the last 100)' })
  @ApiOkResponse({ type: StatementDto, isArray: true })
  statementList(@CurrentBook() book: ClientBook): Promise<StatementDto[]> {
    return this.statements.list(book.agencyId);
  }

  @Post('statements')
  @ApiOperation({
    summary: 'Uploads a carrier’s commission statement (CSV, multipart field "file", text field "carrier")',
    description:
      'The file is checked (size, UTF-8 text without NUL, a header of named, distinct columns) and stored; the answer has its ' +
      'header and first rows, and the mapping of its columns to offer: the one used for the carrier’s last statement when it ' +
      'fits, else a guess from the header. Import it with POST /api/commissions/statements/{id}/import.',
  })
  @Consumes('multipart/form-data')
  @ApiBody({
    schema: {
      type: 'object',
      required: ['file', 'carrier'],
      properties: { file: { type: 'string', format: 'binary' }, carrier: { type: 'string', example: 'Humana' } },
    },
  })
  @ApiCreatedResponse({ type: StatementDto })
  @ApiBadRequestResponse({ description: 'No file or carrier, an empty file, not UTF-8 text, or a header that cannot be mapped' })
  @ApiPayloadTooLargeResponse({ description: 'Over CSV_UPLOAD_MAX_MB' })
  async upload(@CurrentActor() actor: Actor, @Req() req: Request): Promise<StatementDto> {
    const upload = await receiveUpload(req, 'file', this.config.uploads.csvMaxBytes, await this.storage.spoolFile());
    return this.statements.upload(actor, upload.fields.carrier, upload);
  }

  @Get('statements/:id')
  @ApiOperation({ summary: 'A statement: its mapping, and its import’s progress (rowsDone of rowsTotal) and counts' })
  @ApiOkResponse({ type: StatementDto })
  @ApiNotFoundResponse({ description: 'No such commission statement' })
  statement(@CurrentBook() book: ClientBook, @Param('id') id: string): Promise<StatementDto> {
    return this.statements.get(book.agencyId, id);
  }

  @Post('statements/:id/import')
  @HttpCode(202)
  @ApiOperation({
    summary: 'Maps the statement’s columns and imports it in the background',
    description:
      'The mapping is remembered for the carrier. Follow the import at GET /api/commissions/statements/{id} until its status ' +
      'is completed or failed. Each row is matched to a policy by its plan ID and the carrier’s member ID (exact), the same ' +
      'names (exact), or a similar name (fuzzy: the same last name and a first name that starts the other, or names alike).',
  })
  @ApiAcceptedResponse({ type: StatementDto })
  @ApiBadRequestResponse({ description: 'A column the file does not have, or a required field left out: { message, field }' })
  @ApiNotFoundResponse({ description: 'No such commission statement' })
  @ApiConflictResponse({ description: 'The statement has been imported already' })
  importStatement(@CurrentActor() actor: Actor, @Param('id') id: string, @Body() body: ImportStatementDto): Promise<StatementDto> {
    return this.statements.import(actor, id, body.mapping);
  }

  @Delete('statements/:id')
  @ApiOperation({ summary: 'Deletes a statement and its rows (what it paid no longer counts); answers it as it was' })
  @ApiOkResponse({ type: StatementDto })
  @ApiNotFoundResponse({ description: 'No such commission statement' })
  @ApiConflictResponse({ description: 'The statement is being imported' })
  removeStatement(@CurrentActor() actor: Actor, @Param('id') id: string): Promise<StatementDto> {
    return this.statements.remove(actor, id);
  }

  @Get('statements/:id/rows')
  @ApiOperation({
    summary: 'A statement’s rows of one kind (default unmatched), by line, at most 1,000',
    description: 'Matched rows are those of your book’s policies; unmatched rows are shown to members who see the whole book.',
  })
  @ApiOkResponse({ type: StatementRowDto, isArray: true })
  @ApiNotFoundResponse({ description: 'No such commission statement' })
  statementRows(
    @CurrentBook() book: ClientBook,
    @Param('id') id: string,
    @Query() query: StatementRowsQueryDto,
  ): Promise<StatementRowDto[]> {
    return this.statements.rows(book, id, query.match);
  }

  @Get('statements/:id/unpaid')
  @ApiOperation({
    summary: 'The statement’s carrier’s policies in your book, in force with a schedule in a month it pays for, that nothing paid',
  })
  @ApiOkResponse({ type: UnpaidPolicyDto, isArray: true })
  @ApiNotFoundResponse({ description: 'No such commission statement' })
  unpaid(@CurrentBook() book: ClientBook, @Param('id') id: string): Promise<UnpaidPolicyDto[]> {
    return this.statements.unpaid(book, id);
  }

  @Put('statement-rows/:id')
  @ApiOperation({ summary: 'Matches a statement row by hand to a policy of the agency (policyId null: unmatches it)' })
  @ApiOkResponse({ type: StatementRowDto })
  @ApiNotFoundResponse({ description: 'No such statement row, or no such policy' })
  @ApiConflictResponse({ description: 'The statement’s import has not ended' })
  matchRow(@CurrentActor() actor: Actor, @Param('id') id: string, @Body() body: MatchRowDto): Promise<StatementRowDto> {
    return this.statements.matchRow(actor, id, body.policyId);
  }
}

/** A policy's commissions, by the policy's id (kept to the member's book). */
@ApiTags('commissions')
@Controller('policies')
@TokenScopes({ read: 'policies:read', write: 'policies:write' })
@BrokerOnly()
@MemberMay({ read: 'commissions:read', write: 'commissions:write' })
export class PolicyCommissionsController {
  constructor(private readonly commissions: CommissionsService) {}

  @Get(':id/commissions')
  @ApiOperation({ summary: 'A policy’s commission: expected against paid, in all and per month' })
  @ApiOkResponse({ type: PolicyCommissionsDto })
  @ApiNotFoundResponse({ description: 'No such policy in your book' })
  get(@CurrentBook() book: ClientBook, @Param('id') id: string): Promise<PolicyCommissionsDto> {
    return this.commissions.policyCommissions(book, id);
  }
}
