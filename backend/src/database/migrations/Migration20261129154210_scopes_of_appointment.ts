import { Migration } from '@mikro-orm/migrations';

export class Migration20261129154210_scopes_of_appointment extends Migration {

  override name = 'Migration20261129154210_scopes_of_appointment';

  override up(): void | Promise<void> {
    this.addSql(`create table "soas" ("id" uuid not null, "broker_id" uuid not null, "client_id" uuid not null, "prepared_by_member_id" uuid null, "agent_member_id" uuid null, "agent_name" text not null, "products" text[] not null, "appointment_at" timestamptz not null, "method" text not null, "exception" text null, "rule_id" text not null, "language" text not null, "channel" text not null, "recipient" text not null, "status" text not null default 'sent', "token_hash" text null, "link_expires_at" timestamptz not null, "sent_at" timestamptz not null, "opened_at" timestamptz null, "signed_at" timestamptz null, "cancelled_at" timestamptz null, "trail" jsonb not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), primary key ("id"));`);
    this.addSql(`create index "soas_broker_status_idx" on "soas" ("broker_id", "status", "appointment_at");`);
    this.addSql(`create index "soas_broker_client_idx" on "soas" ("broker_id", "client_id", "created_at");`);
    this.addSql(`alter table "soas" add constraint "soas_token_hash_unique" unique ("token_hash");`);

    this.addSql(`create table "soa_signatures" ("soa_id" uuid not null, "broker_id" uuid not null, "client_id" uuid not null, "signed_at" timestamptz not null, "signer_name" text not null, "signer_role" text not null, "relationship" text null, "signature_kind" text not null, "drawn_signature" text null, "ip" text null, "user_agent" text null, "document" jsonb not null, "document_sha256" text not null, "pdf" bytea not null, "pdf_sha256" text not null, "earliest_appointment_at" timestamptz not null, "too_soon" boolean not null, "valid_until" timestamptz not null, primary key ("soa_id"));`);
    this.addSql(`create index "soa_signatures_broker_client_idx" on "soa_signatures" ("broker_id", "client_id", "signed_at");`);

    this.addSql(`alter table "policies" add "soa_id" uuid null;`);
    this.addSql(`alter table "policies" add constraint "policies_soa_id_foreign" foreign key ("soa_id") references "soas" ("id") on delete set null;`);

    this.addSql(`alter table "agency_events" drop constraint "agency_events_action_known";`);
    this.addSql(`alter table "agency_events" add constraint "agency_events_action_known" check (action in ('client_created', 'client_updated', 'client_deactivated', 'client_reactivated', 'client_deleted', 'client_invited', 'client_contact_change_withdrawn', 'clients_activated', 'clients_deactivated', 'clients_deleted', 'clients_invited', 'clients_assigned', 'clients_imported', 'clients_exported', 'policy_added', 'policy_updated', 'policy_deleted', 'soa_sent', 'soa_resent', 'soa_cancelled', 'consent_recorded', 'consent_recorded_bulk', 'consent_renewals_requested', 'campaign_created', 'campaign_updated', 'campaign_deleted', 'campaign_duplicated', 'campaign_clients_added', 'campaign_test_sent', 'campaign_sent', 'campaign_scheduled', 'campaign_unscheduled', 'campaign_started', 'campaign_paused', 'campaign_resumed', 'campaign_finished', 'reminder_scheduled', 'reminder_updated', 'reminder_cancelled', 'reminders_sent', 'member_invited', 'member_invitation_resent', 'member_role_changed', 'member_removed', 'member_joined', 'team_settings_changed', 'token_created', 'token_revoked', 'branding_updated', 'logo_uploaded', 'profile_updated', 'plan_changed', 'subscription_started', 'overage_enabled', 'payment_marked_paid'));`);

    this.addSql(`alter table "soas" add constraint "soas_products_known" check (products <@ array['ma_mapd', 'pdp', 'medigap', 'dental_vision_hearing', 'hospital_indemnity']::text[] and cardinality(products) > 0);`);
    this.addSql(`alter table "soas" add constraint "soas_exception_known" check (exception in ('election_period_end', 'walk_in', 'inbound_call'));`);
    this.addSql(`alter table "soas" add constraint "soas_channel_known" check (channel in ('sms', 'email'));`);
    this.addSql(`alter table "soas" add constraint "soas_method_known" check (method in ('phone', 'in_person', 'video'));`);
    this.addSql(`alter table "soas" add constraint "soas_status_known" check (status in ('sent', 'signed', 'cancelled'));`);
    this.addSql(`create or replace function "soas_signed_kept_fn"() returns trigger as $$ begin if old.status = 'signed' then raise exception 'A signed Scope of Appointment is evidence and is never changed or deleted'; end if; return old; end; $$ language plpgsql;`);
    this.addSql(`create trigger "signed_kept" BEFORE DELETE on "soas" for each ROW execute function "soas_signed_kept_fn"();`);

    this.addSql(`alter table "soa_signatures" add constraint "soa_signatures_kind_known" check (signature_kind in ('typed', 'drawn'));`);
    this.addSql(`alter table "soa_signatures" add constraint "soa_signatures_role_known" check (signer_role in ('beneficiary', 'representative'));`);
    this.addSql(`create or replace function "soa_signatures_evidence_kept_fn"() returns trigger as $$ begin raise exception 'A signed Scope of Appointment is evidence and is never changed or deleted (% refused)', tg_op using hint = 'Prepare a new Scope of Appointment instead.'; end; $$ language plpgsql;`);
    this.addSql(`create trigger "evidence_kept" BEFORE UPDATE OR DELETE on "soa_signatures" for each ROW execute function "soa_signatures_evidence_kept_fn"();`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "policies" drop constraint "policies_soa_id_foreign";`);

    this.addSql(`drop trigger if exists "signed_kept" on "soas";`);
    this.addSql(`drop function if exists "soas_signed_kept_fn"();`);
    this.addSql(`drop table if exists "soas" cascade;`);
    this.addSql(`drop trigger if exists "evidence_kept" on "soa_signatures";`);
    this.addSql(`drop function if exists "soa_signatures_evidence_kept_fn"();`);
    this.addSql(`drop table if exists "soa_signatures" cascade;`);

    this.addSql(`alter table "agency_events" drop constraint "agency_events_action_known";`);
    this.addSql(`alter table "agency_events" add constraint "agency_events_action_known" check ("action" in ('client_created', 'client_updated', 'client_deactivated', 'client_reactivated', 'client_deleted', 'client_invited', 'client_contact_change_withdrawn', 'clients_activated', 'clients_deactivated', 'clients_deleted', 'clients_invited', 'clients_assigned', 'clients_imported', 'clients_exported', 'policy_added', 'policy_updated', 'policy_deleted', 'consent_recorded', 'consent_recorded_bulk', 'consent_renewals_requested', 'campaign_created', 'campaign_updated', 'campaign_deleted', 'campaign_duplicated', 'campaign_clients_added', 'campaign_test_sent', 'campaign_sent', 'campaign_scheduled', 'campaign_unscheduled', 'campaign_started', 'campaign_paused', 'campaign_resumed', 'campaign_finished', 'reminder_scheduled', 'reminder_updated', 'reminder_cancelled', 'reminders_sent', 'member_invited', 'member_invitation_resent', 'member_role_changed', 'member_removed', 'member_joined', 'team_settings_changed', 'token_created', 'token_revoked', 'branding_updated', 'logo_uploaded', 'profile_updated', 'plan_changed', 'subscription_started', 'overage_enabled', 'payment_marked_paid'));`);

    this.addSql(`alter table "policies" drop column "soa_id";`);
  }

}
