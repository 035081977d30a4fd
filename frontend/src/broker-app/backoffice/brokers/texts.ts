import { FLAT_CLIENT_LIMIT, PRICES } from '../../billing/pricing.ts';
import type { SubscriptionStatus, SubscriptionTier } from '../../types.ts';
import { plural } from '../../ui/format.ts';

/** SPEC §9: extensions of 1 to 90 days, 7 by default, with three presets. */
export const TRIAL_DAYS_MIN = 1;
export const TRIAL_DAYS_MAX = 90;
export const TRIAL_DAYS_DEFAULT = 7;
export const TRIAL_DAY_PRESETS = [7, 14, 30] as const;

export const TIER_LABELS: Record<SubscriptionTier, string> = { pmpm: 'PMPM', flat: 'Flat' };

export const STATUS_LABELS: Record<SubscriptionStatus, string> = {
  trial: 'Trial',
  active: 'Active',
  past_due: 'Past Due',
  canceled: 'Canceled',
};

/** Broker management (/admin/brokers): SPEC §2, §3 Admin broker row, §8 Admin. */
export const BROKERS_TEXTS = {
  title: 'Broker Management',
  subtitle: 'Find any broker on the platform, check their plan and activity, and manage their subscription',

  searchLabel: 'Search brokers',
  searchPlaceholder: 'Search by email or name',
  tierLabel: 'Tier',
  statusLabel: 'Status',
  all: 'All',
  filtersLabel: 'Broker filters',

  columns: {
    email: 'Email',
    tier: 'Tier',
    status: 'Status',
    clients: 'Clients',
    monthlyRevenue: 'Monthly Revenue',
    lastActivity: 'Last Activity',
    actions: 'Actions',
  },
  tableLabel: 'Brokers',
  noActivity: '—',
  rowsPerPage: 'Rows per page',

  rowActions: (who: string) => `Actions for ${who}`,
  viewDetails: 'View Details',
  extendTrial: 'Extend Trial',
  changeSubscription: 'Change Subscription',

  emptyTitle: 'No brokers found',
  emptyFiltered: 'No broker matches this search and these filters. Try another name or e-mail, or set the filters back to All.',
  emptyNone: 'No broker has signed up yet. Brokers appear here after their first sign-in.',
  clearFilters: 'Clear Filters',

  fetchFailed: 'Failed to fetch brokers',
  retry: 'Retry',
} as const;

/** Admin broker detail (/admin/brokers/{id}): SPEC §2, §3 Broker detail response, Admin action. */
export const DETAIL_TEXTS = {
  yes: 'Yes',
  no: 'No',
  justNow: 'just now',
  complianceTitle: 'Compliance',
  compliancePeriod: (from: string, to: string) =>
    `Consents, revocations, skipped sends and calling hours, ${from} to ${to}. No health data.`,
  complianceCsv: 'Download CSV',
  compliancePdf: 'Download PDF',
  complianceFailed: 'Failed to load the compliance report',
  back: 'Back to Brokers',
  unnamed: 'Unnamed broker',
  accountId: 'Account ID',
  created: (date: string) => `Created ${date}`,
  loading: 'Loading broker',

  totalClients: 'Total Clients',
  clientsCaption: (active: number, total: number) => `${active} active / ${total} total`,
  monthlyRevenue: 'Monthly Revenue',
  overageNote: (amount: string, clients: number) =>
    `Includes ${amount} overage for ${plural(clients, 'active client')} over ${FLAT_CLIENT_LIMIT}`,
  overageEnabledNote: `Overage enabled: ${PRICES.overagePerClient} per client over ${FLAT_CLIENT_LIMIT}`,
  flatNote: `Flat plan: ${PRICES.flatMonthly}/month for up to ${FLAT_CLIENT_LIMIT} clients`,
  pmpmNote: (clients: number) => `${PRICES.pmpmPerClient} per active client × ${plural(clients, 'active client')}`,
  trialRevenueNote: 'Trial: no revenue until it converts',
  canceledRevenueNote: 'Canceled: no revenue',
  retentionRate: 'Retention Rate',
  noRetention: '—',
  callCompletion: (rate: number) => `Call completion: ${rate}%`,
  notEnoughHistory: 'Not enough history yet',
  trialStatus: 'Trial Status',
  trialEnds: (date: string) => `Ends ${date}`,
  trialNoEnd: 'No end date',
  trialDaysLeft: (days: number) => `${plural(days, 'day')} left`,
  trialEnded: 'The trial has ended',
  // The account holds no subscription start date, so each status says only what is known.
  statusCaptions: {
    active: 'Paid subscription with full access',
    past_due: 'Payment past due: features are paused until it is paid',
    canceled: 'Subscription canceled: features are off until it is restored',
  },

  subscriptionTitle: 'Subscription Management',
  subscriptionBody: 'Changes apply at once and are recorded in the activity timeline.',
  currentTier: 'Tier',
  currentStatus: 'Status',
  trialEndsLabel: 'Trial ends',
  changeSubscription: 'Change Subscription',
  extendTrial: 'Extend Trial',

  timelineTitle: 'Activity Timeline',
  timelineSubtitle: 'The last 20 admin actions on this account, newest first',
  noActivity: 'No recent activity',
  byAdmin: (email: string) => `by ${email}`,
  byUnknownAdmin: 'by an admin',

  clientsTitle: 'Clients',
  clientsCount: (total: number) => plural(total, 'client'),
  clientColumns: { name: 'Name', email: 'Email', phone: 'Phone', status: 'Status', joined: 'Joined' },
  active: 'Active',
  inactive: 'Inactive',
  noEmail: '—',
  noClients: 'No clients yet',

  notFoundTitle: 'Broker Not Found',
  notFoundBody: 'There is no broker with this account ID. The link may be wrong, or the account may have been removed.',
  loadFailed: 'Could not load this broker.',
  retry: 'Retry',
} as const;

