import { Migration } from '@mikro-orm/migrations';

export class Migration20261123221056_import_jobs extends Migration {

  override name = 'Migration20261123221056_import_jobs';

  override up(): void | Promise<void> {
    this.addSql(`create table "import_jobs" ("id" uuid not null, "broker_id" uuid not null, "status" text not null default 'queued', "file_key" text not null, "file_name" text not null, "rows_total" int null, "rows_read" int not null default 0, "rows_imported" int not null default 0, "rows_rejected" int not null default 0, "rows_over_limit" int not null default 0, "last_line" int not null default 0, "limit_reached" boolean not null default false, "errors" jsonb not null default '[]', "message" text null, "attempts" smallint not null default 0, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "finished_at" timestamptz null, primary key ("id"));`);
    this.addSql(`create index "import_jobs_broker_created_idx" on "import_jobs" ("broker_id", "created_at");`);

    this.addSql(`alter table "import_jobs" add constraint "import_jobs_broker_id_foreign" foreign key ("broker_id") references "users" ("id") on delete cascade;`);
    this.addSql(`alter table "import_jobs" add constraint "import_jobs_status_check" check (status in ('queued', 'running', 'completed', 'failed'));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "import_jobs" cascade;`);
  }

}
