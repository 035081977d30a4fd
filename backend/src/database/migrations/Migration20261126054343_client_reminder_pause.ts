import { Migration } from '@mikro-orm/migrations';

export class Migration20261126054343_client_reminder_pause extends Migration {

  override name = 'Migration20261126054343_client_reminder_pause';

  override up(): void | Promise<void> {
    this.addSql(`alter table "client_reminders" add "paused_at" timestamptz null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "client_reminders" drop column "paused_at";`);
  }

}
