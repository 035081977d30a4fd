import { Migration } from '@mikro-orm/migrations';

export class Migration20261129095840_invitations_and_assignment extends Migration {

  override name = 'Migration20261129095840_invitations_and_assignment';

  override up(): void | Promise<void> {
    this.addSql(`alter table "members" add "invitation_hash" text null, add "invitation_expires_at" timestamptz null, add "invited_by_id" uuid null;`);
    this.addSql(`alter table "members" add constraint "members_invited_by_id_foreign" foreign key ("invited_by_id") references "members" ("id") on delete set null;`);
    this.addSql(`alter table "members" add constraint "members_invitation_hash_unique" unique ("invitation_hash");`);

    this.addSql(`alter table "clients" add "assigned_member_id" uuid null;`);
    this.addSql(`alter table "clients" add constraint "clients_assigned_member_id_foreign" foreign key ("assigned_member_id") references "members" ("id") on delete set null;`);
    this.addSql(`create index "clients_broker_assigned_idx" on "clients" ("broker_id", "assigned_member_id");`);
    // Every client so far is looked after by its agency's one person, its owner (ADR 0011).
    this.addSql(`update "clients" c set "assigned_member_id" = m."id" from "members" m where m."agency_id" = c."broker_id" and m."role" = 'owner' and m."removed_at" is null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "clients" drop constraint "clients_assigned_member_id_foreign";`);

    this.addSql(`alter table "members" drop constraint "members_invited_by_id_foreign";`);

    this.addSql(`drop index "clients_broker_assigned_idx";`);
    this.addSql(`alter table "clients" drop column "assigned_member_id";`);

    this.addSql(`alter table "members" drop constraint "members_invitation_hash_unique";`);
    this.addSql(`alter table "members" drop column "invitation_hash", drop column "invitation_expires_at", drop column "invited_by_id";`);
  }

}
