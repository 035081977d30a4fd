import { Migration } from '@mikro-orm/migrations';

export class Migration20261126201710_campaign_recipients_by_client extends Migration {

  override name = 'Migration20261126201710_campaign_recipients_by_client';

  override up(): void | Promise<void> {
    this.addSql(`create index "campaign_recipients_client_idx" on "campaign_recipients" ("client_id", "created_at");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "campaign_recipients_client_idx";`);
  }

}
