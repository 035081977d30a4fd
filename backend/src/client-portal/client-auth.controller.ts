import { Body, Controller, Get, HttpCode, Inject, Param, Post, Req, Res } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiFoundResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';

import { Public } from '../auth/access.decorators.js';
import { endSession, startSession } from '../auth/session.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { RateLimit } from '../rate-limit/rate-limit.decorators.js';
import { ClientAuthService, type SignedInClient } from './client-auth.service.js';
import { ClientLoginDto, ClientSignedInDto, InviteLookupDto, RegisterClientDto } from './dto/client-auth.dto.js';
import { PasswordResetAcceptedDto, PasswordResetConfirmDto, PasswordResetRequestDto } from './dto/password-reset.dto.js';
import { PASSWORD_RESET_ACCEPTED, PasswordResetsService } from './password-resets.service.js';

/** The address a request came from (TRUST_PROXY decides whether X-Forwarded-For counts). */
function addressOf(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? 'unknown';
}

@ApiTags('client portal: sign-in')
@Controller('client')
@Public()
export class ClientAuthController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly clientAuth: ClientAuthService,
    private readonly passwordResets: PasswordResetsService,
  ) {}

  @Get('invite/:token')
  @ApiOperation({ summary: 'Looks up an invitation: the invited client’s name' })
  @ApiParam({
    name: 'token',
    description: 'The invitation token from the link /client/invite/{token}',
    example: 'JxcTR5wTjFQKrF72cuw688bV7Lq9jLVE2pdf8vs-h2Y',
  })
  @ApiOkResponse({ type: InviteLookupDto })
  @ApiNotFoundResponse({ description: '{ message: "Invalid or expired invitation" } for unknown or expired tokens' })
  @ApiConflictResponse({
    description:
      'The invitation was used to make the account, which exists: { message, alreadyRegistered: true, agencySlug (for the ' +
      'branded sign-in link, or null), language }',
  })
  lookup(@Param('token') token: string): Promise<InviteLookupDto> {
    return this.clientAuth.lookupInvitation(token);
  }

  @Post('register')
  @RateLimit('sign-in', 'token')
  @ApiOperation({ summary: 'Creates the client’s account from an invitation and signs them in' })
  @ApiCreatedResponse({ type: ClientSignedInDto })
  @ApiBadRequestResponse({ description: 'Missing fields, Missing invitation token, Password too short, Invalid invitation, ...' })
  @ApiConflictResponse({ description: 'Username taken, or the client already has an account' })
  @ApiTooManyRequestsResponse({ description: 'Too many attempts from this address or with this invitation (rate limits); see Retry-After' })
  async register(@Body() body: RegisterClientDto, @Req() req: Request): Promise<ClientSignedInDto> {
    return this.signIn(req, await this.clientAuth.register(body));
  }

  @Post('login')
  @RateLimit('sign-in', 'username')
  @HttpCode(200)
  @ApiOperation({ summary: 'Client sign-in with username and password' })
  @ApiOkResponse({ type: ClientSignedInDto })
  @ApiBadRequestResponse({ description: '{ message: "Missing fields" }' })
  @ApiUnauthorizedResponse({ description: '{ message: "Invalid username or password" }' })
  @ApiTooManyRequestsResponse({
    description:
      'Too many failures for this username from this address, or too many attempts from this address or for this username (rate limits); see Retry-After',
  })
  async login(@Body() body: ClientLoginDto, @Req() req: Request): Promise<ClientSignedInDto> {
    return this.signIn(req, await this.clientAuth.login(body, addressOf(req)));
  }

  @Post('password-reset')
  @RateLimit('sign-in', 'identifier')
  @HttpCode(202)
  @ApiOperation({
    summary: 'Forgot password: sends a 6-digit code by text, or a link by e-mail, when an account matches',
    description:
      'The identifier is the username, the phone number or the e-mail address on file. The answer is the same whether or ' +
      'not an account matches; the code or link works once, for 30 minutes, and replaces any sent before. Over 3 requests ' +
      'an hour for one identifier, or from one address, the answer is the same but nothing is sent.',
  })
  @ApiAcceptedResponse({ type: PasswordResetAcceptedDto })
  @ApiBadRequestResponse({ description: '{ message: "Please enter your username, phone number or e-mail address" }' })
  @ApiTooManyRequestsResponse({ description: 'Too many attempts from this address or for this identifier (rate limits); see Retry-After' })
  async requestPasswordReset(@Body() body: PasswordResetRequestDto, @Req() req: Request): Promise<PasswordResetAcceptedDto> {
    await this.passwordResets.request(body.identifier, addressOf(req));
    return { message: PASSWORD_RESET_ACCEPTED };
  }

  @Post('password-reset/confirm')
  @RateLimit('sign-in', 'identifier')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Sets a new password with the texted code (and the identifier) or the e-mailed link’s token, and signs the client in',
    description: 'The client’s other sessions end. A wrong code counts: after 5 the code no longer works.',
  })
  @ApiOkResponse({ type: ClientSignedInDto })
  @ApiBadRequestResponse({
    description:
      '{ message: "This code or link is no longer valid. Ask for a new one." } for a wrong, expired, used or void code or link; ' +
      'the registration’s password rules (Password too short, ...); Missing fields',
  })
  @ApiTooManyRequestsResponse({ description: 'Too many attempts from this address or for this identifier (rate limits); see Retry-After' })
  async confirmPasswordReset(@Body() body: PasswordResetConfirmDto, @Req() req: Request): Promise<ClientSignedInDto> {
    return this.signIn(req, await this.passwordResets.confirm(body, addressOf(req)));
  }

  @Get('logout')
  @ApiOperation({ summary: 'Ends the client’s session and goes to /client/login' })
  @ApiFoundResponse({
    description: 'To /client/login',
    headers: { Location: { description: 'Where to go next', schema: { type: 'string', example: '/client/login' } } },
  })
  async logout(@Req() req: Request, @Res() res: Response): Promise<void> {
    await endSession(req, res, this.config);
    res.redirect(302, '/client/login');
  }

  private async signIn(req: Request, { account, view }: SignedInClient): Promise<ClientSignedInDto> {
    await startSession(req, this.config, { kind: 'client', accountId: account.id, clientId: account.client.id });
    return view;
  }
}
