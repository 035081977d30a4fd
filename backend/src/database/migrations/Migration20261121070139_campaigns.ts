import { Migration } from '@mikro-orm/migrations';

export class Migration20261121070139_campaigns extends Migration {

  override name = 'Migration20261121070139_campaigns';

  override up(): void | Promise<void> {
    this.addSql(`create table "campaign_recipients" ("id" uuid not null, "campaign_id" uuid not null, "client_id" uuid not null, "token" text not null, "opened_at" timestamptz null, "clicked_at" timestamptz null, "machine_opens" int not null default 0, "created_at" timestamptz not null default now(), primary key ("id"));`);
    this.addSql(`create index "campaign_recipients_campaign_idx" on "campaign_recipients" ("campaign_id");`);
    this.addSql(`alter table "campaign_recipients" add constraint "campaign_recipients_token_unique" unique ("token");`);
    this.addSql(`alter table "campaign_recipients" add constraint "campaign_recipients_campaign_client_unique" unique ("campaign_id", "client_id");`);

    this.addSql(`create table "consents" ("id" uuid not null, "client_id" uuid not null, "channel" text not null, "opted_in" boolean not null, "source" text not null, "recorded_at" timestamptz not null default now(), primary key ("id"));`);
    this.addSql(`create index "consents_client_channel_idx" on "consents" ("client_id", "channel", "recorded_at");`);

    this.addSql(`create table "campaigns" ("id" uuid not null, "broker_id" uuid not null, "name" text not null, "type" text not null, "subject" text null, "message" text not null, "status" text not null default 'draft', "recipient_count" int not null default 0, "sent_at" timestamptz null, "created_at" timestamptz not null default now(), primary key ("id"));`);
    this.addSql(`create index "campaigns_broker_created_idx" on "campaigns" ("broker_id", "created_at");`);

    this.addSql(`alter table "deliveries" add constraint "deliveries_campaign_client_unique" unique ("campaign_id", "client_id");`);

    this.addSql(`alter table "users" add "agency_address" text not null default '';`);

    this.addSql(`alter table "consents" add constraint "consents_channel_check" check ("channel" in ('sms', 'voice', 'email'));`);
    this.addSql(`alter table "consents" add constraint "consents_source_check" check ("source" in ('broker_added', 'import', 'invitation', 'portal', 'keyword', 'unsubscribe_link', 'voice_keypress', 'admin'));`);

    this.addSql(`alter table "campaigns" add constraint "campaigns_broker_id_foreign" foreign key ("broker_id") references "users" ("id") on delete cascade;`);
    this.addSql(`alter table "campaigns" add constraint "campaigns_type_check" check ("type" in ('email', 'sms'));`);
    this.addSql(`alter table "campaigns" add constraint "campaigns_status_check" check ("status" in ('draft', 'sent'));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "campaign_recipients" cascade;`);
    this.addSql(`drop table if exists "consents" cascade;`);
    this.addSql(`drop table if exists "campaigns" cascade;`);

    this.addSql(`alter table "deliveries" drop constraint "deliveries_campaign_client_unique";`);

    this.addSql(`alter table "users" drop column "agency_address";`);
  }

}
