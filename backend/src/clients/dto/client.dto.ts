import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  ArrayNotEmpty,
  IsArray,
  IsBoolean,
  IsIn,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUUID,
  MaxLength,
  ValidateBy,
  ValidateIf,
  type ValidationArguments,
} from 'class-validator';

import { type Language, LANGUAGES } from '../../common/language.js';
import { IsOptionalNotNull } from '../../common/validation.js';
import { ATTESTATIONS } from '../../consent/attestations.js';
import { MEDIGAP_PLANS, type MedigapPlan, POLICY_TYPES, type PolicyStatus, type PolicyType } from '../../policies/policy.entity.js';
import { DEPARTURE_REASONS, type DepartureReason, PLAN_TYPES, type PlanType, RISK_LEVELS, type RiskLevel } from '../client.entity.js';
import {
  CARRIER_MAX_LENGTH,
  dateOfBirthProblem,
  MIN_DATE_OF_BIRTH,
  MIN_PLAN_EFFECTIVE_DATE,
  planEffectiveDateProblem,
} from '../client-facts.js';
import { NAME_MAX_LENGTH, NOTES_MAX_LENGTH } from '../contact.js';
import { PendingContactChangeDto } from './contact-change.dto.js';

/** A date checked by `problemOf` (null passes: it clears the field). */
function IsFactDate(name: string, problemOf: (value: unknown) => string | undefined): PropertyDecorator {
  return ValidateBy({
    name,
    validator: {
      validate: (value: unknown) => value === null || problemOf(value) === undefined,
      defaultMessage: (args?: ValidationArguments) => problemOf(args?.value) ?? `${args?.property} is not valid`,
    },
  });
}

const PLAN_TYPE_MESSAGE = `planType must be one of: ${PLAN_TYPES.join(', ')}`;
const DEPARTURE_REASON_MESSAGE = `departureReason must be one of: ${DEPARTURE_REASONS.join(', ')}`;

/** The client's facts a broker keeps (create and edit alike): date of birth, plan, carrier. */
class ClientFactsInput {
  @ApiPropertyOptional({
    type: String,
    format: 'date',
    nullable: true,
    example: '1958-04-23',
    description: `YYYY-MM-DD, a real date from ${MIN_DATE_OF_BIRTH} to today; null clears it`,
  })
  @IsOptional()
  @IsFactDate('isDateOfBirth', (value) => dateOfBirthProblem(value))
  dateOfBirth?: string | null;

  @ApiPropertyOptional({ enum: PLAN_TYPES, nullable: true, example: 'medicare_advantage', description: 'null clears it' })
  @IsOptional()
  @IsIn(PLAN_TYPES, { message: PLAN_TYPE_MESSAGE })
  planType?: PlanType | null;

  @ApiPropertyOptional({
    type: String,
    format: 'date',
    nullable: true,
    example: '2026-01-01',
    description: `When the current plan took effect, YYYY-MM-DD, from ${MIN_PLAN_EFFECTIVE_DATE} to a year from today; null clears it`,
  })
  @IsOptional()
  @IsFactDate('isPlanEffectiveDate', (value) => planEffectiveDateProblem(value))
  planEffectiveDate?: string | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    maxLength: CARRIER_MAX_LENGTH,
    example: 'Humana',
    description: 'The plan’s insurance company, as the broker writes it; null or blank clears it',
  })
  @IsOptional()
  @IsString({ message: 'carrier must be text' })
  @MaxLength(CARRIER_MAX_LENGTH, { message: `carrier must be at most ${CARRIER_MAX_LENGTH} characters` })
  carrier?: string | null;
}

