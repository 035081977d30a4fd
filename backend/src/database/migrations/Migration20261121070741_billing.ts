import { Migration } from '@mikro-orm/migrations';

export class Migration20261121070741_billing extends Migration {

  override name = 'Migration20261121070741_billing';

  override up(): void | Promise<void> {
    this.addSql(`create table "billing_month_snapshots" ("broker_id" uuid not null, "month" date not null, "tier" text not null, "active_clients" int not null, "total_clients" int not null, "voice_call_count" int not null, "cost_cents" int not null, "revenue_cents" int not null, "created_at" timestamptz not null default now(), primary key ("broker_id", "month"));`);

    this.addSql(`alter table "users" add "stripe_customer_id" text null, add "stripe_subscription_id" text null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "billing_month_snapshots" cascade;`);

    this.addSql(`alter table "users" drop column "stripe_customer_id", drop column "stripe_subscription_id";`);
  }

}
