import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

/** A broker's clients: all, and active. */
export interface ClientCountsRow {
  total: number;
  active: number;
}

/** A broker's reminder occurrences (their own and their clients') of the last 30 days: reached, and confirmed. */
export interface ReminderCallCountsRow {
  delivered: number;
  confirmed: number;
}

/**
 * The broker dashboard's counts, read from the roll-ups of `clients` and `deliveries`
 * (`broker_client_counts`, `broker_delivery_days`), which always equal a recount.
 */
@Injectable()
export class StatsRepository {
  constructor(private readonly em: EntityManager) {}

  async clientCounts(brokerId: string): Promise<ClientCountsRow | undefined> {
    const [row] = await this.em.execute<ClientCountsRow[]>(`select total, active from broker_client_counts where broker_id = ?`, [
      brokerId,
    ]);
    return row;
  }

  /**
   * Reminder occurrences of the broker's clients (broker reminders and clients' own) created in the
   * last 30 days: delivered (sent or completed, a confirmation included) and confirmed. Counts only:
   * never which reminder or which client.
   */
  async reminderCallCounts(brokerId: string): Promise<ReminderCallCountsRow | undefined> {
    // The window's whole days (UTC) from the roll-up, and the part of its first day from the rows.
    const [row] = await this.em.execute<ReminderCallCountsRow[]>(
      `with w as (
         select now() - interval '30 days' as since, ((now() - interval '30 days') at time zone 'UTC')::date + 1 as first_day
       ),
       parts as (
         select sum(d.reminders_delivered) as delivered, sum(d.reminders_confirmed) as confirmed
           from broker_delivery_days d, w where d.broker_id = ? and d.day >= w.first_day
         union all
         select count(*) filter (where status in ('sent', 'completed') or confirmed_at is not null),
                count(*) filter (where confirmed_at is not null)
           from deliveries, w
          where broker_id = ? and created_at > w.since and created_at < w.first_day::timestamp at time zone 'UTC'
            and (reminder_id is not null or client_reminder_id is not null)
       )
       select coalesce(sum(delivered), 0)::int as delivered, coalesce(sum(confirmed), 0)::int as confirmed from parts`,
      [brokerId, brokerId],
    );
    return row;
  }
}
