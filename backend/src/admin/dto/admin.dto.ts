import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsString, Matches, Max, MaxLength, Min, MinLength } from 'class-validator';

import { IsTimestamp } from '../../common/dates.js';
import { IsOptionalNotNull } from '../../common/validation.js';
import { StatsDto } from '../../reporting/dto/stats.dto.js';
import { SUBSCRIPTION_STATUSES, SUBSCRIPTION_TIERS, type SubscriptionStatus, type SubscriptionTier } from '../../users/user.entity.js';

export class TierShareDto {
  @ApiProperty({ enum: ['pmpm', 'flat', 'trial'], example: 'flat' }) tier!: 'pmpm' | 'flat' | 'trial';
  @ApiProperty({ example: 41 }) count!: number;
  @ApiProperty({ example: 405900, description: 'Cents per month' }) revenue!: number;
}

export class TrialExpirationDto {
  @ApiProperty({ format: 'uuid', example: '8d2f4a61-3c5e-4b9a-a7d1-0e6f2b3c4d5a' }) brokerId!: string;
  @ApiProperty({ type: String, nullable: true, example: 'maria.lopez@sunrise-insurance.example' }) email!: string | null;
  @ApiProperty({ type: String, format: 'date-time', example: '2026-12-04T00:00:00.000Z' }) trialEndsAt!: string;
  @ApiProperty({ example: 3, description: 'Whole days, rounded up' }) daysRemaining!: number;
}

/** SPEC §3 "Admin analytics"; money in cents, this month. */
export class AdminAnalyticsDto {
  @ApiProperty({ example: 1287400, description: 'Monthly recurring revenue' }) mrr!: number;
  @ApiProperty({ example: 15448800, description: 'Annual run rate: mrr × 12' }) arr!: number;
  @ApiProperty({ example: 118 }) activeBrokers!: number;
  @ApiProperty({ example: 142 }) totalBrokers!: number;
  @ApiProperty({ example: 21 }) trialBrokers!: number;
  @ApiProperty({ example: 904350, description: 'Revenue − telephony costs − operating costs, month to date' }) netProfit!: number;
  @ApiProperty({ example: 1287400 }) totalRevenue!: number;
  @ApiProperty({ example: 383050, description: 'Telephony costs month to date + operating costs' }) totalCosts!: number;
  @ApiProperty({ type: [TierShareDto] }) tierDistribution!: TierShareDto[];
  @ApiProperty({ type: [TrialExpirationDto] }) trialExpirations!: TrialExpirationDto[];
}

export class AdminBrokerDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ type: String, nullable: true }) firstName!: string | null;
  @ApiProperty({ type: String, nullable: true }) lastName!: string | null;
  @ApiProperty({ type: String, nullable: true }) email!: string | null;
  @ApiProperty({ enum: SUBSCRIPTION_TIERS }) subscriptionTier!: SubscriptionTier;
  @ApiProperty({ enum: SUBSCRIPTION_STATUSES }) subscriptionStatus!: SubscriptionStatus;
  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    example: '2026-11-20T15:04:00.000Z',
    description: 'When a platform admin suspended the broker; null: not suspended',
  })
  suspendedAt!: string | null;
}

export class AdminBrokerRowDto {
  @ApiProperty({ type: AdminBrokerDto }) broker!: AdminBrokerDto;
  @ApiProperty() clientCount!: number;
  @ApiProperty({ description: 'Cents per month billed at today’s active clients; 0 on trial or canceled (docs/billing.md)' })
  monthlyRevenue!: number;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) lastActivity!: string | null;
  /** react-admin needs an id on each row. */
  @ApiProperty({ format: 'uuid' }) id!: string;
}

export class AdminBrokerDetailBrokerDto extends AdminBrokerDto {
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) trialEndsAt!: string | null;
  @ApiProperty({ type: String, format: 'date-time' }) createdAt!: string;
  @ApiProperty() overageEnabled!: boolean;
  @ApiProperty() agencyName!: string;
  @ApiProperty({
    type: String,
    nullable: true,
    example: 'Unpaid invoices since September',
    description: 'The admin’s reason for the suspension',
  })
  suspensionReason!: string | null;
  @ApiProperty({ description: 'Cents per month billed at today’s active clients; 0 on trial or canceled (docs/billing.md)' })
  monthlyRevenue!: number;
}

