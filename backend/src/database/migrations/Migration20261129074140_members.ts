import { Migration } from '@mikro-orm/migrations';

export class Migration20261129074140_members extends Migration {

  override name = 'Migration20261129074140_members';

  override up(): void | Promise<void> {
    this.addSql(`create table "members" ("id" uuid not null, "agency_id" uuid not null, "oidc_issuer" text null, "oidc_subject" text null, "email" text null, "first_name" text null, "last_name" text null, "role" text not null, "created_at" timestamptz not null default now(), "last_sign_in_at" timestamptz null, "removed_at" timestamptz null, primary key ("id"));`);
    this.addSql(`create index "members_agency_idx" on "members" ("agency_id", "created_at");`);
    this.addSql(`alter table "members" add constraint "members_oidc_identity_unique" unique ("oidc_issuer", "oidc_subject");`);

    this.addSql(`create or replace function "users_owner_member_fn"() returns trigger as $$ begin insert into members (id, agency_id, oidc_issuer, oidc_subject, email, first_name, last_name, role, created_at, last_sign_in_at)
    values (gen_random_uuid(), new.id, new.oidc_issuer, new.oidc_subject, new.email, new.first_name, new.last_name, 'owner', new.created_at, new.last_sign_in_at);     return null; end; $$ language plpgsql;`);
    this.addSql(`create trigger "owner_member" AFTER INSERT on "users" for each ROW execute function "users_owner_member_fn"();`);

    this.addSql(`alter table "members" add constraint "members_agency_id_foreign" foreign key ("agency_id") references "users" ("id") on delete cascade;`);
    this.addSql(`alter table "members" add constraint "members_role_check" check ("role" in ('owner', 'agent', 'assistant', 'read_only'));`);

    // Every account so far is one person: it becomes a one-member agency, that person its owner, with
    // the identity they sign in with, their e-mail and name (ADR 0011). Nothing else moves: every
    // broker_id keeps pointing at the account, now the agency. New agencies get theirs from the trigger.
    this.addSql(`insert into "members" ("id", "agency_id", "oidc_issuer", "oidc_subject", "email", "first_name", "last_name", "role", "created_at", "last_sign_in_at") select gen_random_uuid(), "id", "oidc_issuer", "oidc_subject", "email", "first_name", "last_name", 'owner', "created_at", "last_sign_in_at" from "users";`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "members" cascade;`);

    this.addSql(`drop trigger if exists "owner_member" on "users";`);
    this.addSql(`drop function if exists "users_owner_member_fn"();`);
  }

}
