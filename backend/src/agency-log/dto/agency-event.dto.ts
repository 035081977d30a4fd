import { ApiProperty } from '@nestjs/swagger';

import { MEMBER_ROLES, type MemberRole } from '../../members/roles.js';
import { AGENCY_ACTIONS, AGENCY_TARGETS, type AgencyAction, type AgencyTarget } from '../agency-actions.js';

/** The member who acted, as the log names them (a removed member stays named, marked removed). */
export class AgencyEventMemberDto {
  @ApiProperty({ format: 'uuid', example: '3c9a1f2e-7b4d-4e8a-9f01-2d3c4b5a6e7f' }) id!: string;
  @ApiProperty({ type: String, nullable: true, example: 'Maria Lopez', description: 'First and last name; null when neither is known' })
  name!: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'maria@sunrise-benefits.example' }) email!: string | null;
  @ApiProperty({ enum: MEMBER_ROLES, example: 'agent', description: 'Their role today (or when they were removed)' }) role!: MemberRole;
  @ApiProperty({ example: false, description: 'Whether they have since been removed from the agency' }) removed!: boolean;
}

/** The API token a change came through. */
export class AgencyEventTokenDto {
  @ApiProperty({ format: 'uuid', example: '0d4b2c8e-1f3a-4b5c-9d6e-7f8a9b0c1d2e' }) id!: string;
  @ApiProperty({ example: 'Zapier' }) name!: string;
}

/** One entry of the agency activity log: who changed what, when, from where, and the changed fields before and after. */
export class AgencyEventDto {
  @ApiProperty({ format: 'uuid', example: '019377a2-5c1e-7d3a-9b8c-4e5f6a7b8c9d' }) id!: string;
  @ApiProperty({ type: String, format: 'date-time', example: '2026-11-30T15:42:10.123Z' }) createdAt!: string;
  @ApiProperty({ type: AgencyEventMemberDto }) member!: AgencyEventMemberDto;
  @ApiProperty({
    type: AgencyEventTokenDto,
    nullable: true,
    description: 'The API token the change came through; null for a signed-in member',
  })
  viaToken!: AgencyEventTokenDto | null;
  @ApiProperty({ type: String, nullable: true, example: '203.0.113.24', description: 'The address the request came from' })
  ipAddress!: string | null;
  @ApiProperty({ enum: AGENCY_ACTIONS, example: 'client_created' }) action!: AgencyAction;
  @ApiProperty({ enum: AGENCY_TARGETS, example: 'client', description: 'What the action was done to; clients: several at once' })
  targetType!: AgencyTarget;
  @ApiProperty({ type: String, format: 'uuid', nullable: true, example: '019377a1-0b2c-7d3e-8f4a-5b6c7d8e9f0a' }) targetId!: string | null;
  @ApiProperty({ example: 'Added the client Rosa Diaz' }) summary!: string;
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    nullable: true,
    example: { phone: '+16155550142' },
    description: 'The changed fields as they were; a client’s notes show only "(not recorded)". Never health data.',
  })
  before!: Record<string, unknown> | null;
  @ApiProperty({ type: 'object', additionalProperties: true, nullable: true, example: { phone: '+16155550199' } })
  after!: Record<string, unknown> | null;
}
