import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  IsIn,
  IsInt,
  IsNotEmpty,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateIf,
  ValidateNested,
} from 'class-validator';

import { COMMISSION_MAX_CENTS, type CommissionSchedule } from '../commission-schedule.entity.js';
import {
  type CommissionStatement,
  MATCH_KINDS,
  type MatchKind,
  STATEMENT_STATUSES,
  type StatementMapping,
  type StatementStatus,
} from '../commission-statement.entity.js';
import { POLICY_TYPES, type PolicyType } from '../policy.entity.js';
import { HEADER_MAX } from '../statement-csv.js';
import { ExpectedCommissionDto } from './expected-commission.dto.js';
import { CARRIER_MAX } from './policy.dto.js';

const sent = (_: object, value: unknown) => value !== undefined;
const oneOf = (field: string, values: readonly string[]) => ({ message: `${field} must be one of: ${values.join(', ')}` });

const cents = (field: string) => [
  IsInt({ message: `${field} must be a whole number of cents` }),
  Min(0, { message: `${field} must be 0 or more` }),
  Max(COMMISSION_MAX_CENTS, { message: `${field} must be at most ${COMMISSION_MAX_CENTS}` }),
];
const apply =
  (decorators: PropertyDecorator[]): PropertyDecorator =>
  (target, key) =>
    decorators.forEach((d) => d(target, key));

/** A schedule's plan type: null covers every plan type of the carrier without a schedule of its own. */
class ScheduleTypeDto {
  @ApiPropertyOptional({ enum: POLICY_TYPES, nullable: true, description: 'null: every plan type of the carrier without its own schedule' })
  @IsOptional()
  @IsIn([...POLICY_TYPES], oneOf('planType', POLICY_TYPES))
  planType?: PolicyType | null;
}

const carrierChecks = [
  IsString({ message: 'carrier must be text' }),
  IsNotEmpty({ message: 'carrier is required' }),
  MaxLength(CARRIER_MAX, { message: `carrier must be at most ${CARRIER_MAX} characters` }),
];

/** A carrier's schedule: what it pays a year for a policy, initial and renewal, in cents. */
export class CreateCommissionScheduleDto extends ScheduleTypeDto {
  @ApiProperty({ maxLength: CARRIER_MAX, example: 'Humana' })
  @apply(carrierChecks)
  carrier!: string;

  @ApiProperty({ type: 'integer', minimum: 0, maximum: COMMISSION_MAX_CENTS, example: 61100, description: 'A year, in cents' })
  @apply(cents('initialAnnualCents'))
  initialAnnualCents!: number;

  @ApiProperty({ type: 'integer', minimum: 0, maximum: COMMISSION_MAX_CENTS, example: 30600, description: 'A year, in cents' })
  @apply(cents('renewalAnnualCents'))
  renewalAnnualCents!: number;
}

/** A change: what is left out keeps its value. */
export class UpdateCommissionScheduleDto extends ScheduleTypeDto {
  @ApiPropertyOptional({ maxLength: CARRIER_MAX, example: 'Humana' })
  @ValidateIf(sent)
  @apply(carrierChecks)
  carrier?: string;

  @ApiPropertyOptional({ type: 'integer', minimum: 0, maximum: COMMISSION_MAX_CENTS, example: 61100, description: 'A year, in cents' })
  @ValidateIf(sent)
  @apply(cents('initialAnnualCents'))
  initialAnnualCents?: number;

  @ApiPropertyOptional({ type: 'integer', minimum: 0, maximum: COMMISSION_MAX_CENTS, example: 30600, description: 'A year, in cents' })
  @ValidateIf(sent)
  @apply(cents('renewalAnnualCents'))
  renewalAnnualCents?: number;
}

export class CommissionScheduleDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ example: 'Humana' }) carrier!: string;
  @ApiProperty({ enum: POLICY_TYPES, nullable: true }) planType!: PolicyType | null;
  @ApiProperty({ type: 'integer', description: 'A year, in cents' }) initialAnnualCents!: number;
  @ApiProperty({ type: 'integer', description: 'A year, in cents' }) renewalAnnualCents!: number;
  @ApiProperty({ type: String, format: 'date-time' }) updatedAt!: string;

  static from(schedule: CommissionSchedule): CommissionScheduleDto {
    return {
      id: schedule.id,
      carrier: schedule.carrier,
      planType: schedule.planType ?? null,
      initialAnnualCents: schedule.initialAnnualCents,
      renewalAnnualCents: schedule.renewalAnnualCents,
      updatedAt: schedule.updatedAt.toISOString(),
    };
  }
}

