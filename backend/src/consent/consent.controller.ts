import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBadRequestResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';

import type { Actor } from '../agency-log/actor.js';
import { TokenScopes } from '../api-tokens/scopes.js';
import { BrokerOnly, CurrentActor, CurrentBook, CurrentUser } from '../auth/access.decorators.js';
import { RequiresSubscription } from '../auth/subscription.guard.js';
import type { ClientBook } from '../members/book.js';
import { MemberMay } from '../members/member-rule.js';
import type { User } from '../users/user.entity.js';
import { ConsentRecordsService } from './consent-records.service.js';
import {
  BulkConsentDto,
  BulkConsentResultDto,
  ClientConsentDto,
  LapsingConsentDto,
  RecordConsentDto,
  RenewalRequestDto,
  RenewalResultDto,
} from './dto/consent.dto.js';

/** The consent ledger as a broker sees it: a client's permissions and their history, lapsing permissions and renewals. */
@ApiTags('consent')
@Controller()
@TokenScopes({ read: 'clients:read', write: 'clients:write' })
@BrokerOnly()
@MemberMay({ write: 'clients:write' })
export class ConsentController {
  constructor(private readonly records: ConsentRecordsService) {}

  @Get('clients/:id/consent')
  @ApiOperation({
    summary: 'A client’s permission to be contacted, per channel and purpose, with every event that changed it',
    description: 'Derived from the append-only ledger: the latest event per channel and purpose. No health data.',
  })
  @ApiOkResponse({ type: ClientConsentDto })
  @ApiNotFoundResponse({ description: 'No such client for this broker' })
  forClient(@CurrentBook() book: ClientBook, @Param('id') id: string): Promise<ClientConsentDto> {
    return this.records.forClient(book, id);
  }

  @Post('clients/:id/consent')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Records the broker’s attestation of a client’s permission (granted) or the client’s revocation told to the broker',
    description: 'Appends an event; nothing is changed or removed. A revocation of marketing revokes it on every channel.',
  })
  @ApiOkResponse({ type: ClientConsentDto })
  @ApiBadRequestResponse({ description: 'An unknown purpose or channel' })
  @ApiNotFoundResponse({ description: 'No such client for this broker' })
  record(
    @CurrentUser() user: User,
    @CurrentBook() book: ClientBook,
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Body() body: RecordConsentDto,
  ): Promise<ClientConsentDto> {
    return this.records.record(user, book, actor, id, body);
  }

  @Post('consent/bulk')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Records the broker’s attestation of one permission for many clients at once (granted, every channel)',
    description:
      'One ledger event per client and channel, each with the attestation text as its evidence, in one transaction: all are recorded or none. ' +
      'Revoking stays one client at a time.',
  })
  @ApiOkResponse({ type: BulkConsentResultDto })
  @ApiBadRequestResponse({ description: 'Not a list of client ids, an unknown purpose, or attested not true' })
  @ApiNotFoundResponse({ description: 'A client not the broker’s (nothing is recorded)' })
  recordMany(
    @CurrentUser() user: User,
    @CurrentBook() book: ClientBook,
    @CurrentActor() actor: Actor,
    @Body() body: BulkConsentDto,
  ): Promise<BulkConsentResultDto> {
    return this.records.recordMany(user, book, actor, body);
  }

  @Get('consent/lapsing')
  @ApiOperation({
    summary: 'Active clients whose marketing permission lapses within CONSENT_LAPSE_WARNING_DAYS, or has lapsed; earliest first',
  })
  @ApiOkResponse({ type: [LapsingConsentDto] })
  lapsing(@CurrentBook() book: ClientBook): Promise<LapsingConsentDto[]> {
    return this.records.lapsing(book);
  }

  @Post('consent/renewals')
  @HttpCode(200)
  @RequiresSubscription()
  @ApiOperation({
    summary:
      'Sends lapsing clients a request to renew their marketing permission (a text to reply YES, or an e-mail with a one-click link)',
    description: 'Texts go only within the calling hours where the client lives; one request a week per client at most.',
  })
  @ApiOkResponse({ type: RenewalResultDto })
  @ApiBadRequestResponse({ description: 'Not a list of client ids' })
  @ApiNotFoundResponse({ description: 'A client not the broker’s' })
  renewals(
    @CurrentUser() user: User,
    @CurrentBook() book: ClientBook,
    @CurrentActor() actor: Actor,
    @Body() body: RenewalRequestDto,
  ): Promise<RenewalResultDto> {
    return this.records.requestRenewals(user, book, actor, body.clientIds);
  }
}
