import { Migration } from '@mikro-orm/migrations';

export class Migration20261129182224_a2p_registration extends Migration {

  override name = 'Migration20261129182224_a2p_registration';

  override up(): void | Promise<void> {
    this.addSql(`create table "agency_numbers" ("id" uuid not null, "broker_id" uuid not null, "e164" text not null, "phone_number_sid" text null, "messaging_service_sid" text null, "status" text not null default 'active', "created_at" timestamptz not null default now(), primary key ("id"));`);
    this.addSql(`alter table "agency_numbers" add constraint "agency_numbers_e164_unique" unique ("e164");`);
    this.addSql(`create index "agency_numbers_broker_idx" on "agency_numbers" ("broker_id");`);

    this.addSql(`create table "a2p_registrations" ("broker_id" uuid not null, "status" text not null, "brand" jsonb not null, "use_case" text not null, "campaign" jsonb not null, "profile_status" text not null default 'not_started', "brand_status" text not null default 'not_started', "campaign_status" text not null default 'not_started', "number_status" text not null default 'not_started', "customer_profile_sid" text null, "trust_product_sid" text null, "brand_sid" text null, "messaging_service_sid" text null, "campaign_sid" text null, "failures" jsonb not null default '[]', "confirmed_fees_cents" int not null, "attempts" int not null default 1, "submitted_at" timestamptz not null, "approved_at" timestamptz null, "checked_at" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), primary key ("broker_id"));`);

    this.addSql(`alter table "agency_numbers" add constraint "agency_numbers_broker_id_foreign" foreign key ("broker_id") references "users" ("id") on delete cascade;`);

    this.addSql(`alter table "a2p_registrations" add constraint "a2p_registrations_broker_id_foreign" foreign key ("broker_id") references "users" ("id") on update cascade on delete cascade;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "agency_numbers" cascade;`);
    this.addSql(`drop table if exists "a2p_registrations" cascade;`);
  }

}