const header = (field: string) => [
  IsOptional(),
  IsString({ message: `${field} must be a column name of the file` }),
  MaxLength(HEADER_MAX, { message: `${field} must be a column name of the file` }),
];

/** Which column of the file holds each field (the header's text); null or left out: none. */
export class StatementMappingDto {
  @ApiPropertyOptional({
    type: String,
    nullable: true,
    example: 'Member ID',
    description: 'The carrier’s member ID (memberId or memberName is required)',
  })
  @apply(header('memberId'))
  memberId?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, example: 'Member Name', description: '“LAST, FIRST” or “First Last”' })
  @apply(header('memberName'))
  memberName?: string | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    example: 'Plan ID',
    description: 'CMS plan ID (H1234-001); without it, rows match the carrier’s policies',
  })
  @apply(header('planId'))
  planId?: string | null;

  @ApiProperty({
    type: String,
    example: 'Paid Amount',
    description: 'The amount, such as $1,234.56 (negative or in parentheses: a chargeback)',
  })
  @apply(header('amount'))
  amount?: string | null;

  @ApiProperty({ type: String, example: 'Period', description: 'The month paid for, such as 2026-01, 01/2026, Jan 2026 or a date' })
  @apply(header('period'))
  period?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, example: 'Effective Date' })
  @apply(header('effectiveDate'))
  effectiveDate?: string | null;
}

export class ImportStatementDto {
  @ApiProperty({ type: StatementMappingDto })
  @IsObject({ message: 'mapping must be an object naming the file’s columns' })
  @ValidateNested()
  @Type(() => StatementMappingDto)
  mapping!: StatementMappingDto;
}

export class MatchRowDto {
  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: 'The policy the row pays for; null: none (unmatched)' })
  @ValidateIf((_: object, value: unknown) => value !== null)
  @IsUUID('all', { message: 'policyId must be a policy’s id or null' })
  policyId!: string | null;
}

export class StatementDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ example: 'Humana' }) carrier!: string;
  @ApiProperty({ example: 'humana-2026-01.csv' }) fileName!: string;
  @ApiProperty({
    enum: STATEMENT_STATUSES,
    description: 'mapping: waiting for its columns to be mapped; then queued, running, completed or failed',
  })
  status!: StatementStatus;
  @ApiProperty({ type: [String], description: 'The file’s header' }) headers!: string[];
  @ApiProperty({ type: 'array', items: { type: 'array', items: { type: 'string' } }, description: 'The first rows' })
  preview!: string[][];
  @ApiProperty({
    type: StatementMappingDto,
    description: 'The mapping used; while mapping: the one remembered for the carrier when it fits the header, else a guess',
  })
  mapping!: StatementMapping;
  @ApiProperty({ description: 'Whether the mapping is the one used for the carrier’s last statement' }) mappingRemembered!: boolean;
  @ApiProperty({ type: 'integer', description: 'Rows in the file (the header not counted)' }) rowsTotal!: number;
  @ApiProperty({ type: 'integer' }) rowsDone!: number;
  @ApiProperty({ type: 'integer', description: 'Matched exactly (member ID or name) or by hand' }) matchedExact!: number;
  @ApiProperty({ type: 'integer' }) matchedFuzzy!: number;
  @ApiProperty({ type: 'integer' }) unmatched!: number;
  @ApiProperty({ type: 'integer', description: 'Rows whose amount or month could not be read' }) rejected!: number;
  @ApiProperty({ type: String, nullable: true }) message!: string | null;
  @ApiProperty({ type: String, format: 'date-time' }) createdAt!: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) finishedAt!: string | null;

  static from(statement: CommissionStatement, suggested?: { mapping: StatementMapping; remembered: boolean }): StatementDto {
    return {
      id: statement.id,
      carrier: statement.carrier,
      fileName: statement.fileName,
      status: statement.status,
      headers: statement.headers,
      preview: statement.preview,
      mapping: statement.mapping ?? suggested?.mapping ?? {},
      mappingRemembered: statement.mapping ? false : (suggested?.remembered ?? false),
      rowsTotal: statement.rowsTotal,
      rowsDone: statement.rowsDone,
      matchedExact: statement.matchedExact,
      matchedFuzzy: statement.matchedFuzzy,
      unmatched: statement.unmatched,
      rejected: statement.rejected,
      message: statement.message ?? null,
      createdAt: statement.createdAt.toISOString(),
      finishedAt: statement.finishedAt?.toISOString() ?? null,
    };
  }
}

