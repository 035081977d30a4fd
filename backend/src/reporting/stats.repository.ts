import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

import { bookCondition, type ClientBook } from '../members/book.js';

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
 * The broker dashboard's counts. The agency's are read from the roll-ups of `clients` and
 * `deliveries` (`broker_client_counts`, `broker_delivery_days`), which always equal a recount; a
 * member's (their assigned clients) are counted from the rows, as the roll-ups are per agency.
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

  /** The same counts for a member's clients (`book.assignedTo`), from `clients` (its (broker, assigned member) index). */
  async memberClientCounts(book: ClientBook): Promise<ClientCountsRow | undefined> {
    const inBook = bookCondition(book);
    const [row] = await this.em.execute<ClientCountsRow[]>(
      `select count(*)::int as total, count(*) filter (where c.is_active)::int as active from clients c where ${inBook.sql}`,
      inBook.params,
    );
    return row;
  }

  /** The same reminder occurrences for a member's clients: the rows of the last 30 days whose client is theirs. */
  async memberReminderCallCounts(book: ClientBook): Promise<ReminderCallCountsRow | undefined> {
    const inBook = bookCondition(book);
    const [row] = await this.em.execute<ReminderCallCountsRow[]>(
      `select count(*) filter (where d.status in ('sent', 'completed') or d.confirmed_at is not null)::int as delivered,
              count(*) filter (where d.confirmed_at is not null)::int as confirmed
         from deliveries d join clients c on c.id = d.client_id
        where d.broker_id = ? and d.created_at > now() - interval '30 days'
          and (d.reminder_id is not null or d.client_reminder_id is not null) and ${inBook.sql}`,
      [book.agencyId, ...inBook.params],
    );
    return row;
  }
}
