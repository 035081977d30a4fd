import { Migration } from '@mikro-orm/migrations';

export class Migration20261126020704_api_tokens extends Migration {

  override name = 'Migration20261126020704_api_tokens';

  override up(): void | Promise<void> {
    this.addSql(`create table "api_token_events" ("id" uuid not null, "user_id" uuid not null, "token_id" uuid null, "token_name" text not null, "kind" text not null, "detail" text null, "created_at" timestamptz not null default now(), primary key ("id"));`);
    this.addSql(`create index "api_token_events_user_idx" on "api_token_events" ("user_id", "created_at");`);

    this.addSql(`create table "api_tokens" ("id" uuid not null, "user_id" uuid not null, "name" text not null, "scopes" text[] not null, "prefix" text not null, "token_hash" text not null, "created_at" timestamptz not null default now(), "expires_at" timestamptz null, "last_used_at" timestamptz null, "revoked_at" timestamptz null, primary key ("id"));`);
    this.addSql(`alter table "api_tokens" add constraint "api_tokens_hash_unique" unique ("token_hash");`);
    this.addSql(`create index "api_tokens_user_idx" on "api_tokens" ("user_id", "created_at");`);

    this.addSql(`alter table "api_token_events" add constraint "api_token_events_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`);

    this.addSql(`alter table "api_tokens" add constraint "api_tokens_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "api_token_events" cascade;`);
    this.addSql(`drop table if exists "api_tokens" cascade;`);
  }

}
