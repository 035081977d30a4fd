import { Migration } from '@mikro-orm/migrations';

export class Migration20261124115610_reminder_confirmations extends Migration {
  override name = 'Migration20261124115610_reminder_confirmations';

  override up(): void | Promise<void> {
    this.addSql(
      `alter table "deliveries" add "max_attempts" smallint not null default 2, add "confirm_within_minutes" smallint null, add "retry_channel" text null, add "confirm_by" timestamptz null, add "answered_by" text null;`,
    );
    this.addSql(`create index "deliveries_confirm_by_idx" on "deliveries" ("confirm_by") where "confirm_by" is not null;`);
    this.addSql(
      `alter table "deliveries" add constraint "deliveries_retry_channel_check" check ("retry_channel" in ('sms', 'voice', 'email'));`,
    );

    this.addSql(
      `alter table "client_reminders" add "retry_after_minutes" smallint not null default 10, add "max_attempts" smallint not null default 2, add "retry_channel" text not null default 'same';`,
    );
    this.addSql(
      `alter table "client_reminders" add constraint "client_reminders_retry_channel_check" check ("retry_channel" in ('same', 'other'));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "client_reminders" drop constraint "client_reminders_retry_channel_check";`);
    this.addSql(
      `alter table "client_reminders" drop column "retry_after_minutes", drop column "max_attempts", drop column "retry_channel";`,
    );

    this.addSql(`drop index "deliveries_confirm_by_idx";`);
    this.addSql(`alter table "deliveries" drop constraint "deliveries_retry_channel_check";`);
    this.addSql(
      `alter table "deliveries" drop column "max_attempts", drop column "confirm_within_minutes", drop column "retry_channel", drop column "confirm_by", drop column "answered_by";`,
    );
  }
}
