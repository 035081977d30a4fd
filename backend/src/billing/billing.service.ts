import { EntityManager } from '@mikro-orm/postgresql';
import {
  BadRequestException,
  ConflictException,
  ForbiddenException,
  Inject,
  Injectable,
  Logger,
  NotFoundException,
  type OnModuleInit,
  ServiceUnavailableException,
} from '@nestjs/common';
import type Stripe from 'stripe';

import type { Actor } from '../agency-log/actor.js';
import type { AgencyAction } from '../agency-log/agency-actions.js';
import { AgencyLogService } from '../agency-log/agency-log.service.js';
import { changedFields, type Facts, factsOf } from '../agency-log/changes.js';
import { CANCELED_MESSAGE } from '../auth/subscription-access.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { WebhookEventsService } from '../messaging/webhook-events.service.js';
import { type SubscriptionStatus, type SubscriptionTier, User } from '../users/user.entity.js';
import { BillingRepository } from './billing.repository.js';
import type { BillingChangeDto, StartSubscriptionDto, SubscriptionDto } from './dto/billing.dto.js';
import { clientsOverLimit, FLAT_CLIENT_LIMIT, formatCents, monthlyPriceCents, overageCents } from './pricing.js';
import { createStripe } from './stripe-gateway.js';
import { mapStripeStatus } from './stripe-status.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const TIER_NAMES: Record<SubscriptionTier, string> = { flat: 'Flat', pmpm: 'PMPM' };

/** What a member's billing change touches, as the activity log records it. */
const BILLING_FIELDS = ['subscriptionTier', 'subscriptionStatus', 'overageEnabled', 'trialEndsAt'] as const;

/** A change to a broker's plan, with the values before and after (what an audit entry records). */
export interface PlanChange<Before, After = Before> {
  broker: User;
  before: Before;
  after: After;
}

/** The fields of a subscription an admin may set; those absent stay as they are. */
export interface SubscriptionSetting {
  subscriptionTier?: SubscriptionTier;
  subscriptionStatus?: SubscriptionStatus;
}

/**
 * The broker's subscription. With Stripe configured, Stripe is the payment system and its webhooks
 * the source of truth for status; without it (local mode) plan changes apply directly.
 * Billing owns the subscription columns of `users` (tier, status, trial end, overage, Stripe ids):
 * other modules change them only through this service (admin/ with extendTrial and setSubscription).
 */
@Injectable()
export class BillingService implements OnModuleInit {
  private readonly logger = new Logger('Billing');
  /** Stripe's client in Stripe mode, made as the app starts (before it takes requests). */
  stripe?: Stripe;

  constructor(
    private readonly em: EntityManager,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly webhookEvents: WebhookEventsService,
    private readonly repository: BillingRepository,
    private readonly log: AgencyLogService,
  ) {}

  async onModuleInit(): Promise<void> {
    if (this.config.billing.stripe) this.stripe = await createStripe(this.config.billing.stripe);
  }

  get webhookSecret(): string {
    return this.config.billing.stripe?.webhookSecret ?? '';
  }

  get mode(): 'stripe' | 'local' {
    return this.config.billing.stripe ? 'stripe' : 'local';
  }

  async subscription(broker: User, now = new Date()): Promise<SubscriptionDto> {
    const user = await this.em.findOneOrFail(User, { id: broker.id }, { refresh: true });
    const { active, total } = await this.repository.clientCounts(user.id);
    const trialLeftMs = user.subscriptionStatus === 'trial' && user.trialEndsAt ? user.trialEndsAt.getTime() - now.getTime() : 0;
    const flat = user.subscriptionTier === 'flat';
    return {
      subscriptionTier: user.subscriptionTier,
      subscriptionStatus: user.subscriptionStatus,
      trialEndsAt: user.trialEndsAt?.toISOString() ?? null,
      trialDaysLeft: Math.max(0, Math.ceil(trialLeftMs / DAY_MS)),
      monthlyPriceCents: monthlyPriceCents(user.subscriptionTier, active, user.overageEnabled),
      activeClients: active,
      totalClients: total,
      clientLimit: flat ? FLAT_CLIENT_LIMIT : null,
      overageEnabled: user.overageEnabled,
      overageClients: flat ? clientsOverLimit(active) : 0,
      overageCents: flat && user.overageEnabled ? overageCents(active) : 0,
      billingMode: this.mode,
      markPaidAvailable: this.markPaidAvailable,
    };
  }

