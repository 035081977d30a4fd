import { Body, Controller, Get, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiGoneResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiQuery,
  ApiServiceUnavailableResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';

import type { Actor } from '../agency-log/actor.js';
import { TokenScopes } from '../api-tokens/scopes.js';
import {
  BrokerOnly,
  ClientOnly,
  CurrentActor,
  CurrentBook,
  CurrentClientAccount,
  CurrentMember,
  Public,
  type RequestMember,
} from '../auth/access.decorators.js';
import type { ClientAccount } from '../auth/client-account.entity.js';
import { ApiFileResponse } from '../common/api-file-response.js';
import { contentDisposition } from '../common/content-disposition.js';
import type { ClientBook } from '../members/book.js';
import { MemberMay } from '../members/member-rule.js';
import { ClientSoaDto, PrepareSoaDto, SignSoaDto, SoaDto, SoaSigningDto, UnsignedSoasDto } from './dto/soa.dto.js';
import { SoaService } from './soa.service.js';

const NOT_IN_BOOK = 'No such client in your book';

/** Sends a signed SOA's PDF as it was made, with its SHA-256 to check a copy against. */
function sendPdf(res: Response, file: { pdf: Buffer; sha256: string; filename: string }): void {
  res
    .type('application/pdf')
    .set('Content-Disposition', contentDisposition(file.filename))
    .set('X-Content-SHA256', file.sha256)
    .set('Cache-Control', 'private, no-cache')
    .send(file.pdf);
}

/** A client's Scopes of Appointment, on the client's page (docs/compliance.md#scope-of-appointment). */
@ApiTags('scope of appointment')
@Controller('clients/:id/soas')
@TokenScopes({ read: 'soas:read', write: 'soas:write' })
@BrokerOnly()
@MemberMay({ write: 'clients:write' })
export class ClientSoasController {
  constructor(private readonly soas: SoaService) {}

  @Get()
  @ApiOperation({ summary: 'A client’s Scopes of Appointment, newest first' })
  @ApiOkResponse({ type: SoaDto, isArray: true })
  @ApiNotFoundResponse({ description: NOT_IN_BOOK })
  async list(@CurrentBook() book: ClientBook, @Param('id') id: string): Promise<SoaDto[]> {
    return this.soas.forClient(book, id);
  }

  @Post()
  @ApiOperation({
    summary:
      'Prepares a Scope of Appointment and sends the client a link to sign it (text or e-mail, in their language). Under a rule with a wait after signing, a sooner appointment needs the exception that applies.',
  })
  @ApiCreatedResponse({ type: SoaDto })
  @ApiBadRequestResponse({
    description: '{ message, field }; an appointment too soon for the rule also gives earliestAt, exceptions and ruleId',
  })
  @ApiNotFoundResponse({ description: NOT_IN_BOOK })
  @ApiConflictResponse({ description: 'The client is inactive, or cannot be reached by text or e-mail' })
  @ApiServiceUnavailableResponse({ description: 'The messaging provider did not answer; nothing was kept' })
  async prepare(
    @CurrentBook() book: ClientBook,
    @CurrentActor() actor: Actor,
    @CurrentMember() member: RequestMember,
    @Param('id') id: string,
    @Body() body: PrepareSoaDto,
  ): Promise<SoaDto> {
    return this.soas.prepare(book, actor, member.role, id, body);
  }
}

/** One Scope of Appointment by its id, and the book's unsigned ones. */
@ApiTags('scope of appointment')
@Controller('soas')
@TokenScopes({ read: 'soas:read', write: 'soas:write' })
@BrokerOnly()
@MemberMay({ write: 'clients:write' })
export class SoasController {
  constructor(private readonly soas: SoaService) {}

  @Get('unsigned')
  @ApiOperation({ summary: 'Scopes of Appointment sent and not signed yet (nor cancelled), the soonest appointment first' })
  @ApiQuery({ name: 'limit', required: false, description: '1 to 100, default 20' })
  @ApiOkResponse({ type: UnsignedSoasDto })
  async unsigned(@CurrentBook() book: ClientBook, @Query('limit') limit?: string): Promise<UnsignedSoasDto> {
    const count = Number(limit ?? 20);
    return this.soas.unsigned(book, Number.isInteger(count) ? Math.min(Math.max(count, 1), 100) : 20);
  }

  @Get(':id')
  @ApiOperation({ summary: 'One Scope of Appointment' })
  @ApiOkResponse({ type: SoaDto })
  @ApiNotFoundResponse({ description: 'No such Scope of Appointment in your book' })
  async get(@CurrentBook() book: ClientBook, @Param('id') id: string): Promise<SoaDto> {
    return this.soas.get(book, id);
  }

  @Get(':id/pdf')
  @ApiOperation({ summary: 'The signed Scope of Appointment as a PDF, with its SHA-256 in X-Content-SHA256' })
  @ApiFileResponse({
    mediaType: 'application/pdf',
    description: 'The PDF made at the signature',
    filename: 'scope-of-appointment-Dorothy-Miller-2026-11-30.pdf',
  })
  @ApiNotFoundResponse({ description: 'No such Scope of Appointment in your book' })
  @ApiConflictResponse({ description: 'Not signed yet' })
  async pdf(@CurrentBook() book: ClientBook, @Param('id') id: string, @Res() res: Response): Promise<void> {
    sendPdf(res, await this.soas.pdf(book, id));
  }

  @Post(':id/resend')
  @HttpCode(200)
  @ApiOperation({ summary: 'Sends a new link for a Scope of Appointment not yet signed; the link sent before stops working' })
  @ApiOkResponse({ type: SoaDto })
  @ApiNotFoundResponse({ description: 'No such Scope of Appointment in your book' })
  @ApiConflictResponse({ description: 'Signed or cancelled, or its appointment has passed' })
  @ApiServiceUnavailableResponse({ description: 'The messaging provider did not answer; the link sent before still works' })
  async resend(@CurrentBook() book: ClientBook, @CurrentActor() actor: Actor, @Param('id') id: string): Promise<SoaDto> {
    return this.soas.resend(book, actor, id);
  }

  @Post(':id/cancel')
  @HttpCode(200)
  @ApiOperation({ summary: 'Cancels a Scope of Appointment not yet signed; its link then says so' })
  @ApiOkResponse({ type: SoaDto })
  @ApiNotFoundResponse({ description: 'No such Scope of Appointment in your book' })
  @ApiConflictResponse({ description: 'Signed: kept as it is' })
  async cancel(@CurrentBook() book: ClientBook, @CurrentActor() actor: Actor, @Param('id') id: string): Promise<SoaDto> {
    return this.soas.cancel(book, actor, id);
  }
}

/** The signing page's API: the link's secret is the only key; nothing but the SOA's own words comes back. */
@ApiTags('scope of appointment')
@Controller('soa-signing')
@Public()
export class SoaSigningController {
  constructor(private readonly soas: SoaService) {}

  @Get(':token')
  @ApiOperation({ summary: 'What the signing page shows for a link (the first look is recorded as opened)' })
  @ApiOkResponse({ type: SoaSigningDto })
  @ApiNotFoundResponse({ description: 'Not a valid link' })
  async view(@Param('token') token: string, @Req() req: Request): Promise<SoaSigningDto> {
    return this.soas.signingView(token, req.ip ?? null, req.get('user-agent') ?? null);
  }

  @Post(':token')
  @HttpCode(200)
  @ApiOperation({ summary: 'Signs the Scope of Appointment: typed name and a tap, or a drawn signature; the link is then used up' })
  @ApiOkResponse({ type: SoaSigningDto })
  @ApiBadRequestResponse({ description: '{ message, field }' })
  @ApiNotFoundResponse({ description: 'Not a valid link' })
  @ApiConflictResponse({ description: 'Already signed' })
  @ApiGoneResponse({ description: 'The link expired, a newer one was sent, or the agent cancelled it' })
  async sign(@Param('token') token: string, @Body() body: SignSoaDto, @Req() req: Request): Promise<SoaSigningDto> {
    return this.soas.sign(token, body, req.ip ?? null, req.get('user-agent') ?? null);
  }
}

/** The client's own signed Scopes of Appointment, in their portal. */
@ApiTags('client portal: scopes of appointment')
@Controller('client-portal/soas')
@ClientOnly()
export class ClientPortalSoasController {
  constructor(private readonly soas: SoaService) {}

  @Get()
  @ApiOperation({ summary: 'The Scopes of Appointment you signed, newest first' })
  @ApiOkResponse({ type: ClientSoaDto, isArray: true })
  async list(@CurrentClientAccount() account: ClientAccount): Promise<ClientSoaDto[]> {
    return this.soas.ofClient(account.client.id);
  }

  @Get(':id/pdf')
  @ApiOperation({ summary: 'One you signed, as its PDF' })
  @ApiFileResponse({
    mediaType: 'application/pdf',
    description: 'The PDF made at the signature',
    filename: 'scope-of-appointment-Dorothy-Miller-2026-11-30.pdf',
  })
  @ApiNotFoundResponse({ description: 'Not one of yours' })
  async pdf(@CurrentClientAccount() account: ClientAccount, @Param('id') id: string, @Res() res: Response): Promise<void> {
    sendPdf(res, await this.soas.pdfOfClient(account.client.id, id));
  }
}
