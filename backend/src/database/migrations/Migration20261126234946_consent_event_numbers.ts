import { Migration } from '@mikro-orm/migrations';

export class Migration20261126234946_consent_event_numbers extends Migration {
  override name = 'Migration20261126234946_consent_event_numbers';

  override up(): void | Promise<void> {
    // The ledger's events are numbered in the order they were recorded (existing ones by their time),
    // and new ones take the next number.
    this.addSql(`create sequence if not exists "consents_id_seq";`);
    this.addSql(`alter table "consents" add column "number" bigint;`);
    this.addSql(
      `update "consents" k set "number" = o.n from (select "id", row_number() over (order by "recorded_at", "id") as n from "consents") o where o."id" = k."id";`,
    );
    this.addSql(`alter table "consents" drop constraint "consents_pkey";`);
    this.addSql(`alter table "consents" drop column "id";`);
    this.addSql(`alter table "consents" rename column "number" to "id";`);
    this.addSql(`alter table "consents" alter column "id" set not null;`);
    this.addSql(`alter table "consents" alter column "id" set default nextval('consents_id_seq');`);
    this.addSql(`alter sequence "consents_id_seq" owned by "consents"."id";`);
    this.addSql(`select setval('consents_id_seq', coalesce((select max("id") from "consents"), 0) + 1, false);`);
    this.addSql(`alter table "consents" add constraint "consents_pkey" primary key ("id");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "consents" drop constraint "consents_pkey";`);
    this.addSql(`alter table "consents" alter column "id" drop default;`);
    this.addSql(`alter table "consents" alter column "id" type uuid using (gen_random_uuid());`);
    this.addSql(`drop sequence if exists "consents_id_seq";`);
    this.addSql(`alter table "consents" add constraint "consents_pkey" primary key ("id");`);
  }
}
