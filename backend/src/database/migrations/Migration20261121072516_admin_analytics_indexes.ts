import { Migration } from '@mikro-orm/migrations';

export class Migration20261121072516_admin_analytics_indexes extends Migration {

  override name = 'Migration20261121072516_admin_analytics_indexes';

  override up(): void | Promise<void> {
    this.addSql(`create index "deliveries_created_cost_idx" on "deliveries" ("created_at") include ("cost_cents");`);

    this.addSql(`create index "clients_active_broker_idx" on "clients" ("broker_id") where "is_active";`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "clients_active_broker_idx";`);

    this.addSql(`drop index "deliveries_created_cost_idx";`);
  }

}
