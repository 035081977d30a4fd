import { Migration } from '@mikro-orm/migrations';

export class Migration20261128215308_marketing_details extends Migration {

  override name = 'Migration20261128215308_marketing_details';

  override up(): void | Promise<void> {
    this.addSql(`alter table "users" add "tpmo_answered_at" timestamptz null;`);
    // An agency that ticked "sells plans" has answered; one that left the box as it came was never asked.
    this.addSql(`update "users" set "tpmo_answered_at" = now() where "sells_plans";`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "users" drop column "tpmo_answered_at";`);
  }

}
