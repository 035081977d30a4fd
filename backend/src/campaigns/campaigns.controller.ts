import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiExtraModels,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';

import type { Actor } from '../agency-log/actor.js';
import { TokenScopes } from '../api-tokens/scopes.js';
import { BrokerOnly, CurrentActor, CurrentBook, CurrentUser } from '../auth/access.decorators.js';
import { RequiresSubscription } from '../auth/subscription.guard.js';
import { ApiListQuery, ListParams } from '../common/list-params.decorator.js';
import type { ListQuery, ListResult } from '../common/list-query.js';
import type { ClientBook } from '../members/book.js';
import { MemberMay } from '../members/member-rule.js';
import type { User } from '../users/user.entity.js';
import { CAMPAIGN_LIST_RULES, CampaignsService } from './campaigns.service.js';
import {
  AddClientsDto,
  AUDIENCE_MODELS,
  AudienceDto,
  CampaignDto,
  CampaignTemplateDto,
  CreateCampaignDto,
  ScheduleDto,
  SendResultDto,
  SkippedCountDto,
  TestSendResultDto,
  TRIGGER_MODELS,
  UpdateCampaignDto,
} from './dto/campaign.dto.js';

@ApiTags('campaigns')
@ApiExtraModels(...AUDIENCE_MODELS, ...TRIGGER_MODELS)
@Controller('campaigns')
@TokenScopes({ read: 'campaigns:read', write: 'campaigns:write' })
@BrokerOnly()
@MemberMay({ write: 'campaigns:write' })
export class CampaignsController {
  constructor(private readonly campaigns: CampaignsService) {}

  @Get()
  @ApiOperation({ summary: 'The broker’s campaigns, drafts and sent ones; filter by status and type' })
  @ApiListQuery(CAMPAIGN_LIST_RULES, { type: CampaignDto, resource: 'campaigns', filterExample: { status: 'draft', type: 'sms' } })
  list(@CurrentUser() user: User, @ListParams(CAMPAIGN_LIST_RULES) query: ListQuery): Promise<ListResult<CampaignDto>> {
    return this.campaigns.list(user, query);
  }

  // Before ':id', which would take "templates" for an id.
  @Get('templates')
  @ApiOperation({
    summary: 'Ready-made campaigns: five, each in English and Spanish, with e-mail and text words, purpose and suggested trigger',
  })
  @ApiOkResponse({ type: [CampaignTemplateDto] })
  templates(): CampaignTemplateDto[] {
    return this.campaigns.templates();
  }

  @Get(':id')
  @ApiOperation({ summary: 'One campaign, with its figures once sent' })
  @ApiOkResponse({ type: CampaignDto })
  @ApiNotFoundResponse({ description: 'No such campaign for this broker' })
  get(@CurrentUser() user: User, @Param('id') id: string): Promise<CampaignDto> {
    return this.campaigns.get(user, id);
  }

  @Post()
  @ApiOperation({ summary: 'Creates a draft campaign' })
  @ApiCreatedResponse({ type: CampaignDto })
  @ApiBadRequestResponse({ description: 'name / message required; subject required for e-mail' })
  create(
    @CurrentUser() user: User,
    @CurrentBook() book: ClientBook,
    @CurrentActor() actor: Actor,
    @Body() body: CreateCampaignDto,
  ): Promise<CampaignDto> {
    return this.campaigns.create(user, book, actor, body);
  }

