import { Migration } from '@mikro-orm/migrations';

export class Migration20261126054512_admin_actions_append_only extends Migration {

  override name = 'Migration20261126054512_admin_actions_append_only';

  override up(): void | Promise<void> {
    // The audit log is evidence: PostgreSQL itself refuses to change or remove an entry, whoever asks
    // (the app, a script, a console session), not only the code that has no path to do it. TRUNCATE
    // is a statement, not a row change, and stays possible for the owner (test and benchmark resets).
    this.addSql(`create or replace function "admin_actions_append_only_fn"() returns trigger as $$ begin raise exception 'admin_actions is append-only: % of an audit entry is not allowed', tg_op using hint = 'Record a new admin action instead of changing or removing one.'; end; $$ language plpgsql;`);
    this.addSql(`create trigger "append_only" BEFORE UPDATE OR DELETE on "admin_actions" for each ROW execute function "admin_actions_append_only_fn"();`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop trigger if exists "append_only" on "admin_actions";`);
    this.addSql(`drop function if exists "admin_actions_append_only_fn"();`);
  }

}
