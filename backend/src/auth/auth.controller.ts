import { Controller, Get, Inject, Query, Req, Res, UseGuards } from '@nestjs/common';
import { ApiFoundResponse, ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';

import { TokenScopes } from '../api-tokens/scopes.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import type { User } from '../users/user.entity.js';
import { UsersService } from '../users/users.service.js';
import { BrokerOnly, CurrentMember, CurrentUser, Public, type RequestMember } from './access.decorators.js';
import { CurrentUserDto } from './dto/current-user.dto.js';
import { OidcGuard } from './oidc.guard.js';
import { OidcService, type OidcSignIn } from './oidc.service.js';
import { endSession, saveSession, startSession } from './session.js';

/** Where a suspended broker's sign-in ends (a public page of the app). */
export const SUSPENDED_PAGE = '/account-suspended';
/** Where an invitation that cannot be accepted ends (a public page of the app, `?problem=expired|other-agency`). */
export const INVITATION_PAGE = '/invitation';

@ApiTags('auth')
@Controller()
export class AuthController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly oidc: OidcService,
    private readonly users: UsersService,
  ) {}

  @Get('login')
  @Public()
  @UseGuards(OidcGuard)
  @ApiOperation({ summary: 'Starts broker sign-in: redirects to the OpenID Connect provider' })
  @ApiFoundResponse({
    description: 'To the provider',
    headers: {
      Location: {
        description: 'Where to go next',
        schema: { type: 'string', example: 'https://id.example.com/authorize?client_id=carekeep&response_type=code&…' },
      },
    },
  })
  login(): void {
    // The guard has redirected to the provider.
  }

  @Get('callback')
  @Public()
  @UseGuards(OidcGuard)
  @ApiOperation({ summary: 'Finishes broker sign-in (the provider redirects here); starts the session and goes to /' })
  @ApiFoundResponse({
    description: 'To /, or to /account-suspended for a suspended broker (no session is started)',
    headers: { Location: { description: 'Where to go next', schema: { type: 'string', example: '/' } } },
  })
  async callback(@Req() req: Request & { user: OidcSignIn }, @Res() res: Response): Promise<void> {
    if ('problem' in req.user) {
      res.redirect(302, `${INVITATION_PAGE}?problem=${req.user.problem}`);
      return;
    }
    const { user, member, idToken } = req.user;
    if (user.suspendedAt) {
      res.redirect(302, SUSPENDED_PAGE);
      return;
    }
    await startSession(req, this.config, { kind: 'broker', userId: user.id, memberId: member.id, idToken });
    res.redirect(302, '/');
  }

  @Get('join')
  @Public()
  @ApiOperation({ summary: 'An invitation’s link (from its e-mail): signs in through the provider and joins the agency' })
  @ApiQuery({ name: 'token', description: 'The invitation’s secret' })
  @ApiFoundResponse({
    description: 'To sign-in (/api/login), or to /invitation?problem=expired when the link no longer works',
    headers: { Location: { description: 'Where to go next', schema: { type: 'string', example: '/api/login' } } },
  })
  async join(@Req() req: Request, @Res() res: Response, @Query('token') token?: unknown): Promise<void> {
    if (typeof token !== 'string' || !(await this.users.invitationUsable(token))) {
      res.redirect(302, `${INVITATION_PAGE}?problem=expired`);
      return;
    }
    req.session.invitation = token;
    // Stored before the redirect goes out: a browser follows it at once, and a session the store
    // has not got yet would be a new one at sign-in, without the invitation.
    await saveSession(req);
    res.redirect(302, '/api/login');
  }

  @Get('logout')
  @Public()
  @ApiOperation({ summary: 'Ends the session, then to / through the provider’s end-session endpoint when it has one' })
  @ApiFoundResponse({
    description: 'To the provider’s end-session endpoint, or /',
    headers: {
      Location: {
        description: 'Where to go next',
        schema: { type: 'string', example: 'https://id.example.com/logout?id_token_hint=…&post_logout_redirect_uri=…' },
      },
    },
  })
  async logout(@Req() req: Request, @Res() res: Response): Promise<void> {
    const auth = req.session?.auth;
    await endSession(req, res, this.config);
    const target = auth?.kind === 'broker' ? await this.oidc.signOutUrl(auth.idToken) : '/';
    res.redirect(302, target);
  }

  @TokenScopes({ read: 'any' })
  @Get('auth/user')
  @BrokerOnly()
  @ApiOperation({ summary: 'The signed-in broker or admin' })
  @ApiOkResponse({ type: CurrentUserDto })
  user(@CurrentUser() user: User, @CurrentMember() member: RequestMember): CurrentUserDto {
    return CurrentUserDto.from(user, member);
  }
}
