import { Migration } from '@mikro-orm/migrations';

export class Migration20261129162850_agency_actions_soas_tasks_commissions extends Migration {

  override name = 'Migration20261129162850_agency_actions_soas_tasks_commissions';

  override up(): void | Promise<void> {
    this.addSql(`alter table "agency_events" drop constraint "agency_events_action_known";`);
    this.addSql(`alter table "agency_events" add constraint "agency_events_action_known" check (action in ('client_created', 'client_updated', 'client_deactivated', 'client_reactivated', 'client_deleted', 'client_invited', 'client_contact_change_withdrawn', 'clients_activated', 'clients_deactivated', 'clients_deleted', 'clients_invited', 'clients_assigned', 'clients_imported', 'clients_exported', 'policy_added', 'policy_updated', 'policy_deleted', 'soa_sent', 'soa_resent', 'soa_cancelled', 'commission_schedule_added', 'commission_schedule_updated', 'commission_schedule_deleted', 'commission_statement_imported', 'commission_statement_deleted', 'commission_row_matched', 'consent_recorded', 'consent_recorded_bulk', 'consent_renewals_requested', 'campaign_created', 'campaign_updated', 'campaign_deleted', 'campaign_duplicated', 'campaign_clients_added', 'campaign_test_sent', 'campaign_sent', 'campaign_scheduled', 'campaign_unscheduled', 'campaign_started', 'campaign_paused', 'campaign_resumed', 'campaign_finished', 'reminder_scheduled', 'reminder_updated', 'reminder_cancelled', 'reminders_sent', 'member_invited', 'member_invitation_resent', 'member_role_changed', 'member_removed', 'member_joined', 'team_settings_changed', 'task_rules_changed', 'token_created', 'token_revoked', 'branding_updated', 'logo_uploaded', 'profile_updated', 'plan_changed', 'subscription_started', 'overage_enabled', 'payment_marked_paid'));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "agency_events" drop constraint "agency_events_action_known";`);
    this.addSql(`alter table "agency_events" add constraint "agency_events_action_known" check ("action" in ('client_created', 'client_updated', 'client_deactivated', 'client_reactivated', 'client_deleted', 'client_invited', 'client_contact_change_withdrawn', 'clients_activated', 'clients_deactivated', 'clients_deleted', 'clients_invited', 'clients_assigned', 'clients_imported', 'clients_exported', 'policy_added', 'policy_updated', 'policy_deleted', 'commission_schedule_added', 'commission_schedule_updated', 'commission_schedule_deleted', 'commission_statement_imported', 'commission_statement_deleted', 'commission_row_matched', 'consent_recorded', 'consent_recorded_bulk', 'consent_renewals_requested', 'campaign_created', 'campaign_updated', 'campaign_deleted', 'campaign_duplicated', 'campaign_clients_added', 'campaign_test_sent', 'campaign_sent', 'campaign_scheduled', 'campaign_unscheduled', 'campaign_started', 'campaign_paused', 'campaign_resumed', 'campaign_finished', 'reminder_scheduled', 'reminder_updated', 'reminder_cancelled', 'reminders_sent', 'member_invited', 'member_invitation_resent', 'member_role_changed', 'member_removed', 'member_joined', 'team_settings_changed', 'token_created', 'token_revoked', 'branding_updated', 'logo_uploaded', 'profile_updated', 'plan_changed', 'subscription_started', 'overage_enabled', 'payment_marked_paid'));`);
  }

}
