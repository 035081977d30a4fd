import type { Language } from '../i18n/translation.ts';

/** Shapes of the API answers the broker app reads (see openapi.json). Money is in cents. */

export type SubscriptionTier = 'pmpm' | 'flat';
export type SubscriptionStatus = 'trial' | 'active' | 'past_due' | 'canceled';

export interface CurrentUser {
  id: string;
  firstName: string | null;
  lastName: string | null;
  email: string;
  profileImageUrl: string | null;
  isAdmin: boolean;
  primaryColor: string | null;
  secondaryColor: string | null;
  logoUrl: string | null;
  agencyName: string | null;
  agencyPhone: string | null;
  sponsorMessage: string | null;
  /** The sponsor message for Spanish-speaking clients; empty: they get the English one. */
  sponsorMessageEs?: string;
  /** The language of this person's app, chosen in its header. */
  language?: Language;
  /** The agency sells Medicare plans: marketing and the portal carry the TPMO disclaimer. */
  sellsPlans?: boolean;
  tpmoOrganizations?: number | null;
  tpmoPlans?: number | null;
  /** The broker's own wording; null: the generated text. */
  tpmoDisclaimer?: string | null;
  subscriptionTier: SubscriptionTier;
  subscriptionStatus: SubscriptionStatus;
  trialEndsAt: string | null;
  createdAt: string;
}

export interface Stats {
  totalClients: number;
  activeClients: number;
  /** null: not enough history for a rate yet (no client the broker has had for 30 days). */
  retentionRate: number | null;
  callCompletionRate: number;
}

export interface ActivityItem {
  id: string;
  kind:
    | 'reminder_call'
    | 'reminder_text'
    | 'reminder_confirmed'
    | 'campaign_sent'
    | 'campaign_opened'
    | 'campaign_clicked'
    | 'invitation_sent'
    | 'client_registered'
    | 'contact_change_confirmed'
    | 'contact_change_refused'
    | 'client_added'
    | 'client_deactivated';
  title: string;
  /** null for a campaign sent, or once the client was deleted. */
  clientName: string | null;
  occurredAt: string;
  /** Contact changes: what changed, masked. Campaigns: the campaign's name (and recipient count). */
  detail?: string;
}

export interface Client {
  id: string;
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string;
  isActive: boolean;
  engagementScore: number;
  /** The broker's own notes; never shown to the client, never exported. */
  notes: string | null;
  /** Five-digit ZIP code and two-letter state, when given: the client's time zone and calling hours. */
  zip?: string | null;
  state?: string | null;
  /** The language of the client's portal, calls, texts and e-mails. */
  language?: Language;
  inviteStatus: 'none' | 'pending' | 'expired' | 'accepted';
  inviteToken: boolean;
  createdAt: string;
  /** Phone or e-mail changes waiting for the registered client to confirm them in their portal. */
  pendingContactChanges: { field: 'phone' | 'email'; value: string | null; requestedAt: string }[];
}

/** A new invitation link for the broker to share (nothing was sent). */
export interface InviteLink {
  inviteUrl: string;
  expiresAt: string;
  message: string;
}

/** What an edit of a client answers: the client, and a notice when a new contact waits for them. */
export interface UpdatedClient extends Client {
  notice?: { message: string };
}

export type BulkClientAction = 'invite' | 'activate' | 'deactivate' | 'delete';

/** What a bulk action on the selected clients did. */
export interface BulkResult {
  action: BulkClientAction;
  done: number;
  failed: { id: string; name: string; reason: string }[];
  message: string;
}

export interface CreatedClient extends Client {
  warning?: { message: string };
}

export interface UpgradeOption {
  type: 'overage' | 'pmpm' | 'manage';
  title: string;
  description: string;
  estimatedCost: number;
}

export interface ClientUsage {
  tier: SubscriptionTier;
  activeCount: number;
  totalCount: number;
  /** null: no limit (pmpm). */
  limit: number | null;
  overageEnabled: boolean;
  warningLevel: 'none' | 'soft' | 'approaching' | 'blocked';
  upgradeOptions: UpgradeOption[];
}

/** A row of the CSV that was not imported: its line in the file (the header is line 1). */
export interface ImportError {
  row: number;
  field: string;
  message: string;
}

export type ImportJobStatus = 'queued' | 'running' | 'completed' | 'failed';

/** The answer to an upload: the import runs in the background. */
export interface ImportJobCreated {
  jobId: string;
  status: ImportJobStatus;
}

