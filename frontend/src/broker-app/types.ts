import type { components, operations } from '../api/schema';

type Schemas = components['schemas'];

/** Shapes of the API answers the broker app reads (see openapi.json). Money is in cents. */

export type SubscriptionTier = Schemas['SubscriptionDto']['subscriptionTier'];
export type SubscriptionStatus = Schemas['SubscriptionDto']['subscriptionStatus'];

export type CurrentUser = Schemas['CurrentUserDto'];

export type Stats = Schemas['StatsDto'];

/** Whose clients the dashboard's figures are about: the member's own, or the agency's. */
export type DashboardScope = NonNullable<NonNullable<operations['StatsController_get']['parameters']['query']>['scope']>;

export type ActivityItem = Schemas['ActivityItemDto'];

export type Client = Schemas['ClientDto'];

/** A new invitation link for the broker to share (nothing was sent). */
export type InviteLink = Schemas['InviteLinkDto'];

/** What Send password reset answers: how it went to the client (never the code or the link). */
export type PasswordResetSent = Schemas['BrokerPasswordResetDto'];

/** The agency's branded sign-in link for its clients. */
export type PortalLink = Schemas['PortalLinkDto'];

/** What an edit of a client answers: the client, and a notice when a new contact waits for them. */
export type UpdatedClient = Schemas['UpdatedClientDto'];

export type BulkClientAction = Schemas['BulkClientsDto']['action'];

/** What a bulk action on the selected clients did. */
export type BulkResult = Schemas['BulkResultDto'];

export type CreatedClient = Schemas['CreatedClientDto'];

export type UpgradeOption = Schemas['UpgradeOptionDto'];

export type ClientUsage = Schemas['ClientUsageDto'];

/** A row of the CSV that was not imported: its line in the file (the header is line 1). */
export type ImportError = Schemas['ImportErrorDto'];

export type ImportJobStatus = Schemas['ImportJobDto']['status'];

/** The answer to an upload: the import runs in the background. */
/** A CSV import's progress (GET /api/import-jobs/{jobId}) and, once ended, its result. */
export type ImportJob = Schemas['ImportJobDto'];

export type InviteResult = Schemas['InviteResultDto'];

export type Reminder = Schemas['ReminderDto'];

/** A client's engagement score and its line (a point on each day it changed, oldest first). */
export type EngagementHistory = Schemas['EngagementHistoryDto'];

/** Who a campaign is for: all active clients, those under a Clients-list filter, or chosen clients. */
export type CampaignAudience = Schemas['CampaignDto']['audience'];

export type Campaign = Schemas['CampaignDto'];
export type CampaignSchedule = Schemas['ScheduleDto'];
export type CampaignTemplate = Schemas['CampaignTemplateDto'];

/** One recipient of a sent campaign (its id is the client's). */
export type CampaignRecipient = Schemas['CampaignRecipientDto'];

export type Subscription = Schemas['SubscriptionDto'];

export type BillingChange = Schemas['BillingChangeDto'];

export type MonthlyAnalytics = Schemas['MonthlyAnalyticsDto'];

/** The text messaging registration (A2P 10DLC). */
export type TextingRegistration = Schemas['RegistrationDto'];
export type TextingPreview = Schemas['RegistrationPreviewDto'];
export type TextingFees = Schemas['FeesDto'];
export type TextingStatus = Schemas['TextingStatusDto'];
export type TextingSubmission = Schemas['SubmitRegistrationDto'];

/** The signed-in broker's own profile (GET/PUT /api/profile): what Settings edits. */
export type Profile = Schemas['ProfileDto'];

/** What Settings sends (PUT /api/profile): any of the fields. */
export type ProfileInput = Schemas['UpdateProfileDto'];

type BrandingChange = Schemas['UpdateBrandingDto'];

/** The Branding form: every text field, as PUT /api/branding takes them. */
export type BrandingInput = Required<
  Pick<
    BrandingChange,
    'primaryColor' | 'secondaryColor' | 'agencyName' | 'agencyPhone' | 'agencyAddress' | 'sponsorMessage' | 'sponsorMessageEs'
  >
>;

/** What onboarding asks before the first campaign: the agency's name, its postal address and the TPMO answer. */
export type MarketingDetailsInput = Required<Pick<BrandingChange, 'agencyName' | 'agencyAddress' | 'sellsPlans'>>;

/** The agency's TPMO settings (Branding); a null disclaimer goes back to the generated text. */
export type TpmoInput = Required<Pick<BrandingChange, 'sellsPlans' | 'tpmoOrganizations' | 'tpmoPlans' | 'tpmoDisclaimer'>>;

export type ConsentChannel = Schemas['ConsentStatusDto']['channel'];
export type ConsentPurpose = Schemas['ConsentStatusDto']['purpose'];
export type ConsentState = Schemas['ConsentStatusDto']['state'];

/** A client's permission on one channel for one purpose, now. */
export type ConsentStatus = Schemas['ConsentStatusDto'];

/** One event of the consent ledger. */
export type ConsentEvent = Schemas['ConsentEventDto'];

export type ClientConsent = Schemas['ClientConsentDto'];

export type LapsingConsent = Schemas['LapsingConsentDto'];

export type RenewalResult = Schemas['RenewalResultDto'];

export type ComplianceReport = Schemas['ComplianceReportDto'];

