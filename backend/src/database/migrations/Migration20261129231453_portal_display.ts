import { Migration } from '@mikro-orm/migrations';

export class Migration20261129231453_portal_display extends Migration {

  override name = 'Migration20261129231453_portal_display';

  override up(): void | Promise<void> {
    this.addSql(`alter table "client_accounts" add "text_size" text not null default 'normal', add "high_contrast" boolean not null default false;`);
    this.addSql(`alter table "client_accounts" add constraint "client_accounts_text_size_known" check (text_size in ('normal', 'large', 'extra_large'));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "client_accounts" drop constraint "client_accounts_text_size_known";`);
    this.addSql(`alter table "client_accounts" drop column "text_size", drop column "high_contrast";`);
  }

}
