import { Migration } from '@mikro-orm/migrations';

export class Migration20261121063721_clients extends Migration {

  override name = 'Migration20261121063721_clients';

  override up(): void | Promise<void> {
    // Trigram indexes make the clients search box fast; pg_trgm is a trusted extension (no superuser needed).
    this.addSql(`create extension if not exists pg_trgm;`);
    this.addSql(`create table "outbox_messages" ("id" uuid not null, "channel" text not null, "recipient" text not null, "subject" text null, "body" text not null, "purpose" text not null, "broker_id" uuid null, "created_at" timestamptz not null default now(), primary key ("id"));`);
    this.addSql(`create index "outbox_messages_created_idx" on "outbox_messages" ("created_at");`);

    this.addSql(`alter table "users" add "overage_enabled" boolean not null default false;`);

    this.addSql(`drop index "clients_broker_id_idx";`);
    this.addSql(`alter table "clients" add "deactivated_at" timestamptz null;`);
    this.addSql(`create index "clients_search_trgm_idx" on "clients" using gin ((lower(first_name || ' ' || last_name || ' ' || coalesce(email, '') || ' ' || phone)) gin_trgm_ops);`);
    this.addSql(`create index "clients_broker_created_idx" on "clients" ("broker_id", "created_at");`);

    this.addSql(`alter table "outbox_messages" add constraint "outbox_messages_channel_check" check ("channel" in ('sms', 'voice', 'email'));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "outbox_messages" cascade;`);

    this.addSql(`drop index "clients_search_trgm_idx";`);
    this.addSql(`drop index "clients_broker_created_idx";`);
    this.addSql(`alter table "clients" drop column "deactivated_at";`);
    this.addSql(`create index "clients_broker_id_idx" on "clients" ("broker_id");`);

    this.addSql(`alter table "users" drop column "overage_enabled";`);
  }

}
