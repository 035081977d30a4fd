import { Migration } from '@mikro-orm/migrations';

export class Migration20261129220226_statement_rows_without_statement_key extends Migration {

  override name = 'Migration20261129220226_statement_rows_without_statement_key';

  override up(): void | Promise<void> {
    this.addSql(`alter table "commission_statement_rows" drop constraint "commission_statement_rows_statement_id_foreign";`);

    this.addSql(`create or replace function "commission_statements_statement_rows_deleted_fn"() returns trigger as $$ begin delete from commission_statement_rows where statement_id = old.id; return old; end; $$ language plpgsql;`);
    this.addSql(`create trigger "statement_rows_deleted" AFTER DELETE on "commission_statements" for each ROW execute function "commission_statements_statement_rows_deleted_fn"();`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "commission_statement_rows" add constraint "commission_statement_rows_statement_id_foreign" foreign key ("statement_id") references "commission_statements" ("id") on update no action on delete cascade;`);

    this.addSql(`drop trigger if exists "statement_rows_deleted" on "commission_statements";`);
    this.addSql(`drop function if exists "commission_statements_statement_rows_deleted_fn"();`);
  }

}
