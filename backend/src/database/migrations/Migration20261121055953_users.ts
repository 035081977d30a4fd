import { Migration } from '@mikro-orm/migrations';

export class Migration20261121055953_users extends Migration {

  override name = 'Migration20261121055953_users';

  override up(): void | Promise<void> {
    this.addSql(`create table "users" ("id" uuid not null, "first_name" text null, "last_name" text null, "email" text null, "profile_image_url" text null, "is_admin" boolean not null default false, "primary_color" varchar(7) not null default '#2563eb', "secondary_color" varchar(7) not null default '#10b981', "logo_url" text null, "agency_name" text not null default '', "agency_phone" text not null default '', "sponsor_message" varchar(150) not null default '', "subscription_tier" text not null default 'flat', "subscription_status" text not null default 'trial', "trial_ends_at" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), primary key ("id"));`);

    this.addSql(`alter table "users" add constraint "users_subscription_tier_check" check ("subscription_tier" in ('pmpm', 'flat'));`);
    this.addSql(`alter table "users" add constraint "users_subscription_status_check" check ("subscription_status" in ('trial', 'active', 'past_due', 'canceled'));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "users" cascade;`);
  }

}
