import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

/** A broker's clients: all, active, and those the broker has had at least `seasonedDays` / `cohortDays`. */
export interface ClientCountsRow {
  total: number;
  active: number;
  seasoned: number;
  cohort: number;
  cohort_active: number;
}

/** A broker's reminder occurrences (their own and their clients') of the last 30 days: reached, and confirmed. */
export interface ReminderCallCountsRow {
  delivered: number;
  confirmed: number;
}

/** The broker dashboard's counts, read from `clients` and `deliveries`. */
@Injectable()
export class StatsRepository {
  constructor(private readonly em: EntityManager) {}

  async clientCounts(brokerId: string, seasonedDays: number, cohortDays: number): Promise<ClientCountsRow | undefined> {
    const [row] = await this.em.execute<ClientCountsRow[]>(
      `select count(*)::int as total,
              count(*) filter (where is_active)::int as active,
              count(*) filter (where created_at <= now() - make_interval(days => ?))::int as seasoned,
              count(*) filter (where created_at <= now() - make_interval(days => ?))::int as cohort,
              count(*) filter (where created_at <= now() - make_interval(days => ?) and is_active)::int as cohort_active
         from clients where broker_id = ?`,
      [seasonedDays, cohortDays, cohortDays, brokerId],
    );
    return row;
  }

  /**
   * Reminder occurrences of the broker's clients (broker reminders and clients' own) created in the
   * last 30 days: delivered (sent or completed, a confirmation included) and confirmed. Counts only:
   * never which reminder or which client.
   */
  async reminderCallCounts(brokerId: string): Promise<ReminderCallCountsRow | undefined> {
    const [row] = await this.em.execute<ReminderCallCountsRow[]>(
      `select count(*) filter (where status in ('sent', 'completed') or confirmed_at is not null)::int as delivered,
              count(*) filter (where confirmed_at is not null)::int as confirmed
         from deliveries
        where broker_id = ? and created_at > now() - interval '30 days'
          and (reminder_id is not null or client_reminder_id is not null)`,
      [brokerId],
    );
    return row;
  }
}
