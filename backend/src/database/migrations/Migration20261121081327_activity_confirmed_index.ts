import { Migration } from '@mikro-orm/migrations';

export class Migration20261121081327_activity_confirmed_index extends Migration {

  override name = 'Migration20261121081327_activity_confirmed_index';

  override up(): void | Promise<void> {
    this.addSql(`create index "deliveries_broker_confirmed_idx" on "deliveries" ("broker_id", "confirmed_at") where "confirmed_at" is not null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "deliveries_broker_confirmed_idx";`);
  }

}
