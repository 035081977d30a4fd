import { Migration } from '@mikro-orm/migrations';

export class Migration20261124125600_awaiting_reply_index extends Migration {

  override name = 'Migration20261124125600_awaiting_reply_index';

  override up(): void | Promise<void> {
    this.addSql(`create index "deliveries_awaiting_reply_idx" on "deliveries" ("recipient", "occurrence_at") where "confirm_within_minutes" is not null and "confirmed_at" is null and "status" in ('queued', 'sending', 'sent');`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "deliveries_awaiting_reply_idx";`);
  }

}