/** A CSV import's progress (GET /api/import-jobs/{jobId}) and, once ended, its result. */
export interface ImportJob {
  jobId: string;
  status: ImportJobStatus;
  fileName: string;
  /** Client rows in the file, once the server has read it through; null before. */
  rowsTotal: number | null;
  rowsRead: number;
  imported: number;
  rejected: number;
  count: number;
  partial: boolean;
  limitReached: boolean;
  /** The summary once completed, the reason once failed. */
  message: string | null;
  errors: ImportError[];
  createdAt: string;
  finishedAt: string | null;
}

export interface InviteResult {
  success: boolean;
  message: string;
  inviteUrl: string;
}

export interface Reminder {
  id: string;
  clientId: string;
  scheduledTime: string;
  deliveryMethod: 'voice' | 'sms';
  message: string;
  status: 'pending' | 'completed' | 'failed';
  /** Why it was not sent (no permission, revoked, opted out); absent or null otherwise. */
  notSentReason?: string | null;
}

/** A client's engagement score and its line (a point on each day it changed, oldest first). */
export interface EngagementHistory {
  score: number;
  points: { day: string; score: number }[];
}

/** Who a campaign is for: all active clients, those under a Clients-list filter, or chosen clients. */
export type CampaignAudience =
  { kind: 'all' } | { kind: 'filter'; filter: Record<string, unknown> } | { kind: 'clients'; clientIds: string[] };

export interface Campaign {
  id: string;
  name: string;
  type: 'email' | 'sms';
  subject: string | null;
  message: string;
  status: 'draft' | 'sent';
  audience: CampaignAudience;
  recipientCount: number;
  openedCount: number;
  clickedCount: number;
  createdAt: string;
  sentAt: string | null;
}

/** One recipient of a sent campaign (its id is the client's). */
export interface CampaignRecipient {
  id: string;
  clientId: string;
  name: string;
  address: string | null;
  status: 'waiting' | 'sent' | 'delivered' | 'failed' | 'skipped';
  reason: string | null;
  openedAt: string | null;
  clickedAt: string | null;
}

export interface Subscription {
  subscriptionTier: SubscriptionTier;
  subscriptionStatus: SubscriptionStatus;
  trialEndsAt: string | null;
  trialDaysLeft: number;
  billingMode: 'stripe' | 'local';
  activeClients: number;
  totalClients: number;
  /** null on pmpm (no limit). */
  clientLimit: number | null;
  monthlyPriceCents: number;
  overageCents: number;
  overageClients: number;
  overageEnabled: boolean;
  /** Local billing outside production: a past-due payment can be marked as paid. */
  markPaidAvailable: boolean;
}

export interface BillingChange extends Subscription {
  checkoutUrl?: string;
}

export interface MonthlyAnalytics {
  month: string;
  voiceCallCount: number;
  clientCount: number;
  totalCost: number;
  revenue: number;
  profit: number;
  profitMargin: number;
}

/** The signed-in broker's own profile (GET/PUT /api/profile): what Settings edits. */
export interface Profile {
  /** null until given: the identity provider may know no name, and the app never makes one up. */
  firstName: string | null;
  lastName: string | null;
  /** From the identity provider; shown, not edited. */
  email: string | null;
  /** The branding's agency phone, in E.164 (or empty). */
  agencyPhone: string;
  emailNotifications: boolean;
  language?: Language;
}

export type ProfileInput = Partial<Pick<Profile, 'agencyPhone' | 'emailNotifications' | 'language'>> & {
  firstName?: string;
  lastName?: string;
};

export interface BrandingInput {
  primaryColor: string;
  secondaryColor: string;
  agencyName: string;
  agencyPhone: string;
  sponsorMessage: string;
  /** For clients whose language is Spanish; empty: they get `sponsorMessage`. */
  sponsorMessageEs: string;
}

/** The agency's TPMO settings (Branding). */
export interface TpmoInput {
  sellsPlans: boolean;
  tpmoOrganizations: number | null;
  tpmoPlans: number | null;
  /** null: back to the generated text. */
  tpmoDisclaimer: string | null;
}

export type ConsentChannel = 'voice' | 'sms' | 'email';
export type ConsentPurpose = 'reminders' | 'marketing';
export type ConsentState = 'granted' | 'revoked' | 'expired' | 'unknown';

/** A client's permission on one channel for one purpose, now. */
export interface ConsentStatus {
  channel: ConsentChannel;
  purpose: ConsentPurpose;
  state: ConsentState;
  since: string | null;
  source: string | null;
  expiresAt: string | null;
}