  /** Local billing takes no payment; outside production a past-due payment can be settled by hand. */
  private get markPaidAvailable(): boolean {
    return !this.stripe && this.config.nodeEnv !== 'production';
  }

  /**
   * Changes the plan. During the trial it only chooses the plan that applies when the trial ends
   * (nothing is charged, the trial keeps its end date); starting to pay is startNow. Otherwise the
   * plan changes at once: locally in the database, with Stripe by a prorated update (or Checkout for
   * a first paid plan). The status never changes here: a past-due payment is settled on its own.
   */
  async changeTier(broker: User, actor: Actor, tier: SubscriptionTier | undefined): Promise<BillingChangeDto> {
    if (!tier) throw new BadRequestException('subscriptionTier is required');
    const user = await this.em.findOneOrFail(User, { id: broker.id }, { refresh: true });
    const before = factsOf(user, BILLING_FIELDS);
    if (user.subscriptionStatus === 'canceled') throw new ForbiddenException(CANCELED_MESSAGE);
    if (user.subscriptionStatus === 'trial') {
      if (user.subscriptionTier === tier) throw new BadRequestException(`${TIER_NAMES[tier]} is already your plan after the trial`);
      this.applyTier(user, tier);
      this.logChange(actor, user, before, 'plan_changed', `Chose the ${TIER_NAMES[tier]} plan for after the trial`);
      await this.em.flush();
      return this.subscription(user);
    }
    if (user.subscriptionTier === tier) throw new BadRequestException('You are already on this plan');
    // With Stripe, a first paid plan waits for its checkout (the webhook applies it): nothing has changed yet.
    let checkoutUrl: string | undefined;
    if (this.stripe) checkoutUrl = await this.changeTierInStripe(this.stripe, user, tier);
    else this.applyTier(user, tier);
    this.logChange(actor, user, before, 'plan_changed', `Switched to the ${TIER_NAMES[tier]} plan`);
    await this.em.flush();
    return { ...(await this.subscription(user)), ...(checkoutUrl ? { checkoutUrl } : {}) };
  }

  /**
   * Ends the trial early and starts the paid plan, only when asked explicitly with the monthly amount
   * the broker was shown: a different amount today (clients added since) answers 409 with the new one.
   * Local mode: active at once. Stripe: Checkout for the first paid plan (the webhook activates it).
   */
  async startNow(broker: User, actor: Actor, input: StartSubscriptionDto): Promise<BillingChangeDto> {
    const user = await this.em.findOneOrFail(User, { id: broker.id }, { refresh: true });
    const before = factsOf(user, BILLING_FIELDS);
    if (user.subscriptionStatus === 'canceled') throw new ForbiddenException(CANCELED_MESSAGE);
    if (user.subscriptionStatus === 'active') throw new BadRequestException('Your subscription has already started');
    if (user.subscriptionStatus === 'past_due') {
      throw new BadRequestException('Your subscription has already started; update your payment method to settle the failed payment');
    }
    const tier = input.subscriptionTier ?? user.subscriptionTier;
    const { active } = await this.repository.clientCounts(user.id);
    const amount = monthlyPriceCents(tier, active, tier === 'flat' && user.overageEnabled);
    if (amount !== input.confirmMonthlyPriceCents) {
      throw new ConflictException({
        message: `The monthly amount is now ${formatCents(amount)} at ${active} active client${active === 1 ? '' : 's'}. Please review it and confirm again.`,
        monthlyPriceCents: amount,
      });
    }
    // Stripe bills at least one unit of the per-client price: never more than the amount confirmed.
    if (this.stripe && tier === 'pmpm' && active === 0) {
      throw new BadRequestException('Add a client before starting the PMPM plan: it bills per active client');
    }
    // During the trial the tier is the plan chosen for after it: starting another one chooses it.
    this.applyTier(user, tier);
    const started = `Started the paid ${TIER_NAMES[tier]} plan at ${formatCents(amount)} a month`;
    if (this.stripe) {
      const checkoutUrl = await this.changeTierInStripe(this.stripe, user, tier, { endTrial: true });
      this.logChange(actor, user, before, 'subscription_started', checkoutUrl ? `${started} (payment at Stripe checkout)` : started, {
        monthlyPriceCents: amount,
      });
      await this.em.flush();
      return { ...(await this.subscription(user)), ...(checkoutUrl ? { checkoutUrl } : {}) };
    }
    const now = new Date();
    user.subscriptionStatus = 'active';
    if (!user.trialEndsAt || user.trialEndsAt > now) user.trialEndsAt = now;
    this.logChange(actor, user, before, 'subscription_started', started, { monthlyPriceCents: amount });
    await this.em.flush();
    this.logger.log(`Broker ${user.id} started the ${tier} plan at ${amount} cents a month`);
    return this.subscription(user);
  }

