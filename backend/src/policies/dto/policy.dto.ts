import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsInt, IsNotEmpty, IsOptional, IsString, IsUUID, Max, MaxLength, Min, ValidateIf } from 'class-validator';

import { IsCalendarDate } from '../../common/dates.js';
import type { PolicyCommission } from '../commissions.service.js';
import {
  MEDIGAP_PLANS,
  type MedigapPlan,
  type Policy,
  POLICY_STATUSES,
  POLICY_TYPES,
  type PolicyStatus,
  type PolicyType,
  TERMINATION_REASONS,
  type TerminationReason,
} from '../policy.entity.js';
import { ExpectedCommissionDto } from './expected-commission.dto.js';

export const CARRIER_MAX = 100;
export const PLAN_NAME_MAX = 200;
export const CARRIER_MEMBER_ID_MAX = 40;
/** $100,000 a month: above any premium, below what the column holds. */
export const PREMIUM_MAX_CENTS = 10_000_000;

/** A field that may be left out but, when sent, may not be null. */
const sent = (_: object, value: unknown) => value !== undefined;

const oneOf = (field: string, values: readonly string[]) => ({ message: `${field} must be one of: ${values.join(', ')}` });

/**
 * A policy's fields as sent. On a change, a field left out keeps its value and null clears an
 * optional one; the checks across fields (a plan ID's contract letter, a terminated policy's date)
 * are the service's, on the policy as it will stand.
 */
class PolicyFactsDto {
  @ApiPropertyOptional({
    type: String,
    nullable: true,
    example: 'H1234-001-000',
    description: 'CMS contract-plan-segment (Medicare Advantage, MAPD, Part D); the segment may be left out (000)',
  })
  @IsOptional()
  @IsString({ message: 'planId must be text such as H1234-001-000' })
  @MaxLength(20, { message: 'planId must be a CMS plan ID such as H1234-001-000' })
  planId?: string | null;

  @ApiPropertyOptional({
    enum: MEDIGAP_PLANS,
    nullable: true,
    description: 'Medigap only: the plan letter (HDF, HDG: high-deductible F, G)',
  })
  @IsOptional()
  @IsIn([...MEDIGAP_PLANS], oneOf('medigapPlan', MEDIGAP_PLANS))
  medigapPlan?: MedigapPlan | null;

  @ApiPropertyOptional({ enum: POLICY_STATUSES, description: 'Default pending' })
  @ValidateIf(sent)
  @IsIn([...POLICY_STATUSES], oneOf('status', POLICY_STATUSES))
  status?: PolicyStatus;

  @ApiPropertyOptional({ type: String, format: 'date', nullable: true, example: '2026-10-20' })
  @IsOptional()
  @IsCalendarDate()
  applicationDate?: string | null;

  @ApiPropertyOptional({ type: String, format: 'date', nullable: true, example: '2027-01-01' })
  @IsOptional()
  @IsCalendarDate()
  effectiveDate?: string | null;

  @ApiPropertyOptional({ type: String, format: 'date', nullable: true, description: 'Required when the status is terminated' })
  @IsOptional()
  @IsCalendarDate()
  terminationDate?: string | null;

  @ApiPropertyOptional({ enum: TERMINATION_REASONS, nullable: true, description: 'Terminated only; default other' })
  @IsOptional()
  @IsIn([...TERMINATION_REASONS], oneOf('terminationReason', TERMINATION_REASONS))
  terminationReason?: TerminationReason | null;

  @ApiPropertyOptional({
    type: 'integer',
    nullable: true,
    minimum: 0,
    maximum: PREMIUM_MAX_CENTS,
    example: 0,
    description: 'The monthly premium the client pays, in cents',
  })
  @IsOptional()
  @IsInt({ message: 'premiumCents must be a whole number of cents' })
  @Min(0, { message: 'premiumCents must be 0 or more' })
  @Max(PREMIUM_MAX_CENTS, { message: `premiumCents must be at most ${PREMIUM_MAX_CENTS}` })
  premiumCents?: number | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    maxLength: CARRIER_MEMBER_ID_MAX,
    example: 'HUM123456789',
    description: 'The carrier’s member ID for the client, as its commission statements name them',
  })
  @IsOptional()
  @IsString({ message: 'carrierMemberId must be text' })
  @MaxLength(CARRIER_MEMBER_ID_MAX, { message: `carrierMemberId must be at most ${CARRIER_MEMBER_ID_MAX} characters` })
  carrierMemberId?: string | null;

  @ApiPropertyOptional({
    type: String,
    format: 'uuid',
    nullable: true,
    description: 'The member who wrote it (one who has joined); by default whoever adds it, when they are an owner or agent',
  })
  @IsOptional()
  @IsUUID('all', { message: 'writingMemberId must be a member’s id' })
  writingMemberId?: string | null;

  @ApiPropertyOptional({
    type: String,
    format: 'uuid',
    nullable: true,
    description: 'The signed Scope of Appointment the application rests on (one of this client’s)',
  })
  @IsOptional()
  @IsUUID('all', { message: 'soaId must be a Scope of Appointment’s id' })
  soaId?: string | null;
}

