import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsInt, Max, Min } from 'class-validator';

import { IsOptionalNotNull } from '../../common/validation.js';
import { SUBSCRIPTION_STATUSES, SUBSCRIPTION_TIERS, type SubscriptionStatus, type SubscriptionTier } from '../../users/user.entity.js';

/** SPEC §3 "Subscription", with what the Billing page shows. */
export class SubscriptionDto {
  @ApiProperty({ enum: SUBSCRIPTION_TIERS, example: 'flat' }) subscriptionTier!: SubscriptionTier;
  @ApiProperty({ enum: SUBSCRIPTION_STATUSES, example: 'trial' }) subscriptionStatus!: SubscriptionStatus;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, example: '2026-12-15T00:00:00.000Z' }) trialEndsAt!: string | null;
  @ApiProperty({ example: 9, description: 'Whole days left in the trial, rounded up; 0 when ended or not on trial' })
  trialDaysLeft!: number;
  @ApiProperty({ example: 9900, description: 'Cents per month at today’s active clients' }) monthlyPriceCents!: number;
  @ApiProperty({ example: 212 }) activeClients!: number;
  @ApiProperty({ example: 240 }) totalClients!: number;
  @ApiProperty({ type: Number, nullable: true, example: 500, description: 'null on pmpm' }) clientLimit!: number | null;
  @ApiProperty({ example: false }) overageEnabled!: boolean;
  @ApiProperty({ example: 0, description: 'Active clients over the flat limit' }) overageClients!: number;
  @ApiProperty({ example: 0, description: 'Cents per month for them (when overage is enabled)' }) overageCents!: number;
  @ApiProperty({ enum: ['stripe', 'local'], example: 'stripe', description: 'local: plan changes apply directly, no payment' })
  billingMode!: 'stripe' | 'local';
  @ApiProperty({
    example: false,
    description: 'Local billing outside production: a past-due payment can be marked as paid (POST /api/billing/mark-paid)',
  })
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
  @ApiProperty({ enum: ['pmpm'], description: 'Required: the switch happens only when asked for by name' })
  @IsIn(['pmpm'], { message: 'newTier must be pmpm' })
  newTier!: 'pmpm';
}

export class BillingChangeDto extends SubscriptionDto {
  @ApiPropertyOptional({
    example: 'https://checkout.stripe.com/c/pay/cs_test_a1B2c3…',
    description: 'Stripe mode, first paid plan: where to pay (Stripe Checkout)',
  })
  checkoutUrl?: string;
}

export class PortalDto {
  @ApiProperty({ example: 'https://billing.stripe.com/p/session/test_YWNjdF8x…', description: 'Where to send the broker' }) url!: string;
}

export class MonthlyAnalyticsDto {
  @ApiProperty({ example: '2026-11' }) month!: string;
  @ApiProperty() voiceCallCount!: number;
  @ApiProperty({ description: 'Active clients (month end, or now for this month)' }) clientCount!: number;
  @ApiProperty({ description: 'Cents: reminder calls and texts' }) totalCost!: number;
  @ApiProperty({
    example: 1115,
    description:
      'Cents: the text messaging registration (A2P 10DLC) — its one-time fees in the month submitted, the campaign’s and the numbers’ monthly fees once approved; Twilio’s, passed through (not in totalCost)',
  })
  textingRegistrationCost!: number;
  @ApiProperty({ description: 'Cents' }) revenue!: number;
  @ApiProperty({ description: 'Cents' }) profit!: number;
  @ApiProperty({ description: 'Percent' }) profitMargin!: number;
}
