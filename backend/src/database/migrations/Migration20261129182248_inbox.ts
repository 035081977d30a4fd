import { Migration } from '@mikro-orm/migrations';

export class Migration20261129182248_inbox extends Migration {

  override name = 'Migration20261129182248_inbox';

  override up(): void | Promise<void> {
    this.addSql(`create table "inbox_templates" ("id" uuid not null, "agency_id" uuid not null, "name" text not null, "body" text not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), primary key ("id"));`);
    this.addSql(`create index "inbox_templates_agency_idx" on "inbox_templates" ("agency_id", "name");`);

    this.addSql(`create table "inbox_threads" ("id" uuid not null, "agency_id" uuid not null, "phone" text not null, "sender" text not null default 'client', "client_id" uuid null, "assigned_member_id" uuid null, "status" text not null default 'open', "last_message_at" timestamptz not null, "preview" text null, "last_direction" text null, "last_inbound_at" timestamptz null, "unread_count" int not null default 0, "needs_reply_since" timestamptz null, "opted_out_at" timestamptz null, "done_at" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), primary key ("id"));`);
    this.addSql(`create index "inbox_threads_client_idx" on "inbox_threads" ("client_id");`);
    this.addSql(`create index "inbox_threads_unread_idx" on "inbox_threads" ("agency_id") where "unread_count" > 0;`);
    this.addSql(`create index "inbox_threads_agency_last_idx" on "inbox_threads" ("agency_id", "last_message_at" desc, "id");`);
    this.addSql(`alter table "inbox_threads" add constraint "inbox_threads_agency_phone_unique" unique ("agency_id", "phone");`);

    this.addSql(`create table "inbox_messages" ("id" uuid not null, "thread_id" uuid not null, "direction" text not null, "kind" text not null, "body" text null, "private" boolean not null default false, "private_body" text null, "member_id" uuid null, "status" text null, "provider_id" text null, "created_at" timestamptz not null default now(), primary key ("id"));`);
    this.addSql(`create index "inbox_messages_thread_idx" on "inbox_messages" ("thread_id", "created_at");`);

    this.addSql(`alter table "agency_events" drop constraint "agency_events_action_known";`);
    this.addSql(`alter table "agency_events" drop constraint "agency_events_target_type_known";`);
    this.addSql(`alter table "agency_events" add constraint "agency_events_action_known" check (action in ('client_created', 'client_updated', 'client_deactivated', 'client_reactivated', 'client_deleted', 'client_invited', 'client_contact_change_withdrawn', 'clients_activated', 'clients_deactivated', 'clients_deleted', 'clients_invited', 'clients_assigned', 'clients_imported', 'clients_exported', 'policy_added', 'policy_updated', 'policy_deleted', 'soa_sent', 'soa_resent', 'soa_cancelled', 'commission_schedule_added', 'commission_schedule_updated', 'commission_schedule_deleted', 'commission_statement_imported', 'commission_statement_deleted', 'commission_row_matched', 'consent_recorded', 'consent_recorded_bulk', 'consent_renewals_requested', 'campaign_created', 'campaign_updated', 'campaign_deleted', 'campaign_duplicated', 'campaign_clients_added', 'campaign_test_sent', 'campaign_sent', 'campaign_scheduled', 'campaign_unscheduled', 'campaign_started', 'campaign_paused', 'campaign_resumed', 'campaign_finished', 'reminder_scheduled', 'reminder_updated', 'reminder_cancelled', 'reminders_sent', 'member_invited', 'member_invitation_resent', 'member_role_changed', 'member_removed', 'member_joined', 'team_settings_changed', 'task_rules_changed', 'inbox_replied', 'inbox_thread_assigned', 'inbox_thread_done', 'inbox_thread_reopened', 'inbox_template_added', 'inbox_template_updated', 'inbox_template_deleted', 'token_created', 'token_revoked', 'branding_updated', 'logo_uploaded', 'profile_updated', 'plan_changed', 'subscription_started', 'overage_enabled', 'payment_marked_paid'));`);
    this.addSql(`alter table "agency_events" add constraint "agency_events_target_type_known" check (target_type in ('client', 'clients', 'import', 'campaign', 'reminder', 'member', 'token', 'agency', 'inbox_thread', 'inbox_template'));`);

    this.addSql(`alter table "inbox_templates" add constraint "inbox_templates_agency_id_foreign" foreign key ("agency_id") references "users" ("id") on delete cascade;`);

    this.addSql(`alter table "inbox_threads" add constraint "inbox_threads_agency_id_foreign" foreign key ("agency_id") references "users" ("id") on delete cascade;`);
    this.addSql(`alter table "inbox_threads" add constraint "inbox_threads_client_id_foreign" foreign key ("client_id") references "clients" ("id") on delete cascade;`);
    this.addSql(`alter table "inbox_threads" add constraint "inbox_threads_assigned_member_id_foreign" foreign key ("assigned_member_id") references "members" ("id") on delete set null;`);
    this.addSql(`alter table "inbox_threads" add constraint "inbox_threads_status_known" check (status in ('open', 'done'));`);
    this.addSql(`alter table "inbox_threads" add constraint "inbox_threads_sender_known" check (sender in ('client', 'other'));`);

    this.addSql(`alter table "inbox_messages" add constraint "inbox_messages_thread_id_foreign" foreign key ("thread_id") references "inbox_threads" ("id") on delete cascade;`);
    this.addSql(`alter table "inbox_messages" add constraint "inbox_messages_member_id_foreign" foreign key ("member_id") references "members" ("id") on delete set null;`);
    this.addSql(`alter table "inbox_messages" add constraint "inbox_messages_private_hidden" check ((not private) or body is null);`);
    this.addSql(`alter table "inbox_messages" add constraint "inbox_messages_kind_known" check (kind in ('text', 'confirmed', 'opted_out', 'opted_in', 'help'));`);
    this.addSql(`alter table "inbox_messages" add constraint "inbox_messages_direction_known" check (direction in ('in', 'out', 'event'));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "inbox_messages" drop constraint "inbox_messages_thread_id_foreign";`);

    this.addSql(`drop table if exists "inbox_templates" cascade;`);
    this.addSql(`drop table if exists "inbox_threads" cascade;`);
    this.addSql(`drop table if exists "inbox_messages" cascade;`);

    this.addSql(`alter table "agency_events" drop constraint "agency_events_target_type_known";`);
    this.addSql(`alter table "agency_events" drop constraint "agency_events_action_known";`);
    this.addSql(`alter table "agency_events" add constraint "agency_events_target_type_known" check ("target_type" in ('client', 'clients', 'import', 'campaign', 'reminder', 'member', 'token', 'agency'));`);
    this.addSql(`alter table "agency_events" add constraint "agency_events_action_known" check ("action" in ('client_created', 'client_updated', 'client_deactivated', 'client_reactivated', 'client_deleted', 'client_invited', 'client_contact_change_withdrawn', 'clients_activated', 'clients_deactivated', 'clients_deleted', 'clients_invited', 'clients_assigned', 'clients_imported', 'clients_exported', 'policy_added', 'policy_updated', 'policy_deleted', 'soa_sent', 'soa_resent', 'soa_cancelled', 'commission_schedule_added', 'commission_schedule_updated', 'commission_schedule_deleted', 'commission_statement_imported', 'commission_statement_deleted', 'commission_row_matched', 'consent_recorded', 'consent_recorded_bulk', 'consent_renewals_requested', 'campaign_created', 'campaign_updated', 'campaign_deleted', 'campaign_duplicated', 'campaign_clients_added', 'campaign_test_sent', 'campaign_sent', 'campaign_scheduled', 'campaign_unscheduled', 'campaign_started', 'campaign_paused', 'campaign_resumed', 'campaign_finished', 'reminder_scheduled', 'reminder_updated', 'reminder_cancelled', 'reminders_sent', 'member_invited', 'member_invitation_resent', 'member_role_changed', 'member_removed', 'member_joined', 'team_settings_changed', 'task_rules_changed', 'token_created', 'token_revoked', 'branding_updated', 'logo_uploaded', 'profile_updated', 'plan_changed', 'subscription_started', 'overage_enabled', 'payment_marked_paid'));`);
  }

}
