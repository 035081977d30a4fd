import { Migration } from '@mikro-orm/migrations';

export class Migration20261126054454_broker_suspension extends Migration {

  override name = 'Migration20261126054454_broker_suspension';

  override up(): void | Promise<void> {
    this.addSql(`alter table "users" add "suspended_at" timestamptz null, add "suspension_reason" text null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "users" drop column "suspended_at", drop column "suspension_reason";`);
  }

}
