import { Migration } from '@mikro-orm/migrations';

export class Migration20261129133032_policies extends Migration {

  override name = 'Migration20261129133032_policies';

  override up(): void | Promise<void> {
    this.addSql(`create table "policies" ("id" uuid not null, "broker_id" uuid not null, "client_id" uuid not null, "carrier" text not null, "plan_name" text not null, "plan_id" text null, "plan_type" text not null, "medigap_plan" text null, "status" text not null default 'pending', "application_date" date null, "effective_date" date null, "termination_date" date null, "termination_reason" text null, "premium_cents" int null, "writing_member_id" uuid null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), primary key ("id"));`);
    this.addSql(`create index "policies_broker_effective_idx" on "policies" ("broker_id", "effective_date");`);
    this.addSql(`create index "policies_client_idx" on "policies" ("client_id", "created_at");`);

    this.addSql(`alter table "agency_events" drop constraint "agency_events_action_known";`);
    this.addSql(`alter table "agency_events" add constraint "agency_events_action_known" check (action in ('client_created', 'client_updated', 'client_deactivated', 'client_reactivated', 'client_deleted', 'client_invited', 'client_contact_change_withdrawn', 'clients_activated', 'clients_deactivated', 'clients_deleted', 'clients_invited', 'clients_assigned', 'clients_imported', 'clients_exported', 'policy_added', 'policy_updated', 'policy_deleted', 'consent_recorded', 'consent_recorded_bulk', 'consent_renewals_requested', 'campaign_created', 'campaign_updated', 'campaign_deleted', 'campaign_duplicated', 'campaign_clients_added', 'campaign_test_sent', 'campaign_sent', 'campaign_scheduled', 'campaign_unscheduled', 'campaign_started', 'campaign_paused', 'campaign_resumed', 'campaign_finished', 'reminder_scheduled', 'reminder_updated', 'reminder_cancelled', 'reminders_sent', 'member_invited', 'member_invitation_resent', 'member_role_changed', 'member_removed', 'member_joined', 'team_settings_changed', 'token_created', 'token_revoked', 'branding_updated', 'logo_uploaded', 'profile_updated', 'plan_changed', 'subscription_started', 'overage_enabled', 'payment_marked_paid'));`);

    this.addSql(`alter table "policies" add constraint "policies_broker_id_foreign" foreign key ("broker_id") references "users" ("id") on delete cascade;`);
    this.addSql(`alter table "policies" add constraint "policies_client_id_foreign" foreign key ("client_id") references "clients" ("id") on delete cascade;`);
    this.addSql(`alter table "policies" add constraint "policies_writing_member_id_foreign" foreign key ("writing_member_id") references "members" ("id") on delete set null;`);
    this.addSql(`alter table "policies" add constraint "policies_premium_range" check ((premium_cents >= 0) AND (premium_cents <= 10000000));`);
    this.addSql(`alter table "policies" add constraint "policies_termination_reason_known" check (termination_reason in ('switched_agent', 'switched_plan', 'moved', 'deceased', 'nonpayment', 'other'));`);
    this.addSql(`alter table "policies" add constraint "policies_status_known" check (status in ('pending', 'active', 'terminated', 'declined'));`);
    this.addSql(`alter table "policies" add constraint "policies_medigap_plan_known" check (medigap_plan in ('A', 'B', 'C', 'D', 'F', 'HDF', 'G', 'HDG', 'K', 'L', 'M', 'N'));`);
    this.addSql(`alter table "policies" add constraint "policies_type_known" check (plan_type in ('medicare_advantage', 'mapd', 'pdp', 'medigap', 'dental', 'vision', 'other'));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "policies" cascade;`);

    this.addSql(`alter table "agency_events" drop constraint "agency_events_action_known";`);
    this.addSql(`alter table "agency_events" add constraint "agency_events_action_known" check ("action" in ('client_created', 'client_updated', 'client_deactivated', 'client_reactivated', 'client_deleted', 'client_invited', 'client_contact_change_withdrawn', 'clients_activated', 'clients_deactivated', 'clients_deleted', 'clients_invited', 'clients_assigned', 'clients_imported', 'clients_exported', 'consent_recorded', 'consent_recorded_bulk', 'consent_renewals_requested', 'campaign_created', 'campaign_updated', 'campaign_deleted', 'campaign_duplicated', 'campaign_clients_added', 'campaign_test_sent', 'campaign_sent', 'campaign_scheduled', 'campaign_unscheduled', 'campaign_started', 'campaign_paused', 'campaign_resumed', 'campaign_finished', 'reminder_scheduled', 'reminder_updated', 'reminder_cancelled', 'reminders_sent', 'member_invited', 'member_invitation_resent', 'member_role_changed', 'member_removed', 'member_joined', 'team_settings_changed', 'token_created', 'token_revoked', 'branding_updated', 'logo_uploaded', 'profile_updated', 'plan_changed', 'subscription_started', 'overage_enabled', 'payment_marked_paid'));`);
  }

}
