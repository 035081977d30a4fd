import type { RawBodyRequest } from '@nestjs/common';
import { BadRequestException, Body, Controller, Get, HttpCode, Post, Req } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiExcludeEndpoint,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import type { Request } from 'express';
import type Stripe from 'stripe';

import type { Actor } from '../agency-log/actor.js';
import { TokenScopes } from '../api-tokens/scopes.js';
import { BrokerOnly, CurrentActor, CurrentUser, Public } from '../auth/access.decorators.js';
import { MemberMay } from '../members/member-rule.js';
import { RateLimit } from '../rate-limit/rate-limit.decorators.js';
import type { User } from '../users/user.entity.js';
import { BillingService } from './billing.service.js';
import {
  BillingChangeDto,
  ChangeTierDto,
  MonthlyAnalyticsDto,
  PortalDto,
  StartSubscriptionDto,
  SubscriptionDto,
  SwitchTierDto,
} from './dto/billing.dto.js';
import { MonthlyAnalyticsService } from './monthly-analytics.service.js';
import { FLAT_CLIENT_LIMIT, OVERAGE_PER_CLIENT_CENTS, priceText } from './pricing.js';

@ApiTags('billing')
@Controller()
@BrokerOnly()
@MemberMay({ write: 'billing:manage' })
export class BillingController {
  constructor(
    private readonly billing: BillingService,
    private readonly analytics: MonthlyAnalyticsService,
  ) {}

  @TokenScopes({ read: 'analytics:read' })
  @Get('subscription')
  @ApiOperation({ summary: 'The broker’s plan, trial and what it costs' })
  @ApiOkResponse({ type: SubscriptionDto })
  subscription(@CurrentUser() user: User): Promise<SubscriptionDto> {
    return this.billing.subscription(user);
  }

  @Post('subscription')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Changes the plan',
    description:
      'During the trial: chooses the plan that applies when the trial ends (the trial goes on, nothing is charged). ' +
      'Otherwise the plan changes at once with proration (Stripe mode, first paid plan: answers checkoutUrl).',
  })
  @ApiOkResponse({ type: BillingChangeDto })
  @ApiBadRequestResponse({ description: 'Already on this plan' })
  changeTier(@CurrentUser() user: User, @CurrentActor() actor: Actor, @Body() body: ChangeTierDto): Promise<BillingChangeDto> {
    return this.billing.changeTier(user, actor, body.subscriptionTier);
  }

  @Post('subscription/start')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Ends the trial now and starts the paid plan',
    description:
      'confirmMonthlyPriceCents is the amount the broker was shown; when today’s amount differs, nothing changes and 409 answers it. ' +
      'Stripe mode: answers checkoutUrl (the plan starts once paid).',
  })
  @ApiOkResponse({ type: BillingChangeDto })
  @ApiBadRequestResponse({ description: 'Not on trial' })
  @ApiConflictResponse({ description: 'The monthly amount changed: { message, monthlyPriceCents }' })
  startNow(@CurrentUser() user: User, @CurrentActor() actor: Actor, @Body() body: StartSubscriptionDto): Promise<BillingChangeDto> {
    return this.billing.startNow(user, actor, body);
  }

  @Post('billing/tier/switch')
  @HttpCode(200)
  @ApiOperation({ summary: 'Switches to per-client pricing' })
  @ApiOkResponse({ type: BillingChangeDto })
  switchTier(@CurrentUser() user: User, @CurrentActor() actor: Actor, @Body() body: SwitchTierDto): Promise<BillingChangeDto> {
    return this.billing.changeTier(user, actor, body.newTier);
  }

  @Post('billing/overage/enable')
  @HttpCode(200)
  @ApiOperation({
    summary: `Flat plan: bills clients beyond ${FLAT_CLIENT_LIMIT} at ${priceText(OVERAGE_PER_CLIENT_CENTS)} each instead of refusing them`,
  })
  @ApiOkResponse({ type: SubscriptionDto })
  enableOverage(@CurrentUser() user: User, @CurrentActor() actor: Actor): Promise<SubscriptionDto> {
    return this.billing.enableOverage(user, actor);
  }

  @Post('billing/portal')
  @HttpCode(200)
  @ApiOperation({ summary: 'A Stripe customer portal session (payment method, invoices); Stripe mode only' })
  @ApiOkResponse({ type: PortalDto })
  async portal(@CurrentUser() user: User): Promise<PortalDto> {
    return { url: await this.billing.portalUrl(user) };
  }

  @Post('billing/mark-paid')
  @HttpCode(200)
  @ApiOperation({ summary: 'Local billing, development only: marks a past-due payment as paid' })
  @ApiOkResponse({ type: SubscriptionDto })
  @ApiBadRequestResponse({ description: 'Nothing past due, or Stripe billing' })
  @ApiNotFoundResponse({ description: 'In production' })
  markPaid(@CurrentUser() user: User, @CurrentActor() actor: Actor): Promise<SubscriptionDto> {
    return this.billing.markPaid(user, actor);
  }

  @TokenScopes({ read: 'analytics:read' })
  @Get('analytics/monthly')
  @ApiOperation({ summary: 'Monthly cost and profit, newest first' })
  @ApiOkResponse({ type: [MonthlyAnalyticsDto] })
  monthly(@CurrentUser() user: User): Promise<MonthlyAnalyticsDto[]> {
    return this.analytics.forBroker(user);
  }
}

/** Stripe's webhook: verified over the raw body, applied once per event. */
@Controller('billing/webhook')
@Public()
// Signed by Stripe, and bursts of events must not be refused (Stripe retries them late).
@RateLimit('exempt')
export class StripeWebhookController {
  constructor(private readonly billing: BillingService) {}

  @Post()
  @HttpCode(200)
  @ApiExcludeEndpoint()
  async receive(@Req() req: RawBodyRequest<Request>): Promise<{ received: true; result: string }> {
    const stripe = this.billing.stripe;
    if (!stripe) throw new BadRequestException('Stripe billing is not configured');
    let event: Stripe.Event;
    try {
      event = stripe.webhooks.constructEvent(req.rawBody ?? Buffer.alloc(0), req.get('stripe-signature') ?? '', this.billing.webhookSecret);
    } catch (error) {
      throw new BadRequestException(`Invalid Stripe signature: ${(error as Error).message}`);
    }
    return { received: true, result: await this.billing.applyEvent(event) };
  }
}
