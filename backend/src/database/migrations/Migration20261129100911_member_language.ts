import { Migration } from '@mikro-orm/migrations';

export class Migration20261129100911_member_language extends Migration {

  override name = 'Migration20261129100911_member_language';

  override up(): void | Promise<void> {
    this.addSql(`alter table "members" add "language" text null;`);
    this.addSql(`alter table "members" add constraint "members_language_check" check ("language" in ('en', 'es'));`);
    // The signed-in person's name is now their member's: the agency's own person's name as they last
    // set it in Settings (kept on the agency's row until now).
    this.addSql(`update "members" m set "first_name" = u."first_name", "last_name" = u."last_name" from "users" u where m."agency_id" = u."id" and m."role" = 'owner' and m."removed_at" is null and m."oidc_issuer" is not distinct from u."oidc_issuer" and m."oidc_subject" is not distinct from u."oidc_subject";`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "members" drop constraint "members_language_check";`);
    this.addSql(`alter table "members" drop column "language";`);
  }

}
