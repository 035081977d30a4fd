import { Migration } from '@mikro-orm/migrations';

export class Migration20261123153412_contact_changes extends Migration {

  override name = 'Migration20261123153412_contact_changes';

  override up(): void | Promise<void> {
    this.addSql(`create table "client_contact_changes" ("id" uuid not null, "client_id" uuid not null, "broker_id" uuid not null, "field" text not null, "old_value" text null, "new_value" text null, "status" text not null default 'pending', "requested_at" timestamptz not null default now(), "decided_at" timestamptz null, primary key ("id"));`);
    this.addSql(`create index "client_contact_changes_broker_decided_idx" on "client_contact_changes" ("broker_id", "decided_at");`);
    this.addSql(`create index "client_contact_changes_client_idx" on "client_contact_changes" ("client_id", "requested_at");`);
    this.addSql(`create unique index "client_contact_changes_pending_unique" on "client_contact_changes" ("client_id", "field") where "status" = 'pending';`);

    this.addSql(`alter table "client_contact_changes" add constraint "client_contact_changes_client_id_foreign" foreign key ("client_id") references "clients" ("id") on delete cascade;`);
    this.addSql(`alter table "client_contact_changes" add constraint "client_contact_changes_broker_id_foreign" foreign key ("broker_id") references "users" ("id") on delete cascade;`);
    this.addSql(`alter table "client_contact_changes" add constraint "client_contact_changes_status_check" check (status in ('pending', 'confirmed', 'refused', 'withdrawn'));`);
    this.addSql(`alter table "client_contact_changes" add constraint "client_contact_changes_field_check" check (field in ('phone', 'email'));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "client_contact_changes" cascade;`);
  }

}
