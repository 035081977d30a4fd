import { Migration } from '@mikro-orm/migrations';

export class Migration20261125184318_consent_ledger extends Migration {

  override name = 'Migration20261125184318_consent_ledger';

  override up(): void | Promise<void> {
    this.addSql(`drop index "consents_client_channel_idx";`);
    this.addSql(`alter table "consents" drop constraint "consents_source_check";`);
    this.addSql(`alter table "consents" add "purpose" text not null default 'marketing', add "evidence" text null, add "actor" text null, add "ip" text null;`);
    this.addSql(`create index "consents_recorded_idx" on "consents" ("recorded_at");`);
    this.addSql(`create index "consents_client_channel_idx" on "consents" ("client_id", "channel", "purpose", "recorded_at");`);
    this.addSql(`alter table "consents" add constraint "consents_purpose_check" check ("purpose" in ('reminders', 'marketing'));`);
    this.addSql(`alter table "consents" add constraint "consents_source_check" check ("source" in ('broker_added', 'import', 'invitation', 'portal', 'keyword', 'free_text', 'unsubscribe_link', 'voice_keypress', 'bounce', 'complaint', 'renewal', 'admin'));`);
    // Events recorded before purposes existed spoke of contact in general: each stands for both
    // purposes, with the evidence saying so (docs/compliance.md).
    this.addSql(`update "consents" set "evidence" = 'Recorded before the ledger kept purposes and evidence';`);
    this.addSql(`insert into "consents" ("id", "client_id", "channel", "purpose", "opted_in", "source", "evidence", "recorded_at")
      select gen_random_uuid(), "client_id", "channel", 'reminders', "opted_in", "source", "evidence", "recorded_at" from "consents" where "purpose" = 'marketing';`);

    this.addSql(`alter table "import_jobs" add "marketing_attested" boolean not null default false;`);

    this.addSql(`alter table "clients" add "zip" text null, add "state" text null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`delete from "consents" where "purpose" = 'reminders' or "source" in ('free_text', 'bounce', 'complaint', 'renewal');`);
    this.addSql(`alter table "clients" drop column "zip", drop column "state";`);

    this.addSql(`drop index "consents_recorded_idx";`);
    this.addSql(`drop index "consents_client_channel_idx";`);
    this.addSql(`alter table "consents" drop constraint "consents_purpose_check";`);
    this.addSql(`alter table "consents" drop constraint "consents_source_check";`);
    this.addSql(`alter table "consents" drop column "purpose", drop column "evidence", drop column "actor", drop column "ip";`);
    this.addSql(`create index "consents_client_channel_idx" on "consents" ("client_id", "channel", "recorded_at");`);
    this.addSql(`alter table "consents" add constraint "consents_source_check" check ("source" in ('broker_added', 'import', 'invitation', 'portal', 'keyword', 'unsubscribe_link', 'voice_keypress', 'admin'));`);

    this.addSql(`alter table "import_jobs" drop column "marketing_attested";`);
  }

}
