import { ApiProperty } from '@nestjs/swagger';

import { type Language, LANGUAGES } from '../../common/language.js';
import { MEMBER_ROLES, type MemberRole, type Permission, PERMISSIONS, ROLE_PERMISSIONS } from '../../members/roles.js';
import {
  SUBSCRIPTION_STATUSES,
  SUBSCRIPTION_TIERS,
  type SubscriptionStatus,
  type SubscriptionTier,
  type User,
} from '../../users/user.entity.js';
import type { RequestMember } from '../access.decorators.js';

/** The agency member the signed-in person is: what the app may offer them. */
export class CurrentMemberDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ enum: MEMBER_ROLES }) role!: MemberRole;
  @ApiProperty({ enum: PERMISSIONS, isArray: true, description: 'What this member may do (their role’s permissions)' })
  permissions!: Permission[];
  @ApiProperty({ description: 'They see only the clients assigned to them (an agent, when the agency keeps agents to their own clients)' })
  seesOnlyAssigned!: boolean;
}

/**
 * The signed-in broker or admin: SPEC §3 "Current user", with id and subscription fields. The user is
 * the agency (its branding and subscription); `member` is the person signed in to it.
 */
export class CurrentUserDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ type: String, nullable: true }) firstName!: string | null;
  @ApiProperty({ type: String, nullable: true }) lastName!: string | null;
  @ApiProperty({ type: String, nullable: true }) email!: string | null;
  @ApiProperty({ type: String, nullable: true }) profileImageUrl!: string | null;
  @ApiProperty() isAdmin!: boolean;
  @ApiProperty({ example: '#2563eb' }) primaryColor!: string;
  @ApiProperty({ example: '#10b981' }) secondaryColor!: string;
  @ApiProperty({ type: String, nullable: true }) logoUrl!: string | null;
  @ApiProperty() agencyName!: string;
  @ApiProperty() agencyPhone!: string;
  @ApiProperty({ maxLength: 150 }) sponsorMessage!: string;
  @ApiProperty({ maxLength: 150, description: 'The sponsor message for Spanish-speaking clients; empty: they get the English one' })
  sponsorMessageEs!: string;
  @ApiProperty({ enum: LANGUAGES, description: 'The language of this person’s app' }) language!: Language;
  @ApiProperty({ description: 'The agency sells Medicare plans: marketing and the portal carry the TPMO disclaimer' }) sellsPlans!: boolean;
  @ApiProperty({ description: 'Postal address for e-mail footers; a campaign cannot go out without it' }) agencyAddress!: string;
  @ApiProperty({
    description: 'The broker answered whether the agency sells Medicare plans (false: never asked; no campaign goes out until it is)',
  })
  tpmoAnswered!: boolean;
  @ApiProperty({ type: Number, nullable: true }) tpmoOrganizations!: number | null;
  @ApiProperty({ type: Number, nullable: true }) tpmoPlans!: number | null;
  @ApiProperty({ type: String, nullable: true, description: 'The broker’s own wording; null: the generated text' }) tpmoDisclaimer!:
    string | null;
  @ApiProperty({ enum: SUBSCRIPTION_TIERS }) subscriptionTier!: SubscriptionTier;
  @ApiProperty({ enum: SUBSCRIPTION_STATUSES }) subscriptionStatus!: SubscriptionStatus;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) trialEndsAt!: string | null;
  @ApiProperty({ type: String, format: 'date-time' }) createdAt!: string;
  @ApiProperty({ type: CurrentMemberDto, description: 'The person signed in: their membership of this agency' })
  member!: CurrentMemberDto;

  static from(user: User, member: RequestMember): CurrentUserDto {
    return {
      id: user.id,
      firstName: member.firstName ?? null,
      lastName: member.lastName ?? null,
      email: member.email ?? null,
      profileImageUrl: user.profileImageUrl ?? null,
      isAdmin: user.isAdmin,
      primaryColor: user.primaryColor,
      secondaryColor: user.secondaryColor,
      logoUrl: user.logoUrl ?? null,
      agencyName: user.agencyName,
      agencyPhone: user.agencyPhone,
      sponsorMessage: user.sponsorMessage,
      sponsorMessageEs: user.sponsorMessageEs,
      language: member.language ?? user.language,
      sellsPlans: user.sellsPlans,
      agencyAddress: user.agencyAddress,
      tpmoAnswered: Boolean(user.tpmoAnsweredAt),
      tpmoOrganizations: user.tpmoOrganizations ?? null,
      tpmoPlans: user.tpmoPlans ?? null,
      tpmoDisclaimer: user.tpmoDisclaimer ?? null,
      subscriptionTier: user.subscriptionTier,
      subscriptionStatus: user.subscriptionStatus,
      trialEndsAt: user.trialEndsAt?.toISOString() ?? null,
      createdAt: user.createdAt.toISOString(),
      member: {
        id: member.id,
        role: member.role,
        permissions: [...ROLE_PERMISSIONS[member.role]],
        seesOnlyAssigned: member.book.assignedTo !== null,
      },
    };
  }
}
