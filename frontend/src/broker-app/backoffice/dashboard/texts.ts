/**
 * The admin dashboard's texts (SPEC §2 Admin dashboard, §8 Admin, §9 Trial / MRR / ARR / Net
 * profit). The spec's titles, toasts and errors are word for word; the captions explain the figures
 * as the server computes them (docs/admin.md).
 */
import { PRICES } from '../../billing/pricing.ts';
import { plural } from '../../ui/format.ts';

export const TIER_LABELS = { pmpm: 'PMPM', flat: 'Flat', trial: 'Trial' } as const;

export const ADMIN_DASHBOARD_TEXTS = {
  title: 'Admin Dashboard',
  subtitle: 'Platform revenue, brokers and upcoming trial expirations at a glance',
  refresh: 'Refresh',

  loadFailed: 'Failed to load admin analytics',
  retry: 'Retry',
  loading: 'Loading admin analytics',

  mrr: 'MRR',
  mrrCaption: 'Monthly recurring revenue',
  arr: 'ARR',
  arrCaption: 'MRR × 12',
  netProfit: 'Net Profit',
  netProfitCaption: 'Month to date, after telephony and operating costs',
  totalRevenue: 'Total Revenue',
  totalRevenueCaption: 'This month, from paying brokers',
  activeBrokers: 'Active Brokers',
  activeBrokersCaption: 'With an active subscription',
  totalBrokers: 'Total Brokers',
  totalBrokersCaption: 'All broker accounts',
  trialBrokers: 'Trial Brokers',
  trialBrokersCaption: 'On the 30-day free trial',

  tierDistribution: 'Tier Distribution',
  tierDistributionCaption: 'Brokers by plan; brokers on trial are counted as Trial',
  tierColumn: 'Tier',
  brokersColumn: 'Brokers',
  shareColumn: 'Share',
  noBrokers: 'No brokers yet',
  chartLabel: (parts: string[]) => `Tier distribution: ${parts.join(', ')}`,
  brokerCount: (n: number) => plural(n, 'broker'),

  revenueBreakdown: 'Revenue Breakdown',
  revenueBreakdownCaption: 'This month, in US dollars',
  tierRevenue: (tier: string) => `${tier} revenue`,
  revenueTotal: 'Total Revenue',
  totalCosts: 'Total Costs',
  totalCostsHint: `Telephony (${PRICES.voiceCall} a call, ${PRICES.sms} a text) plus operating costs`,
  netProfitMtd: 'Net Profit (month to date)',
  trialRevenueHint: 'Trials bring no revenue until the broker subscribes',

  expirationsTitle: 'Upcoming Trial Expirations',
  expirationsCaption: 'Trials ending within the next 30 days, soonest first',
  expirationsCount: (shown: number, total: number) => `Showing ${shown} of ${total}`,
  viewAllBrokers: 'View all brokers',
  noExpirations: 'No trials expire in the next 30 days',
  noExpirationsHint: 'Brokers whose free trial ends within 30 days will show here.',
  unknownEmail: 'No e-mail on file',
  endsOn: (date: string) => `Ends ${date}`,
  daysRemaining: (days: number) => (days <= 0 ? 'Ends today' : `${plural(days, 'day')} left`),
  extend: 'Extend',
  upgrade: 'Upgrade',
  extendFor: (email: string) => `Extend the trial of ${email}`,
  upgradeFor: (email: string) => `Upgrade ${email}`,

  cancel: 'Cancel',

  upgradeTitle: 'Upgrade to a paid subscription?',
  upgradeIntro: (email: string) => `This ends the free trial of ${email} and activates their subscription on the plan they are on now.`,
  upgradeEffect: 'The change applies immediately with automatic proration and is recorded in the audit log.',
  confirmUpgrade: 'Upgrade',
} as const;

/**
 * The trends of the admin dashboard (docs/admin.md "Trends"), and the summaries a screen reader
 * hears for each chart (the broker detail's trends card uses them too).
 */
export const TRENDS_TEXTS = {
  title: 'Trends (last 12 months)',
  caption: 'Each closed month as it ended, this month so far. A gap is a month with no data.',
  loading: 'Loading trends',
  loadFailed: 'Failed to load trends',
  retry: 'Retry',

  mrrTitle: 'MRR',
  mrrHeading: 'MRR by month',
  mrrChart: 'MRR by month, last 12 months',
  activeTitle: 'Active brokers',
  activeHeading: 'Active brokers by month',
  activeChart: 'Active brokers by month, last 12 months',
  movementTitle: 'Trial conversions and churned brokers',
  movementChart: 'Trial conversions and churned brokers by month, last 12 months',
  conversions: 'Trial conversions',
  churned: 'Churned brokers',
  noData: 'No data',

  change: (what: string, from: string, fromMonth: string, to: string, toMonth: string) =>
    `${what} went from ${from} in ${fromMonth} to ${to} in ${toMonth}.`,
  oneMonth: (what: string, value: string, month: string) => `${what} was ${value} in ${month}.`,
  nothingYet: (what: string) => `${what}: no data yet.`,
  movement: (conversions: number, churned: number, fromMonth: string, toMonth: string) =>
    `${plural(conversions, 'trial conversion')} and ${plural(churned, 'churned broker')} from ${fromMonth} to ${toMonth}.`,
  gaps: (months: number, of: number) => `No data for ${months} of the ${of} months.`,
} as const;