export class StatementRowDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ type: 'integer', description: 'The file’s line (the header is line 1)' }) line!: number;
  @ApiProperty({ type: String, nullable: true }) memberId!: string | null;
  @ApiProperty({ type: String, nullable: true }) memberName!: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'H1234-001' }) planId!: string | null;
  @ApiProperty({ type: String, nullable: true, example: '2026-01' }) month!: string | null;
  @ApiProperty({ type: String, format: 'date', nullable: true }) effectiveDate!: string | null;
  @ApiProperty({ type: 'integer', nullable: true, description: 'Cents; negative for a chargeback' }) amountCents!: number | null;
  @ApiProperty({ type: String, nullable: true, description: 'Why the row could not be read' }) problem!: string | null;
  @ApiProperty({ enum: MATCH_KINDS }) match!: MatchKind;
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) policyId!: string | null;
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) clientId!: string | null;
  @ApiProperty({ type: String, nullable: true }) clientName!: string | null;
  @ApiProperty({ type: String, nullable: true }) carrier!: string | null;
  @ApiProperty({ type: String, nullable: true }) planName!: string | null;
}

export class UnpaidPolicyDto {
  @ApiProperty({ format: 'uuid' }) policyId!: string;
  @ApiProperty({ format: 'uuid' }) clientId!: string;
  @ApiProperty() clientName!: string;
  @ApiProperty() carrier!: string;
  @ApiProperty() planName!: string;
  @ApiProperty({ type: String, nullable: true }) planId!: string | null;
  @ApiProperty({ type: String, nullable: true }) carrierMemberId!: string | null;
  @ApiProperty({ example: '2026-01' }) month!: string;
  @ApiProperty({ type: 'integer' }) expectedCents!: number;
}

export class CommissionMonthDto {
  @ApiProperty({ example: '2026-01' }) month!: string;
  @ApiProperty({ type: 'integer' }) expectedCents!: number;
  @ApiProperty({ type: 'integer' }) paidCents!: number;
  @ApiProperty({ type: 'integer', description: 'Policies in force with a schedule' }) policiesExpected!: number;
  @ApiProperty({ type: 'integer', description: 'Policies a statement paid for the month' }) policiesPaid!: number;
  @ApiProperty({ type: 'integer', description: 'Policies expected that no statement paid' }) policiesUnpaid!: number;
  @ApiProperty({ type: 'integer', description: 'Statement rows of the month matched to no policy (whole book only)' })
  unmatchedCents!: number;
}

export class PolicyCommissionMonthDto {
  @ApiProperty({ example: '2026-01' }) month!: string;
  @ApiProperty({ enum: ['initial', 'renewal'], nullable: true }) kind!: 'initial' | 'renewal' | null;
  @ApiProperty({ type: 'integer' }) expectedCents!: number;
  @ApiProperty({ type: 'integer' }) paidCents!: number;
}

export class PolicyCommissionsDto {
  @ApiProperty({ format: 'uuid' }) policyId!: string;
  @ApiProperty({ type: ExpectedCommissionDto, nullable: true }) expectedCommission!: ExpectedCommissionDto | null;
  @ApiProperty({ type: 'integer' }) expectedCents!: number;
  @ApiProperty({ type: 'integer' }) paidCents!: number;
  @ApiProperty({ type: [PolicyCommissionMonthDto] }) months!: PolicyCommissionMonthDto[];
}

export const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;

export class MonthsQueryDto {
  @ApiPropertyOptional({ example: '2026-01', description: 'First month; default eleven months before `to`' })
  @IsOptional()
  @Matches(MONTH_PATTERN, { message: 'from must be a month such as 2026-01' })
  from?: string;

  @ApiPropertyOptional({ example: '2026-12', description: 'Last month; default this month' })
  @IsOptional()
  @Matches(MONTH_PATTERN, { message: 'to must be a month such as 2026-12' })
  to?: string;
}

export class StatementRowsQueryDto {
  @ApiPropertyOptional({ enum: ['matched', ...MATCH_KINDS], description: 'Default unmatched; matched: exact, fuzzy and manual' })
  @IsOptional()
  @IsIn(['matched', ...MATCH_KINDS], oneOf('match', ['matched', ...MATCH_KINDS]))
  match?: 'matched' | MatchKind;
}