  @Put(':id')
  @ApiOperation({ summary: 'Changes a draft campaign' })
  @ApiOkResponse({ type: CampaignDto })
  @ApiBadRequestResponse({ description: 'The same checks as a new campaign, with errors: { field: message }' })
  @ApiConflictResponse({ description: 'Already sent: it can no longer be changed' })
  @ApiNotFoundResponse({ description: 'No such campaign for this broker' })
  update(
    @CurrentUser() user: User,
    @CurrentBook() book: ClientBook,
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Body() body: UpdateCampaignDto,
  ): Promise<CampaignDto> {
    return this.campaigns.update(user, book, actor, id, body);
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Deletes a draft campaign; answers it as it was' })
  @ApiOkResponse({ type: CampaignDto })
  @ApiConflictResponse({ description: 'Already sent: its figures are kept' })
  @ApiNotFoundResponse({ description: 'No such campaign for this broker' })
  remove(@CurrentUser() user: User, @CurrentActor() actor: Actor, @Param('id') id: string): Promise<CampaignDto> {
    return this.campaigns.remove(user, actor, id);
  }

  @Post(':id/duplicate')
  @ApiOperation({ summary: 'Copies a campaign (draft or sent) into a new draft named “Copy of …”' })
  @ApiCreatedResponse({ type: CampaignDto })
  @ApiNotFoundResponse({ description: 'No such campaign for this broker' })
  duplicate(@CurrentUser() user: User, @CurrentActor() actor: Actor, @Param('id') id: string): Promise<CampaignDto> {
    return this.campaigns.duplicate(user, actor, id);
  }

  @Post(':id/clients')
  @HttpCode(200)
  @ApiOperation({ summary: 'Adds clients to a draft’s chosen clients (the Clients page’s “Add to Campaign”)' })
  @ApiOkResponse({ type: CampaignDto })
  @ApiBadRequestResponse({ description: 'Not a list of client ids, or more than 10,000 in all' })
  @ApiConflictResponse({ description: 'Already sent' })
  @ApiNotFoundResponse({ description: 'No such campaign, or a client not the broker’s' })
  addClients(
    @CurrentUser() user: User,
    @CurrentBook() book: ClientBook,
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Body() body: AddClientsDto,
  ): Promise<CampaignDto> {
    return this.campaigns.addClients(user, book, actor, id, body);
  }

  @Get(':id/audience')
  @ApiOperation({ summary: 'How many clients the campaign would go to if sent now, and how many of them have marketing permission' })
  @ApiOkResponse({ type: AudienceDto })
  @ApiNotFoundResponse({ description: 'No such campaign for this broker' })
  audience(@CurrentUser() user: User, @CurrentBook() book: ClientBook, @Param('id') id: string): Promise<AudienceDto> {
    return this.campaigns.audience(user, book, id);
  }

  @Get(':id/skipped')
  @ApiOperation({
    summary: 'A sent campaign’s messages that were not sent, counted by reason',
    description: 'No marketing permission, permission lapsed or revoked, address opted out, client inactive. No health data.',
  })
  @ApiOkResponse({ type: [SkippedCountDto] })
  @ApiNotFoundResponse({ description: 'No such campaign for this broker' })
  skipped(@CurrentUser() user: User, @Param('id') id: string): Promise<SkippedCountDto[]> {
    return this.campaigns.skipped(user, id);
  }

  @Post(':id/test')
  @HttpCode(200)
  @RequiresSubscription()
  @ApiOperation({
    summary: 'Sends the campaign to the broker alone, marked [Test]: by e-mail to them, by text to the agency phone',
    description: 'Not a delivery: nothing is counted or tracked. Works for drafts and sent campaigns.',
  })
  @ApiOkResponse({ type: TestSendResultDto })
  @ApiBadRequestResponse({ description: 'A text test without an agency phone in Settings' })
  @ApiConflictResponse({ description: 'code marketingDetailsMissing: the agency’s postal address or its TPMO answer is missing' })
  @ApiNotFoundResponse({ description: 'No such campaign for this broker' })
  sendTest(@CurrentUser() user: User, @CurrentActor() actor: Actor, @Param('id') id: string): Promise<TestSendResultDto> {
    return this.campaigns.sendTest(user, actor, id);
  }

  @MemberMay({ write: 'campaigns:send' })
  @Post(':id/send')
  @HttpCode(200)
  @RequiresSubscription()
  @ApiOperation({ summary: 'Sends a draft to the broker’s active clients; delivery continues in the background' })
  @ApiOkResponse({ type: SendResultDto })
  @ApiConflictResponse({
    description:
      'Already sent, scheduled, or a sequence (start it instead), or code marketingDetailsMissing: the agency’s postal address or its TPMO answer is missing',
  })
  @ApiNotFoundResponse({ description: 'No such campaign for this broker' })
  async send(
    @CurrentUser() user: User,
    @CurrentBook() book: ClientBook,
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
  ): Promise<SendResultDto> {
    return { count: await this.campaigns.send(user, book, actor, id) };
  }

  @MemberMay({ write: 'campaigns:send' })
  @Post(':id/schedule')
  @HttpCode(200)
  @RequiresSubscription()
  @ApiOperation({ summary: 'Schedules a draft for a date and time in each recipient’s own time zone' })
  @ApiOkResponse({ type: CampaignDto })
  @ApiBadRequestResponse({ description: 'Date or time not valid: 08:00–20:59, not past, at most 365 days ahead' })
  @ApiConflictResponse({
    description:
      'Only a draft without a trigger can be scheduled, or code marketingDetailsMissing: the agency’s postal address or its TPMO answer is missing',
  })
  @ApiNotFoundResponse({ description: 'No such campaign for this broker' })
  schedule(
    @CurrentUser() user: User,
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Body() body: ScheduleDto,
  ): Promise<CampaignDto> {
    return this.campaigns.schedule(user, actor, id, body);
  }

  @MemberMay({ write: 'campaigns:send' })
  @Post(':id/unschedule')
  @HttpCode(200)
  @ApiOperation({ summary: 'Takes a scheduled campaign back to a draft' })
  @ApiOkResponse({ type: CampaignDto })
  @ApiConflictResponse({ description: 'Not scheduled' })
  @ApiNotFoundResponse({ description: 'No such campaign for this broker' })
  unschedule(@CurrentUser() user: User, @CurrentActor() actor: Actor, @Param('id') id: string): Promise<CampaignDto> {
    return this.campaigns.unschedule(user, actor, id);
  }

  @MemberMay({ write: 'campaigns:send' })
  @Post(':id/start')
  @HttpCode(200)
  @RequiresSubscription()
  @ApiOperation({ summary: 'Starts a sequence (a draft with a trigger): clients enter it as its trigger fires' })
  @ApiOkResponse({ type: CampaignDto })
  @ApiConflictResponse({
    description: 'Not a draft, or no trigger, or code marketingDetailsMissing: the agency’s postal address or its TPMO answer is missing',
  })
  @ApiNotFoundResponse({ description: 'No such campaign for this broker' })
  start(@CurrentUser() user: User, @CurrentActor() actor: Actor, @Param('id') id: string): Promise<CampaignDto> {
    return this.campaigns.start(user, actor, id);
  }

  @MemberMay({ write: 'campaigns:send' })
  @Post(':id/pause')
  @HttpCode(200)
  @ApiOperation({ summary: 'Pauses an active sequence: nobody enters and no step goes until it is resumed' })
  @ApiOkResponse({ type: CampaignDto })
  @ApiConflictResponse({ description: 'Not active' })
  @ApiNotFoundResponse({ description: 'No such campaign for this broker' })
  pause(@CurrentUser() user: User, @CurrentActor() actor: Actor, @Param('id') id: string): Promise<CampaignDto> {
    return this.campaigns.pause(user, actor, id);
  }

  @MemberMay({ write: 'campaigns:send' })
  @Post(':id/resume')
  @HttpCode(200)
  @RequiresSubscription()
  @ApiOperation({ summary: 'Resumes a paused sequence; steps that fell due meanwhile go now, passed start dates are not sent late' })
  @ApiOkResponse({ type: CampaignDto })
  @ApiConflictResponse({
    description: 'Not paused, or code marketingDetailsMissing: the agency’s postal address or its TPMO answer is missing',
  })
  @ApiNotFoundResponse({ description: 'No such campaign for this broker' })
  resume(@CurrentUser() user: User, @CurrentActor() actor: Actor, @Param('id') id: string): Promise<CampaignDto> {
    return this.campaigns.resume(user, actor, id);
  }

  @MemberMay({ write: 'campaigns:send' })
  @Post(':id/finish')
  @HttpCode(200)
  @ApiOperation({ summary: 'Ends a sequence for good: every client still going through it stops' })
  @ApiOkResponse({ type: CampaignDto })
  @ApiConflictResponse({ description: 'Not active or paused' })
  @ApiNotFoundResponse({ description: 'No such campaign for this broker' })
  finish(@CurrentUser() user: User, @CurrentActor() actor: Actor, @Param('id') id: string): Promise<CampaignDto> {
    return this.campaigns.finish(user, actor, id);
  }
}
