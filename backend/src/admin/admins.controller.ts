import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';

import { TokenScopes } from '../api-tokens/scopes.js';
import { AdminOnly, CurrentUser } from '../auth/access.decorators.js';
import type { User } from '../users/user.entity.js';
import { AdminsService } from './admins.service.js';
import { GrantAdminDto, PlatformAdminDto } from './dto/admins.dto.js';

/** The platform admins: who they are, and giving or taking away admin access (audited). */
@ApiTags('admin')
@Controller('admin/admins')
@TokenScopes({ read: 'admin:read', write: 'admin:write' })
@AdminOnly()
export class AdminsController {
  constructor(private readonly admins: AdminsService) {}

  @Get()
  @ApiOperation({ summary: 'Lists the platform admins' })
  @ApiOkResponse({ type: [PlatformAdminDto] })
  list(@CurrentUser() you: User): Promise<PlatformAdminDto[]> {
    return this.admins.list(you);
  }

  @Post()
  @ApiOperation({ summary: 'Makes someone who has signed in once a platform admin, by their e-mail' })
  @ApiCreatedResponse({ type: [PlatformAdminDto], description: 'The accounts made admins' })
  @ApiBadRequestResponse({ description: 'Not an e-mail address' })
  @ApiNotFoundResponse({ description: 'No one has signed in with this e-mail yet' })
  @ApiConflictResponse({ description: 'Already an admin' })
  grant(@CurrentUser() you: User, @Body() body: GrantAdminDto): Promise<PlatformAdminDto[]> {
    return this.admins.grant(you, body.email);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiOperation({ summary: 'Takes admin access away from another admin (never from yourself)' })
  @ApiNoContentResponse({ description: 'No longer an admin' })
  @ApiNotFoundResponse({ description: 'No such admin' })
  @ApiConflictResponse({ description: 'Your own admin access' })
  async revoke(@CurrentUser() you: User, @Param('id') id: string): Promise<void> {
    await this.admins.revoke(you, id);
  }
}
