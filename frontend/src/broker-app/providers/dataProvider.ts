import simpleRestProvider from 'ra-data-simple-rest';
import { type DataProvider, useDataProvider } from 'react-admin';

import { uploadWithProgress } from '../../lib/http.ts';
import type { DepartureReason, Retention } from '../clients/retentionTypes.ts';
import type {
  ActivityItem,
  AdminAnalytics,
  AdminBrokerDetailBroker,
  AdminSubscriptionChange,
  AgencyEvent,
  ApiToken,
  ApiTokenActivity,
  ApiTokenInput,
  ApiTokenScope,
  AuditPerson,
  BillingChange,
  BrandingInput,
  BrokerDetail,
  BrokerTrends,
  BulkClientAction,
  BulkResult,
  Campaign,
  CampaignSchedule,
  CampaignTemplate,
  ClientConsent,
  ClientUsage,
  ComplianceReport,
  ConsentPurpose,
  CreatedApiToken,
  CurrentUser,
  DashboardScope,
  EngagementHistory,
  ImportJob,
  InboxMessage,
  InboxTaskInput,
  InboxTemplate,
  InboxThread,
  InboxThreadChange,
  Interaction,
  InteractionInput,
  InvitedMember,
  InviteLink,
  InviteResult,
  LapsingConsent,
  MarketingDetailsInput,
  Member,
  MemberRole,
  MonthlyAnalytics,
  OfficeHours,
  OfficeHoursChange,
  PasswordResetSent,
  PlatformAdmin,
  PlatformTrends,
  Policy,
  PolicyChange,
  PolicyInput,
  PortalLink,
  Profile,
  ProfileInput,
  RemovedMember,
  RenewalResult,
  Resource,
  ResourceCategory,
  Stats,
  Subscription,
  SubscriptionTier,
  Task,
  TaskChange,
  TaskInput,
  TaskRules,
  TaskSummary,
  TeamSettings,
  TextingPreview,
  TextingRegistration,
  TextingStatus,
  TextingSubmission,
  TpmoInput,
} from '../types.ts';
import { callJson, httpClient } from './httpClient.ts';

const base = simpleRestProvider('/api', httpClient);

/** Resources whose API path is not their name: the admin's audit log is `audit` (GET /api/admin/audit). */
const RESOURCE_PATHS: Record<string, string> = { audit: 'admin/audit' };
const pathOf = (resource: string) => RESOURCE_PATHS[resource] ?? resource;