/** One event of the consent ledger. */
export interface ConsentEvent {
  id: string;
  channel: ConsentChannel;
  purpose: ConsentPurpose;
  granted: boolean;
  source: string;
  evidence: string | null;
  actor: string | null;
  ip: string | null;
  recordedAt: string;
}

export interface ClientConsent {
  current: ConsentStatus[];
  events: ConsentEvent[];
}

export interface LapsingConsent {
  id: string;
  clientId: string;
  name: string;
  expiresAt: string;
  renewalSentAt: string | null;
}

export interface RenewalResult {
  sent: number;
  notSent: string[];
}

export interface ComplianceReport {
  from: string;
  to: string;
  agencyName: string;
  marketingMonths: number;
  consentsByState: { state: string | null; granted: number; revoked: number; expired: number; unknown: number }[];
  eventsBySource: { source: string; granted: number; revoked: number }[];
  revocations: { count: number; sendsAfterRevocation: number; honoured: string };
  skippedByReason: { reason: string; count: number }[];
  marketingSent: { channel: ConsentChannel; count: number }[];
  callingHours: { checked: number; outside: number };
}

export type ResourceCategory = 'general' | 'training' | 'scripts' | 'templates' | 'compliance' | 'marketing';

export interface Resource {
  id: string;
  title: string;
  description: string | null;
  category: ResourceCategory;
  fileType: string;
  fileSize: number;
  downloadCount: number;
  isActive: boolean;
  isPublic: boolean;
  createdAt: string;
}

export interface OutboxMessage {
  id: string;
  channel: 'sms' | 'voice' | 'email';
  recipient: string;
  subject: string | null;
  body: string;
  purpose: string;
  createdAt: string;
}

/** Admin back office (docs/admin.md). Money in cents. */
export interface AdminAnalytics {
  mrr: number;
  arr: number;
  activeBrokers: number;
  totalBrokers: number;
  trialBrokers: number;
  netProfit: number;
  totalRevenue: number;
  totalCosts: number;
  tierDistribution: { tier: 'pmpm' | 'flat' | 'trial'; count: number; revenue: number }[];
  trialExpirations: { brokerId: string; email: string | null; trialEndsAt: string; daysRemaining: number }[];
}

export interface AdminBroker {
  id: string;
  firstName: string | null;
  lastName: string | null;
  email: string;
  subscriptionTier: SubscriptionTier;
  subscriptionStatus: SubscriptionStatus;
}

export interface AdminBrokerRow {
  id: string;
  broker: AdminBroker;
  clientCount: number;
  monthlyRevenue: number;
  lastActivity: string | null;
}

export interface AdminBrokerDetailBroker extends AdminBroker {
  agencyName: string | null;
  createdAt: string;
  trialEndsAt: string | null;
  monthlyRevenue: number;
  overageEnabled: boolean;
}

export interface AdminAction {
  id: string;
  action: string;
  notes: string | null;
  adminEmail: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  createdAt: string;
}

export interface AdminClientRow {
  id: string;
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string;
  isActive: boolean;
  createdAt: string;
}

export interface BrokerDetail {
  broker: AdminBrokerDetailBroker;
  stats: Stats;
  clients: AdminClientRow[];
  adminActions: AdminAction[];
}

export interface AdminSubscriptionChange {
  subscriptionTier?: SubscriptionTier;
  subscriptionStatus?: SubscriptionStatus;
}

/** Personal access tokens (/api/tokens): what a broker lets their own tools do with the API as them. */
export interface ApiTokenScope {
  scope: string;
  /** The server's English words for it; the app shows its own in the app's language when it knows the scope. */
  description: string;
}

export type ApiTokenExpiry = 30 | 90 | 365 | null;

/** A token as listed: never its secret, only the prefix that identifies it. */
export interface ApiToken {
  id: string;
  name: string;
  scopes: string[];
  /** The secret's first characters, e.g. "ck_pat_AbCd12". */
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
  /** null: it does not expire. */
  expiresAt: string | null;
}

/** The answer to creating one: the token and, this once, its secret. */
export interface CreatedApiToken extends ApiToken {
  token: string;
}

export interface ApiTokenInput {
  name: string;
  scopes: string[];
  /** null: no expiry. */
  expiresInDays: ApiTokenExpiry;
}

export type ApiTokenActivityKind = 'created' | 'first_use' | 'refused' | 'rate_limited' | 'revoked';

export interface ApiTokenActivity {
  id: string;
  tokenId: string | null;
  tokenName: string;
  kind: ApiTokenActivityKind;
  detail: string | null;
  createdAt: string;
}
