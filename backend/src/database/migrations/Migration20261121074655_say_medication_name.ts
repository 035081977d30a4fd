import { Migration } from '@mikro-orm/migrations';

export class Migration20261121074655_say_medication_name extends Migration {

  override name = 'Migration20261121074655_say_medication_name';

  override up(): void | Promise<void> {
    this.addSql(`alter table "client_reminders" add "say_medication_name" boolean not null default false;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "client_reminders" drop column "say_medication_name";`);
  }

}
