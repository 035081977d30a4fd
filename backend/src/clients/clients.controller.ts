import {
  BadRequestException,
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Inject,
  Logger,
  Param,
  Post,
  Put,
  Query,
  Req,
  Res,
} from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBadRequestResponse,
  ApiBody,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiExcludeEndpoint,
  ApiForbiddenResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiPayloadTooLargeResponse,
  ApiQuery,
  ApiTags,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';

import type { Actor } from '../agency-log/actor.js';
import { TokenScopes } from '../api-tokens/scopes.js';
import { BrokerOnly, CurrentActor, CurrentBook, CurrentMember, CurrentUser, type RequestMember } from '../auth/access.decorators.js';
import { ApiFileResponse } from '../common/api-file-response.js';
import { Consumes } from '../common/content-type.js';
import { sendCsv } from '../common/csv-download.js';
import { ApiListQuery, ExportParams, ListParams } from '../common/list-params.decorator.js';
import type { ListQuery, ListResult } from '../common/list-query.js';
import { receiveUpload } from '../common/multipart.js';
import { refuseUnknownQuery } from '../common/query-keys.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { ATTESTATIONS } from '../consent/attestations.js';
import type { ClientBook } from '../members/book.js';
import { MemberMay } from '../members/member-rule.js';
import { StorageService } from '../storage/storage.service.js';
import type { User } from '../users/user.entity.js';
import { CLIENT_LIST_RULES, ClientsService } from './clients.service.js';
import {
  AssignClientsDto,
  AssignedClientsDto,
  BulkClientsDto,
  BulkResultDto,
  ClientDto,
  ClientUsageDto,
  CreateClientDto,
  CreatedClientDto,
  DeleteClientQueryDto,
  EngagementHistoryDto,
  InviteLinkDto,
  InviteResultDto,
  UpdateClientDto,
  UpdatedClientDto,
} from './dto/client.dto.js';
import { ContactChangePathDto } from './dto/contact-change.dto.js';
import { ImportJobDto } from './dto/import-job.dto.js';
import { EngagementService, HISTORY_DAYS } from './engagement.service.js';
import { ImportJobsService } from './import-jobs.service.js';

const LIMIT_RESPONSE = { description: 'Client limit reached: { message, limitReached: true }' };

@ApiTags('clients')
@Controller('clients')
@TokenScopes({ read: 'clients:read', write: 'clients:write' })
@BrokerOnly()
@MemberMay({ write: 'clients:write' })
export class ClientsController {
  private readonly logger = new Logger(ClientsController.name);

