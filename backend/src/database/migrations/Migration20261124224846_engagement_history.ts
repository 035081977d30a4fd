import { Migration } from '@mikro-orm/migrations';

export class Migration20261124224846_engagement_history extends Migration {

  override name = 'Migration20261124224846_engagement_history';

  override up(): void | Promise<void> {
    this.addSql(`create table "engagement_history" ("id" uuid not null, "client_id" uuid not null, "day" date not null, "score" smallint not null, primary key ("id"));`);
    this.addSql(`alter table "engagement_history" add constraint "engagement_history_client_day_unique" unique ("client_id", "day");`);

    this.addSql(`alter table "engagement_history" add constraint "engagement_history_client_id_foreign" foreign key ("client_id") references "clients" ("id") on delete cascade;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "engagement_history" cascade;`);
  }

}
