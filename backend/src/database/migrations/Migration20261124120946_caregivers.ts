import { Migration } from '@mikro-orm/migrations';

export class Migration20261124120946_caregivers extends Migration {
  override name = 'Migration20261124120946_caregivers';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "caregivers" ("id" uuid not null, "client_id" uuid not null, "name" text not null, "relationship" text null, "phone" text not null, "status" text not null default 'invited', "invited_at" timestamptz not null default now(), "opted_in_at" timestamptz null, "stopped_at" timestamptz null, "created_at" timestamptz not null default now(), primary key ("id"));`,
    );
    this.addSql(`create index "caregivers_phone_idx" on "caregivers" ("phone");`);
    this.addSql(`alter table "caregivers" add constraint "caregivers_client_phone_unique" unique ("client_id", "phone");`);

    this.addSql(`alter table "deliveries" add "caregiver_id" uuid null, add "caregiver_message" text null;`);
    this.addSql(
      `alter table "deliveries" add constraint "deliveries_caregiver_occurrence_unique" unique ("caregiver_id", "occurrence_at");`,
    );
    this.addSql(
      `alter table "deliveries" add constraint "deliveries_caregiver_message_check" check ("caregiver_message" in ('invite', 'alert'));`,
    );

    this.addSql(`alter table "client_reminders" add "alert_caregivers" boolean not null default true;`);

    this.addSql(
      `alter table "caregivers" add constraint "caregivers_client_id_foreign" foreign key ("client_id") references "clients" ("id") on delete cascade;`,
    );
    this.addSql(`alter table "caregivers" add constraint "caregivers_status_check" check ("status" in ('invited', 'active', 'stopped'));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "caregivers" cascade;`);

    this.addSql(`alter table "client_reminders" drop column "alert_caregivers";`);

    this.addSql(`alter table "deliveries" drop constraint "deliveries_caregiver_occurrence_unique";`);
    this.addSql(`alter table "deliveries" drop constraint "deliveries_caregiver_message_check";`);
    this.addSql(`alter table "deliveries" drop column "caregiver_id", drop column "caregiver_message";`);
  }
}
