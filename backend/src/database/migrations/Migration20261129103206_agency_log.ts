import { Migration } from '@mikro-orm/migrations';

export class Migration20261129103206_agency_log extends Migration {

  override name = 'Migration20261129103206_agency_log';

  override up(): void | Promise<void> {
    this.addSql(`create table "agency_events" ("id" uuid not null, "agency_id" uuid not null, "member_id" uuid not null, "via_token_id" uuid null, "action" text not null, "target_type" text not null, "target_id" uuid null, "summary" text not null, "before" jsonb null, "after" jsonb null, "ip" text null, "created_at" timestamptz not null default now(), primary key ("id"));`);
    this.addSql(`create index "agency_events_member_idx" on "agency_events" ("member_id");`);
    this.addSql(`create index "agency_events_token_idx" on "agency_events" ("via_token_id") where "via_token_id" is not null;`);
    this.addSql(`create index "agency_events_agency_created_idx" on "agency_events" ("agency_id", "created_at");`);

    this.addSql(`alter table "import_jobs" add "started_by" jsonb null;`);

    this.addSql(`alter table "agency_events" add constraint "agency_events_agency_id_foreign" foreign key ("agency_id") references "users" ("id") on delete cascade;`);
    this.addSql(`alter table "agency_events" add constraint "agency_events_member_id_foreign" foreign key ("member_id") references "members" ("id") on delete cascade;`);
    this.addSql(`alter table "agency_events" add constraint "agency_events_via_token_id_foreign" foreign key ("via_token_id") references "api_tokens" ("id") on delete cascade;`);
    this.addSql(`alter table "agency_events" add constraint "agency_events_target_type_known" check (target_type in ('client', 'clients', 'import', 'campaign', 'reminder', 'member', 'token', 'agency'));`);
    this.addSql(`alter table "agency_events" add constraint "agency_events_action_known" check (action in ('client_created', 'client_updated', 'client_deactivated', 'client_reactivated', 'client_deleted', 'client_invited', 'client_contact_change_withdrawn', 'clients_activated', 'clients_deactivated', 'clients_deleted', 'clients_invited', 'clients_imported', 'clients_exported', 'consent_recorded', 'consent_recorded_bulk', 'consent_renewals_requested', 'campaign_created', 'campaign_updated', 'campaign_deleted', 'campaign_duplicated', 'campaign_clients_added', 'campaign_test_sent', 'campaign_sent', 'campaign_scheduled', 'campaign_unscheduled', 'campaign_started', 'campaign_paused', 'campaign_resumed', 'campaign_finished', 'reminder_scheduled', 'reminder_updated', 'reminder_cancelled', 'reminders_sent', 'member_invited', 'member_invitation_resent', 'member_role_changed', 'member_removed', 'member_joined', 'token_created', 'token_revoked', 'branding_updated', 'logo_uploaded', 'profile_updated', 'plan_changed', 'subscription_started', 'overage_enabled', 'payment_marked_paid'));`);
    // The log is evidence: PostgreSQL refuses to change an entry, and to remove one while its agency
    // exists, whoever asks. Deleting the agency's row takes its log (the cascade runs once the row is
    // gone, so the trigger lets it through); TRUNCATE stays possible for test and benchmark resets.
    this.addSql(`create or replace function "agency_events_append_only_fn"() returns trigger as $$ begin if tg_op = 'DELETE' and not exists (select 1 from users where id = old.agency_id) then return old; end if; raise exception 'agency_events is append-only: % of an activity entry is not allowed', tg_op using hint = 'Record a new entry instead of changing or removing one.'; end; $$ language plpgsql;`);
    this.addSql(`create trigger "append_only" BEFORE UPDATE OR DELETE on "agency_events" for each ROW execute function "agency_events_append_only_fn"();`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop trigger if exists "append_only" on "agency_events";`);
    this.addSql(`drop function if exists "agency_events_append_only_fn"();`);
    this.addSql(`drop table if exists "agency_events" cascade;`);

    this.addSql(`alter table "import_jobs" drop column "started_by";`);
  }

}
