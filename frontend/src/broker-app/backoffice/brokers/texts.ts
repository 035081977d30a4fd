import { FLAT_CLIENT_LIMIT, PRICES } from '../../billing/pricing.ts';
import type { SubscriptionStatus, SubscriptionTier } from '../../types.ts';
import { plural } from '../../ui/format.ts';

/** SPEC §9: extensions of 1 to 90 days, 7 by default, with three presets. */
export const TRIAL_DAYS_MIN = 1;
export const TRIAL_DAYS_MAX = 90;
export const TRIAL_DAYS_DEFAULT = 7;
export const TRIAL_DAY_PRESETS = [7, 14, 30] as const;
/** An admin may set a trial's end this many days either way of today (the server's limit). */
export const TRIAL_END_RANGE_DAYS = 365;
/** The longest suspension reason the server keeps. */
export const SUSPENSION_REASON_MAX = 500;

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

  exportCsv: 'Export CSV',
  exportHint: 'Download every broker under these filters, in this order, as a CSV file',

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
  setTrialEnd: 'Set Trial End Date',

  suspendedBadge: 'Suspended',
  suspendedSince: (when: string) => `Suspended since ${when}`,
  suspendedReason: (reason: string) => `Reason: ${reason}`,
  suspendedEffect:
    'They cannot sign in or use the API, and their reminders and campaigns are not sent. Their clients’ own reminders still go.',
  suspendBroker: 'Suspend Broker',
  reactivateBroker: 'Reactivate',
  accountSuspended: 'Suspended',
  accountActive: 'Active',
  suspendedFor: (reason: string) => `Suspended for: ${reason}`,
  trialEndedNowNote: 'The trial was ended at once',
  trialEndSetNote: 'A new end date was set',

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
  suspended: 'Account',
  isAdmin: 'Admin access',
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

  suspendTitle: 'Suspend Broker',
  suspendIntro: (name: string) => `${name} loses access at once.`,
  suspendEffect: 'They cannot sign in or use the API, and their reminders and campaigns stop; their clients’ own reminders still go.',
  suspendLater: 'What falls due while the account is suspended is not sent later, even after a reactivation.',
  reasonLabel: 'Reason',
  reasonHelp: 'Kept in the activity timeline. One line.',
  reasonRequired: 'Enter the reason for the suspension',
  reasonTooLong: `Keep the reason to ${SUSPENSION_REASON_MAX} characters`,
  reasonCount: (length: number) => `${length}/${SUSPENSION_REASON_MAX}`,
  suspendConfirm: 'Suspend',
  brokerSuspended: 'Broker Suspended',
  brokerSuspendedDescription: (name: string) => `${name} can no longer sign in, and their reminders and campaigns are not sent.`,
  suspendFailed: 'Failed to suspend broker',

  reactivateTitle: 'Reactivate Broker',
  reactivateIntro: (name: string) =>
    `${name} can sign in and use the API again, and their reminders and campaigns go out again from now on. What fell due while suspended is not sent.`,
  reactivateConfirm: 'Reactivate',
  brokerReactivated: 'Broker Reactivated',
  brokerReactivatedDescription: (name: string) => `${name} can sign in again.`,
  reactivateFailed: 'Failed to reactivate broker',

  trialEndTitle: 'Set Trial End Date',
  trialEndIntro: (name: string) =>
    `Choose the last day of ${name}'s trial: it ends at the end of that day. Today or an earlier day ends it now.`,
  trialEndLabel: 'Last day of the trial',
  trialEndHelp: (from: string, to: string) => `From ${from} to ${to}`,
  trialEndRange: (from: string, to: string) => `Choose a date from ${from} to ${to}`,
  noCurrentEnd: 'Current end: none',
  newEndNow: 'New end date: now',
  endsNowWarning: (name: string) => `This ends the trial now: ${name} will be asked to choose a plan.`,
  trialEndConfirm: 'Set End Date',
  trialEndSet: 'Trial End Date Set',
  trialEndSetDescription: (name: string, date: string) => `${name}'s trial now ends ${date}.`,
  trialEndedDescription: (name: string) => `${name}'s trial has ended: they will be asked to choose a plan.`,
  trialEndFailed: 'Failed to set trial end date',
} as const;

/** The admin actions the server records (SPEC §3 Admin action), as headings; another action is shown with its underscores as spaces. */
export const ACTION_LABELS: Record<string, string> = {
  trial_extended: 'Trial extended',
  subscription_updated: 'Subscription updated',
  resource_uploaded: 'Resource uploaded',
  resource_deleted: 'Resource deleted',
  broker_suspended: 'Broker suspended',
  broker_reactivated: 'Broker reactivated',
  trial_end_set: 'Trial end date set',
  api_token_revoked: 'API token revoked',
  resource_updated: 'Resource edited',
  resource_activated: 'Resource activated',
  resource_deactivated: 'Resource deactivated',
  resource_made_public: 'Resource made public',
  resource_made_private: 'Resource made private',
  admin_granted: 'Admin access given',
  admin_revoked: 'Admin access removed',
};

/** The broker detail's "Clients and revenue over time" card (docs/admin.md "Trends"). */
export const BROKER_TRENDS_TEXTS = {
  title: 'Clients and revenue over time',
  caption: 'Last 12 months: each closed month as it ended, this month so far',
  loadFailed: 'Failed to load the broker’s history',
  retry: 'Retry',
  clientsTitle: 'Clients',
  clientsChart: 'Active and total clients by month, last 12 months',
  activeClients: 'Active clients',
  totalClients: 'Total clients',
  revenueTitle: 'Revenue',
  revenueChart: 'Revenue by month, last 12 months',
  revenue: 'Revenue',
} as const;
