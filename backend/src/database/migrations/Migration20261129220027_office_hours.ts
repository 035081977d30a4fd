import { Migration } from '@mikro-orm/migrations';

export class Migration20261129220027_office_hours extends Migration {

  override name = 'Migration20261129220027_office_hours';

  override up(): void | Promise<void> {
    this.addSql(`create table "inbox_settings" ("agency_id" uuid not null, "week" jsonb not null, "holidays" jsonb not null default '[]', "auto_reply" boolean not null default false, "auto_reply_en" text not null, "auto_reply_es" text not null, "reply_promise_days" int not null default 1, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), primary key ("agency_id"));`);

    this.addSql(`alter table "inbox_threads" add "auto_replied_on" date null;`);

    this.addSql(`alter table "inbox_messages" drop constraint "inbox_messages_kind_known";`);
    this.addSql(`alter table "inbox_messages" add constraint "inbox_messages_kind_known" check (kind in ('text', 'confirmed', 'opted_out', 'opted_in', 'help', 'auto_reply'));`);

    this.addSql(`alter table "agency_events" drop constraint "agency_events_action_known";`);
    this.addSql(`alter table "agency_events" add constraint "agency_events_action_known" check (action in ('client_created', 'client_updated', 'client_deactivated', 'client_reactivated', 'client_deleted', 'client_invited', 'client_contact_change_withdrawn', 'clients_activated', 'clients_deactivated', 'clients_deleted', 'clients_invited', 'clients_assigned', 'clients_imported', 'clients_exported', 'policy_added', 'policy_updated', 'policy_deleted', 'soa_sent', 'soa_resent', 'soa_cancelled', 'commission_schedule_added', 'commission_schedule_updated', 'commission_schedule_deleted', 'commission_statement_imported', 'commission_statement_deleted', 'commission_row_matched', 'consent_recorded', 'consent_recorded_bulk', 'consent_renewals_requested', 'campaign_created', 'campaign_updated', 'campaign_deleted', 'campaign_duplicated', 'campaign_clients_added', 'campaign_test_sent', 'campaign_sent', 'campaign_scheduled', 'campaign_unscheduled', 'campaign_started', 'campaign_paused', 'campaign_resumed', 'campaign_finished', 'reminder_scheduled', 'reminder_updated', 'reminder_cancelled', 'reminders_sent', 'member_invited', 'member_invitation_resent', 'member_role_changed', 'member_removed', 'member_joined', 'team_settings_changed', 'task_rules_changed', 'inbox_replied', 'inbox_thread_assigned', 'inbox_thread_done', 'inbox_thread_reopened', 'inbox_template_added', 'inbox_template_updated', 'inbox_template_deleted', 'inbox_hours_changed', 'token_created', 'token_revoked', 'branding_updated', 'logo_uploaded', 'profile_updated', 'plan_changed', 'subscription_started', 'overage_enabled', 'payment_marked_paid'));`);

    this.addSql(`alter table "inbox_settings" add constraint "inbox_settings_agency_id_foreign" foreign key ("agency_id") references "users" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "inbox_settings" add constraint "inbox_settings_promise_days" check ((reply_promise_days >= 1) AND (reply_promise_days <= 5));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "inbox_settings" cascade;`);

    this.addSql(`alter table "agency_events" drop constraint "agency_events_action_known";`);
    this.addSql(`alter table "agency_events" add constraint "agency_events_action_known" check ("action" in ('client_created', 'client_updated', 'client_deactivated', 'client_reactivated', 'client_deleted', 'client_invited', 'client_contact_change_withdrawn', 'clients_activated', 'clients_deactivated', 'clients_deleted', 'clients_invited', 'clients_assigned', 'clients_imported', 'clients_exported', 'policy_added', 'policy_updated', 'policy_deleted', 'soa_sent', 'soa_resent', 'soa_cancelled', 'commission_schedule_added', 'commission_schedule_updated', 'commission_schedule_deleted', 'commission_statement_imported', 'commission_statement_deleted', 'commission_row_matched', 'consent_recorded', 'consent_recorded_bulk', 'consent_renewals_requested', 'campaign_created', 'campaign_updated', 'campaign_deleted', 'campaign_duplicated', 'campaign_clients_added', 'campaign_test_sent', 'campaign_sent', 'campaign_scheduled', 'campaign_unscheduled', 'campaign_started', 'campaign_paused', 'campaign_resumed', 'campaign_finished', 'reminder_scheduled', 'reminder_updated', 'reminder_cancelled', 'reminders_sent', 'member_invited', 'member_invitation_resent', 'member_role_changed', 'member_removed', 'member_joined', 'team_settings_changed', 'task_rules_changed', 'inbox_replied', 'inbox_thread_assigned', 'inbox_thread_done', 'inbox_thread_reopened', 'inbox_template_added', 'inbox_template_updated', 'inbox_template_deleted', 'token_created', 'token_revoked', 'branding_updated', 'logo_uploaded', 'profile_updated', 'plan_changed', 'subscription_started', 'overage_enabled', 'payment_marked_paid'));`);

    this.addSql(`alter table "inbox_messages" drop constraint "inbox_messages_kind_known";`);
    this.addSql(`alter table "inbox_messages" add constraint "inbox_messages_kind_known" check ("kind" in ('text', 'confirmed', 'opted_out', 'opted_in', 'help'));`);

    this.addSql(`alter table "inbox_threads" drop column "auto_replied_on";`);
  }

}
