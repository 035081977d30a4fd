import { Migration } from '@mikro-orm/migrations';

export class Migration20261123185115_profile_settings extends Migration {

  override name = 'Migration20261123185115_profile_settings';

  override up(): void | Promise<void> {
    this.addSql(`alter table "users" add "email_notifications" boolean not null default true;`);
    // Some providers send the e-mail address as the name when they know none: that was never a name.
    // The broker is asked for it once, in the profile step.
    this.addSql(`update "users" set "first_name" = null where "first_name" like '%@%';`);
    this.addSql(`update "users" set "last_name" = null where "last_name" like '%@%';`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "users" drop column "email_notifications";`);
  }

}