  constructor(
    private readonly clients: ClientsService,
    private readonly engagement: EngagementService,
    private readonly imports: ImportJobsService,
    private readonly storage: StorageService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @ApiOperation({
    summary: 'The broker’s clients; filter q searches name, phone and e-mail',
    description:
      'Each client comes with their current policy (currentPolicy: an active one, latest effective date first, else a pending ' +
      'one, else null). Filters on the clients’ policies, all met by one policy of the client: carrier (the whole name, any ' +
      'case; GET /api/policies/carriers lists the book’s), policyType (medicare_advantage, mapd, pdp, medigap, dental, vision, ' +
      'other), effectiveYear (effective in that calendar year) and terminatingSoon (true: a termination date from today, in the ' +
      'agency’s time zone, through 60 days from today).',
  })
  @ApiListQuery(CLIENT_LIST_RULES, {
    type: ClientDto,
    resource: 'clients',
    filterExample: {
      q: 'ibarra',
      isActive: true,
      engagementMin: 50,
      riskLevel: ['high', 'medium'],
      carrier: 'Humana',
      terminatingSoon: true,
    },
  })
  list(@CurrentBook() book: ClientBook, @ListParams(CLIENT_LIST_RULES) query: ListQuery): Promise<ListResult<ClientDto>> {
    return this.clients.list(book, query);
  }

  @Get('usage')
  @ApiOperation({ summary: 'Active clients against the plan’s limit, warning level and upgrade options' })
  @ApiOkResponse({ type: ClientUsageDto })
  usage(@CurrentUser() user: User): Promise<ClientUsageDto> {
    return this.clients.usage(user);
  }

  @MemberMay({ write: 'clients:import' })
  @Post('upload')
  @ApiOperation({
    summary:
      'Imports clients from a CSV (firstName, lastName, email, phone; optional zip, state, marketingConsent, language, ' +
      'date_of_birth, plan_type, plan_effective_date, carrier, assignedTo: a member’s e-mail; with carrier and planName, a ' +
      'policy: plan_type, planId, medigapPlan, policyStatus, plan_effective_date, premium, terminationDate, terminationReason), ' +
      'multipart field "file"',
    description:
      'The file is checked at once (size, UTF-8 text, the header’s columns, room under the client limit) and stored. A file of ' +
      'up to CSV_IMPORT_INLINE_MAX_ROWS rows (5,000 by default) is imported before the answer: 200 with the result (count, ' +
      'partial, message, limitReached, the rows’ errors). A longer one is imported in the background: 202 with the job as it ' +
      'starts; follow it at GET /api/import-jobs/{jobId}, whose result has the same fields. Each imported client’s permission for reminders is ' +
      `recorded with the attestation “${ATTESTATIONS.importReminders}”; with marketingConsent=true the broker also attests ` +
      `“${ATTESTATIONS.importMarketing}”, recorded for every row not marked marketingConsent=no (both in Spanish for a broker whose language is Spanish). ` +
      'A row’s policy is checked with the policies API’s rules (a bad cell is that row’s error, and neither the client nor the ' +
      'policy is imported) and created with its client, written by the member the client goes to.',
  })
  @ApiQuery({
    name: 'marketingConsent',
    required: false,
    type: Boolean,
    description: 'The broker’s attestation of written marketing permission',
  })
  @Consumes('multipart/form-data')
  @ApiBody({ schema: { type: 'object', required: ['file'], properties: { file: { type: 'string', format: 'binary' } } } })
  @ApiOkResponse({ type: ImportJobDto, description: 'Imported: the result' })
  @ApiAcceptedResponse({ type: ImportJobDto, description: 'A long file, imported in the background: the job as it starts' })
  @ApiBadRequestResponse({ description: 'No file, an empty file, not UTF-8 text, or columns missing' })
  @ApiForbiddenResponse(LIMIT_RESPONSE)
  @ApiPayloadTooLargeResponse({ description: 'Over CSV_UPLOAD_MAX_MB' })
  async upload(
    @CurrentUser() user: User,
    @CurrentActor() actor: Actor,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
    @Query('marketingConsent') marketingConsent?: string,
  ): Promise<ImportJobDto> {
    refuseUnknownQuery(req.query, ['marketingConsent']);
    if (marketingConsent !== undefined && marketingConsent !== 'true' && marketingConsent !== 'false') {
      throw new BadRequestException({ message: 'marketingConsent must be true or false', field: 'marketingConsent' });
    }
    const upload = await receiveUpload(req, 'file', this.config.uploads.csvMaxBytes, await this.storage.spoolFile());
    const { ended, job } = await this.imports.start(user, actor, upload, {
      marketingAttested: marketingConsent === 'true',
      inlineMaxRows: this.config.uploads.csvInlineMaxRows,
    });
    res.status(ended ? 200 : 202);
    return job;
  }

  // The web app's path for GET /api/import-jobs/{jobId}, which the contract documents instead: this
  // template could also be read as /api/clients/{id}/engagement and the other /api/clients/{id}/… paths.
  @Get('upload/:jobId')
  @ApiExcludeEndpoint()
  importJob(@CurrentUser() user: User, @Param('jobId') jobId: string): Promise<ImportJobDto> {
    return this.imports.get(user, jobId);
  }

  @Post('bulk')
  @HttpCode(200)
  @ApiOperation({
    summary: 'One action on the selected clients: invite, activate, deactivate or delete',
    description:
      'Every id must be one of the broker’s clients, else nothing happens (404). Activate, deactivate and delete ' +
      'change all of them or none; invite reports each client it could not invite, with why. Deactivate and delete ' +
      'take departureReason (default other).',
  })
  @ApiOkResponse({ type: BulkResultDto })
  @ApiBadRequestResponse({ description: 'No ids, too many, or an unknown action' })
  @ApiNotFoundResponse({ description: 'An id that is not one of the broker’s clients' })
  @ApiForbiddenResponse(LIMIT_RESPONSE)
  bulk(
    @CurrentUser() user: User,
    @CurrentBook() book: ClientBook,
    @CurrentActor() actor: Actor,
    @Body() body: BulkClientsDto,
  ): Promise<BulkResultDto> {
    return this.clients.bulk(user, book, actor, body);
  }

  @Post('assign')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Hands the selected clients to a member who has joined the agency, or to nobody (memberId null)',
    description: 'Every id must be one of the agency’s clients, else nothing changes (404).',
  })
  @ApiOkResponse({ type: AssignedClientsDto })
  @ApiBadRequestResponse({ description: 'No ids, too many, or a memberId that is not a member who has joined' })
  @ApiNotFoundResponse({ description: 'An id that is not one of the agency’s clients' })
  assign(
    @CurrentUser() user: User,
    @CurrentBook() book: ClientBook,
    @CurrentActor() actor: Actor,
    @Body() body: AssignClientsDto,
  ): Promise<AssignedClientsDto> {
    return this.clients.assign(user, book, actor, body);
  }

  @MemberMay({ read: 'clients:export' })
  @Get('export.csv')
  @ApiOperation({
    summary: 'Every client under the list’s filter and sort (all pages) as CSV',
    description:
      'Columns: First name, Last name, E-mail, Phone, Status, Invitation, Engagement, Joined, then the current plan’s Carrier, ' +
      'Plan name, Plan ID, Plan type (MAPD, Part D, …), Plan status (Active or Pending), Effective date and Medigap plan, empty ' +
      'without one ' +
      '(the CSV import reads them back). No health data. ' +
      'Cells a spreadsheet would read as a formula (starting with =, +, -, @, tab or carriage return) start with a quote. ' +
      'Recorded in the agency’s activity log (who exported, when, under which filter); any other query parameter is a 400.',
  })
  @ApiListQuery(CLIENT_LIST_RULES)
  @ApiFileResponse({
    mediaType: 'text/csv',
    description: 'A CSV file (UTF-8 with a byte-order mark), streamed',
    filename: 'clients-2026-03-31.csv',
    text: 'First name,Last name,E-mail,Phone,Status,Invitation,Engagement,Joined,Carrier,Plan name,Plan ID,Plan type,Plan status,Effective date,Medigap plan\r\n',
  })
  async exportCsv(
    @CurrentActor() actor: Actor,
    @CurrentBook() book: ClientBook,
    @ExportParams(CLIENT_LIST_RULES) query: ListQuery,
    @Res() res: Response,
  ): Promise<void> {
    const lines = this.clients.exportCsv(actor, book, { ...query, range: undefined });
    await sendCsv(res, lines, `clients-${new Date().toISOString().slice(0, 10)}.csv`, this.logger);
  }

  @Get(':id')
  @ApiOperation({ summary: 'One of the broker’s clients' })
  @ApiOkResponse({ type: ClientDto })
  @ApiNotFoundResponse({ description: 'No such client for this broker' })
  get(@CurrentBook() book: ClientBook, @Param('id') id: string): Promise<ClientDto> {
    return this.clients.get(book, id);
  }

  @Post()
  @ApiOperation({ summary: 'Adds a client; the answer carries warning.message near or over the limit' })
  @ApiCreatedResponse({ type: CreatedClientDto })
  @ApiConflictResponse({ description: 'Another client of this broker has that phone number' })
  @ApiForbiddenResponse(LIMIT_RESPONSE)
  create(
    @CurrentUser() user: User,
    @CurrentActor() actor: Actor,
    @CurrentMember() member: RequestMember,
    @Body() body: CreateClientDto,
  ): Promise<CreatedClientDto> {
    return this.clients.create(user, actor, body, member.role);
  }

  @Put(':id')
  @ApiOperation({
    summary: 'Edits the client’s profile, including isActive',
    description:
      'isActive: false with departureReason (default other) records why the client left; isActive: true brings them back. ' +
      'Once the client has registered in the portal, a new phone or e-mail waits for the client to confirm it there ' +
      '(pendingContactChanges, and notice in the answer); until then every message goes to the current one.',
  })
  @ApiOkResponse({ type: UpdatedClientDto })
  @ApiNotFoundResponse({ description: 'No such client for this broker' })
  @ApiConflictResponse({ description: 'Another client of this broker has that phone number' })
  @ApiForbiddenResponse(LIMIT_RESPONSE)
  update(
    @CurrentUser() user: User,
    @CurrentBook() book: ClientBook,
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Body() body: UpdateClientDto,
  ): Promise<UpdatedClientDto> {
    return this.clients.update(user, book, actor, id, body);
  }

  @Delete(':id/contact-changes/:field')
  @ApiOperation({ summary: 'Withdraws a phone or e-mail change that waits for the client’s confirmation' })
  @ApiOkResponse({ type: ClientDto })
  @ApiNotFoundResponse({ description: 'No such client for this broker, or no change of that field waiting' })
  withdrawContactChange(
    @CurrentBook() book: ClientBook,
    @CurrentActor() actor: Actor,
    @Param() path: ContactChangePathDto,
  ): Promise<ClientDto> {
    return this.clients.withdrawContactChange(book, actor, path.id, path.field);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiOperation({
    summary: 'Deletes a client, with their invitation and portal account; ?reason= says why they left (default other)',
    description: 'The departure (when and why, no name) is kept for the retention figures.',
  })
  @ApiNoContentResponse({ description: 'Deleted, with the client’s invitation and portal account' })
  @ApiBadRequestResponse({ description: 'reason is not one of switched_agent, moved, deceased, other' })
  @ApiNotFoundResponse({ description: 'No such client for this broker' })
  remove(
    @CurrentBook() book: ClientBook,
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Query() query: DeleteClientQueryDto,
  ): Promise<void> {
    return this.clients.remove(book, actor, id, query.reason);
  }

  @Post(':id/invite')
  @HttpCode(200)
  @ApiOperation({ summary: 'Creates or replaces the client’s invitation and texts them the link' })
  @ApiOkResponse({ type: InviteResultDto, description: 'success: false when the text could not be sent (the link still works)' })
  @ApiNotFoundResponse({ description: 'No such client for this broker' })
  @ApiConflictResponse({ description: 'Already registered, or inactive' })
  invite(
    @CurrentUser() user: User,
    @CurrentBook() book: ClientBook,
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
  ): Promise<InviteResultDto> {
    return this.clients.invite(user, book, actor, id);
  }

  @Get(':id/engagement')
  @ApiOperation({
    summary: `The client’s engagement score and its line over the last ${HISTORY_DAYS} days`,
    description: 'A point on each day (UTC) the score changed, the first on the window’s first day, the last today.',
  })
  @ApiOkResponse({ type: EngagementHistoryDto })
  @ApiNotFoundResponse({ description: 'No such client for this broker' })
  async engagementHistory(@CurrentBook() book: ClientBook, @Param('id') id: string): Promise<EngagementHistoryDto> {
    const client = await this.clients.get(book, id);
    return { score: client.engagementScore, points: await this.engagement.history(client.id, client.engagementScore) };
  }

  @Post(':id/invite-link')
  @HttpCode(200)
  @ApiOperation({
    summary: 'A new invitation link for the broker to share (nothing is sent)',
    description: 'Replaces the client’s open invitation, as Resend Invite does: a link sent before stops working.',
  })
  @ApiOkResponse({ type: InviteLinkDto })
  @ApiNotFoundResponse({ description: 'No such client for this broker' })
  @ApiConflictResponse({ description: 'Already registered, or inactive' })
  inviteLink(@CurrentBook() book: ClientBook, @CurrentActor() actor: Actor, @Param('id') id: string): Promise<InviteLinkDto> {
    return this.clients.inviteLink(book, actor, id);
  }
}
