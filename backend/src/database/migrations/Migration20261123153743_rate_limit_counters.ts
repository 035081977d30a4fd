import { Migration } from '@mikro-orm/migrations';

export class Migration20261123153743_rate_limit_counters extends Migration {

  override name = 'Migration20261123153743_rate_limit_counters';

  override up(): void | Promise<void> {
    // Unlogged: counters need no WAL (no crash safety, no replicas), and every request updates one.
    // Room left in each page so those updates stay on it (HOT, no index change).
    this.addSql(`create unlogged table "rate_limit_counters" ("key" text not null, "hits" int not null, "resets_at" timestamptz not null, primary key ("key")) with (fillfactor = 70);`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "rate_limit_counters" cascade;`);
  }

}
