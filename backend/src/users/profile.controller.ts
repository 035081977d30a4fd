import { Body, Controller, Get, Put } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';

import type { Actor } from '../agency-log/actor.js';
import { BrokerOnly, CurrentActor, CurrentMember, CurrentUser, type RequestMember } from '../auth/access.decorators.js';
import { MemberMay } from '../members/member-rule.js';
import { ProfileDto, UpdateProfileDto } from './dto/profile.dto.js';
import type { User } from './user.entity.js';
import { UsersService } from './users.service.js';

@ApiTags('profile')
@Controller('profile')
@BrokerOnly()
// Everyone edits their own name and language; the agency's settings beside them need the branding's permission.
@MemberMay({
  write: 'read',
  fields: {
    agencyPhone: 'branding:manage',
    emailNotifications: 'branding:manage',
    weeklyDigest: 'branding:manage',
    timeZone: 'branding:manage',
  },
})
export class ProfileController {
  constructor(private readonly users: UsersService) {}

  @Get()
  @ApiOperation({ summary: 'The signed-in broker’s or admin’s own profile (Settings)' })
  @ApiOkResponse({ type: ProfileDto })
  get(@CurrentUser() user: User, @CurrentMember() member: RequestMember): ProfileDto {
    return ProfileDto.from(user, member);
  }

  @Put()
  @ApiOperation({
    summary: 'Updates the signed-in broker’s or admin’s own profile; /api/auth/user shows the name at once',
  })
  @ApiOkResponse({ type: ProfileDto })
  @ApiBadRequestResponse({ description: '{ message, errors: [{ field, messages }] } or { message, field } naming the field' })
  async update(@CurrentUser() user: User, @CurrentActor() actor: Actor, @Body() body: UpdateProfileDto): Promise<ProfileDto> {
    const updated = await this.users.updateProfile(user, actor, body);
    return ProfileDto.from(updated.user, updated.member);
  }
}
