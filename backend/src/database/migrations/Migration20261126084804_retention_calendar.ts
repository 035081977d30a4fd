import { Migration } from '@mikro-orm/migrations';

export class Migration20261126084804_retention_calendar extends Migration {

  override name = 'Migration20261126084804_retention_calendar';

  override up(): void | Promise<void> {
    this.addSql(`create table "client_departures" ("id" uuid not null, "broker_id" uuid not null, "client_id" uuid not null, "client_created_at" timestamptz not null, "departed_at" timestamptz not null, "returned_at" timestamptz null, "reason" text not null, "deleted" boolean not null default false, primary key ("id"));`);
    this.addSql(`create index "client_departures_client_idx" on "client_departures" ("client_id");`);
    this.addSql(`create index "client_departures_broker_departed_idx" on "client_departures" ("broker_id", "departed_at");`);

    this.addSql(`create table "campaign_enrollments" ("id" uuid not null, "campaign_id" uuid not null, "broker_id" uuid not null, "client_id" uuid not null, "occurrence" text not null, "next_step" smallint not null, "next_at" timestamptz null, "status" text not null default 'active', "stop_reason" text null, "created_at" timestamptz not null default now(), primary key ("id"));`);
    this.addSql(`create index "campaign_enrollments_due_idx" on "campaign_enrollments" ("status", "next_at");`);
    this.addSql(`alter table "campaign_enrollments" add constraint "campaign_enrollments_occurrence_unique" unique ("campaign_id", "client_id", "occurrence");`);

    this.addSql(`create table "weekly_digests" ("id" uuid not null, "broker_id" uuid not null, "week_of" date not null, "sent_at" timestamptz not null default now(), primary key ("id"));`);
    this.addSql(`alter table "weekly_digests" add constraint "weekly_digests_broker_week_unique" unique ("broker_id", "week_of");`);

    this.addSql(`alter table "campaign_recipients" add "replied_at" timestamptz null;`);

    this.addSql(`alter table "users" add "weekly_digest" boolean not null default true;`);

    this.addSql(`alter table "clients" add "date_of_birth" date null, add "plan_type" text null, add "plan_effective_date" date null, add "carrier" text null, add "departure_reason" text null, add "risk_score" smallint not null default 0, add "risk_level" text not null default 'low', add "risk_reasons" jsonb not null default '[]', add "risk_since" timestamptz null;`);
    this.addSql(`create index "clients_broker_risk_idx" on "clients" ("broker_id", "risk_score", "id");`);
    this.addSql(`alter table "clients" add constraint "clients_risk_level_known" check (risk_level in ('low', 'medium', 'high'));`);
    this.addSql(`alter table "clients" add constraint "clients_risk_score_range" check ((risk_score >= 0) AND (risk_score <= 100));`);
    this.addSql(`alter table "clients" add constraint "clients_departure_reason_known" check (departure_reason in ('switched_agent', 'moved', 'deceased', 'other'));`);
    this.addSql(`alter table "clients" add constraint "clients_plan_type_known" check (plan_type in ('medicare_advantage', 'part_d', 'medigap', 'other'));`);

    this.addSql(`alter table "campaigns" drop constraint "campaigns_status_check";`);
    this.addSql(`alter table "campaigns" add "purpose" text not null default 'marketing', add "template_key" text null, add "scheduled_date" date null, add "scheduled_time" text null, add "trigger" jsonb null, add "follow_ups" jsonb not null default '[]', add "parent_id" uuid null, add "step" smallint null, add "season" smallint null;`);
    this.addSql(`create index "campaigns_status_idx" on "campaigns" ("status");`);
    this.addSql(`create index "campaigns_parent_idx" on "campaigns" ("parent_id", "step");`);
    this.addSql(`alter table "campaigns" add constraint "campaigns_purpose_known" check (purpose in ('marketing', 'informational'));`);
    this.addSql(`alter table "campaigns" add constraint "campaigns_status_check" check ("status" in ('draft', 'scheduled', 'sent', 'active', 'paused', 'finished'));`);

    this.addSql(`alter table "client_departures" add constraint "client_departures_reason_known" check (reason in ('switched_agent', 'moved', 'deceased', 'other'));`);

    this.addSql(`alter table "campaign_enrollments" add constraint "campaign_enrollments_campaign_id_foreign" foreign key ("campaign_id") references "campaigns" ("id") on delete cascade;`);
    this.addSql(`alter table "campaign_enrollments" add constraint "campaign_enrollments_client_id_foreign" foreign key ("client_id") references "clients" ("id") on delete cascade;`);
    this.addSql(`alter table "campaign_enrollments" add constraint "campaign_enrollments_status_known" check (status in ('active', 'finished', 'stopped'));`);

    this.addSql(`alter table "weekly_digests" add constraint "weekly_digests_broker_id_foreign" foreign key ("broker_id") references "users" ("id") on delete cascade;`);

    // Clients already inactive left for a reason nobody gave: "other", from when they were deactivated.
    this.addSql(`update "clients" set "departure_reason" = 'other' where not "is_active";`);
    this.addSql(`insert into "client_departures" ("id", "broker_id", "client_id", "client_created_at", "departed_at", "reason")
      select gen_random_uuid(), "broker_id", "id", "created_at", coalesce("deactivated_at", "updated_at"), 'other' from "clients" where not "is_active";`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "client_departures" cascade;`);
    this.addSql(`drop table if exists "campaign_enrollments" cascade;`);
    this.addSql(`drop table if exists "weekly_digests" cascade;`);

    this.addSql(`alter table "campaign_recipients" drop column "replied_at";`);

    this.addSql(`drop index "campaigns_status_idx";`);
    this.addSql(`drop index "campaigns_parent_idx";`);
    this.addSql(`alter table "campaigns" drop constraint "campaigns_purpose_known";`);
    this.addSql(`alter table "campaigns" drop constraint "campaigns_status_check";`);
    this.addSql(`alter table "campaigns" drop column "purpose", drop column "template_key", drop column "scheduled_date", drop column "scheduled_time", drop column "trigger", drop column "follow_ups", drop column "parent_id", drop column "step", drop column "season";`);
    this.addSql(`alter table "campaigns" add constraint "campaigns_status_check" check ("status" in ('draft', 'sent'));`);

    this.addSql(`drop index "clients_broker_risk_idx";`);
    this.addSql(`alter table "clients" drop constraint "clients_risk_level_known";`);
    this.addSql(`alter table "clients" drop constraint "clients_risk_score_range";`);
    this.addSql(`alter table "clients" drop constraint "clients_departure_reason_known";`);
    this.addSql(`alter table "clients" drop constraint "clients_plan_type_known";`);
    this.addSql(`alter table "clients" drop column "date_of_birth", drop column "plan_type", drop column "plan_effective_date", drop column "carrier", drop column "departure_reason", drop column "risk_score", drop column "risk_level", drop column "risk_reasons", drop column "risk_since";`);

    this.addSql(`alter table "users" drop column "weekly_digest";`);
  }

}
