import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsInt, Max, Min } from 'class-validator';

import { IsOptionalNotNull } from '../../common/validation.js';
import { SUBSCRIPTION_STATUSES, SUBSCRIPTION_TIERS, type SubscriptionStatus, type SubscriptionTier } from '../../users/user.entity.js';

/** SPEC §3 "Subscription", with what the Billing page shows. */
export class SubscriptionDto {
  @ApiProperty({ enum: SUBSCRIPTION_TIERS }) subscriptionTier!: SubscriptionTier;
  @ApiProperty({ enum: SUBSCRIPTION_STATUSES }) subscriptionStatus!: SubscriptionStatus;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) trialEndsAt!: string | null;
  @ApiProperty({ description: 'Whole days left in the trial, rounded up; 0 when ended or not on trial' }) trialDaysLeft!: number;
  @ApiProperty({ description: 'Cents per month at today’s active clients' }) monthlyPriceCents!: number;
  @ApiProperty() activeClients!: number;
  @ApiProperty() totalClients!: number;
  @ApiProperty({ type: Number, nullable: true, description: 'null on pmpm' }) clientLimit!: number | null;
  @ApiProperty() overageEnabled!: boolean;
  @ApiProperty({ description: 'Active clients over the flat limit' }) overageClients!: number;
  @ApiProperty({ description: 'Cents per month for them (when overage is enabled)' }) overageCents!: number;
  @ApiProperty({ enum: ['stripe', 'local'], description: 'local: plan changes apply directly, no payment' }) billingMode!:
    'stripe' | 'local';
  @ApiProperty({ description: 'Local billing outside production: a past-due payment can be marked as paid (POST /api/billing/mark-paid)' })
  markPaidAvailable!: boolean;
}

export class ChangeTierDto {
  @ApiProperty({ enum: SUBSCRIPTION_TIERS })
  @IsOptionalNotNull()
  @IsIn([...SUBSCRIPTION_TIERS], { message: 'subscriptionTier must be pmpm or flat' })
  subscriptionTier?: SubscriptionTier;
}

export const START_AMOUNT_MESSAGE = 'confirmMonthlyPriceCents must be the monthly amount you were shown, in cents';

/** Ends the trial now and starts paying: the amount the broker was shown is sent back and checked. */
export class StartSubscriptionDto {
  @ApiPropertyOptional({ enum: SUBSCRIPTION_TIERS, description: 'The plan to start; the plan after the trial when left out' })
  @IsOptionalNotNull()
  @IsIn([...SUBSCRIPTION_TIERS], { message: 'subscriptionTier must be pmpm or flat' })
  subscriptionTier?: SubscriptionTier;

  @ApiProperty({ description: 'The monthly amount shown in the confirmation, in cents; a different amount today answers 409' })
  @IsInt({ message: START_AMOUNT_MESSAGE })
  @Min(0, { message: START_AMOUNT_MESSAGE })
  @Max(100_000_000, { message: START_AMOUNT_MESSAGE })
  confirmMonthlyPriceCents!: number;
}

export class SwitchTierDto {
  @ApiProperty({ enum: ['pmpm'] })
  @IsOptionalNotNull()
  @IsIn(['pmpm'], { message: 'newTier must be pmpm' })
  newTier?: 'pmpm';
}

export class BillingChangeDto extends SubscriptionDto {
  @ApiPropertyOptional({ description: 'Stripe mode, first paid plan: where to pay (Stripe Checkout)' }) checkoutUrl?: string;
}

export class PortalDto {
  @ApiProperty() url!: string;
}

export class MonthlyAnalyticsDto {
  @ApiProperty({ example: '2026-11' }) month!: string;
  @ApiProperty() voiceCallCount!: number;
  @ApiProperty({ description: 'Active clients (month end, or now for this month)' }) clientCount!: number;
  @ApiProperty({ description: 'Cents: reminder calls and texts' }) totalCost!: number;
  @ApiProperty({ description: 'Cents' }) revenue!: number;
  @ApiProperty({ description: 'Cents' }) profit!: number;
  @ApiProperty({ description: 'Percent' }) profitMargin!: number;
}
