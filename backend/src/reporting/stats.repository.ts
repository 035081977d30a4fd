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

/** A broker's reminder calls (their own and their clients'): completed, and finished (completed or failed). */
export interface ReminderCallCountsRow {
  completed: number;
  finished: number;
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

  async reminderCallCounts(brokerId: string): Promise<ReminderCallCountsRow | undefined> {
    const [row] = await this.em.execute<ReminderCallCountsRow[]>(
      `select count(*) filter (where status = 'completed')::int as completed,
              count(*) filter (where status in ('completed', 'failed'))::int as finished
         from deliveries
        where broker_id = ? and channel = 'voice' and (reminder_id is not null or client_reminder_id is not null)`,
      [brokerId],
    );
    return row;
  }
}
