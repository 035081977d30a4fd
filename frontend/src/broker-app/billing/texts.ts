import type { SubscriptionStatus, SubscriptionTier } from '../types.ts';
import { plural } from '../ui/format.ts';
import {
  BREAK_EVEN_CLIENTS,
  FLAT_CLIENT_LIMIT,
  FLAT_MONTHLY_CENTS,
  formatCents,
  formatPrice,
  OVERAGE_EXAMPLE_CLIENTS,
  OVERAGE_PER_CLIENT_CENTS,
  PMPM_PER_CLIENT_CENTS,
  SMS_COST_CENTS,
  VOICE_CALL_COST_CENTS,
} from './pricing.ts';

const flat = formatPrice(FLAT_MONTHLY_CENTS);
const overage = formatPrice(OVERAGE_PER_CLIENT_CENTS);
const pmpm = formatCents(PMPM_PER_CLIENT_CENTS);

const TIER_NAMES: Record<SubscriptionTier, string> = { flat: 'Flat', pmpm: 'PMPM' };
const tierName = (tier: SubscriptionTier) => TIER_NAMES[tier];

/** The Billing page's texts (SPEC §2 Billing page, §4 Subscription status, §8, §9). */
export const BILLING_TEXTS = {
  title: 'Billing & Subscription',
  subtitle: 'Your plan, what it costs, and what your reminders cost and earn each month',
  seatsFree: 'Seats are free: your plan covers everyone on your team, whatever their number. You pay only for your clients.',
  loadFailed: 'Could not load your subscription.',
  retry: 'Retry',

  currentTitle: 'Current Subscription',
  tierNames: TIER_NAMES,
  tierPrice: {
    flat: `${flat}/month for up to ${FLAT_CLIENT_LIMIT} clients`,
    pmpm: `${pmpm} per active client per month, no client limit`,
  } satisfies Record<SubscriptionTier, string>,
  planAfterTrialLabel: 'Your plan after the trial',
  overageOptional: `Optional overage: ${overage} per client over ${FLAT_CLIENT_LIMIT}`,
  overageOn: `Overage billing on: ${overage} per client over ${FLAT_CLIENT_LIMIT}`,
  statusLabels: {
    trial: 'Trial',
    active: 'Active',
    past_due: 'Past Due',
    canceled: 'Canceled',
  } satisfies Record<SubscriptionStatus, string>,
  daysLeft: (days: number) => `${plural(days, 'day')} left`,
  statusSentence: {
    trial: (days: number, endsOn: string | null) =>
      days > 0
        ? `You are on the free trial with full access: ${plural(days, 'day')} left${endsOn ? ` (ends ${endsOn})` : ''}. Nothing is charged until you start your subscription.`
        : 'Your free trial has ended. Start your subscription to keep sending reminders and campaigns.',
    active: 'Your subscription is active. Changes apply immediately with automatic proration.',
    past_due:
      'Payment failed. This is usually temporary: update your payment method and your plan continues as before. Until then reminders and campaigns are paused.',
    canceled:
      'Your subscription is canceled. A platform admin can restore it by setting it to Active once your payment method is verified.',
  },
  clientsLabel: 'Clients',
  clientsValue: (active: number, total: number) => `${active} active / ${total} total`,
  limitValue: (active: number, limit: number) => `${active} of ${limit} clients included`,
  noLimit: 'No client limit',
  thisMonthLabel: "This month's amount",
  overageLine: (clients: number, amount: string) => `includes ${amount} overage for ${plural(clients, 'client')} over the limit`,
  notChargedOnTrial: 'Not charged during your free trial',
  localMode: 'Local billing: plan changes apply at once and no payment is taken.',
  manageBilling: 'Manage Billing',
  portalFailed: 'Failed to open billing portal',
  updatePaymentMethod: 'Update Payment Method',
  markPaid: 'Mark as paid (local billing)',
  markPaidHint: 'Development only: no payment is taken in local billing.',
  markedPaid: 'Payment Recorded',
  markedPaidDescription: 'Your subscription is active again.',
  markPaidFailed: 'Failed to mark as paid',

  trialTitle: 'Your Free Trial',
  trialDaysUnit: (days: number) => (days === 1 ? 'day left' : 'days left'),
  trialBody: (tier: SubscriptionTier, endsOn: string | null) =>
    `Your plan after the trial: ${tierName(tier)}. Nothing is charged${endsOn ? ` before ${endsOn}` : ' during the trial'}; when the trial ends, reminders and campaigns pause until your subscription starts. Start it whenever you are ready.`,
  trialEnded: 'Your free trial has ended. Start your subscription to keep sending reminders and campaigns.',
  startNow: 'Start my subscription now',
  upgradeHint: 'Pick another plan under Change Plan first if you like.',
  startTitle: 'Start your subscription now?',
  startBody: (tier: SubscriptionTier, amount: string, active: number) =>
    `Your free trial ends now and the ${tierName(tier)} plan starts at ${amount}/month (at your ${plural(active, 'active client')}).`,
  startStripe: 'You pay on Stripe’s secure checkout page; the plan starts once the payment goes through.',
  startLocal: 'Local billing: no payment is taken.',
  startConfirm: (amount: string) => `Start subscription: ${amount}/month`,
  cancel: 'Cancel',
  started: 'Subscription Started',
  startedDescription: (tier: SubscriptionTier) => `Your ${tierName(tier)} plan is active.`,
  startFailed: 'Failed to start subscription',

  changeTitle: 'Change Plan',
  tierGroupLabel: 'Subscription tier',
  currentChip: 'Current',
  estimate: (amount: string, active: number) => `About ${amount}/month at your ${plural(active, 'active client')}`,
  breakEven: `Break-even: ${BREAK_EVEN_CLIENTS} clients. Below ${BREAK_EVEN_CLIENTS} active clients PMPM costs less; from ${BREAK_EVEN_CLIENTS} on, the flat plan does.`,
  proration: 'Changes apply immediately with automatic proration.',
  prorationTrial: 'During your trial this chooses your plan after the trial: your trial continues and nothing is charged.',
  updateButton: 'Update Subscription',
  updated: 'Subscription Updated',
  updatedDescription: (tier: SubscriptionTier) => `You are now on the ${tierName(tier)} plan.`,
  updatedDuringTrial: (tier: SubscriptionTier) => `Your plan after the trial: ${tierName(tier)}. Your trial continues.`,
  updateFailed: 'Failed to update subscription. Please try again.',

  analyticsTitle: 'Monthly Cost & Profit',
  analyticsSubtitle: 'The last 3 months, newest first',
  analyticsEmpty: 'No billing history yet. Your first month shows here once reminders go out.',
  analyticsFailed: 'Could not load your monthly figures.',
  textingTitle: 'Text messaging registration (A2P 10DLC)',
  textingLine: (month: string, amount: string) => `${month}: ${amount} in Twilio’s registration, campaign and number fees`,
  columns: {
    month: 'Month',
    voiceCalls: 'Voice Calls',
    clients: 'Clients',
    cost: 'Cost',
    revenue: 'Revenue',
    profit: 'Profit',
    margin: 'Margin',
  },

  pricingTitle: 'Pricing Breakdown',
  pricingRows: [
    { label: 'Flat', value: `${flat}/month`, note: `Up to ${FLAT_CLIENT_LIMIT} clients` },
    {
      label: 'Flat overage (optional)',
      value: `${overage}/client`,
      note: `Per client over ${FLAT_CLIENT_LIMIT}: ${OVERAGE_EXAMPLE_CLIENTS} over is ${formatPrice(OVERAGE_EXAMPLE_CLIENTS * OVERAGE_PER_CLIENT_CENTS)}`,
    },
    { label: 'PMPM', value: `${pmpm}/client`, note: 'Per active client per month, no limit' },
    { label: 'Break-even', value: `${BREAK_EVEN_CLIENTS} clients`, note: 'Where both plans cost about the same' },
  ],
  telephony: `Telephony costs: about ${formatPrice(VOICE_CALL_COST_CENTS)} per voice call and ${formatPrice(SMS_COST_CENTS)} per SMS`,
} as const;
