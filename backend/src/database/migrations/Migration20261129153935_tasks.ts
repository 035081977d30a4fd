import { Migration } from '@mikro-orm/migrations';

export class Migration20261129153935_tasks extends Migration {

  override name = 'Migration20261129153935_tasks';

  override up(): void | Promise<void> {
    this.addSql(`create table "task_rules" ("broker_id" uuid not null, "welcome_call" boolean not null default false, "review_call" boolean not null default false, "turning65" boolean not null default false, "updated_at" timestamptz not null default now(), primary key ("broker_id"));`);

    this.addSql(`create table "task_reminder_emails" ("id" uuid not null, "member_id" uuid not null, "day" date not null, "sent_at" timestamptz not null default now(), primary key ("id"));`);
    this.addSql(`alter table "task_reminder_emails" add constraint "task_reminder_emails_member_day_unique" unique ("member_id", "day");`);

    this.addSql(`create table "tasks" ("id" uuid not null, "broker_id" uuid not null, "client_id" uuid null, "title" text not null, "notes" text null, "due_at" timestamptz not null, "assignee_member_id" uuid null, "priority" text not null default 'normal', "done_at" timestamptz null, "created_by_member_id" uuid null, "source" text not null default 'manual', "rule_key" text null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), primary key ("id"));`);
    this.addSql(`create index "tasks_client_idx" on "tasks" ("client_id", "due_at");`);
    this.addSql(`create index "tasks_assignee_due_idx" on "tasks" ("assignee_member_id", "due_at");`);
    this.addSql(`create index "tasks_broker_due_idx" on "tasks" ("broker_id", "due_at");`);
    this.addSql(`alter table "tasks" add constraint "tasks_rule_key_unique" unique ("broker_id", "rule_key");`);

    this.addSql(`create table "client_interactions" ("id" uuid not null, "broker_id" uuid not null, "client_id" uuid not null, "kind" text not null, "outcome" text not null, "notes" text null, "duration_minutes" int null, "at" timestamptz not null, "member_id" uuid null, "created_at" timestamptz not null default now(), primary key ("id"));`);
    this.addSql(`create index "client_interactions_client_idx" on "client_interactions" ("client_id", "at");`);

    this.addSql(`alter table "agency_events" drop constraint "agency_events_action_known";`);
    this.addSql(`alter table "agency_events" add constraint "agency_events_action_known" check (action in ('client_created', 'client_updated', 'client_deactivated', 'client_reactivated', 'client_deleted', 'client_invited', 'client_contact_change_withdrawn', 'clients_activated', 'clients_deactivated', 'clients_deleted', 'clients_invited', 'clients_assigned', 'clients_imported', 'clients_exported', 'policy_added', 'policy_updated', 'policy_deleted', 'consent_recorded', 'consent_recorded_bulk', 'consent_renewals_requested', 'campaign_created', 'campaign_updated', 'campaign_deleted', 'campaign_duplicated', 'campaign_clients_added', 'campaign_test_sent', 'campaign_sent', 'campaign_scheduled', 'campaign_unscheduled', 'campaign_started', 'campaign_paused', 'campaign_resumed', 'campaign_finished', 'reminder_scheduled', 'reminder_updated', 'reminder_cancelled', 'reminders_sent', 'member_invited', 'member_invitation_resent', 'member_role_changed', 'member_removed', 'member_joined', 'team_settings_changed', 'task_rules_changed', 'token_created', 'token_revoked', 'branding_updated', 'logo_uploaded', 'profile_updated', 'plan_changed', 'subscription_started', 'overage_enabled', 'payment_marked_paid'));`);

    this.addSql(`alter table "task_rules" add constraint "task_rules_broker_id_foreign" foreign key ("broker_id") references "users" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "task_reminder_emails" add constraint "task_reminder_emails_member_id_foreign" foreign key ("member_id") references "members" ("id") on delete cascade;`);

    this.addSql(`alter table "tasks" add constraint "tasks_broker_id_foreign" foreign key ("broker_id") references "users" ("id") on delete cascade;`);
    this.addSql(`alter table "tasks" add constraint "tasks_client_id_foreign" foreign key ("client_id") references "clients" ("id") on delete cascade;`);
    this.addSql(`alter table "tasks" add constraint "tasks_assignee_member_id_foreign" foreign key ("assignee_member_id") references "members" ("id") on delete set null;`);
    this.addSql(`alter table "tasks" add constraint "tasks_created_by_member_id_foreign" foreign key ("created_by_member_id") references "members" ("id") on delete set null;`);
    this.addSql(`alter table "tasks" add constraint "tasks_source_known" check (source in ('manual', 'at_risk', 'client_reply', 'soa_missed', 'rule_welcome_call', 'rule_review_call', 'rule_turning_65'));`);
    this.addSql(`alter table "tasks" add constraint "tasks_priority_known" check (priority in ('low', 'normal', 'high'));`);

    this.addSql(`alter table "client_interactions" add constraint "client_interactions_broker_id_foreign" foreign key ("broker_id") references "users" ("id") on delete cascade;`);
    this.addSql(`alter table "client_interactions" add constraint "client_interactions_client_id_foreign" foreign key ("client_id") references "clients" ("id") on delete cascade;`);
    this.addSql(`alter table "client_interactions" add constraint "client_interactions_member_id_foreign" foreign key ("member_id") references "members" ("id") on delete set null;`);
    this.addSql(`alter table "client_interactions" add constraint "client_interactions_duration_range" check ((duration_minutes >= 0) AND (duration_minutes <= 1440));`);
    this.addSql(`alter table "client_interactions" add constraint "client_interactions_outcome_known" check (outcome in ('reached', 'voicemail', 'no_answer', 'meeting_held', 'other'));`);
    this.addSql(`alter table "client_interactions" add constraint "client_interactions_kind_known" check (kind in ('call', 'meeting'));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "task_rules" cascade;`);
    this.addSql(`drop table if exists "task_reminder_emails" cascade;`);
    this.addSql(`drop table if exists "tasks" cascade;`);
    this.addSql(`drop table if exists "client_interactions" cascade;`);

    this.addSql(`alter table "agency_events" drop constraint "agency_events_action_known";`);
    this.addSql(`alter table "agency_events" add constraint "agency_events_action_known" check ("action" in ('client_created', 'client_updated', 'client_deactivated', 'client_reactivated', 'client_deleted', 'client_invited', 'client_contact_change_withdrawn', 'clients_activated', 'clients_deactivated', 'clients_deleted', 'clients_invited', 'clients_assigned', 'clients_imported', 'clients_exported', 'policy_added', 'policy_updated', 'policy_deleted', 'consent_recorded', 'consent_recorded_bulk', 'consent_renewals_requested', 'campaign_created', 'campaign_updated', 'campaign_deleted', 'campaign_duplicated', 'campaign_clients_added', 'campaign_test_sent', 'campaign_sent', 'campaign_scheduled', 'campaign_unscheduled', 'campaign_started', 'campaign_paused', 'campaign_resumed', 'campaign_finished', 'reminder_scheduled', 'reminder_updated', 'reminder_cancelled', 'reminders_sent', 'member_invited', 'member_invitation_resent', 'member_role_changed', 'member_removed', 'member_joined', 'team_settings_changed', 'token_created', 'token_revoked', 'branding_updated', 'logo_uploaded', 'profile_updated', 'plan_changed', 'subscription_started', 'overage_enabled', 'payment_marked_paid'));`);
  }

}
