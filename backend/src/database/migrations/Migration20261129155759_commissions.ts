import { Migration } from '@mikro-orm/migrations';

export class Migration20261129155759_commissions extends Migration {

  override name = 'Migration20261129155759_commissions';

  override up(): void | Promise<void> {
    this.addSql(`create table "commission_statements" ("id" uuid not null, "broker_id" uuid not null, "carrier" text not null, "file_name" text not null, "file_key" text null, "status" text not null default 'mapping', "headers" jsonb not null, "preview" jsonb not null, "mapping" jsonb null, "rows_total" int not null default 0, "rows_done" int not null default 0, "matched_exact" int not null default 0, "matched_fuzzy" int not null default 0, "unmatched" int not null default 0, "rejected" int not null default 0, "message" text null, "attempts" int not null default 0, "uploaded_by" jsonb null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "finished_at" timestamptz null, primary key ("id"));`);
    this.addSql(`create index "commission_statements_broker_created_idx" on "commission_statements" ("broker_id", "created_at");`);

    this.addSql(`create table "commission_schedules" ("id" uuid not null, "broker_id" uuid not null, "carrier" text not null, "plan_type" text null, "initial_annual_cents" int not null, "renewal_annual_cents" int not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), primary key ("id"));`);
    this.addSql(`create unique index "commission_schedules_carrier_type_unique" on "commission_schedules" ("broker_id", lower("carrier"), coalesce("plan_type", ''));`);

    this.addSql(`create table "commission_statement_rows" ("id" uuid not null default gen_random_uuid(), "statement_id" uuid not null, "broker_id" uuid not null, "line" int not null, "member_id" text null, "member_name" text null, "plan_key" text null, "first_key" text null, "last_key" text null, "period" date null, "effective_date" date null, "amount_cents" int null, "problem" text null, "match_kind" text not null default 'unmatched', "policy_id" uuid null, primary key ("id"));`);
    this.addSql(`create index "commission_statement_rows_broker_period_idx" on "commission_statement_rows" ("broker_id", "period");`);
    this.addSql(`create index "commission_statement_rows_policy_idx" on "commission_statement_rows" ("policy_id", "period");`);
    this.addSql(`create index "commission_statement_rows_statement_idx" on "commission_statement_rows" ("statement_id", "line");`);

    this.addSql(`alter table "policies" add "carrier_member_id" text null;`);
    this.addSql(`create index "policies_broker_plan_key_idx" on "policies" ("broker_id", left("plan_id", 9));`);

    this.addSql(`alter table "agency_events" drop constraint "agency_events_action_known";`);
    this.addSql(`alter table "agency_events" add constraint "agency_events_action_known" check (action in ('client_created', 'client_updated', 'client_deactivated', 'client_reactivated', 'client_deleted', 'client_invited', 'client_contact_change_withdrawn', 'clients_activated', 'clients_deactivated', 'clients_deleted', 'clients_invited', 'clients_assigned', 'clients_imported', 'clients_exported', 'policy_added', 'policy_updated', 'policy_deleted', 'commission_schedule_added', 'commission_schedule_updated', 'commission_schedule_deleted', 'commission_statement_imported', 'commission_statement_deleted', 'commission_row_matched', 'consent_recorded', 'consent_recorded_bulk', 'consent_renewals_requested', 'campaign_created', 'campaign_updated', 'campaign_deleted', 'campaign_duplicated', 'campaign_clients_added', 'campaign_test_sent', 'campaign_sent', 'campaign_scheduled', 'campaign_unscheduled', 'campaign_started', 'campaign_paused', 'campaign_resumed', 'campaign_finished', 'reminder_scheduled', 'reminder_updated', 'reminder_cancelled', 'reminders_sent', 'member_invited', 'member_invitation_resent', 'member_role_changed', 'member_removed', 'member_joined', 'team_settings_changed', 'token_created', 'token_revoked', 'branding_updated', 'logo_uploaded', 'profile_updated', 'plan_changed', 'subscription_started', 'overage_enabled', 'payment_marked_paid'));`);

    this.addSql(`alter table "commission_statements" add constraint "commission_statements_broker_id_foreign" foreign key ("broker_id") references "users" ("id") on delete cascade;`);
    this.addSql(`alter table "commission_statements" add constraint "commission_statements_status_known" check (status in ('mapping', 'queued', 'running', 'completed', 'failed'));`);

    this.addSql(`alter table "commission_schedules" add constraint "commission_schedules_broker_id_foreign" foreign key ("broker_id") references "users" ("id") on delete cascade;`);
    this.addSql(`alter table "commission_schedules" add constraint "commission_schedules_amounts_range" check ((initial_annual_cents >= 0) AND (initial_annual_cents <= 10000000) AND (renewal_annual_cents >= 0) AND (renewal_annual_cents <= 10000000));`);
    this.addSql(`alter table "commission_schedules" add constraint "commission_schedules_type_known" check (plan_type in ('medicare_advantage', 'mapd', 'pdp', 'medigap', 'dental', 'vision', 'other'));`);

    this.addSql(`alter table "commission_statement_rows" add constraint "commission_statement_rows_statement_id_foreign" foreign key ("statement_id") references "commission_statements" ("id") on delete cascade;`);
    this.addSql(`alter table "commission_statement_rows" add constraint "commission_statement_rows_broker_id_foreign" foreign key ("broker_id") references "users" ("id") on delete cascade;`);
    this.addSql(`alter table "commission_statement_rows" add constraint "commission_statement_rows_policy_id_foreign" foreign key ("policy_id") references "policies" ("id") on delete set null;`);
    this.addSql(`alter table "commission_statement_rows" add constraint "commission_statement_rows_match_known" check (match_kind in ('exact', 'fuzzy', 'manual', 'unmatched'));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "commission_statement_rows" drop constraint "commission_statement_rows_statement_id_foreign";`);

    this.addSql(`drop table if exists "commission_statements" cascade;`);
    this.addSql(`drop table if exists "commission_schedules" cascade;`);
    this.addSql(`drop table if exists "commission_statement_rows" cascade;`);

    this.addSql(`alter table "agency_events" drop constraint "agency_events_action_known";`);
    this.addSql(`alter table "agency_events" add constraint "agency_events_action_known" check ("action" in ('client_created', 'client_updated', 'client_deactivated', 'client_reactivated', 'client_deleted', 'client_invited', 'client_contact_change_withdrawn', 'clients_activated', 'clients_deactivated', 'clients_deleted', 'clients_invited', 'clients_assigned', 'clients_imported', 'clients_exported', 'policy_added', 'policy_updated', 'policy_deleted', 'consent_recorded', 'consent_recorded_bulk', 'consent_renewals_requested', 'campaign_created', 'campaign_updated', 'campaign_deleted', 'campaign_duplicated', 'campaign_clients_added', 'campaign_test_sent', 'campaign_sent', 'campaign_scheduled', 'campaign_unscheduled', 'campaign_started', 'campaign_paused', 'campaign_resumed', 'campaign_finished', 'reminder_scheduled', 'reminder_updated', 'reminder_cancelled', 'reminders_sent', 'member_invited', 'member_invitation_resent', 'member_role_changed', 'member_removed', 'member_joined', 'team_settings_changed', 'token_created', 'token_revoked', 'branding_updated', 'logo_uploaded', 'profile_updated', 'plan_changed', 'subscription_started', 'overage_enabled', 'payment_marked_paid'));`);

    this.addSql(`drop index "policies_broker_plan_key_idx";`);
    this.addSql(`alter table "policies" drop column "carrier_member_id";`);
  }

}