/** How the timeline names the fields an admin change touched. */
export const CHANGE_FIELD_LABELS: Record<string, string> = {
  trialEndsAt: 'Trial ends',
  subscriptionTier: 'Subscription tier',
  subscriptionStatus: 'Subscription status',
  isActive: 'Active',
  isPublic: 'Public',
  title: 'Title',
  category: 'Category',
};

/** The Extend Trial Period and Update Subscription dialogs (SPEC §5, §8 Admin). */
export const DIALOG_TEXTS = {
  cancel: 'Cancel',

  extendTitle: 'Extend Trial Period',
  extendIntro: (name: string) =>
    `Give ${name} more time on the free trial. The days count from today or from the current end date, whichever is later.`,
  currentEnd: (date: string) => `Current end: ${date}`,
  newEnd: (date: string) => `New end date: ${date}`,
  presetsLabel: 'Quick choices',
  preset: (days: number) => `${days} days`,
  daysLabel: 'Days to add',
  daysHelp: `From ${TRIAL_DAYS_MIN} to ${TRIAL_DAYS_MAX} days`,
  daysRange: `Enter a whole number of days from ${TRIAL_DAYS_MIN} to ${TRIAL_DAYS_MAX}`,
  daysWhole: 'Enter a whole number of days, without a fraction',
  daysPositive: 'Enter a number of days greater than 0',
  extendConfirm: 'Extend Trial',
  extending: 'Extending…',
  trialExtended: 'Trial Extended',
  trialExtendedDescription: (name: string, date: string | null) =>
    date ? `${name}'s trial now ends ${date}.` : `${name}'s trial was extended.`,
  extendFailed: 'Failed to extend trial',

  updateTitle: 'Update Subscription',
  updateIntro: (name: string) => `Change ${name}'s tier, status, or both. Only what you choose is changed; the rest stays as it is.`,
  tierField: 'Subscription Tier',
  statusField: 'Subscription Status',
  keepCurrent: (label: string) => `Keep current (${label})`,
  chooseOne: 'Choose a new tier, a new status, or both.',
  updateConfirm: 'Update Subscription',
  updating: 'Updating…',
  subscriptionUpdated: 'Subscription Updated',
  subscriptionUpdatedDescription: (name: string, tier: SubscriptionTier, status: SubscriptionStatus) =>
    `${name} is now on ${TIER_LABELS[tier]}, ${STATUS_LABELS[status]}.`,
  updateFailed: 'Failed to update subscription',
} as const;

/** The admin actions the server records (SPEC §3 Admin action), as headings; another action is shown with its underscores as spaces. */
export const ACTION_LABELS: Record<string, string> = {
  trial_extended: 'Trial extended',
  subscription_updated: 'Subscription updated',
  resource_uploaded: 'Resource uploaded',
  resource_deleted: 'Resource deleted',
};