  /** Local billing, development only: settles a past-due payment (Stripe settles it through its webhook). */
  async markPaid(broker: User, actor: Actor): Promise<SubscriptionDto> {
    if (this.config.nodeEnv === 'production') throw new NotFoundException();
    if (this.stripe) throw new BadRequestException('Payments are taken by Stripe: update your payment method in Manage Billing');
    const user = await this.em.findOneOrFail(User, { id: broker.id }, { refresh: true });
    if (user.subscriptionStatus !== 'past_due') throw new BadRequestException('No payment is past due');
    const before = factsOf(user, BILLING_FIELDS);
    user.subscriptionStatus = 'active';
    this.logChange(actor, user, before, 'payment_marked_paid', 'Marked the past-due payment as paid (local billing)');
    await this.em.flush();
    return this.subscription(user);
  }

  private applyTier(user: User, tier: SubscriptionTier): void {
    user.subscriptionTier = tier;
    if (tier === 'pmpm') user.overageEnabled = false;
  }

  /**
   * Adds a member's billing change to the activity log (`before`: the billing fields before it) in
   * the entity manager the change is flushed with; nothing when nothing changed and there is no `extra`.
   */
  private logChange(actor: Actor, user: User, before: Facts, action: AgencyAction, summary: string, extra: Facts = {}): void {
    const change = changedFields(before, factsOf(user, BILLING_FIELDS));
    if (!change && !Object.keys(extra).length) return;
    this.log.record(this.em, actor, {
      action,
      targetType: 'agency',
      summary,
      before: change?.before ?? null,
      after: { ...change?.after, ...extra },
    });
  }

  /**
   * An admin's change: moves a trial's end forward by `days` from the later of now and its current
   * end, in `em` (the caller's transaction). Only the database changes, never Stripe.
   */
  async extendTrial(
    brokerId: string,
    days: number,
    em: EntityManager,
    now = new Date(),
  ): Promise<PlanChange<{ trialEndsAt: Date | null }, { trialEndsAt: Date }>> {
    const user = await this.broker(brokerId, em);
    if (user.subscriptionStatus !== 'trial') throw new ConflictException('Only brokers on trial can be extended');
    const before = user.trialEndsAt ?? null;
    const from = Math.max(now.getTime(), user.trialEndsAt?.getTime() ?? 0);
    user.trialEndsAt = new Date(from + days * DAY_MS);
    await em.flush();
    return { broker: user, before: { trialEndsAt: before }, after: { trialEndsAt: user.trialEndsAt } };
  }

  /**
   * An admin's change: sets a trial's end to the moment given (in the past ends the trial now: the
   * broker meets Trial Expired on their next visit), in `em`. Only the database changes.
   */
  async setTrialEnd(
    brokerId: string,
    trialEndsAt: Date,
    em: EntityManager,
  ): Promise<PlanChange<{ trialEndsAt: Date | null }, { trialEndsAt: Date }>> {
    const user = await this.broker(brokerId, em);
    if (user.subscriptionStatus !== 'trial') throw new ConflictException('Only brokers on trial have a trial end date');
    const before = user.trialEndsAt ?? null;
    user.trialEndsAt = trialEndsAt;
    await em.flush();
    return { broker: user, before: { trialEndsAt: before }, after: { trialEndsAt } };
  }

