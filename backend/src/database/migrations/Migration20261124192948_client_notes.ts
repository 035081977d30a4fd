import { Migration } from '@mikro-orm/migrations';

export class Migration20261124192948_client_notes extends Migration {

  override name = 'Migration20261124192948_client_notes';

  override up(): void | Promise<void> {
    this.addSql(`alter table "clients" add "notes" text null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "clients" drop column "notes";`);
  }

}
