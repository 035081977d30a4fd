import { Migration } from '@mikro-orm/migrations';

export class Migration20261129130600_departures_assigned_member extends Migration {

  override name = 'Migration20261129130600_departures_assigned_member';

  override up(): void | Promise<void> {
    this.addSql(`alter table "client_departures" add "assigned_member_id" uuid null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "client_departures" drop column "assigned_member_id";`);
  }

}
