import { Migration } from '@mikro-orm/migrations';

export class Migration20261123220724_delivery_lanes_send_rate extends Migration {

  override name = 'Migration20261123220724_delivery_lanes_send_rate';

  override up(): void | Promise<void> {
    this.addSql(`create table "send_rate_slots" ("channel" text not null, "next_at" timestamptz not null default now(), primary key ("channel"));`);

    this.addSql(`alter table "deliveries" add "lane" text not null default 'reminder';`);
    // Campaign messages already queued move to their own lane.
    this.addSql(`update "deliveries" set "lane" = 'campaign' where "campaign_id" is not null;`);
    this.addSql(`create index "deliveries_lane_queue_idx" on "deliveries" ("lane", "broker_id", "not_before") where "status" = 'queued';`);
    this.addSql(`alter table "deliveries" add constraint "deliveries_lane_check" check ("lane" in ('reminder', 'campaign'));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "send_rate_slots" cascade;`);

    this.addSql(`drop index "deliveries_lane_queue_idx";`);
    this.addSql(`alter table "deliveries" drop constraint "deliveries_lane_check";`);
    this.addSql(`alter table "deliveries" drop column "lane";`);
  }

}
