import { Migration } from '@mikro-orm/migrations';

export class Migration20261125185742_consent_renewals_tpmo extends Migration {

  override name = 'Migration20261125185742_consent_renewals_tpmo';

  override up(): void | Promise<void> {
    this.addSql(`create table "consent_renewals" ("id" uuid not null, "client_id" uuid not null, "broker_id" uuid not null, "channel" text not null, "recipient" text not null, "message" text not null, "token_hash" text not null, "created_at" timestamptz not null default now(), "expires_at" timestamptz not null, "answered_at" timestamptz null, primary key ("id"));`);
    this.addSql(`create index "consent_renewals_client_idx" on "consent_renewals" ("client_id", "created_at");`);
    this.addSql(`alter table "consent_renewals" add constraint "consent_renewals_token_unique" unique ("token_hash");`);

    this.addSql(`alter table "users" add "sells_plans" boolean not null default false, add "tpmo_organizations" smallint null, add "tpmo_plans" smallint null, add "tpmo_disclaimer" text null;`);

    this.addSql(`alter table "consent_renewals" add constraint "consent_renewals_channel_check" check ("channel" in ('sms', 'voice', 'email'));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "consent_renewals" cascade;`);

    this.addSql(`alter table "users" drop column "sells_plans", drop column "tpmo_organizations", drop column "tpmo_plans", drop column "tpmo_disclaimer";`);
  }

}