/** The client's current policy, as the list's Current plan column shows it (docs/clients.md). */
export class CurrentPolicyDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ example: 'Humana' }) carrier!: string;
  @ApiProperty({ example: 'Humana Gold Plus H1234-001 (HMO)' }) planName!: string;
  @ApiProperty({ type: String, nullable: true, example: 'H1234-001-000' }) planId!: string | null;
  @ApiProperty({ enum: POLICY_TYPES, example: 'mapd' }) planType!: PolicyType;
  @ApiProperty({ enum: MEDIGAP_PLANS, nullable: true, example: null }) medigapPlan!: MedigapPlan | null;
  @ApiProperty({ enum: ['active', 'pending'], description: 'A current policy is active, or pending when none is active' })
  status!: PolicyStatus;
  @ApiProperty({ type: String, format: 'date', nullable: true, example: '2026-01-01' }) effectiveDate!: string | null;
  @ApiProperty({ type: String, format: 'date', nullable: true, example: null }) terminationDate!: string | null;
}

export const INVITE_STATUSES = ['none', 'pending', 'expired', 'accepted'] as const;
export type InviteStatus = (typeof INVITE_STATUSES)[number];

/** A broker's client as the broker sees it (SPEC §3 "Client (broker's)"). */
export class ClientDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() firstName!: string;
  @ApiProperty() lastName!: string;
  @ApiProperty({ type: String, nullable: true }) email!: string | null;
  @ApiProperty({ example: '+16155550142', description: 'E.164' }) phone!: string;
  @ApiProperty() isActive!: boolean;
  @ApiProperty({ minimum: 0, maximum: 100 }) engagementScore!: number;
  @ApiProperty({ type: String, nullable: true, description: 'The broker’s own notes; never shown to the client, never exported' })
  notes!: string | null;
  @ApiProperty({ type: String, nullable: true, example: '33602', description: 'Five-digit ZIP code: the client’s time zone and state' })
  zip!: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'FL', description: 'Two-letter state: its calling hours apply to marketing' })
  state!: string | null;
  @ApiProperty({ enum: LANGUAGES, example: 'es', description: 'The language of the client’s portal, texts, calls and e-mails' })
  language!: Language;
  @ApiProperty({ enum: INVITE_STATUSES, description: '`accepted`: registered in the portal' }) inviteStatus!: InviteStatus;
  @ApiProperty({ description: 'Whether an invitation has been sent; the token itself is never returned' })
  inviteToken!: boolean;
  @ApiProperty({ type: String, format: 'date-time' }) createdAt!: string;
  @ApiProperty({ type: String, format: 'date', nullable: true, example: '1958-04-23' }) dateOfBirth!: string | null;
  @ApiProperty({ enum: PLAN_TYPES, nullable: true, example: 'medicare_advantage' }) planType!: PlanType | null;
  @ApiProperty({ type: String, format: 'date', nullable: true, example: '2026-01-01', description: 'When the current plan took effect' })
  planEffectiveDate!: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'Humana', description: 'The plan’s insurance company' }) carrier!: string | null;
  @ApiProperty({
    enum: DEPARTURE_REASONS,
    nullable: true,
    example: null,
    description: 'Why the client left, given when they were made inactive (null while active)',
  })
  departureReason!: DepartureReason | null;
  @ApiProperty({
    minimum: 0,
    maximum: 100,
    example: 42,
    description: 'How likely the client is to leave (docs/clients.md “At-risk score”)',
  })
  riskScore!: number;
  @ApiProperty({ enum: RISK_LEVELS, example: 'medium', description: 'high from 60, medium from 35; “at risk” is high' })
  riskLevel!: RiskLevel;
  @ApiProperty({
    type: [String],
    example: ['engagement_falling', 'plan_anniversary_soon'],
    description: 'The signals behind the score, as codes',
  })
  riskReasons!: string[];
  @ApiProperty({
    type: [PendingContactChangeDto],
    description: 'Phone or e-mail changes waiting for the registered client to confirm them in their portal',
  })
  pendingContactChanges!: PendingContactChangeDto[];
  @ApiProperty({
    type: String,
    format: 'uuid',
    nullable: true,
    description: 'The agency member who looks after the client (GET /api/members); null: nobody yet',
  })
  assignedMemberId!: string | null;
  @ApiProperty({
    type: CurrentPolicyDto,
    nullable: true,
    description:
      'The client’s current policy: an active one (latest effective date first), else a pending one; null when neither (GET /api/clients/{id}/policies lists them all)',
  })
  currentPolicy!: CurrentPolicyDto | null;
}

