import { Migration } from '@mikro-orm/migrations';

export class Migration20261121071445_resources_and_audit extends Migration {

  override name = 'Migration20261121071445_resources_and_audit';

  override up(): void | Promise<void> {
    this.addSql(`create table "admin_actions" ("id" uuid not null, "admin_id" uuid not null, "action" text not null, "target_type" text not null, "target_id" uuid null, "broker_id" uuid null, "notes" text null, "before" jsonb null, "after" jsonb null, "created_at" timestamptz not null default now(), primary key ("id"));`);
    this.addSql(`create index "admin_actions_created_idx" on "admin_actions" ("created_at");`);
    this.addSql(`create index "admin_actions_broker_created_idx" on "admin_actions" ("broker_id", "created_at");`);

    this.addSql(`create table "resources" ("id" uuid not null, "title" text not null, "description" text not null default '', "category" text not null default 'general', "file_type" text not null, "mime_type" text not null, "file_size" bigint not null, "original_name" text not null, "storage_key" text not null, "download_count" int not null default 0, "is_active" boolean not null default true, "is_public" boolean not null default false, "uploaded_by" uuid null, "created_at" timestamptz not null default now(), primary key ("id"));`);
    this.addSql(`create index "resources_active_category_idx" on "resources" ("is_active", "category");`);

    this.addSql(`alter table "resources" add constraint "resources_category_check" check ("category" in ('general', 'training', 'scripts', 'templates', 'compliance', 'marketing'));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "admin_actions" cascade;`);
    this.addSql(`drop table if exists "resources" cascade;`);
  }

}