/** SPEC §3 "Broker's client row in the admin view": contact details only, never health data. */
export class AdminClientRowDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() firstName!: string;
  @ApiProperty() lastName!: string;
  @ApiProperty({ type: String, nullable: true }) email!: string | null;
  @ApiProperty() phone!: string;
  @ApiProperty() isActive!: boolean;
  @ApiProperty({ type: String, format: 'date-time' }) createdAt!: string;
}

export class AdminActionDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ example: 'trial_extended' }) action!: string;
  @ApiProperty({ type: String, nullable: true }) notes!: string | null;
  @ApiProperty({ type: String, format: 'date-time' }) createdAt!: string;
  @ApiProperty({ type: String, nullable: true }) adminEmail!: string | null;
  @ApiProperty({ type: 'object', additionalProperties: true, nullable: true, example: { trialEndsAt: '2026-12-01T00:00:00.000Z' } })
  before!: Record<string, unknown> | null;
  @ApiProperty({ type: 'object', additionalProperties: true, nullable: true, example: { trialEndsAt: '2026-12-15T00:00:00.000Z' } })
  after!: Record<string, unknown> | null;
}

export class BrokerDetailDto {
  @ApiProperty({ type: AdminBrokerDetailBrokerDto }) broker!: AdminBrokerDetailBrokerDto;
  @ApiProperty({ type: StatsDto }) stats!: StatsDto;
  @ApiProperty({ type: [AdminClientRowDto] }) clients!: AdminClientRowDto[];
  @ApiProperty({ type: [AdminActionDto], description: 'Newest first, the last 20' }) adminActions!: AdminActionDto[];
}

const TRIAL_DAYS_MESSAGE = 'days must be a whole number from 1 to 90';

export class ExtendTrialDto {
  @ApiProperty({ type: 'integer', minimum: 1, maximum: 90, default: 7 })
  @IsInt({ message: TRIAL_DAYS_MESSAGE })
  @Min(1, { message: TRIAL_DAYS_MESSAGE })
  @Max(90, { message: TRIAL_DAYS_MESSAGE })
  days!: number;
}

export const SUSPENSION_REASON_MAX = 500;

export class SetTrialEndDto {
  @ApiProperty({
    type: String,
    format: 'date-time',
    example: '2026-12-31T23:59:59.000Z',
    description: 'The new end of the trial, within a year of today; a moment already past ends the trial now',
  })
  @IsTimestamp({ message: 'trialEndsAt must be a date and time such as 2026-12-31T23:59:59Z' })
  trialEndsAt!: string;
}

export class SuspendBrokerDto {
  @ApiProperty({ example: 'Unpaid invoices since September', maxLength: SUSPENSION_REASON_MAX, description: 'Kept in the audit log' })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @IsString({ message: 'reason must be text' })
  @MinLength(1, { message: 'Give a reason for the suspension' })
  @MaxLength(SUSPENSION_REASON_MAX, { message: `reason must be at most ${SUSPENSION_REASON_MAX} characters` })
  @Matches(/^[^\p{Cc}]*$/u, { message: 'reason must be one line of text' })
  reason!: string;
}

export class AdminSubscriptionDto {
  @ApiPropertyOptional({ enum: SUBSCRIPTION_TIERS })
  @IsOptionalNotNull()
  @IsIn([...SUBSCRIPTION_TIERS], { message: 'subscriptionTier must be pmpm or flat' })
  subscriptionTier?: SubscriptionTier;

  @ApiPropertyOptional({ enum: SUBSCRIPTION_STATUSES })
  @IsOptionalNotNull()
  @IsIn([...SUBSCRIPTION_STATUSES], { message: 'subscriptionStatus must be trial, active, past_due or canceled' })
  subscriptionStatus?: SubscriptionStatus;
}

export class AdminSubscriptionResultDto extends AdminBrokerDetailBrokerDto {
  @ApiPropertyOptional({ description: 'What else to do, e.g. in Stripe' }) notice?: string;
}
