import { BadRequestException, Body, Controller, Delete, Get, Param, Post, Put, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiQuery,
  ApiTags,
} from '@nestjs/swagger';

import type { Actor } from '../agency-log/actor.js';
import { BrokerOnly, CurrentActor, CurrentUser, CurrentUserId } from '../auth/access.decorators.js';
import { Clock } from '../common/clock.js';
import type { User } from '../users/user.entity.js';
import { ChangeRoleDto, InvitedMemberDto, InviteMemberDto, MemberDto, RemovedMemberDto } from './dto/member.dto.js';
import { MemberMay } from './member-rule.js';
import { MembersService } from './members.service.js';

/** The agency's people (the Team page): everyone sees who is on the team; owners invite, change roles and remove. */
@ApiTags('members')
@Controller('members')
@BrokerOnly()
@MemberMay({ write: 'members:manage' })
export class MembersController {
  constructor(
    private readonly members: MembersService,
    private readonly clock: Clock,
  ) {}

  @Get()
  @ApiOperation({ summary: 'The agency’s members and open invitations, owners first, with the clients assigned to each' })
  @ApiOkResponse({ type: MemberDto, isArray: true })
  async list(@CurrentUserId() agencyId: string): Promise<MemberDto[]> {
    const now = this.clock.now();
    return (await this.members.list(agencyId)).map((row) => MemberDto.from(row, now));
  }

  @Post()
  @ApiOperation({
    summary: 'Invites a person by e-mail with a role: an e-mail with a link valid 7 days, accepted by signing in through it',
    description: 'Inviting an e-mail already invited sends a new link; the earlier one stops working.',
  })
  @ApiCreatedResponse({ type: InvitedMemberDto })
  @ApiBadRequestResponse({ description: 'Not an e-mail address, an unknown role, or 100 members and invitations already' })
  @ApiConflictResponse({ description: 'Already a member of this agency' })
  async invite(@CurrentUser() agency: User, @CurrentActor() actor: Actor, @Body() body: InviteMemberDto): Promise<InvitedMemberDto> {
    const { member, url } = await this.members.invite(agency, actor, body);
    return InvitedMemberDto.invited(member, url, this.clock.now());
  }

  @Post(':id/invitation')
  @ApiOperation({ summary: 'Sends an open or expired invitation again, with a new link' })
  @ApiCreatedResponse({ type: InvitedMemberDto })
  @ApiNotFoundResponse({ description: 'No such invitation in this agency' })
  async resend(@CurrentUser() agency: User, @CurrentActor() actor: Actor, @Param('id') id: string): Promise<InvitedMemberDto> {
    const { member, url } = await this.members.resend(agency, actor, id);
    return InvitedMemberDto.invited(member, url, this.clock.now());
  }

  @Put(':id')
  @ApiOperation({ summary: 'Changes a member’s role; it applies from their next request' })
  @ApiOkResponse({ type: MemberDto })
  @ApiBadRequestResponse({ description: 'An unknown role, or the agency’s last owner' })
  @ApiNotFoundResponse({ description: 'No such member in this agency' })
  async changeRole(@CurrentActor() actor: Actor, @Param('id') id: string, @Body() body: ChangeRoleDto): Promise<MemberDto> {
    return MemberDto.from(await this.members.changeRole(actor, id, body.role), this.clock.now());
  }

  @Delete(':id')
  @ApiOperation({
    summary: 'Removes a member or withdraws an invitation',
    description:
      'At once: their sessions end, their API tokens are revoked, and their clients go to `reassignTo` (a member who has joined; by default you).',
  })
  @ApiQuery({ name: 'reassignTo', required: false, description: 'The member who takes over their clients' })
  @ApiOkResponse({ type: RemovedMemberDto })
  @ApiBadRequestResponse({ description: 'Yourself, the last owner, or a `reassignTo` who is not a member who has joined' })
  @ApiNotFoundResponse({ description: 'No such member in this agency' })
  async remove(@CurrentActor() actor: Actor, @Param('id') id: string, @Query() query: Record<string, unknown>): Promise<RemovedMemberDto> {
    // A removal is for good: a query it does not understand is refused rather than read as "no choice".
    const { reassignTo, ...unknown } = query;
    if (Object.keys(unknown).length || (reassignTo !== undefined && typeof reassignTo !== 'string')) {
      throw new BadRequestException({ message: 'reassignTo must be one member’s id, and nothing else may be given', field: 'reassignTo' });
    }
    const removed = await this.members.remove(actor, id, reassignTo);
    return { id: removed.member.id, reassignedTo: removed.reassignedTo, clientsReassigned: removed.clientsReassigned };
  }
}
