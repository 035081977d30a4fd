import { Migration } from '@mikro-orm/migrations';

export class Migration20261124155706_caregiver_email extends Migration {

  override name = 'Migration20261124155706_caregiver_email';

  override up(): void | Promise<void> {
    this.addSql(`alter table "caregivers" add "email" text null, add "token" text null;`);
    this.addSql(`alter table "caregivers" alter column "phone" drop not null;`);
    this.addSql(`alter table "caregivers" add constraint "caregivers_token_unique" unique ("token");`);
    this.addSql(`alter table "caregivers" add constraint "caregivers_client_email_unique" unique ("client_id", "email");`);
    this.addSql(`alter table "caregivers" add constraint "caregivers_one_contact_check" check ((phone is null) <> (email is null));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "caregivers" drop constraint "caregivers_token_unique";`);
    this.addSql(`alter table "caregivers" drop constraint "caregivers_client_email_unique";`);
    this.addSql(`alter table "caregivers" drop constraint "caregivers_one_contact_check";`);
    this.addSql(`alter table "caregivers" drop column "email", drop column "token";`);
    this.addSql(`alter table "caregivers" alter column "phone" set not null;`);
  }

}
