import { A2pRegistration } from '../a2p/a2p-registration.entity.js';
import { AgencyNumber } from '../a2p/agency-number.entity.js';
import { AgencyEvent } from '../agency-log/agency-event.entity.js';
import { ApiToken } from '../api-tokens/api-token.entity.js';
import { ApiTokenEvent } from '../api-tokens/api-token-event.entity.js';
import { AdminAction } from '../audit/admin-action.entity.js';
import { ClientAccount } from '../auth/client-account.entity.js';
import { LoginThrottle } from '../auth/login-throttle.entity.js';
import { MonthSnapshot } from '../billing/month-snapshot.entity.js';
import { PlatformMonthSnapshot } from '../billing/platform-month-snapshot.entity.js';
import { Campaign } from '../campaigns/campaign.entity.js';
import { CampaignEnrollment } from '../campaigns/campaign-enrollment.entity.js';
import { CampaignRecipient } from '../campaigns/campaign-recipient.entity.js';
import { Caregiver } from '../client-portal/caregiver.entity.js';
import { ClientPasswordReset } from '../client-portal/client-password-reset.entity.js';
import { ClientReminder } from '../client-portal/client-reminder.entity.js';
import { Medication } from '../client-portal/medication.entity.js';
import { Client } from '../clients/client.entity.js';
import { ClientDeparture } from '../clients/client-departure.entity.js';
import { ClientInvitation } from '../clients/client-invitation.entity.js';
import { ContactChange } from '../clients/contact-change.entity.js';
import { EngagementDay } from '../clients/engagement-day.entity.js';
import { ImportJob } from '../clients/import-job.entity.js';
import { Consent } from '../consent/consent.entity.js';
import { ConsentRenewal } from '../consent/consent-renewal.entity.js';
import { Delivery } from '../delivery/delivery.entity.js';
import { MarketingMessage } from '../delivery/marketing-message.entity.js';
import { SendRateSlot } from '../delivery/send-rate-slot.entity.js';
import { MemberWeeklyDigest } from '../digest/member-weekly-digest.entity.js';
import { WeeklyDigest } from '../digest/weekly-digest.entity.js';
import { InboxMessage } from '../inbox/inbox-message.entity.js';
import { InboxSettings } from '../inbox/inbox-settings.entity.js';
import { InboxTemplate } from '../inbox/inbox-template.entity.js';
import { InboxThread } from '../inbox/inbox-thread.entity.js';
import { Member } from '../members/member.entity.js';
import { OptOut } from '../messaging/opt-out.entity.js';
import { OutboxMessage } from '../messaging/outbox-message.entity.js';
import { WebhookEvent } from '../messaging/webhook-event.entity.js';
import { CommissionSchedule } from '../policies/commission-schedule.entity.js';
import { CommissionStatement, CommissionStatementRow } from '../policies/commission-statement.entity.js';
import { Policy } from '../policies/policy.entity.js';
import { PhiAccess } from '../privacy/phi-access.entity.js';
import { RateLimitCounter } from '../rate-limit/rate-limit-counter.entity.js';
import { Reminder } from '../reminders/reminder.entity.js';
import { BrokerClientCount } from '../reporting/broker-client-count.entity.js';
import { BrokerDeliveryDay } from '../reporting/broker-delivery-day.entity.js';
import { Resource } from '../resources/resource.entity.js';
import { ScopeOfAppointment, SoaSignature } from '../soa/soa.entity.js';
import { ClientInteraction } from '../tasks/client-interaction.entity.js';
import { Task } from '../tasks/task.entity.js';
import { TaskReminderEmail } from '../tasks/task-reminder-email.entity.js';
import { TaskRules } from '../tasks/task-rules.entity.js';
import { User } from '../users/user.entity.js';

/** Every entity of the application, registered explicitly (no folder scanning). */
export const ENTITIES = [
  User,
  Member,
  Client,
  Policy,
  ScopeOfAppointment,
  SoaSignature,
  Task,
  TaskRules,
  InboxThread,
  InboxMessage,
  InboxSettings,
  InboxTemplate,
  TaskReminderEmail,
  ClientInteraction,
  CommissionSchedule,
  CommissionStatement,
  CommissionStatementRow,
  ClientInvitation,
  ClientAccount,
  ClientPasswordReset,
  ContactChange,
  EngagementDay,
  ImportJob,
  LoginThrottle,
  RateLimitCounter,
  OutboxMessage,
  Delivery,
  MarketingMessage,
  OptOut,
  WebhookEvent,
  Reminder,
  ClientReminder,
  Campaign,
  CampaignRecipient,
  CampaignEnrollment,
  ClientDeparture,
  WeeklyDigest,
  MemberWeeklyDigest,
  Consent,
  ConsentRenewal,
  MonthSnapshot,
  PlatformMonthSnapshot,
  AdminAction,
  AgencyEvent,
  Resource,
  Medication,
  Caregiver,
  PhiAccess,
  SendRateSlot,
  ApiToken,
  ApiTokenEvent,
  BrokerClientCount,
  BrokerDeliveryDay,
  A2pRegistration,
  AgencyNumber,
];

/** Tables the schema check leaves alone: the session store's table (created by a migration). */
export const UNMANAGED_TABLES = ['session'];
