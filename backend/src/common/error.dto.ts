import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

import { SUBSCRIPTION_STATUSES, type SubscriptionStatus } from '../users/user.entity.js';

/**
 * The one error body (see HttpExceptionFilter and errorBody): every 4xx and 5xx answer of the API,
 * as documented in the contract. Only statusCode and message are always there; the others come
 * with the errors that carry them.
 */
export class ErrorDto {
  @ApiProperty({ type: 'integer', example: 400, description: 'The HTTP status, repeated' })
  statusCode!: number;

  @ApiProperty({
    example: 'phone must be a valid US phone number',
    description: 'What went wrong, written to be shown to a person (several problems are joined with "; ")',
  })
  message!: string;

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: { type: 'string' },
    example: { phone: 'phone must be a valid US phone number' },
    description:
      'Bad input: each failing field (a dotted path for a nested one) with its message, the shape react-admin’s forms read. ' +
      'A check that names one field answers it here too.',
  })
  errors?: Record<string, string>;

  @ApiPropertyOptional({ example: 'phone', description: 'The one field a check failed on (also in errors)' })
  field?: string;

  @ApiPropertyOptional({
    type: 'integer',
    example: 60,
    description: '429: the seconds to wait before trying again, as in the Retry-After header',
  })
  retryAfterSeconds?: number;

  @ApiPropertyOptional({ example: true, description: '403: the plan’s client limit is reached' })
  limitReached?: boolean;

  @ApiPropertyOptional({ example: true, description: '403: the broker’s trial has ended' })
  trialExpired?: boolean;

  @ApiPropertyOptional({ example: true, description: '401 (session) or 403 (API token): a platform admin has suspended the account' })
  accountSuspended?: boolean;

  @ApiPropertyOptional({
    enum: SUBSCRIPTION_STATUSES,
    example: 'trial',
    description: '403 of a feature that needs a subscription: the broker’s subscription status',
  })
  subscriptionStatus?: SubscriptionStatus;

  @ApiPropertyOptional({
    type: 'integer',
    example: 4900,
    description: '409 when starting a subscription: the monthly amount now due, in cents, to confirm again',
  })
  monthlyPriceCents?: number;

  @ApiPropertyOptional({ example: 'insulin', description: '400 of a reminder message: the health term it must not contain' })
  term?: string;

  @ApiPropertyOptional({
    example: 'marketingDetailsMissing',
    description: 'A machine-readable reason, where the UI acts on it (409 marketingDetailsMissing: a campaign cannot go out yet)',
  })
  code?: string;

  @ApiPropertyOptional({
    type: [String],
    enum: ['agencyAddress', 'sellsPlans'],
    example: ['agencyAddress'],
    description: '409 marketingDetailsMissing: what the agency has still to give in Branding',
  })
  missing?: string[];
}
