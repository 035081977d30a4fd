import { Migration } from '@mikro-orm/migrations';

export class Migration20261124122647_medication_supply extends Migration {
  override name = 'Migration20261124122647_medication_supply';

  override up(): void | Promise<void> {
    this.addSql(
      `alter table "medications" add "pills_on_hand" text null, add "pills_per_day" text null, add "pills_counted_at" timestamptz null;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "medications" drop column "pills_on_hand", drop column "pills_per_day", drop column "pills_counted_at";`);
  }
}