  /**
   * An admin's change: sets the tier and/or the status given (leaving the trial end as it is), in
   * `em` (the caller's transaction). Only the database changes, never Stripe.
   */
  async setSubscription(
    brokerId: string,
    input: SubscriptionSetting,
    em: EntityManager,
  ): Promise<PlanChange<Required<SubscriptionSetting>>> {
    const user = await this.broker(brokerId, em);
    const before = { subscriptionTier: user.subscriptionTier, subscriptionStatus: user.subscriptionStatus };
    if (input.subscriptionTier) this.applyTier(user, input.subscriptionTier);
    if (input.subscriptionStatus) user.subscriptionStatus = input.subscriptionStatus;
    await em.flush();
    return { broker: user, before, after: { subscriptionTier: user.subscriptionTier, subscriptionStatus: user.subscriptionStatus } };
  }

  private async broker(brokerId: string, em: EntityManager): Promise<User> {
    const user = await em.findOne(User, { id: brokerId, isAdmin: false });
    if (!user) throw new NotFoundException('Broker not found');
    return user;
  }

  async enableOverage(broker: User, actor: Actor): Promise<SubscriptionDto> {
    const user = await this.em.findOneOrFail(User, { id: broker.id }, { refresh: true });
    const before = factsOf(user, BILLING_FIELDS);
    if (user.subscriptionTier !== 'flat') throw new BadRequestException('Overage billing applies to the flat plan only');
    if (user.overageEnabled) throw new BadRequestException('Overage billing is already enabled');
    if (this.stripe && user.stripeSubscriptionId) {
      const subscription = await this.stripe.subscriptions.retrieve(user.stripeSubscriptionId);
      const { active } = await this.repository.clientCounts(user.id);
      await this.stripe.subscriptions.update(subscription.id, {
        items: [{ price: this.config.billing.stripe!.prices.overage, quantity: clientsOverLimit(active) }],
        proration_behavior: 'create_prorations',
      });
    }
    user.overageEnabled = true;
    this.logChange(
      actor,
      user,
      before,
      'overage_enabled',
      `Turned on overage billing: clients beyond ${FLAT_CLIENT_LIMIT} are billed each`,
    );
    await this.em.flush();
    return this.subscription(user);
  }

  async portalUrl(broker: User): Promise<string> {
    if (!this.stripe)
      throw new BadRequestException('Payment details are managed in Stripe billing mode only (this server runs local billing)');
    const user = await this.em.findOneOrFail(User, { id: broker.id });
    if (!user.stripeCustomerId) throw new BadRequestException('Choose a paid plan first');
    const session = await this.stripe.billingPortal.sessions.create({
      customer: user.stripeCustomerId,
      return_url: `${this.config.appUrl}/billing`,
    });
    return session.url;
  }

  /** Stripe line items for a plan at today's active clients. */
  private async lineItems(user: User, tier: SubscriptionTier): Promise<{ price: string; quantity: number }[]> {
    const prices = this.config.billing.stripe!.prices;
    const { active } = await this.repository.clientCounts(user.id);
    if (tier === 'pmpm') return [{ price: prices.pmpm, quantity: Math.max(1, active) }];
    return [
      { price: prices.flat, quantity: 1 },
      ...(user.overageEnabled ? [{ price: prices.overage, quantity: clientsOverLimit(active) }] : []),
    ];
  }

