import { Migration } from '@mikro-orm/migrations';

export class Migration20261125190721_marketing_messages extends Migration {

  override name = 'Migration20261125190721_marketing_messages';

  override up(): void | Promise<void> {
    this.addSql(`create table "marketing_messages" ("id" uuid not null, "broker_id" uuid not null, "campaign_id" uuid null, "delivery_id" uuid not null, "client_id" uuid not null, "channel" text not null, "recipient" text not null, "subject" text null, "body" text not null, "sent_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "marketing_messages_broker_sent_idx" on "marketing_messages" ("broker_id", "sent_at");`);
    this.addSql(`alter table "marketing_messages" add constraint "marketing_messages_delivery_unique" unique ("delivery_id");`);

    this.addSql(`alter table "marketing_messages" add constraint "marketing_messages_channel_check" check ("channel" in ('sms', 'voice', 'email'));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "marketing_messages" cascade;`);
  }

}
