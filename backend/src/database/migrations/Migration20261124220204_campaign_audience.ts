import { Migration } from '@mikro-orm/migrations';

export class Migration20261124220204_campaign_audience extends Migration {

  override name = 'Migration20261124220204_campaign_audience';

  override up(): void | Promise<void> {
    this.addSql(`alter table "campaigns" add "audience" jsonb not null default '{"kind":"all"}';`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "campaigns" drop column "audience";`);
  }

}
