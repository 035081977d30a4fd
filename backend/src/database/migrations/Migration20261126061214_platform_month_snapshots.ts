import { Migration } from '@mikro-orm/migrations';

export class Migration20261126061214_platform_month_snapshots extends Migration {

  override name = 'Migration20261126061214_platform_month_snapshots';

  override up(): void | Promise<void> {
    this.addSql(`create table "platform_month_snapshots" ("month" date not null, "mrr_cents" int not null, "active_brokers" int not null, "trial_brokers" int not null, "trial_conversions" int null, "churned_brokers" int null, "created_at" timestamptz not null default now(), primary key ("month"));`);

    this.addSql(`alter table "billing_month_snapshots" add "status" text null;`);
    this.addSql(`create index "billing_month_snapshots_month_idx" on "billing_month_snapshots" ("month");`);
    this.addSql(`alter table "billing_month_snapshots" add constraint "billing_month_snapshots_status_check" check ("status" in ('trial', 'active', 'past_due', 'canceled'));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "platform_month_snapshots" cascade;`);

    this.addSql(`drop index "billing_month_snapshots_month_idx";`);
    this.addSql(`alter table "billing_month_snapshots" drop constraint "billing_month_snapshots_status_check";`);
    this.addSql(`alter table "billing_month_snapshots" drop column "status";`);
  }

}
