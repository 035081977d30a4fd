import { ApiProperty } from '@nestjs/swagger';
import { IsBoolean } from 'class-validator';

/** How the agency's team works together (the Team page's settings). */
export class TeamSettingsDto {
  @ApiProperty({
    example: true,
    description:
      'Agents see only the clients assigned to them (their list, pages, reminders, campaign audiences and figures); ' +
      'false: every member sees the agency’s whole book',
  })
  agentsSeeAssignedOnly!: boolean;
}

export class UpdateTeamSettingsDto {
  @ApiProperty({ example: true, description: 'Agents see only the clients assigned to them' })
  @IsBoolean({ message: 'agentsSeeAssignedOnly must be true or false' })
  agentsSeeAssignedOnly!: boolean;
}
