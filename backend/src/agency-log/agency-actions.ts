/**
 * Every action the agency activity log records (docs/security.md "Agency activity log"). The
 * database checks an entry's action against this list, so adding one takes a migration.
 */
export const AGENCY_ACTIONS = [
  'client_created',
  'client_updated',
  'client_deactivated',
  'client_reactivated',
  'client_deleted',
  'client_invited',
  'client_contact_change_withdrawn',
  'clients_activated',
  'clients_deactivated',
  'clients_deleted',
  'clients_invited',
  'clients_assigned',
  'clients_imported',
  'clients_exported',
  'consent_recorded',
  'consent_recorded_bulk',
  'consent_renewals_requested',
  'campaign_created',
  'campaign_updated',
  'campaign_deleted',
  'campaign_duplicated',
  'campaign_clients_added',
  'campaign_test_sent',
  'campaign_sent',
  'campaign_scheduled',
  'campaign_unscheduled',
  'campaign_started',
  'campaign_paused',
  'campaign_resumed',
  'campaign_finished',
  'reminder_scheduled',
  'reminder_updated',
  'reminder_cancelled',
  'reminders_sent',
  'member_invited',
  'member_invitation_resent',
  'member_role_changed',
  'member_removed',
  'member_joined',
  'token_created',
  'token_revoked',
  'branding_updated',
  'logo_uploaded',
  'profile_updated',
  'plan_changed',
  'subscription_started',
  'overage_enabled',
  'payment_marked_paid',
] as const;
export type AgencyAction = (typeof AGENCY_ACTIONS)[number];

/** What an entry's action was done to; `clients` is several clients at once (their ids in `after`). */
export const AGENCY_TARGETS = ['client', 'clients', 'import', 'campaign', 'reminder', 'member', 'token', 'agency'] as const;
export type AgencyTarget = (typeof AGENCY_TARGETS)[number];
