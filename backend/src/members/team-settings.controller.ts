import { Body, Controller, Get, Put } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';

import type { Actor } from '../agency-log/actor.js';
import { BrokerOnly, CurrentActor, CurrentUser } from '../auth/access.decorators.js';
import type { User } from '../users/user.entity.js';
import { TeamSettingsDto, UpdateTeamSettingsDto } from './dto/team-settings.dto.js';
import { MemberMay } from './member-rule.js';
import { MembersService } from './members.service.js';

/** The team's settings: everyone reads them (the app shows an agent whose clients they see); owners change them. */
@ApiTags('members')
@Controller('team/settings')
@BrokerOnly()
@MemberMay({ write: 'members:manage' })
export class TeamSettingsController {
  constructor(private readonly members: MembersService) {}

  @Get()
  @ApiOperation({ summary: 'How the team works together: whether agents see only the clients assigned to them' })
  @ApiOkResponse({ type: TeamSettingsDto })
  get(@CurrentUser() agency: User): TeamSettingsDto {
    return { agentsSeeAssignedOnly: agency.agentsSeeAssignedOnly };
  }

  @Put()
  @ApiOperation({
    summary: 'Changes whether agents see only the clients assigned to them; it applies from each agent’s next request',
    description: 'Recorded in the agency’s activity log.',
  })
  @ApiOkResponse({ type: TeamSettingsDto })
  @ApiBadRequestResponse({ description: 'agentsSeeAssignedOnly is not true or false' })
  update(@CurrentActor() actor: Actor, @Body() body: UpdateTeamSettingsDto): Promise<TeamSettingsDto> {
    return this.members.changeSettings(actor, body.agentsSeeAssignedOnly);
  }
}
