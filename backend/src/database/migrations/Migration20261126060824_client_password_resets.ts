import { Migration } from '@mikro-orm/migrations';

export class Migration20261126060824_client_password_resets extends Migration {

  override name = 'Migration20261126060824_client_password_resets';

  override up(): void | Promise<void> {
    this.addSql(`create table "client_password_resets" ("id" uuid not null, "client_account_id" uuid not null, "kind" text not null, "secret_hash" text not null, "expires_at" timestamptz not null, "used_at" timestamptz null, "attempts" smallint not null default 0, "created_at" timestamptz not null default now(), primary key ("id"));`);
    this.addSql(`create index "client_password_resets_account_idx" on "client_password_resets" ("client_account_id", "created_at");`);

    this.addSql(`alter table "client_password_resets" add constraint "client_password_resets_kind_check" check ("kind" in ('sms', 'email'));`);

    this.addSql(`alter table "client_password_resets" add constraint "client_password_resets_client_account_id_foreign" foreign key ("client_account_id") references "client_accounts" ("id") on delete cascade;`);

    // A reset finds the client by the phone or e-mail typed, whoever their broker.
    this.addSql(`create index "clients_phone_idx" on "clients" ("phone");`);
    this.addSql(`create index "clients_email_lower_idx" on "clients" (lower("email"));`);

    // The agency's branded sign-in link: /client/login?agency={portal_slug}.
    this.addSql(`alter table "users" add "portal_slug" text null;`);
    this.addSql(`alter table "users" add constraint "users_portal_slug_unique" unique ("portal_slug");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "client_password_resets" cascade;`);

    this.addSql(`drop index "clients_phone_idx";`);
    this.addSql(`drop index "clients_email_lower_idx";`);

    this.addSql(`alter table "users" drop constraint "users_portal_slug_unique";`);
    this.addSql(`alter table "users" drop column "portal_slug";`);
  }

}
