import { Migration } from '@mikro-orm/migrations';

export class Migration20261129131821_member_weekly_digests extends Migration {

  override name = 'Migration20261129131821_member_weekly_digests';

  override up(): void | Promise<void> {
    this.addSql(`create table "member_weekly_digests" ("id" uuid not null, "member_id" uuid not null, "week_of" date not null, "sent_at" timestamptz not null default now(), primary key ("id"));`);
    this.addSql(`alter table "member_weekly_digests" add constraint "member_weekly_digests_member_week_unique" unique ("member_id", "week_of");`);

    this.addSql(`alter table "member_weekly_digests" add constraint "member_weekly_digests_member_id_foreign" foreign key ("member_id") references "members" ("id") on delete cascade;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "member_weekly_digests" cascade;`);
  }

}
