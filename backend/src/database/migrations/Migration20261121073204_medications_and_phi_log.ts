import { Migration } from '@mikro-orm/migrations';

export class Migration20261121073204_medications_and_phi_log extends Migration {

  override name = 'Migration20261121073204_medications_and_phi_log';

  override up(): void | Promise<void> {
    this.addSql(`create table "phi_access_log" ("id" uuid not null, "account_id" uuid not null, "client_id" uuid not null, "action" text not null, "resource" text not null, "resource_id" uuid null, "created_at" timestamptz not null default now(), primary key ("id"));`);
    this.addSql(`create index "phi_access_log_client_idx" on "phi_access_log" ("client_id", "created_at");`);

    this.addSql(`create table "medications" ("id" uuid not null, "client_id" uuid not null, "name" text not null, "dosage" text null, "frequency" text null, "instructions" text null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), primary key ("id"));`);
    this.addSql(`create index "medications_client_idx" on "medications" ("client_id");`);

    this.addSql(`alter table "medications" add constraint "medications_client_id_foreign" foreign key ("client_id") references "clients" ("id") on delete cascade;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "phi_access_log" cascade;`);
    this.addSql(`drop table if exists "medications" cascade;`);
  }

}