export class CreateClientDto extends ClientFactsInput {
  @ApiProperty({ maxLength: NAME_MAX_LENGTH })
  @IsString()
  @IsNotEmpty({ message: 'firstName is required' })
  @MaxLength(NAME_MAX_LENGTH)
  firstName!: string;

  @ApiProperty({ maxLength: NAME_MAX_LENGTH })
  @IsString()
  @IsNotEmpty({ message: 'lastName is required' })
  @MaxLength(NAME_MAX_LENGTH)
  lastName!: string;

  @ApiPropertyOptional({ type: String, nullable: true })
  @IsOptional()
  @IsString()
  email?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: NOTES_MAX_LENGTH })
  @IsOptional()
  @IsString({ message: 'notes must be text' })
  @MaxLength(NOTES_MAX_LENGTH, { message: `notes must be at most ${NOTES_MAX_LENGTH} characters` })
  notes?: string | null;

  @ApiProperty({ example: '(615) 555-0142', description: 'Any usual US form or E.164; stored as E.164' })
  @IsString()
  @IsNotEmpty({ message: 'phone is required' })
  phone!: string;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    example: '33602',
    description: 'Five-digit ZIP code (ZIP+4 accepted); null clears it',
  })
  @IsOptional()
  @IsString({ message: 'zip must be text' })
  @MaxLength(20, { message: 'zip must be a 5-digit ZIP code' })
  zip?: string | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    example: 'FL',
    description: 'Two-letter US state; taken from the ZIP code when not given',
  })
  @IsOptional()
  @IsString({ message: 'state must be text' })
  @MaxLength(20, { message: 'state must be a two-letter US state code such as FL' })
  state?: string | null;

  @ApiPropertyOptional({
    enum: LANGUAGES,
    default: 'en',
    description: 'The language of the client’s portal, texts, calls and e-mails (en or es)',
  })
  @IsOptionalNotNull()
  @IsIn(LANGUAGES, { message: 'language must be en (English) or es (Spanish)' })
  language?: Language;

  @ApiPropertyOptional({
    default: true,
    description: `The broker attests: “${ATTESTATIONS.reminders}” Recorded in the consent ledger for calls, texts and e-mails; false records nothing (broker reminders to the client are then skipped).`,
  })
  @IsOptionalNotNull()
  @IsBoolean({ message: 'remindersConsent must be true or false' })
  remindersConsent?: boolean;

  @ApiPropertyOptional({
    default: false,
    description: `The broker attests: “${ATTESTATIONS.marketing}” Without it, campaigns and the sponsor message do not reach the client.`,
  })
  @IsOptionalNotNull()
  @IsBoolean({ message: 'marketingConsent must be true or false' })
  marketingConsent?: boolean;
}

export class UpdateClientDto extends ClientFactsInput {
  @ApiPropertyOptional({ maxLength: NAME_MAX_LENGTH })
  @IsOptionalNotNull()
  @IsString()
  @IsNotEmpty({ message: 'firstName cannot be empty' })
  @MaxLength(NAME_MAX_LENGTH)
  firstName?: string;

  @ApiPropertyOptional({ maxLength: NAME_MAX_LENGTH })
  @IsOptionalNotNull()
  @IsString()
  @IsNotEmpty({ message: 'lastName cannot be empty' })
  @MaxLength(NAME_MAX_LENGTH)
  lastName?: string;

  @ApiPropertyOptional({ type: String, nullable: true })
  @IsOptional()
  @IsString()
  email?: string | null;

  @ApiPropertyOptional()
  @IsOptionalNotNull()
  @IsString()
  @IsNotEmpty({ message: 'phone cannot be empty' })
  phone?: string;

  @ApiPropertyOptional()
  @IsOptionalNotNull()
  @IsBoolean()
  isActive?: boolean;

