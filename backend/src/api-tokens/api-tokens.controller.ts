import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';

import type { Actor } from '../agency-log/actor.js';
import { AdminOnly, BrokerOnly, CurrentActor, CurrentUser, CurrentUserId } from '../auth/access.decorators.js';
import { MemberMay } from '../members/member-rule.js';
import type { User } from '../users/user.entity.js';
import { ApiTokensService } from './api-tokens.service.js';
import { ApiTokenDto, ApiTokenEventDto, CreateApiTokenDto, CreatedApiTokenDto, ScopeDto } from './dto/api-token.dto.js';
import { grantableScopes, SCOPES } from './scopes.js';

/**
 * The signed-in broker's or admin's personal access tokens (the API access page). These routes take
 * the browser session only: a token cannot make, list or revoke tokens.
 */
@ApiTags('api-tokens')
@Controller('tokens')
@BrokerOnly()
@MemberMay({ write: 'tokens:manage' })
export class ApiTokensController {
  constructor(private readonly tokens: ApiTokensService) {}

  @Get('scopes')
  @ApiOperation({ summary: 'The scopes the signed-in person may put on a token (admins also the admin scopes)' })
  @ApiOkResponse({ type: ScopeDto, isArray: true })
  scopes(@CurrentUser() user: User): ScopeDto[] {
    return grantableScopes(user.isAdmin).map((scope) => ({ scope, description: SCOPES[scope] }));
  }

  @Get()
  @ApiOperation({ summary: 'The signed-in person’s live tokens (not revoked), newest first; never their secrets' })
  @ApiOkResponse({ type: ApiTokenDto, isArray: true })
  async list(@CurrentUserId() userId: string): Promise<ApiTokenDto[]> {
    return (await this.tokens.list(userId)).map((token) => ApiTokenDto.from(token));
  }

  @Post()
  @ApiOperation({ summary: 'Creates a token; the answer holds its secret, shown this once' })
  @ApiCreatedResponse({ type: CreatedApiTokenDto })
  @ApiBadRequestResponse({ description: 'A name, scope or expiry that is not allowed, or 50 live tokens already' })
  async create(@CurrentUser() user: User, @CurrentActor() actor: Actor, @Body() body: CreateApiTokenDto): Promise<CreatedApiTokenDto> {
    const { token, secret } = await this.tokens.create(user, actor, body);
    return { ...ApiTokenDto.from(token), token: secret };
  }

  @Get('activity')
  @ApiOperation({ summary: 'The last 50 events of the person’s tokens: created, first use, refused, rate limited, revoked' })
  @ApiOkResponse({ type: ApiTokenEventDto, isArray: true })
  async activity(@CurrentUserId() userId: string): Promise<ApiTokenEventDto[]> {
    return (await this.tokens.activity(userId)).map((event) => ApiTokenEventDto.from(event));
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiOperation({ summary: 'Revokes one of the person’s tokens at once' })
  @ApiNoContentResponse({ description: 'Revoked' })
  @ApiNotFoundResponse({ description: 'No such live token of theirs' })
  async revoke(@CurrentActor() actor: Actor, @Param('id') id: string): Promise<void> {
    await this.tokens.revoke(actor, id);
  }
}

/** A platform admin looks at and revokes a broker's tokens (audited). */
@ApiTags('admin')
@Controller('admin/brokers')
@AdminOnly()
export class AdminApiTokensController {
  constructor(private readonly tokens: ApiTokensService) {}

  @Get(':id/tokens')
  @ApiOperation({ summary: 'A broker’s live API tokens' })
  @ApiOkResponse({ type: ApiTokenDto, isArray: true })
  @ApiNotFoundResponse({ description: 'No such broker' })
  async list(@Param('id') id: string): Promise<ApiTokenDto[]> {
    return (await this.tokens.listForAdmin(id)).map((token) => ApiTokenDto.from(token));
  }

  @Delete(':id/tokens/:tokenId')
  @HttpCode(204)
  @ApiOperation({ summary: 'Revokes a broker’s API token; recorded in the audit log and the broker’s token activity' })
  @ApiNoContentResponse({ description: 'Revoked' })
  @ApiNotFoundResponse({ description: 'No such live token of this broker' })
  async revoke(@CurrentUserId() adminId: string, @Param('id') id: string, @Param('tokenId') tokenId: string): Promise<void> {
    await this.tokens.revokeForAdmin(adminId, id, tokenId);
  }
}
