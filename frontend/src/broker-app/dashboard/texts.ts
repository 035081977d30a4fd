import { ACTIVITY_TITLES as ENGLISH_ACTIVITY_TITLES } from '../../../../backend/src/reporting/activity-titles.ts';
import type { ActivityItem } from '../types.ts';

/** SPEC §9: the industry average retention shown, and Engagement Score = round(retention × 0.85). */
export const INDUSTRY_AVERAGE_RETENTION = 65;
export const ENGAGEMENT_FACTOR = 0.85;

/** SPEC §2 Broker dashboard, word for word. */
export const DASHBOARD_TEXTS = {
  title: 'Dashboard',
  subtitle: 'Track your client retention and engagement metrics',
  totalClients: 'Total Clients',
  activeThisMonth: (active: number) => `${active} active this month`,
  retentionRate: 'Retention Rate',
  retentionCaption: `vs. industry avg. ${INDUSTRY_AVERAGE_RETENTION}%`,
  callCompletion: 'Call Completion',
  callCompletionCaption: 'medication reminders',
  engagementScore: 'Engagement Score',
  engagementCaption: 'out of 100',
  recentActivity: 'Recent Activity',
  noActivity: 'No activity yet. Reminders, campaigns, invitations and client engagement will show here.',
  noFigure: '—',
  notEnoughHistory: 'Not enough history yet',
  quickActions: 'Quick Actions',
  addNewClient: 'Add New Client',
  scheduleReminder: 'Schedule Reminder',
  sendCampaign: 'Send Campaign',
  statsFailed: 'Failed to load your statistics',
} as const;

/** The dashboard's at-risk list and retention chart (not in the spec: docs/broker-app.md). */
export const RETENTION_TEXTS = {
  atRiskTitle: 'At risk this week',
  atRiskEmpty: 'No client is at high risk this week.',
  atRiskFailed: 'Could not load the clients at risk',
  seeAll: 'See all',
  seeAllLabel: 'See all clients at high risk',
  call: 'Call',
  text: 'Text',
  addToCampaign: 'Add to campaign',
  callName: (name: string) => `Call ${name}`,
  textName: (name: string) => `Text ${name}`,
  addToCampaignName: (name: string) => `Add to campaign: ${name}`,
  callBeforeAep: 'Call before AEP',
  callBeforeAepName: (name: string) => `Call before AEP: ${name}`,
  callBeforeAepAdded: 'Task added: Call before AEP',
  callBeforeAepFailed: 'Could not add the task',
  retentionTitle: 'Retention',
  retentionChartLabel: 'Retention by month, last 12 months',
  retainedSeries: 'Clients kept',
  retentionSummary: (from: string, fromRate: number, to: string, toRate: number, low: string, lowRate: number) =>
    `Clients kept each month went from ${fromRate}% in ${from} to ${toRate}% in ${to}; the lowest was ${lowRate}% in ${low}.`,
  retentionNoData: 'No retention figures yet: they start once you have had clients for a month.',
  noMonthData: 'no clients yet',
  aepSoFar: (season: number, rate: string) => `AEP ${season} so far: ${rate}`,
  aep: (season: number, rate: string) => `AEP ${season}: ${rate}`,
  lostTitle: 'Lost in the last 12 months',
  lostNone: 'No client left in the last 12 months.',
  retentionFailed: 'Could not load your retention figures',
  // Measured on policies once the book has them (docs/clients.md "Retention on policies")
  basisPolicies:
    'Measured on your policies: a policy in force when a month or an AEP began is kept unless it ended by then (a change of plan with you is kept).',
  basisClients: 'Measured on your clients: a client active when a month or an AEP began is kept while still active at its end.',
  retainedSeriesPolicies: 'Policies kept',
  retentionSummaryPolicies: (from: string, fromRate: number, to: string, toRate: number, low: string, lowRate: number) =>
    `Policies kept each month went from ${fromRate}% in ${from} to ${toRate}% in ${to}; the lowest was ${lowRate}% in ${low}.`,
  keptThroughAep: (kept: number, season: number, so: boolean) =>
    `${kept} ${kept === 1 ? 'policy' : 'policies'} kept through AEP ${season}${so ? ' so far' : ''}`,
  lostToAnotherAgent: (lost: number) => `${lost} ${lost === 1 ? 'policy' : 'policies'} lost to another agent in the last 12 months`,
  lostTitlePolicies: 'Policies ended in the last 12 months',
  lostNonePolicies: 'No policy ended in the last 12 months.',
} as const;

/** Whose clients the dashboard shows (not in the spec: docs/broker-app.md). */
export const SCOPE_TEXTS = {
  label: 'Clients shown',
  mine: 'My clients',
  agency: 'The agency’s',
  ownOnly: 'Your clients: the figures are for the clients assigned to you.',
} as const;

/** How long ago an activity happened, short: 'just now', '5m ago', '3h ago', '2d ago'. */
export const TIME_AGO = {
  justNow: 'just now',
  minutes: (n: number) => `${n}m ago`,
  hours: (n: number) => `${n}h ago`,
  days: (n: number) => `${n}d ago`,
} as const;

/**
 * What each activity event was, by its kind (the API's `title` is the English of these): the
 * dashboard's Recent Activity and a client's timeline show them in the app's language.
 */
export const ACTIVITY_TITLES = { ...ENGLISH_ACTIVITY_TITLES } as const satisfies Record<ActivityItem['kind'], string>;
