import { Migration } from '@mikro-orm/migrations';

export class Migration20261121061158_identity_and_client_accounts extends Migration {

  override name = 'Migration20261121061158_identity_and_client_accounts';

  override up(): void | Promise<void> {
    this.addSql(`create table "login_throttles" ("key" text not null, "failures" int not null, "window_started_at" timestamptz not null, primary key ("key"));`);

    this.addSql(`create table "clients" ("id" uuid not null, "broker_id" uuid not null, "first_name" text not null, "last_name" text not null, "email" text null, "phone" text not null, "is_active" boolean not null default true, "engagement_score" smallint not null default 0, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), primary key ("id"));`);
    this.addSql(`create index "clients_broker_id_idx" on "clients" ("broker_id");`);
    this.addSql(`alter table "clients" add constraint "clients_broker_phone_unique" unique ("broker_id", "phone");`);

    this.addSql(`create table "client_invitations" ("id" uuid not null, "client_id" uuid not null, "token_hash" text not null, "expires_at" timestamptz not null, "accepted_at" timestamptz null, "created_at" timestamptz not null default now(), primary key ("id"));`);
    this.addSql(`create index "client_invitations_client_id_idx" on "client_invitations" ("client_id");`);
    this.addSql(`alter table "client_invitations" add constraint "client_invitations_token_hash_unique" unique ("token_hash");`);

    this.addSql(`create table "client_accounts" ("id" uuid not null, "client_id" uuid not null, "username" text not null, "password_hash" text not null, "created_at" timestamptz not null default now(), "last_sign_in_at" timestamptz null, primary key ("id"));`);
    this.addSql(`alter table "client_accounts" add constraint "client_accounts_client_id_unique" unique ("client_id");`);
    this.addSql(`alter table "client_accounts" add constraint "client_accounts_username_unique" unique ("username");`);

    this.addSql(`alter table "users" add "oidc_issuer" text null, add "oidc_subject" text null, add "last_sign_in_at" timestamptz null;`);
    this.addSql(`alter table "users" add constraint "users_oidc_identity_unique" unique ("oidc_issuer", "oidc_subject");`);

    this.addSql(`alter table "clients" add constraint "clients_broker_id_foreign" foreign key ("broker_id") references "users" ("id") on delete cascade;`);
    this.addSql(`alter table "clients" add constraint "clients_engagement_score_range" check ((engagement_score >= 0) AND (engagement_score <= 100));`);

    this.addSql(`alter table "client_invitations" add constraint "client_invitations_client_id_foreign" foreign key ("client_id") references "clients" ("id") on delete cascade;`);

    this.addSql(`alter table "client_accounts" add constraint "client_accounts_client_id_foreign" foreign key ("client_id") references "clients" ("id") on delete cascade;`);

    // Server-side sessions (connect-pg-simple's table); not an entity, skipped by the schema check.
    this.addSql(`create table "session" ("sid" varchar not null collate "default", "sess" json not null, "expire" timestamp(6) not null, constraint "session_pkey" primary key ("sid"));`);
    this.addSql(`create index "session_expire_idx" on "session" ("expire");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "session" cascade;`);
    this.addSql(`alter table "client_invitations" drop constraint "client_invitations_client_id_foreign";`);
    this.addSql(`alter table "client_accounts" drop constraint "client_accounts_client_id_foreign";`);

    this.addSql(`drop table if exists "login_throttles" cascade;`);
    this.addSql(`drop table if exists "clients" cascade;`);
    this.addSql(`drop table if exists "client_invitations" cascade;`);
    this.addSql(`drop table if exists "client_accounts" cascade;`);

    this.addSql(`alter table "users" drop constraint "users_oidc_identity_unique";`);
    this.addSql(`alter table "users" drop column "oidc_issuer", drop column "oidc_subject", drop column "last_sign_in_at";`);
  }

}
