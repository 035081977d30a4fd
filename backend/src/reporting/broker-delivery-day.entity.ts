import { OptionalProps, type TriggerDef } from '@mikro-orm/core';
import { Entity, Index, PrimaryKey, Property, Trigger } from '@mikro-orm/decorators/legacy';

import { Delivery } from '../delivery/delivery.entity.js';

/**
 * A broker's deliveries of one day (UTC, by `created_at`) as they settle: their costs, and their
 * reminder occurrences delivered and confirmed (as StatsRepository counts them). A roll-up of
 * `deliveries` kept by the statement-level triggers below in the transaction of every change, so
 * it always equals a recount. A delivery adds nothing while queued or sending at no cost: a row
 * exists once one of the day's deliveries has a cost or was delivered. No foreign key: deliveries
 * outlive their broker, and so do their costs.
 */
@Entity({ tableName: 'broker_delivery_days' })
// The platform's costs of a range of days (the admin's analytics), over every broker, read from the
// index alone: a day's rows are spread over the table, one per broker.
@Index({
  name: 'broker_delivery_days_day_idx',
  expression: 'create index "broker_delivery_days_day_idx" on "broker_delivery_days" ("day") include ("cost_cents")',
})
export class BrokerDeliveryDay {
  [OptionalProps]?: 'costCents' | 'remindersDelivered' | 'remindersConfirmed';

  @PrimaryKey({ type: 'uuid' })
  brokerId!: string;

  @PrimaryKey({ type: 'date' })
  day!: string;

  @Property({ type: 'integer', default: 0 })
  costCents: number = 0;

  @Property({ type: 'integer', default: 0 })
  remindersDelivered: number = 0;

  @Property({ type: 'integer', default: 0 })
  remindersConfirmed: number = 0;
}

/** One transition table's rows as (broker, day, figures), negated for rows gone; rows that add nothing left out early. */
const figures = (
  table: string,
  sign: '' | '-',
) => `select broker_id, (created_at at time zone 'UTC')::date as day, ${sign}cost_cents as cost_cents,
         ${sign}(is_reminder and (status in ('sent', 'completed') or confirmed_at is not null))::int as delivered,
         ${sign}(is_reminder and confirmed_at is not null)::int as confirmed
    from (select d.*, (d.reminder_id is not null or d.client_reminder_id is not null) as is_reminder from ${table} d) d
   where cost_cents <> 0 or (is_reminder and (status in ('sent', 'completed') or confirmed_at is not null))`;

/**
 * Adds each (broker, day)'s change to its row, creating it when missing: grouped so that no row is
 * met twice, in key order so that two statements lock rows in the same order (no deadlock), `+=` so
 * that concurrent transactions never lose a change.
 */
const addFigures = (
  changes: string,
) => `insert into broker_delivery_days as t (broker_id, day, cost_cents, reminders_delivered, reminders_confirmed)
      select c.broker_id, c.day, sum(c.cost_cents), sum(c.delivered), sum(c.confirmed) from (${changes}) c
       group by c.broker_id, c.day having sum(c.cost_cents) <> 0 or sum(c.delivered) <> 0 or sum(c.confirmed) <> 0
       order by c.broker_id, c.day
      on conflict (broker_id, day) do update set cost_cents = t.cost_cents + excluded.cost_cents,
         reminders_delivered = t.reminders_delivered + excluded.reminders_delivered,
         reminders_confirmed = t.reminders_confirmed + excluded.reminders_confirmed`;

const deliveryTrigger = (name: string, event: TriggerDef['events'][number], body: string, trigger: string): TriggerDef => ({
  name,
  timing: 'after',
  events: [event],
  expression: `create or replace function "deliveries_${name}_fn"() returns trigger as $$ begin ${body}; return null; end; $$ language plpgsql;
create trigger "${name}" ${trigger} execute function "deliveries_${name}_fn"();`,
});

// Statement-level only: the dispatcher writes a batch's outcomes in one statement, and each
// statement's rows are aggregated once, whatever their number.
Trigger(
  deliveryTrigger(
    'delivery_days_insert',
    'insert',
    addFigures(figures('added', '')),
    'after insert on "deliveries" referencing new table as added for each statement',
  ),
)(Delivery);
Trigger(
  deliveryTrigger(
    'delivery_days_update',
    'update',
    addFigures(`${figures('after_rows', '')} union all ${figures('before_rows', '-')}`),
    'after update on "deliveries" referencing old table as before_rows new table as after_rows for each statement',
  ),
)(Delivery);
Trigger(
  deliveryTrigger(
    'delivery_days_delete',
    'delete',
    addFigures(figures('removed', '-')),
    'after delete on "deliveries" referencing old table as removed for each statement',
  ),
)(Delivery);

// TRUNCATE empties the roll-up too: that trigger (`delivery_days_truncate`) is created by the migration alone,
// as MikroORM's schema check does not see TRUNCATE triggers (information_schema.triggers omits them).