/** `?from=…&to=…` for a report's period, with only the days given. */
export function periodQuery(from?: string, to?: string): string {
  const params = new URLSearchParams();
  if (from) params.set('from', from);
  if (to) params.set('to', to);
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** A campaign's schedule or sequence move (schedule, unschedule, start, pause, resume, finish), answered with the campaign. */
const campaignAction = (id: string, action: string, body?: unknown) =>
  callJson<Campaign>(`/api/campaigns/${encodeURIComponent(id)}/${action}`, 'POST', body);

/**
 * The app's data provider: react-admin's simple REST protocol for the lists (clients, reminders,
 * campaigns, resources, the development outbox) plus the product's non-CRUD calls as extra
 * methods. They all use the one HTTP core (lib/http.ts) and react-admin's hooks, so their errors
 * read the same and a 401 from any of them signs the broker out the same way. The only calls of the
 * broker app outside it are who is signed in (currentUser.ts, where 401 means signed out) and the
 * shell's check whether the development outbox exists.
 */
export const dataProvider = {
  ...base,
  getList: (resource, params) => base.getList(pathOf(resource), params),
  getMany: (resource, params) => base.getMany(pathOf(resource), params),
  // A client's deletion may say why they left (`meta.reason`: DELETE /api/clients/{id}?reason=…).
  delete: (resource, params) => {
    const reason = (params.meta as { reason?: string } | undefined)?.reason;
    if (!reason) return base.delete(pathOf(resource), params);
    const url = `/api/${pathOf(resource)}/${encodeURIComponent(String(params.id))}?reason=${encodeURIComponent(reason)}`;
    return httpClient(url, { method: 'DELETE' }).then(({ json }) => ({ data: json as never }));
  },

  getStats: (scope?: DashboardScope) => callJson<Stats>(`/api/stats${scope ? `?scope=${scope}` : ''}`),
  getActivity: (limit = 3, scope?: DashboardScope) =>
    callJson<ActivityItem[]>(`/api/activity?limit=${limit}${scope ? `&scope=${scope}` : ''}`),
  getRetention: (scope?: DashboardScope) => callJson<Retention>(`/api/stats/retention${scope ? `?scope=${scope}` : ''}`),

  getClientUsage: () => callJson<ClientUsage>('/api/clients/usage'),
  uploadClients: (file: File, onProgress: (percent: number) => void, marketingConsent = false) => {
    const form = new FormData();
    form.append('file', file);
    return uploadWithProgress<ImportJob>(`/api/clients/upload${marketingConsent ? '?marketingConsent=true' : ''}`, form, onProgress);
  },
  getImportJob: (jobId: string) => callJson<ImportJob>(`/api/import-jobs/${encodeURIComponent(jobId)}`),
  inviteClient: (id: string) => callJson<InviteResult>(`/api/clients/${encodeURIComponent(id)}/invite`, 'POST'),
  getInviteLink: (id: string) => callJson<InviteLink>(`/api/clients/${encodeURIComponent(id)}/invite-link`, 'POST'),
  sendClientPasswordReset: (id: string) => callJson<PasswordResetSent>(`/api/clients/${encodeURIComponent(id)}/password-reset`, 'POST'),
  getClientEngagement: (id: string) => callJson<EngagementHistory>(`/api/clients/${encodeURIComponent(id)}/engagement`),
  getClientConsent: (id: string) => callJson<ClientConsent>(`/api/clients/${encodeURIComponent(id)}/consent`),
  recordClientConsent: (id: string, purpose: ConsentPurpose, granted: boolean) =>
    callJson<ClientConsent>(`/api/clients/${encodeURIComponent(id)}/consent`, 'POST', { purpose, granted }),
  getLapsingConsent: () => callJson<LapsingConsent[]>('/api/consent/lapsing'),
  requestConsentRenewals: (clientIds: string[]) => callJson<RenewalResult>('/api/consent/renewals', 'POST', { clientIds }),
  getComplianceReport: (from?: string, to?: string) => callJson<ComplianceReport>(`/api/compliance/report${periodQuery(from, to)}`),
  getClientTimeline: (id: string) => callJson<ActivityItem[]>(`/api/clients/${encodeURIComponent(id)}/timeline`),
  // A client's policies (docs/policies.md); a change answers the policy as it stands.
  getClientPolicies: (clientId: string) => callJson<Policy[]>(`/api/clients/${encodeURIComponent(clientId)}/policies`),
  addPolicy: (clientId: string, input: PolicyInput) =>
    callJson<Policy>(`/api/clients/${encodeURIComponent(clientId)}/policies`, 'POST', input),
  getPolicy: (id: string) => callJson<Policy>(`/api/policies/${encodeURIComponent(id)}`),
  /** The carriers of the member's book, for the client list's carrier filter. */
  getPolicyCarriers: () => callJson<string[]>('/api/policies/carriers'),
  updatePolicy: (id: string, change: PolicyChange) => callJson<Policy>(`/api/policies/${encodeURIComponent(id)}`, 'PUT', change),
  deletePolicy: (id: string) => callJson<Policy>(`/api/policies/${encodeURIComponent(id)}`, 'DELETE'),
  // The text inbox (docs/messaging.md "Inbox").
  getInboxThreads: (filter: Record<string, unknown>) =>
    callJson<InboxThread[]>(
      `/api/inbox/threads?filter=${encodeURIComponent(JSON.stringify(filter))}&range=${encodeURIComponent('[0,99]')}`,
    ),
  getInboxUnread: () => callJson<{ threads: number }>('/api/inbox/unread'),
  getInboxThread: (id: string) => callJson<InboxThread>(`/api/inbox/threads/${encodeURIComponent(id)}`),
  getInboxMessages: (id: string) => callJson<InboxMessage[]>(`/api/inbox/threads/${encodeURIComponent(id)}/messages`),
  updateInboxThread: (id: string, change: InboxThreadChange) =>
    callJson<InboxThread>(`/api/inbox/threads/${encodeURIComponent(id)}`, 'PUT', change),
  replyInbox: (id: string, body: string) =>
    callJson<InboxMessage>(`/api/inbox/threads/${encodeURIComponent(id)}/replies`, 'POST', { body }),
  inboxTask: (id: string, input: InboxTaskInput) => callJson<Task>(`/api/inbox/threads/${encodeURIComponent(id)}/tasks`, 'POST', input),
  getInboxTemplates: () => callJson<InboxTemplate[]>('/api/inbox/templates'),
  getOfficeHours: () => callJson<OfficeHours>('/api/inbox/office-hours'),
  saveOfficeHours: (change: OfficeHoursChange) => callJson<OfficeHours>('/api/inbox/office-hours', 'PUT', change),
  saveInboxTemplate: (input: { name: string; body: string }, id?: string) =>
    callJson<InboxTemplate>(id ? `/api/inbox/templates/${encodeURIComponent(id)}` : '/api/inbox/templates', id ? 'PUT' : 'POST', input),
  deleteInboxTemplate: (id: string) => callJson<InboxTemplate>(`/api/inbox/templates/${encodeURIComponent(id)}`, 'DELETE'),
  // Tasks and the call log (docs/tasks.md).
  getTasks: (filter: Record<string, unknown>) => callJson<Task[]>(`/api/tasks?filter=${encodeURIComponent(JSON.stringify(filter))}`),
  getTaskSummary: () => callJson<TaskSummary>('/api/tasks/summary'),
  addTask: (input: TaskInput) => callJson<Task>('/api/tasks', 'POST', input),
  updateTask: (id: string, change: TaskChange) => callJson<Task>(`/api/tasks/${encodeURIComponent(id)}`, 'PUT', change),
  deleteTask: (id: string) => callJson<Task>(`/api/tasks/${encodeURIComponent(id)}`, 'DELETE'),
  callBeforeAep: (clientId: string) => callJson<Task>(`/api/clients/${encodeURIComponent(clientId)}/tasks/call-before-aep`, 'POST'),
  getTaskRules: () => callJson<TaskRules>('/api/tasks/rules'),
  updateTaskRules: (rules: Partial<TaskRules>) => callJson<TaskRules>('/api/tasks/rules', 'PUT', rules),
  getInteractions: (clientId: string) => callJson<Interaction[]>(`/api/clients/${encodeURIComponent(clientId)}/interactions`),
  logInteraction: (clientId: string, input: InteractionInput) =>
    callJson<Interaction>(`/api/clients/${encodeURIComponent(clientId)}/interactions`, 'POST', input),
  deleteInteraction: (clientId: string, id: string) =>
    callJson<Interaction>(`/api/clients/${encodeURIComponent(clientId)}/interactions/${encodeURIComponent(id)}`, 'DELETE'),
  bulkClients: (action: BulkClientAction, ids: string[], departureReason?: DepartureReason) =>
    callJson<BulkResult>('/api/clients/bulk', 'POST', departureReason ? { action, ids, departureReason } : { action, ids }),
  assignClients: (ids: string[], memberId: string | null) =>
    callJson<{ memberId: string | null; done: number; message: string }>('/api/clients/assign', 'POST', { ids, memberId }),
  answerOutbox: (id: string, answer: { action: 'reply' | 'key' | 'voicemail' | 'no-answer'; text?: string; digits?: string }) =>
    callJson<{ heard: string[] }>(`/api/dev/outbox/${encodeURIComponent(id)}/answer`, 'POST', answer),
  recordConsentMany: (clientIds: string[], purpose: 'marketing' | 'reminders') =>
    callJson<{ recorded: number; message: string }>('/api/consent/bulk', 'POST', { clientIds, purpose, attested: true }),
  enableOverage: () => callJson<unknown>('/api/billing/overage/enable', 'POST'),
  switchTier: (newTier: 'pmpm') => callJson<unknown>('/api/billing/tier/switch', 'POST', { newTier }),

  executeReminders: () => callJson<{ count: number }>('/api/reminders/execute', 'POST'),
  sendCampaign: (id: string) => callJson<{ count: number }>(`/api/campaigns/${encodeURIComponent(id)}/send`, 'POST'),
  getCampaignTemplates: () => callJson<CampaignTemplate[]>('/api/campaigns/templates'),
  scheduleCampaign: (id: string, schedule: CampaignSchedule) => campaignAction(id, 'schedule', schedule),
  unscheduleCampaign: (id: string) => campaignAction(id, 'unschedule'),
  startCampaign: (id: string) => campaignAction(id, 'start'),
  pauseCampaign: (id: string) => campaignAction(id, 'pause'),
  resumeCampaign: (id: string) => campaignAction(id, 'resume'),
  finishCampaign: (id: string) => campaignAction(id, 'finish'),
  getCampaignAudience: (id: string) => callJson<{ count: number; consented: number }>(`/api/campaigns/${encodeURIComponent(id)}/audience`),
  getCampaignSkipped: (id: string) => callJson<{ reason: string; count: number }[]>(`/api/campaigns/${encodeURIComponent(id)}/skipped`),
  duplicateCampaign: (id: string) => callJson<Campaign>(`/api/campaigns/${encodeURIComponent(id)}/duplicate`, 'POST'),
  sendCampaignTest: (id: string) =>
    callJson<{ success: boolean; to: string; message: string }>(`/api/campaigns/${encodeURIComponent(id)}/test`, 'POST'),
  addClientsToCampaign: (id: string, ids: string[]) =>
    callJson<Campaign>(`/api/campaigns/${encodeURIComponent(id)}/clients`, 'POST', { ids }),

  getSubscription: () => callJson<Subscription>('/api/subscription'),
  changeSubscription: (subscriptionTier: SubscriptionTier) => callJson<BillingChange>('/api/subscription', 'POST', { subscriptionTier }),
  startSubscription: (subscriptionTier: SubscriptionTier, confirmMonthlyPriceCents: number) =>
    callJson<BillingChange>('/api/subscription/start', 'POST', { subscriptionTier, confirmMonthlyPriceCents }),
  markPaid: () => callJson<Subscription>('/api/billing/mark-paid', 'POST'),
  openBillingPortal: () => callJson<{ url: string }>('/api/billing/portal', 'POST'),
  getMonthlyAnalytics: () => callJson<MonthlyAnalytics[]>('/api/analytics/monthly'),

  getTextingStatus: () => callJson<TextingStatus>('/api/messaging-registration/status'),
  getTextingPreview: () => callJson<TextingPreview>('/api/messaging-registration/preview'),
  /** The agency's registration, or null before it registers (404). */
  getTextingRegistration: async () => {
    try {
      return await callJson<TextingRegistration>('/api/messaging-registration');
    } catch (error) {
      if ((error as { status?: number }).status === 404) return null;
      throw error;
    }
  },
  submitTextingRegistration: (input: TextingSubmission) => callJson<TextingRegistration>('/api/messaging-registration', 'POST', input),
  checkTextingRegistration: () => callJson<TextingRegistration>('/api/messaging-registration/check', 'POST'),

  getProfile: () => callJson<Profile>('/api/profile'),
  updateProfile: (input: ProfileInput) => callJson<Profile>('/api/profile', 'PUT', input),

  updateBranding: (input: BrandingInput | TpmoInput | MarketingDetailsInput) => callJson<CurrentUser>('/api/branding', 'PUT', input),
  getPortalLink: () => callJson<PortalLink>('/api/branding/portal-link'),
  uploadLogo: (file: File, onProgress: (percent: number) => void = () => undefined) => {
    const form = new FormData();
    form.append('logo', file);
    return uploadWithProgress<{ logoUrl: string }>('/api/branding/logo', form, onProgress);
  },

  // Personal access tokens: the signed-in user's own. The secret comes back only from createToken.
  getTokenScopes: () => callJson<ApiTokenScope[]>('/api/tokens/scopes'),
  getTokens: () => callJson<ApiToken[]>('/api/tokens'),
  createToken: (input: ApiTokenInput) => callJson<CreatedApiToken>('/api/tokens', 'POST', input),
  revokeToken: (id: string) => callJson<unknown>(`/api/tokens/${encodeURIComponent(id)}`, 'DELETE'),
  getTokenActivity: () => callJson<ApiTokenActivity[]>('/api/tokens/activity'),
  // The agency's team: its members and invitations, and how it works; owners invite, change roles, remove and change the settings.
  getMembers: () => callJson<Member[]>('/api/members'),
  inviteMember: (input: { email: string; role: MemberRole }) => callJson<InvitedMember>('/api/members', 'POST', input),
  resendInvitation: (id: string) => callJson<InvitedMember>(`/api/members/${encodeURIComponent(id)}/invitation`, 'POST'),
  changeMemberRole: (id: string, role: MemberRole) => callJson<Member>(`/api/members/${encodeURIComponent(id)}`, 'PUT', { role }),
  removeMember: (id: string, reassignTo?: string) =>
    callJson<RemovedMember>(
      `/api/members/${encodeURIComponent(id)}${reassignTo ? `?reassignTo=${encodeURIComponent(reassignTo)}` : ''}`,
      'DELETE',
    ),
  getTeamSettings: () => callJson<TeamSettings>('/api/team/settings'),
  updateTeamSettings: (input: TeamSettings) => callJson<TeamSettings>('/api/team/settings', 'PUT', input),

  // Admin back office (docs/admin.md). Lists (brokers, resources) go through getList on
  // 'admin/brokers' and 'admin/resources'.
  getAdminAnalytics: () => callJson<AdminAnalytics>('/api/admin/analytics'),
  getAdminTrends: () => callJson<PlatformTrends>('/api/admin/trends'),
  getBrokerTrends: (id: string) => callJson<BrokerTrends>(`/api/admin/brokers/${encodeURIComponent(id)}/trends`),
  getBrokerCompliance: (id: string, from?: string, to?: string) =>
    callJson<ComplianceReport>(`/api/admin/brokers/${encodeURIComponent(id)}/compliance${periodQuery(from, to)}`),
  getBrokerDetail: (id: string) => callJson<BrokerDetail>(`/api/admin/brokers/${encodeURIComponent(id)}`),
  extendTrial: (id: string, days: number) =>
    callJson<AdminBrokerDetailBroker>(`/api/admin/brokers/${encodeURIComponent(id)}/trial`, 'POST', { days }),
  updateBrokerSubscription: (id: string, change: AdminSubscriptionChange) =>
    callJson<AdminBrokerDetailBroker & { notice?: string }>(`/api/admin/brokers/${encodeURIComponent(id)}/subscription`, 'POST', change),
  setTrialEnd: (id: string, trialEndsAt: string) =>
    callJson<AdminBrokerDetailBroker>(`/api/admin/brokers/${encodeURIComponent(id)}/trial-end`, 'PUT', { trialEndsAt }),
  suspendBroker: (id: string, reason: string) =>
    callJson<AdminBrokerDetailBroker>(`/api/admin/brokers/${encodeURIComponent(id)}/suspend`, 'POST', { reason }),
  reactivateBroker: (id: string) => callJson<AdminBrokerDetailBroker>(`/api/admin/brokers/${encodeURIComponent(id)}/reactivate`, 'POST'),
  uploadResource: (
    input: { file: File; title: string; description?: string; category?: ResourceCategory },
    onProgress: (percent: number) => void,
  ) => {
    const form = new FormData();
    form.append('file', input.file);
    form.append('title', input.title);
    if (input.description) form.append('description', input.description);
    if (input.category) form.append('category', input.category);
    return uploadWithProgress<Resource>('/api/admin/resources', form, onProgress);
  },
  updateResource: (id: string, input: { title: string; description: string; category: ResourceCategory }) =>
    callJson<Resource>(`/api/admin/resources/${encodeURIComponent(id)}`, 'PUT', input),
  toggleResourceActive: (id: string, isActive: boolean) =>
    callJson<Resource>(`/api/admin/resources/${encodeURIComponent(id)}/toggle`, 'PATCH', { isActive }),
  toggleResourcePublic: (id: string, isPublic: boolean) =>
    callJson<Resource>(`/api/admin/resources/${encodeURIComponent(id)}/toggle-public`, 'PATCH', { isPublic }),
  deleteResource: (id: string) => callJson<unknown>(`/api/admin/resources/${encodeURIComponent(id)}`, 'DELETE'),

  // The audit log's list is the `audit` resource; this is its admin filter's choices.
  getAuditAdmins: () => callJson<AuditPerson[]>('/api/admin/audit/admins'),

  getPlatformAdmins: () => callJson<PlatformAdmin[]>('/api/admin/admins'),
  grantAdmin: (email: string) => callJson<PlatformAdmin[]>('/api/admin/admins', 'POST', { email }),
  revokeAdmin: (id: string) => callJson<unknown>(`/api/admin/admins/${encodeURIComponent(id)}`, 'DELETE'),

  // One page of an agency's activity log, newest first (the broker app's own page lists `agency-log` through getList).
  getBrokerAgencyLog: (brokerId: string, page: number, perPage: number) =>
    base.getList<AgencyEvent>(`admin/brokers/${encodeURIComponent(brokerId)}/agency-log`, {
      pagination: { page, perPage },
      sort: { field: 'createdAt', order: 'DESC' },
      filter: {},
    }),

  getBrokerTokens: (brokerId: string) => callJson<ApiToken[]>(`/api/admin/brokers/${encodeURIComponent(brokerId)}/tokens`),
  revokeBrokerToken: (brokerId: string, tokenId: string) =>
    callJson<unknown>(`/api/admin/brokers/${encodeURIComponent(brokerId)}/tokens/${encodeURIComponent(tokenId)}`, 'DELETE'),
} satisfies DataProvider;

export type CareKeepDataProvider = typeof dataProvider;

/** The data provider with the product's extra methods, wrapped by react-admin (401 handling). */
export function useCareKeepDataProvider(): CareKeepDataProvider {
  return useDataProvider<CareKeepDataProvider>();
}
