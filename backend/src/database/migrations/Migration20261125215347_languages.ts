import { Migration } from '@mikro-orm/migrations';

export class Migration20261125215347_languages extends Migration {

  override name = 'Migration20261125215347_languages';

  override up(): void | Promise<void> {
    this.addSql(`alter table "users" add "sponsor_message_es" varchar(150) not null default '', add "language" text not null default 'en';`);
    this.addSql(`alter table "users" add constraint "users_language_known" check (language in ('en', 'es'));`);

    this.addSql(`alter table "clients" add "language" text not null default 'en';`);
    this.addSql(`alter table "clients" add constraint "clients_language_known" check (language in ('en', 'es'));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "clients" drop constraint "clients_language_known";`);
    this.addSql(`alter table "clients" drop column "language";`);

    this.addSql(`alter table "users" drop constraint "users_language_known";`);
    this.addSql(`alter table "users" drop column "sponsor_message_es", drop column "language";`);
  }

}
