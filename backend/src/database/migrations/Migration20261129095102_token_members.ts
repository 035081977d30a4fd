import { Migration } from '@mikro-orm/migrations';

export class Migration20261129095102_token_members extends Migration {

  override name = 'Migration20261129095102_token_members';

  override up(): void | Promise<void> {
    // Every token so far was made by its account's one person, now the agency's owner (ADR 0011).
    this.addSql(`alter table "api_tokens" add "member_id" uuid null;`);
    this.addSql(`update "api_tokens" t set "member_id" = (select m."id" from "members" m where m."agency_id" = t."user_id" and m."role" = 'owner' order by m."created_at" limit 1);`);
    this.addSql(`alter table "api_tokens" alter column "member_id" set not null;`);
    this.addSql(`alter table "api_tokens" add constraint "api_tokens_member_id_foreign" foreign key ("member_id") references "members" ("id") on delete cascade;`);
    this.addSql(`create index "api_tokens_member_idx" on "api_tokens" ("member_id");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "api_tokens" drop constraint "api_tokens_member_id_foreign";`);

    this.addSql(`drop index "api_tokens_member_idx";`);
    this.addSql(`alter table "api_tokens" drop column "member_id";`);
  }

}
