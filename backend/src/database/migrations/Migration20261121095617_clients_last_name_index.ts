import { Migration } from '@mikro-orm/migrations';

export class Migration20261121095617_clients_last_name_index extends Migration {

  override name = 'Migration20261121095617_clients_last_name_index';

  override up(): void | Promise<void> {
    this.addSql(`create index "clients_broker_last_name_idx" on "clients" ("broker_id", "last_name", "id");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "clients_broker_last_name_idx";`);
  }

}
