import { Migration } from '@mikro-orm/migrations';

export class Migration20261123232625_outcome_catch_up_indexes extends Migration {

  override name = 'Migration20261123232625_outcome_catch_up_indexes';

  override up(): void | Promise<void> {
    this.addSql(`create index "reminders_awaiting_outcome_idx" on "reminders" ("dispatched_at") where "status" = 'pending' and "dispatched_at" is not null;`);

    this.addSql(`create index "client_reminders_awaiting_outcome_idx" on "client_reminders" ("created_at") where "status" = 'pending' and "next_occurrence_at" is null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "client_reminders_awaiting_outcome_idx";`);

    this.addSql(`drop index "reminders_awaiting_outcome_idx";`);
  }

}
