import { Migration } from '@mikro-orm/migrations';

export class Migration20261126173201_roll_ups extends Migration {

  override name = 'Migration20261126173201_roll_ups';

  override up(): void | Promise<void> {
    this.addSql(`create table "broker_delivery_days" ("broker_id" uuid not null, "day" date not null, "cost_cents" int not null default 0, "reminders_delivered" int not null default 0, "reminders_confirmed" int not null default 0, primary key ("broker_id", "day"));`);
    this.addSql(`create index "broker_delivery_days_day_idx" on "broker_delivery_days" ("day") include ("cost_cents");`);

    this.addSql(`create table "broker_client_counts" ("broker_id" uuid not null, "total" int not null default 0, "active" int not null default 0, primary key ("broker_id"));`);

    this.addSql(`create or replace function "deliveries_delivery_days_insert_fn"() returns trigger as $$ begin insert into broker_delivery_days as t (broker_id, day, cost_cents, reminders_delivered, reminders_confirmed)
      select c.broker_id, c.day, sum(c.cost_cents), sum(c.delivered), sum(c.confirmed) from (select broker_id, (created_at at time zone 'UTC')::date as day, cost_cents as cost_cents,
         (is_reminder and (status in ('sent', 'completed') or confirmed_at is not null))::int as delivered,
         (is_reminder and confirmed_at is not null)::int as confirmed
    from (select d.*, (d.reminder_id is not null or d.client_reminder_id is not null) as is_reminder from added d) d
   where cost_cents <> 0 or (is_reminder and (status in ('sent', 'completed') or confirmed_at is not null))) c
       group by c.broker_id, c.day having sum(c.cost_cents) <> 0 or sum(c.delivered) <> 0 or sum(c.confirmed) <> 0
       order by c.broker_id, c.day
      on conflict (broker_id, day) do update set cost_cents = t.cost_cents + excluded.cost_cents,
         reminders_delivered = t.reminders_delivered + excluded.reminders_delivered,
         reminders_confirmed = t.reminders_confirmed + excluded.reminders_confirmed; return null; end; $$ language plpgsql;`);
    this.addSql(`create trigger "delivery_days_insert" after insert on "deliveries" referencing new table as added for each statement execute function "deliveries_delivery_days_insert_fn"();`);
    this.addSql(`create or replace function "deliveries_delivery_days_update_fn"() returns trigger as $$ begin insert into broker_delivery_days as t (broker_id, day, cost_cents, reminders_delivered, reminders_confirmed)
      select c.broker_id, c.day, sum(c.cost_cents), sum(c.delivered), sum(c.confirmed) from (select broker_id, (created_at at time zone 'UTC')::date as day, cost_cents as cost_cents,
         (is_reminder and (status in ('sent', 'completed') or confirmed_at is not null))::int as delivered,
         (is_reminder and confirmed_at is not null)::int as confirmed
    from (select d.*, (d.reminder_id is not null or d.client_reminder_id is not null) as is_reminder from after_rows d) d
   where cost_cents <> 0 or (is_reminder and (status in ('sent', 'completed') or confirmed_at is not null)) union all select broker_id, (created_at at time zone 'UTC')::date as day, -cost_cents as cost_cents,
         -(is_reminder and (status in ('sent', 'completed') or confirmed_at is not null))::int as delivered,
         -(is_reminder and confirmed_at is not null)::int as confirmed
    from (select d.*, (d.reminder_id is not null or d.client_reminder_id is not null) as is_reminder from before_rows d) d
   where cost_cents <> 0 or (is_reminder and (status in ('sent', 'completed') or confirmed_at is not null))) c
       group by c.broker_id, c.day having sum(c.cost_cents) <> 0 or sum(c.delivered) <> 0 or sum(c.confirmed) <> 0
       order by c.broker_id, c.day
      on conflict (broker_id, day) do update set cost_cents = t.cost_cents + excluded.cost_cents,
         reminders_delivered = t.reminders_delivered + excluded.reminders_delivered,
         reminders_confirmed = t.reminders_confirmed + excluded.reminders_confirmed; return null; end; $$ language plpgsql;`);
    this.addSql(`create trigger "delivery_days_update" after update on "deliveries" referencing old table as before_rows new table as after_rows for each statement execute function "deliveries_delivery_days_update_fn"();`);
    this.addSql(`create or replace function "deliveries_delivery_days_delete_fn"() returns trigger as $$ begin insert into broker_delivery_days as t (broker_id, day, cost_cents, reminders_delivered, reminders_confirmed)
      select c.broker_id, c.day, sum(c.cost_cents), sum(c.delivered), sum(c.confirmed) from (select broker_id, (created_at at time zone 'UTC')::date as day, -cost_cents as cost_cents,
         -(is_reminder and (status in ('sent', 'completed') or confirmed_at is not null))::int as delivered,
         -(is_reminder and confirmed_at is not null)::int as confirmed
    from (select d.*, (d.reminder_id is not null or d.client_reminder_id is not null) as is_reminder from removed d) d
   where cost_cents <> 0 or (is_reminder and (status in ('sent', 'completed') or confirmed_at is not null))) c
       group by c.broker_id, c.day having sum(c.cost_cents) <> 0 or sum(c.delivered) <> 0 or sum(c.confirmed) <> 0
       order by c.broker_id, c.day
      on conflict (broker_id, day) do update set cost_cents = t.cost_cents + excluded.cost_cents,
         reminders_delivered = t.reminders_delivered + excluded.reminders_delivered,
         reminders_confirmed = t.reminders_confirmed + excluded.reminders_confirmed; return null; end; $$ language plpgsql;`);
    this.addSql(`create trigger "delivery_days_delete" after delete on "deliveries" referencing old table as removed for each statement execute function "deliveries_delivery_days_delete_fn"();`);
    this.addSql(`create or replace function "deliveries_delivery_days_truncate_fn"() returns trigger as $$ begin delete from broker_delivery_days; return null; end; $$ language plpgsql;`);
    this.addSql(`create trigger "delivery_days_truncate" after truncate on "deliveries" for each statement execute function "deliveries_delivery_days_truncate_fn"();`);

    this.addSql(`create or replace function "clients_client_counts_insert_fn"() returns trigger as $$ begin insert into broker_client_counts as t (broker_id, total, active)
      select c.broker_id, sum(c.total), sum(c.active) from (select broker_id, 1 as total, is_active::int as active from added) c
       where exists (select 1 from users u where u.id = c.broker_id)
       group by c.broker_id having sum(c.total) <> 0 or sum(c.active) <> 0 order by c.broker_id
      on conflict (broker_id) do update set total = t.total + excluded.total, active = t.active + excluded.active; return null; end; $$ language plpgsql;`);
    this.addSql(`create trigger "client_counts_insert" after insert on "clients" referencing new table as added for each statement execute function "clients_client_counts_insert_fn"();`);
    this.addSql(`create or replace function "clients_client_counts_delete_fn"() returns trigger as $$ begin insert into broker_client_counts as t (broker_id, total, active)
      select c.broker_id, sum(c.total), sum(c.active) from (select broker_id, -1 as total, -is_active::int as active from removed) c
       where exists (select 1 from users u where u.id = c.broker_id)
       group by c.broker_id having sum(c.total) <> 0 or sum(c.active) <> 0 order by c.broker_id
      on conflict (broker_id) do update set total = t.total + excluded.total, active = t.active + excluded.active; return null; end; $$ language plpgsql;`);
    this.addSql(`create trigger "client_counts_delete" after delete on "clients" referencing old table as removed for each statement execute function "clients_client_counts_delete_fn"();`);
    this.addSql(`create or replace function "clients_client_counts_update_fn"() returns trigger as $$ begin insert into broker_client_counts as t (broker_id, total, active)
      select c.broker_id, sum(c.total), sum(c.active) from (select old.broker_id, -1 as total, -old.is_active::int as active union all select new.broker_id, 1, new.is_active::int) c
       where exists (select 1 from users u where u.id = c.broker_id)
       group by c.broker_id having sum(c.total) <> 0 or sum(c.active) <> 0 order by c.broker_id
      on conflict (broker_id) do update set total = t.total + excluded.total, active = t.active + excluded.active; return null; end; $$ language plpgsql;`);
    this.addSql(`create trigger "client_counts_update" after update of is_active, broker_id on "clients" for each row
  when (old.is_active is distinct from new.is_active or old.broker_id is distinct from new.broker_id) execute function "clients_client_counts_update_fn"();`);
    this.addSql(`create or replace function "clients_client_counts_truncate_fn"() returns trigger as $$ begin delete from broker_client_counts; return null; end; $$ language plpgsql;`);
    this.addSql(`create trigger "client_counts_truncate" after truncate on "clients" for each statement execute function "clients_client_counts_truncate_fn"();`);

    this.addSql(`alter table "broker_client_counts" add constraint "broker_client_counts_broker_id_foreign" foreign key ("broker_id") references "users" ("id") on update cascade on delete cascade;`);

    // The roll-ups of what is already there. The triggers above hold their tables' write lock until
    // this migration commits, so no change can fall between the back-fill and the triggers. A day's
    // rows are written together, as the triggers write them from then on.
    this.addSql(`insert into "broker_client_counts" ("broker_id", "total", "active")
      select broker_id, count(*), count(*) filter (where is_active) from clients group by broker_id;`);
    this.addSql(`insert into "broker_delivery_days" ("broker_id", "day", "cost_cents", "reminders_delivered", "reminders_confirmed")
      select broker_id, (created_at at time zone 'UTC')::date, sum(cost_cents),
             count(*) filter (where (reminder_id is not null or client_reminder_id is not null) and (status in ('sent', 'completed') or confirmed_at is not null)),
             count(*) filter (where (reminder_id is not null or client_reminder_id is not null) and confirmed_at is not null)
        from deliveries
       group by 1, 2
      having sum(cost_cents) <> 0
          or count(*) filter (where (reminder_id is not null or client_reminder_id is not null) and (status in ('sent', 'completed') or confirmed_at is not null)) <> 0
       order by 2, 1;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "broker_delivery_days" cascade;`);
    this.addSql(`drop table if exists "broker_client_counts" cascade;`);

    this.addSql(`drop trigger if exists "client_counts_insert" on "clients";`);
    this.addSql(`drop function if exists "clients_client_counts_insert_fn"();`);
    this.addSql(`drop trigger if exists "client_counts_delete" on "clients";`);
    this.addSql(`drop function if exists "clients_client_counts_delete_fn"();`);
    this.addSql(`drop trigger if exists "client_counts_update" on "clients";`);
    this.addSql(`drop function if exists "clients_client_counts_update_fn"();`);
    this.addSql(`drop trigger if exists "client_counts_truncate" on "clients";`);
    this.addSql(`drop function if exists "clients_client_counts_truncate_fn"();`);

    this.addSql(`drop trigger if exists "delivery_days_insert" on "deliveries";`);
    this.addSql(`drop function if exists "deliveries_delivery_days_insert_fn"();`);
    this.addSql(`drop trigger if exists "delivery_days_update" on "deliveries";`);
    this.addSql(`drop function if exists "deliveries_delivery_days_update_fn"();`);
    this.addSql(`drop trigger if exists "delivery_days_delete" on "deliveries";`);
    this.addSql(`drop function if exists "deliveries_delivery_days_delete_fn"();`);
    this.addSql(`drop trigger if exists "delivery_days_truncate" on "deliveries";`);
    this.addSql(`drop function if exists "deliveries_delivery_days_truncate_fn"();`);
  }

}