  @ApiPropertyOptional({
    enum: DEPARTURE_REASONS,
    default: 'other',
    example: 'switched_agent',
    description: 'Why the client leaves, with isActive: false (default other); on an inactive client it corrects the reason',
  })
  @IsOptionalNotNull()
  @IsIn(DEPARTURE_REASONS, { message: DEPARTURE_REASON_MESSAGE })
  departureReason?: DepartureReason;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: NOTES_MAX_LENGTH, description: 'Null or blank clears them' })
  @IsOptional()
  @IsString({ message: 'notes must be text' })
  @MaxLength(NOTES_MAX_LENGTH, { message: `notes must be at most ${NOTES_MAX_LENGTH} characters` })
  notes?: string | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    example: '33602',
    description: 'Five-digit ZIP code (ZIP+4 accepted); null clears it',
  })
  @IsOptional()
  @IsString({ message: 'zip must be text' })
  @MaxLength(20, { message: 'zip must be a 5-digit ZIP code' })
  zip?: string | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    example: 'FL',
    description: 'Two-letter US state; taken from the ZIP code when not given',
  })
  @IsOptional()
  @IsString({ message: 'state must be text' })
  @MaxLength(20, { message: 'state must be a two-letter US state code such as FL' })
  state?: string | null;

  @ApiPropertyOptional({
    enum: LANGUAGES,
    default: 'en',
    description: 'The language of the client’s portal, texts, calls and e-mails (en or es)',
  })
  @IsOptionalNotNull()
  @IsIn(LANGUAGES, { message: 'language must be en (English) or es (Spanish)' })
  language?: Language;
}

export class LimitWarningDto {
  @ApiProperty({ example: 'You have 490 of 500 active clients on your plan.' }) message!: string;
}

export class CreatedClientDto extends ClientDto {
  @ApiPropertyOptional({ type: LimitWarningDto, description: 'Present when the new count is near or over the limit' })
  warning?: LimitWarningDto;
}

export class ContactChangeNoticeDto {
  @ApiProperty({ example: 'Waiting for the client to confirm the new phone number. Messages keep going to the current one until they do.' })
  message!: string;
}

export class UpdatedClientDto extends ClientDto {
  @ApiPropertyOptional({
    type: ContactChangeNoticeDto,
    description: 'Present when a new phone or e-mail of a registered client waits for their confirmation',
  })
  notice?: ContactChangeNoticeDto;
}

export class InviteLinkDto {
  @ApiProperty({ example: 'https://app.example.com/client/register/…' }) inviteUrl!: string;
  @ApiProperty({ type: String, format: 'date-time' }) expiresAt!: string;
  @ApiProperty() message!: string;
}

export class InviteResultDto {
  @ApiProperty({ description: 'Whether the text message went out' }) success!: boolean;
  @ApiProperty() message!: string;
  @ApiProperty({ example: 'https://app.example.com/client/register/…' }) inviteUrl!: string;
}

export class UpgradeOptionDto {
  @ApiProperty({ enum: ['overage', 'pmpm', 'manage'], example: 'pmpm' }) type!: 'overage' | 'pmpm' | 'manage';
  @ApiProperty({ example: 'Switch to per-client pricing' }) title!: string;
  @ApiProperty({ example: 'No client limit: pay for each active client each month.' }) description!: string;
  @ApiProperty({ example: 46800, description: 'Cents per month' }) estimatedCost!: number;
}

export class ClientUsageDto {
  @ApiProperty({ enum: ['flat', 'pmpm'], example: 'flat' }) tier!: 'flat' | 'pmpm';
  @ApiProperty({ example: 468 }) activeCount!: number;
  @ApiProperty({ example: 503 }) totalCount!: number;
  @ApiProperty({ type: Number, nullable: true, example: 500, description: 'null: no limit' }) limit!: number | null;
  @ApiProperty({ example: false }) overageEnabled!: boolean;
  @ApiProperty({ enum: ['none', 'approaching', 'soft', 'blocked'], example: 'approaching' })
  warningLevel!: 'none' | 'approaching' | 'soft' | 'blocked';
  @ApiProperty({ type: [UpgradeOptionDto] }) upgradeOptions!: UpgradeOptionDto[];
}

