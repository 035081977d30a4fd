import { Migration } from '@mikro-orm/migrations';

export class Migration20261121065140_messaging_and_reminders extends Migration {

  override name = 'Migration20261121065140_messaging_and_reminders';

  override up(): void | Promise<void> {
    this.addSql(`create table "deliveries" ("id" uuid not null, "broker_id" uuid not null, "client_id" uuid not null, "reminder_id" uuid null, "client_reminder_id" uuid null, "campaign_id" uuid null, "occurrence_at" timestamptz not null, "channel" text not null, "recipient" text not null, "status" text not null default 'queued', "not_before" timestamptz not null default now(), "attempts" int not null default 0, "claimed_at" timestamptz null, "provider_id" text null, "error" text null, "confirmed_at" timestamptz null, "cost_cents" int not null default 0, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), primary key ("id"));`);
    this.addSql(`create index "deliveries_provider_idx" on "deliveries" ("provider_id");`);
    this.addSql(`create index "deliveries_claimable_idx" on "deliveries" ("not_before") where "status" in ('queued', 'sending');`);
    this.addSql(`create index "deliveries_client_idx" on "deliveries" ("client_id");`);
    this.addSql(`create index "deliveries_broker_created_idx" on "deliveries" ("broker_id", "created_at");`);
    this.addSql(`alter table "deliveries" add constraint "deliveries_client_reminder_occurrence_unique" unique ("client_reminder_id", "occurrence_at");`);
    this.addSql(`alter table "deliveries" add constraint "deliveries_reminder_occurrence_unique" unique ("reminder_id", "occurrence_at");`);

    this.addSql(`create table "opt_outs" ("recipient" text not null, "channel" text not null, "source" text not null, "created_at" timestamptz not null default now(), primary key ("recipient", "channel"));`);

    this.addSql(`create table "reminders" ("id" uuid not null, "broker_id" uuid not null, "client_id" uuid not null, "scheduled_time" timestamptz not null, "deliver_after" timestamptz not null, "delivery_method" text not null, "message" text not null, "status" text not null default 'pending', "dispatched_at" timestamptz null, "created_at" timestamptz not null default now(), primary key ("id"));`);
    this.addSql(`create index "reminders_client_idx" on "reminders" ("client_id");`);
    this.addSql(`create index "reminders_due_idx" on "reminders" ("deliver_after") where "status" = 'pending' and "dispatched_at" is null;`);
    this.addSql(`create index "reminders_broker_scheduled_idx" on "reminders" ("broker_id", "scheduled_time");`);

    this.addSql(`create table "client_reminders" ("id" uuid not null, "client_id" uuid not null, "medication_id" uuid null, "message" text null, "delivery_method" text not null default 'voice', "scheduled_time" timestamptz not null, "time_zone" text not null, "is_recurring" boolean not null default false, "recurrence_pattern" text null, "recurrence_interval" smallint not null default 1, "recurrence_days" text[] null, "recurrence_end_date" date null, "next_occurrence_at" timestamptz null, "status" text not null default 'pending', "created_at" timestamptz not null default now(), primary key ("id"));`);
    this.addSql(`create index "client_reminders_client_idx" on "client_reminders" ("client_id");`);
    this.addSql(`create index "client_reminders_due_idx" on "client_reminders" ("next_occurrence_at") where "next_occurrence_at" is not null;`);

    this.addSql(`create table "webhook_events" ("key" text not null, "received_at" timestamptz not null default now(), primary key ("key"));`);

    this.addSql(`alter table "outbox_messages" add "delivery_id" uuid null;`);
    this.addSql(`alter table "outbox_messages" add constraint "outbox_messages_delivery_unique" unique ("delivery_id");`);

    this.addSql(`alter table "users" add "time_zone" text not null default 'America/New_York';`);

    this.addSql(`alter table "clients" add "time_zone" text null;`);

    this.addSql(`alter table "deliveries" add constraint "deliveries_channel_check" check ("channel" in ('sms', 'voice', 'email'));`);
    this.addSql(`alter table "deliveries" add constraint "deliveries_status_check" check ("status" in ('queued', 'sending', 'sent', 'completed', 'failed', 'skipped'));`);

    this.addSql(`alter table "opt_outs" add constraint "opt_outs_channel_check" check ("channel" in ('sms', 'voice', 'email'));`);

    this.addSql(`alter table "reminders" add constraint "reminders_broker_id_foreign" foreign key ("broker_id") references "users" ("id") on delete cascade;`);
    this.addSql(`alter table "reminders" add constraint "reminders_client_id_foreign" foreign key ("client_id") references "clients" ("id") on delete cascade;`);
    this.addSql(`alter table "reminders" add constraint "reminders_delivery_method_check" check ("delivery_method" in ('voice', 'sms'));`);
    this.addSql(`alter table "reminders" add constraint "reminders_status_check" check ("status" in ('pending', 'completed', 'failed'));`);

    this.addSql(`alter table "client_reminders" add constraint "client_reminders_client_id_foreign" foreign key ("client_id") references "clients" ("id") on delete cascade;`);
    this.addSql(`alter table "client_reminders" add constraint "client_reminders_delivery_method_check" check ("delivery_method" in ('voice', 'sms'));`);
    this.addSql(`alter table "client_reminders" add constraint "client_reminders_recurrence_pattern_check" check ("recurrence_pattern" in ('daily', 'weekly', 'monthly'));`);
    this.addSql(`alter table "client_reminders" add constraint "client_reminders_status_check" check ("status" in ('pending', 'completed', 'failed'));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "deliveries" cascade;`);
    this.addSql(`drop table if exists "opt_outs" cascade;`);
    this.addSql(`drop table if exists "reminders" cascade;`);
    this.addSql(`drop table if exists "client_reminders" cascade;`);
    this.addSql(`drop table if exists "webhook_events" cascade;`);

    this.addSql(`alter table "clients" drop column "time_zone";`);

    this.addSql(`alter table "outbox_messages" drop constraint "outbox_messages_delivery_unique";`);
    this.addSql(`alter table "outbox_messages" drop column "delivery_id";`);

    this.addSql(`alter table "users" drop column "time_zone";`);
  }

}