/** A new policy: carrier, plan name and type are required. */
export class CreatePolicyDto extends PolicyFactsDto {
  @ApiProperty({ maxLength: CARRIER_MAX, example: 'Humana' })
  @IsString({ message: 'carrier must be text' })
  @IsNotEmpty({ message: 'carrier is required' })
  @MaxLength(CARRIER_MAX, { message: `carrier must be at most ${CARRIER_MAX} characters` })
  carrier!: string;

  @ApiProperty({ maxLength: PLAN_NAME_MAX, example: 'Humana Gold Plus H1234-001 (HMO)' })
  @IsString({ message: 'planName must be text' })
  @IsNotEmpty({ message: 'planName is required' })
  @MaxLength(PLAN_NAME_MAX, { message: `planName must be at most ${PLAN_NAME_MAX} characters` })
  planName!: string;

  @ApiProperty({ enum: POLICY_TYPES, example: 'mapd' })
  @IsIn([...POLICY_TYPES], oneOf('planType', POLICY_TYPES))
  planType!: PolicyType;
}

/** A change: what is left out keeps its value. */
export class UpdatePolicyDto extends PolicyFactsDto {
  @ApiPropertyOptional({ maxLength: CARRIER_MAX, example: 'Humana' })
  @ValidateIf(sent)
  @IsString({ message: 'carrier must be text' })
  @IsNotEmpty({ message: 'carrier is required' })
  @MaxLength(CARRIER_MAX, { message: `carrier must be at most ${CARRIER_MAX} characters` })
  carrier?: string;

  @ApiPropertyOptional({ maxLength: PLAN_NAME_MAX, example: 'Humana Gold Plus H1234-001 (HMO)' })
  @ValidateIf(sent)
  @IsString({ message: 'planName must be text' })
  @IsNotEmpty({ message: 'planName is required' })
  @MaxLength(PLAN_NAME_MAX, { message: `planName must be at most ${PLAN_NAME_MAX} characters` })
  planName?: string;

  @ApiPropertyOptional({ enum: POLICY_TYPES, example: 'mapd' })
  @ValidateIf(sent)
  @IsIn([...POLICY_TYPES], oneOf('planType', POLICY_TYPES))
  planType?: PolicyType;
}

/** A policy as the app shows it. */
export class PolicyDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'uuid' }) clientId!: string;
  @ApiProperty({ example: 'Humana' }) carrier!: string;
  @ApiProperty({ example: 'Humana Gold Plus H1234-001 (HMO)' }) planName!: string;
  @ApiProperty({ type: String, nullable: true, example: 'H1234-001-000' }) planId!: string | null;
  @ApiProperty({ enum: POLICY_TYPES }) planType!: PolicyType;
  @ApiProperty({ enum: MEDIGAP_PLANS, nullable: true }) medigapPlan!: MedigapPlan | null;
  @ApiProperty({ enum: POLICY_STATUSES }) status!: PolicyStatus;
  @ApiProperty({ type: String, format: 'date', nullable: true }) applicationDate!: string | null;
  @ApiProperty({ type: String, format: 'date', nullable: true }) effectiveDate!: string | null;
  @ApiProperty({ type: String, format: 'date', nullable: true }) terminationDate!: string | null;
  @ApiProperty({ enum: TERMINATION_REASONS, nullable: true }) terminationReason!: TerminationReason | null;
  @ApiProperty({ type: Number, nullable: true, description: 'Monthly premium in cents' }) premiumCents!: number | null;
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) writingMemberId!: string | null;
  @ApiProperty({ type: String, format: 'date-time' }) createdAt!: string;
  @ApiProperty({ type: String, format: 'date-time' }) updatedAt!: string;
  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: 'The signed Scope of Appointment the application rests on' })
  soaId!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'The carrier’s member ID for the client' }) carrierMemberId!: string | null;
  @ApiProperty({
    type: ExpectedCommissionDto,
    nullable: true,
    description:
      'What the carrier’s schedule pays for it now (null: no schedule, a declined policy, or a member who does not see commissions)',
  })
  expectedCommission!: ExpectedCommissionDto | null;
  @ApiProperty({
    type: 'integer',
    nullable: true,
    description: 'Commission paid for it in all, by the statements imported, in cents (null for a member who does not see commissions)',
  })
  paidCommissionCents!: number | null;

  static from(policy: Policy, commission?: PolicyCommission | null): PolicyDto {
    return {
      id: policy.id,
      clientId: policy.client,
      carrier: policy.carrier,
      planName: policy.planName,
      planId: policy.planId ?? null,
      planType: policy.planType,
      medigapPlan: policy.medigapPlan ?? null,
      status: policy.status,
      applicationDate: policy.applicationDate ?? null,
      effectiveDate: policy.effectiveDate ?? null,
      terminationDate: policy.terminationDate ?? null,
      terminationReason: policy.terminationReason ?? null,
      premiumCents: policy.premiumCents ?? null,
      writingMemberId: policy.writingMemberId ?? null,
      createdAt: policy.createdAt.toISOString(),
      updatedAt: policy.updatedAt.toISOString(),
      soaId: policy.soaId ?? null,
      carrierMemberId: policy.carrierMemberId ?? null,
      expectedCommission: commission?.expectedCommission ?? null,
      paidCommissionCents: commission ? commission.paidCommissionCents : null,
    };
  }
}
