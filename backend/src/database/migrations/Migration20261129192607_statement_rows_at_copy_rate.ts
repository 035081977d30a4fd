import { Migration } from '@mikro-orm/migrations';

export class Migration20261129192607_statement_rows_at_copy_rate extends Migration {

  override name = 'Migration20261129192607_statement_rows_at_copy_rate';

  override up(): void | Promise<void> {
    this.addSql(`alter table "commission_statement_rows" drop constraint "commission_statement_rows_broker_id_foreign";`);
    this.addSql(`alter table "commission_statement_rows" drop constraint "commission_statement_rows_policy_id_foreign";`);

    this.addSql(`create or replace function "policies_statement_rows_unmatched_fn"() returns trigger as $$ begin update commission_statement_rows set policy_id = null, match_kind = 'unmatched' where policy_id = old.id; return old; end; $$ language plpgsql;`);
    this.addSql(`create trigger "statement_rows_unmatched" AFTER DELETE on "policies" for each ROW execute function "policies_statement_rows_unmatched_fn"();`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "commission_statement_rows" add constraint "commission_statement_rows_broker_id_foreign" foreign key ("broker_id") references "users" ("id") on update no action on delete cascade;`);
    this.addSql(`alter table "commission_statement_rows" add constraint "commission_statement_rows_policy_id_foreign" foreign key ("policy_id") references "policies" ("id") on update no action on delete set null;`);

    this.addSql(`drop trigger if exists "statement_rows_unmatched" on "policies";`);
    this.addSql(`drop function if exists "policies_statement_rows_unmatched_fn"();`);
  }

}
