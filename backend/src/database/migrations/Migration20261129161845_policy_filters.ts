import { Migration } from '@mikro-orm/migrations';

export class Migration20261129161845_policy_filters extends Migration {

  override name = 'Migration20261129161845_policy_filters';

  override up(): void | Promise<void> {
    this.addSql(`create index "policies_broker_carrier_idx" on "policies" ("broker_id", lower("carrier"), "client_id");`);
    this.addSql(`create index "policies_broker_type_idx" on "policies" ("broker_id", "plan_type", "client_id");`);
    this.addSql(`create index "policies_broker_termination_idx" on "policies" ("broker_id", "termination_date") where "termination_date" is not null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "policies_broker_carrier_idx";`);
    this.addSql(`drop index "policies_broker_type_idx";`);
    this.addSql(`drop index "policies_broker_termination_idx";`);
  }

}
