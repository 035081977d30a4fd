import { PrimaryKeyProp, type TriggerDef } from '@mikro-orm/core';
import { Entity, ManyToOne, Property, Trigger } from '@mikro-orm/decorators/legacy';

import { Client } from '../clients/client.entity.js';
import { User } from '../users/user.entity.js';

/**
 * A broker's clients, all and active: a roll-up of `clients` kept by PostgreSQL's triggers below in
 * the transaction of every change, so reading it is the same as counting (docs/performance.md
 * "10x data"). The dashboard, the admin's analytics and broker list read it instead of grouping two
 * million clients on every request.
 */
@Entity({ tableName: 'broker_client_counts' })
export class BrokerClientCount {
  [PrimaryKeyProp]?: 'broker';

  @ManyToOne(() => User, { fieldName: 'broker_id', primary: true, deleteRule: 'cascade' })
  broker!: User;

  @Property({ type: 'integer', default: 0 })
  total: number = 0;

  @Property({ type: 'integer', default: 0 })
  active: number = 0;
}

/**
 * Adds each broker's change to their row, creating it when missing. `changes` has broker_id, total
 * and active; grouped so that no row is met twice, in broker order so that two statements lock
 * rows in the same order (no deadlock), and `+=` so that concurrent transactions never lose a count.
 * Brokers already deleted are skipped: their row went with them (on delete cascade).
 */
const addCounts = (changes: string) => `insert into broker_client_counts as t (broker_id, total, active)
      select c.broker_id, sum(c.total), sum(c.active) from (${changes}) c
       where exists (select 1 from users u where u.id = c.broker_id)
       group by c.broker_id having sum(c.total) <> 0 or sum(c.active) <> 0 order by c.broker_id
      on conflict (broker_id) do update set total = t.total + excluded.total, active = t.active + excluded.active`;

const clientTrigger = (name: string, body: string, trigger: string, event: TriggerDef['events'][number]): TriggerDef => ({
  name,
  timing: 'after',
  events: [event],
  expression: `create or replace function "clients_${name}_fn"() returns trigger as $$ begin ${body}; return null; end; $$ language plpgsql;
create trigger "${name}" ${trigger} execute function "clients_${name}_fn"();`,
});

// Inserts and deletes once per statement, over the statement's rows (a CSV import writes thousands
// in one). A change of active or broker is per row, and only when one of them changes: the nightly
// engagement and risk scores rewrite every client, and a statement-level update trigger would copy
// each of those rows twice into its transition tables for nothing.
Trigger(
  clientTrigger(
    'client_counts_insert',
    addCounts('select broker_id, 1 as total, is_active::int as active from added'),
    'after insert on "clients" referencing new table as added for each statement',
    'insert',
  ),
)(Client);
Trigger(
  clientTrigger(
    'client_counts_delete',
    addCounts('select broker_id, -1 as total, -is_active::int as active from removed'),
    'after delete on "clients" referencing old table as removed for each statement',
    'delete',
  ),
)(Client);
Trigger(
  clientTrigger(
    'client_counts_update',
    addCounts(`select old.broker_id, -1 as total, -old.is_active::int as active union all select new.broker_id, 1, new.is_active::int`),
    `after update of is_active, broker_id on "clients" for each row
  when (old.is_active is distinct from new.is_active or old.broker_id is distinct from new.broker_id)`,
    'update',
  ),
)(Client);

// TRUNCATE empties the roll-up too: that trigger (`client_counts_truncate`) is created by the migration alone,
// as MikroORM's schema check does not see TRUNCATE triggers (information_schema.triggers omits them).
