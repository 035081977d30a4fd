import { ApiProperty } from '@nestjs/swagger';
import { IsEmail, IsIn, IsString, MaxLength } from 'class-validator';

import type { Member } from '../member.entity.js';
import type { MemberStatus, MemberWithBook } from '../members.service.js';
import { statusOf } from '../members.service.js';
import { MEMBER_ROLES, type MemberRole } from '../roles.js';

const ROLE_MESSAGE = `role must be one of: ${MEMBER_ROLES.join(', ')}`;

/** A member of the agency, or a person invited to it, as the Team page lists them. */
export class MemberDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ type: String, nullable: true, example: 'maria.lopez@sunrise-benefits.com' })
  email!: string | null;

  @ApiProperty({ type: String, nullable: true, example: 'María' })
  firstName!: string | null;

  @ApiProperty({ type: String, nullable: true, example: 'López' })
  lastName!: string | null;

  @ApiProperty({ enum: MEMBER_ROLES })
  role!: MemberRole;

  @ApiProperty({
    enum: ['active', 'invited', 'expired'],
    description: 'active: has joined; invited: the invitation’s link still works; expired: it no longer does (send a new one)',
  })
  status!: MemberStatus;

  @ApiProperty({ description: 'Clients assigned to them' })
  clients!: number;

  @ApiProperty({ format: 'date-time', description: 'When they joined or were invited' })
  createdAt!: string;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  lastSignInAt!: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'Until when the invitation’s link works' })
  invitationExpiresAt!: string | null;

  static from({ member, clients }: MemberWithBook, now: Date): MemberDto {
    return {
      id: member.id,
      email: member.email ?? null,
      firstName: member.firstName ?? null,
      lastName: member.lastName ?? null,
      role: member.role,
      status: statusOf(member, now),
      clients,
      createdAt: member.createdAt.toISOString(),
      lastSignInAt: member.lastSignInAt?.toISOString() ?? null,
      invitationExpiresAt: member.invitationHash ? (member.invitationExpiresAt?.toISOString() ?? null) : null,
    };
  }
}

/** An invitation just sent: the member, and the link (also in the e-mail) for the owner to pass on another way. */
export class InvitedMemberDto extends MemberDto {
  @ApiProperty({ example: 'https://app.carekeep.example/api/join?token=…', description: 'Shown once; valid 7 days' })
  invitationUrl!: string;

  static invited(member: Member, url: string, now: Date): InvitedMemberDto {
    return { ...MemberDto.from({ member, clients: 0 }, now), invitationUrl: url };
  }
}

export class InviteMemberDto {
  @ApiProperty({ example: 'maria.lopez@sunrise-benefits.com' })
  @IsString({ message: 'Enter an e-mail address such as name@agency.com' })
  @MaxLength(254, { message: 'An e-mail address has at most 254 characters' })
  @IsEmail({}, { message: 'Enter an e-mail address such as name@agency.com' })
  email!: string;

  @ApiProperty({ enum: MEMBER_ROLES, example: 'agent' })
  @IsIn(MEMBER_ROLES, { message: ROLE_MESSAGE })
  role!: MemberRole;
}

export class ChangeRoleDto {
  @ApiProperty({ enum: MEMBER_ROLES, example: 'assistant' })
  @IsIn(MEMBER_ROLES, { message: ROLE_MESSAGE })
  role!: MemberRole;
}

/** What removing a member did. */
export class RemovedMemberDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ format: 'uuid', description: 'The member who now has their clients' })
  reassignedTo!: string;

  @ApiProperty({ description: 'Clients handed to that member' })
  clientsReassigned!: number;
}