  /**
   * First paid plan: a Stripe Checkout session (answers its URL; the webhook activates the plan).
   * With a subscription already: its items are replaced, prorated, and the plan applies at once.
   */
  private async changeTierInStripe(
    stripe: Stripe,
    user: User,
    tier: SubscriptionTier,
    options: { endTrial?: boolean } = {},
  ): Promise<string | undefined> {
    try {
      if (!user.stripeCustomerId) {
        const customer = await stripe.customers.create({
          email: user.email ?? undefined,
          name: [user.firstName, user.lastName].filter(Boolean).join(' ') || undefined,
          metadata: { brokerId: user.id },
        });
        user.stripeCustomerId = customer.id;
        await this.em.flush();
      }
      const items = await this.lineItems(user, tier);
      if (!user.stripeSubscriptionId) {
        const session = await stripe.checkout.sessions.create({
          mode: 'subscription',
          customer: user.stripeCustomerId,
          client_reference_id: user.id,
          line_items: items,
          subscription_data: { metadata: { brokerId: user.id, tier } },
          success_url: `${this.config.appUrl}/billing?checkout=success`,
          cancel_url: `${this.config.appUrl}/billing?checkout=canceled`,
        });
        if (!session.url) throw new Error('Stripe returned no checkout address');
        return session.url;
      }
      const current = await stripe.subscriptions.retrieve(user.stripeSubscriptionId);
      await stripe.subscriptions.update(current.id, {
        items: [...current.items.data.map((item) => ({ id: item.id, deleted: true })), ...items],
        proration_behavior: 'create_prorations',
        metadata: { brokerId: user.id, tier },
        ...(options.endTrial ? { trial_end: 'now' as const } : {}),
      });
      // The caller flushes it, with its entry in the activity log.
      this.applyTier(user, tier);
      return undefined;
    } catch (error) {
      this.logger.error({ err: error }, 'Stripe request failed');
      throw new ServiceUnavailableException('The payment service did not answer. Please try again.');
    }
  }

  /**
   * Applies a verified Stripe event once: its id is stored under a unique key in the same
   * transaction as its effect (a replay, even a concurrent one, changes nothing), and the
   * subscription is fetched again rather than trusting the order events arrive in.
   */
  async applyEvent(event: Stripe.Event): Promise<'applied' | 'duplicate' | 'ignored'> {
    const stripe = this.stripe!;
    return this.em.transactional(async (em) => {
      if (!(await this.webhookEvents.firstTime(`stripe:${event.id}`, em))) return 'duplicate';
      const object = event.data.object as { object?: string; id?: string; subscription?: string | { id: string } | null };
      const subscriptionId =
        object.object === 'subscription'
          ? object.id
          : typeof object.subscription === 'string'
            ? object.subscription
            : object.subscription?.id;
      if (!subscriptionId) return 'ignored';
      const subscription = await stripe.subscriptions.retrieve(subscriptionId);
      const customerId = typeof subscription.customer === 'string' ? subscription.customer : subscription.customer.id;
      const brokerId = subscription.metadata?.brokerId;
      const user =
        (brokerId ? await em.findOne(User, { id: brokerId }) : null) ?? (await em.findOne(User, { stripeCustomerId: customerId }));
      if (!user) {
        this.logger.warn(`Stripe event ${event.id}: no broker for customer ${customerId}`);
        return 'ignored';
      }
      const prices = this.config.billing.stripe!.prices;
      const priceIds = subscription.items.data.map((item) => item.price.id);
      const status = mapStripeStatus(subscription.status);
      if (status) user.subscriptionStatus = status;
      if (priceIds.includes(prices.pmpm)) user.subscriptionTier = 'pmpm';
      else if (priceIds.includes(prices.flat)) user.subscriptionTier = 'flat';
      user.overageEnabled = user.subscriptionTier === 'flat' && priceIds.includes(prices.overage);
      user.stripeCustomerId = customerId;
      user.stripeSubscriptionId = status === 'canceled' ? null : subscription.id;
      await em.flush();
      return 'applied';
    });
  }

  /** Keeps the pmpm quantity equal to the active client count (nightly; a plan change sets the quantity itself). */
  async syncPmpmQuantities(): Promise<number> {
    if (!this.stripe) return 0;
    const rows = await this.repository.pmpmSubscriptions();
    let updated = 0;
    for (const row of rows) {
      const subscription = await this.stripe.subscriptions.retrieve(row.stripe_subscription_id);
      const item = subscription.items.data.find((i) => i.price.id === this.config.billing.stripe!.prices.pmpm);
      if (item && item.quantity !== Math.max(1, row.active)) {
        await this.stripe.subscriptionItems.update(item.id, { quantity: Math.max(1, row.active), proration_behavior: 'create_prorations' });
        updated += 1;
      }
    }
    return updated;
  }
}