export type ResourceCategory = Schemas['ResourceDto']['category'];

export type Resource = Schemas['ResourceDto'];

export type OutboxMessage = Schemas['OutboxMessageDto'];

/** Admin back office (docs/admin.md). Money in cents. */
export type AdminAnalytics = Schemas['AdminAnalyticsDto'];

export type AdminBroker = Schemas['AdminBrokerDto'];

export type AdminBrokerRow = Schemas['AdminBrokerRowDto'];

export type AdminBrokerDetailBroker = Schemas['AdminBrokerDetailBrokerDto'];

export type AdminAction = Schemas['AdminActionDto'];

/** An admin or a broker as the audit log names them; name and e-mail are null once the account is gone. */
export type AuditPerson = Schemas['AuditPersonDto'];

/** One entry of the platform's audit log (GET /api/admin/audit). */
export type AuditEntry = Schemas['AuditEntryDto'];

/** One entry of an agency's activity log (GET /api/agency-log): who changed what, when, from where. */
export type AgencyEvent = Schemas['AgencyEventDto'];
/** The member an entry names (a removed member stays named). */
export type AgencyEventMember = Schemas['AgencyEventMemberDto'];
/** What the activity log records (backend/src/agency-log/agency-actions.ts). */
export type AgencyAction = AgencyEvent['action'];

/** A platform admin on the Admins page; isYou marks the one signed in. */
export type PlatformAdmin = Schemas['PlatformAdminDto'];

export type AdminClientRow = Schemas['AdminClientRowDto'];

export type BrokerDetail = Schemas['BrokerDetailDto'];

export type AdminSubscriptionChange = Schemas['AdminSubscriptionDto'];

/** GET /api/admin/trends: the platform's last 12 months, oldest first; null is no data (docs/admin.md "Trends"). */
export type PlatformTrendMonth = Schemas['PlatformTrendMonthDto'];
export type PlatformTrends = Schemas['PlatformTrendsDto'];

/** GET /api/admin/brokers/{id}/trends: a broker's last 12 months, oldest first; null is no data. */
export type BrokerTrendMonth = Schemas['BrokerTrendMonthDto'];
export type BrokerTrends = Schemas['BrokerTrendsDto'];

/** Personal access tokens (/api/tokens): what a broker lets their own tools do with the API as them. */
export type ApiTokenScope = Schemas['ScopeDto'];

export type ApiTokenExpiry = NonNullable<ApiTokenInput['expiresInDays']> | null;

/** A token as listed: never its secret, only the prefix that identifies it. */
export type ApiToken = Schemas['ApiTokenDto'];

/** The answer to creating one: the token and, this once, its secret. */
export type CreatedApiToken = Schemas['CreatedApiTokenDto'];

/** A new token: name, scopes and expiry in days (null: none). */
export type ApiTokenInput = Schemas['CreateApiTokenDto'];

export type ApiTokenActivityKind = Schemas['ApiTokenEventDto']['kind'];

export type ApiTokenActivity = Schemas['ApiTokenEventDto'];

/** What an agency member's role allows (the server's list; backend/src/members/roles.ts). */
export type Permission = CurrentUser['member']['permissions'][number];
/** A member's role in their agency. */
export type MemberRole = CurrentUser['member']['role'];
/** A member of the agency, or a person invited to it (the Team page). */
export type Member = Schemas['MemberDto'];
/** An invitation just sent, with its link shown once. */
export type InvitedMember = Schemas['InvitedMemberDto'];
/** What removing a member did. */
export type RemovedMember = Schemas['RemovedMemberDto'];
/** How the team works together: whether agents see only the clients assigned to them. */
export type TeamSettings = Schemas['TeamSettingsDto'];

/** A task or follow-up (docs/tasks.md). */
export type Task = Schemas['TaskDto'];
export type InboxThread = Schemas['InboxThreadDto'];
export type InboxMessage = Schemas['InboxMessageDto'];
export type InboxTemplate = Schemas['InboxTemplateDto'];
export type OfficeHours = Schemas['OfficeHoursDto'];
export type OfficeHoursChange = Schemas['SaveOfficeHoursDto'];
export type InboxThreadChange = Schemas['UpdateThreadDto'];
export type InboxTaskInput = Schemas['ThreadTaskDto'];
export type TaskInput = Schemas['CreateTaskDto'];
export type TaskChange = Schemas['UpdateTaskDto'];
export type TaskSummary = Schemas['TaskCountsDto'];
export type TaskRules = Schemas['TaskRulesDto'];
/** A call or meeting logged with a client. */
export type Interaction = Schemas['InteractionDto'];
export type InteractionInput = Schemas['CreateInteractionDto'];

/** A client's policy (docs/policies.md): the coverage a broker sold them. Premium in cents. */
export type Policy = Schemas['PolicyDto'];
/** A new policy: carrier, plan name and type, and any of the other facts. */
export type PolicyInput = Schemas['CreatePolicyDto'];
/** A change to a policy: what is left out keeps its value, null clears it. */
export type PolicyChange = Schemas['UpdatePolicyDto'];
export type PolicyType = Policy['planType'];
export type PolicyStatus = Policy['status'];
export type MedigapPlan = NonNullable<Policy['medigapPlan']>;
export type TerminationReason = NonNullable<Policy['terminationReason']>;