export const BULK_CLIENT_ACTIONS = ['invite', 'activate', 'deactivate', 'delete'] as const;
export type BulkClientAction = (typeof BULK_CLIENT_ACTIONS)[number];
export const BULK_MAX_CLIENTS = 1000;

/** The clients selected in the table for one action: 1 to 1,000 ids, each a client's. */
const SelectedClientIds = () =>
  applyDecorators(
    ApiProperty({ type: [String], format: 'uuid', minItems: 1, maxItems: BULK_MAX_CLIENTS }),
    IsArray({ message: 'ids must be a list of client ids' }),
    ArrayNotEmpty({ message: 'Select at least one client' }),
    ArrayMaxSize(BULK_MAX_CLIENTS, { message: `Select at most ${BULK_MAX_CLIENTS} clients at once` }),
    IsUUID('all', { each: true, message: 'ids must be a list of client ids' }),
  );

/** One action on the clients the broker selected in the table. */
export class BulkClientsDto {
  @ApiProperty({
    enum: BULK_CLIENT_ACTIONS,
    description: 'invite: send or resend invitations; activate / deactivate; delete (all or nothing)',
  })
  @IsIn(BULK_CLIENT_ACTIONS, { message: `action must be one of: ${BULK_CLIENT_ACTIONS.join(', ')}` })
  action!: BulkClientAction;

  @SelectedClientIds()
  ids!: string[];

  @ApiPropertyOptional({
    enum: DEPARTURE_REASONS,
    default: 'other',
    example: 'moved',
    description: 'With deactivate or delete: why the clients leave (default other)',
  })
  @IsOptionalNotNull()
  @IsIn(DEPARTURE_REASONS, { message: DEPARTURE_REASON_MESSAGE })
  departureReason?: DepartureReason;
}

/** `DELETE /api/clients/{id}?reason=`. */
export class DeleteClientQueryDto {
  @ApiPropertyOptional({ enum: DEPARTURE_REASONS, default: 'other', example: 'deceased', description: 'Why the client leaves' })
  @IsOptionalNotNull()
  @IsIn(DEPARTURE_REASONS, { message: `reason must be one of: ${DEPARTURE_REASONS.join(', ')}` })
  reason?: DepartureReason;
}

export class BulkFailureDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ example: 'Margaret Hughes' }) name!: string;
  @ApiProperty({ example: 'Margaret Hughes is already registered.' }) reason!: string;
}

/** What a bulk action did: how many clients it changed (or invited), and each one it could not, with why. */
/** Hands the selected clients to a member who has joined (or to nobody). */
export class AssignClientsDto {
  @SelectedClientIds()
  ids!: string[];

  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: 'A member who has joined (GET /api/members); null: nobody' })
  @ValidateIf((_, value) => value !== null)
  @IsUUID('all', { message: 'memberId must be a member’s id, or null' })
  memberId!: string | null;
}

/** What assigning did. */
export class AssignedClientsDto {
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) memberId!: string | null;
  @ApiProperty({ description: 'Clients whose member changed (the others had them already)' }) done!: number;
  @ApiProperty({ example: 'Assigned 3 clients to Luis Ortega.' }) message!: string;
}

export class BulkResultDto {
  @ApiProperty({ enum: BULK_CLIENT_ACTIONS }) action!: BulkClientAction;
  @ApiProperty({ description: 'Clients changed, or invited by text' }) done!: number;
  @ApiProperty({ type: [BulkFailureDto] }) failed!: BulkFailureDto[];
  @ApiProperty({ example: 'Invitations: 12 sent, 1 not sent.' }) message!: string;
}

export class EngagementPointDto {
  @ApiProperty({ description: 'A day, YYYY-MM-DD (UTC)' }) day!: string;
  @ApiProperty({ minimum: 0, maximum: 100 }) score!: number;
}

export class EngagementHistoryDto {
  @ApiProperty({ minimum: 0, maximum: 100 }) score!: number;
  @ApiProperty({ type: [EngagementPointDto], description: 'Oldest first' }) points!: EngagementPointDto[];
}
