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

/** How long ago an activity happened, short: 'just now', '5m ago', '3h ago', '2d ago'. */
export const TIME_AGO = {
  justNow: 'just now',
  minutes: (n: number) => `${n}m ago`,
  hours: (n: number) => `${n}h ago`,
  days: (n: number) => `${n}d ago`,
} as const;
