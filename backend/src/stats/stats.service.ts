import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { User } from '../users/user.entity.js';
import type { StatsDto } from './stats.dto.js';

export const RETENTION_WINDOW_DAYS = 365;

const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 100) : 0);

/**
 * The broker dashboard's figures, from one aggregate query (definitions in docs/clients.md):
 * - activeClients: clients marked active, the ones billed this month;
 * - retentionRate: of the clients the broker had 12 months ago, the share still active now; for a
 *   book younger than that, the share of all clients still active;
 * - callCompletionRate: completed ÷ finished reminder calls (0 while no call has finished).
 */
@Injectable()
export class StatsService {
  constructor(private readonly em: EntityManager) {}

  async forBroker(broker: User): Promise<StatsDto> {
    const [row] = await this.em.execute<
      { total: number; active: number; cohort: number; cohort_active: number }[]
    >(
      `select count(*)::int as total,
              count(*) filter (where is_active)::int as active,
              count(*) filter (where created_at <= now() - make_interval(days => ?))::int as cohort,
              count(*) filter (where created_at <= now() - make_interval(days => ?) and is_active)::int as cohort_active
         from clients where broker_id = ?`,
      [RETENTION_WINDOW_DAYS, RETENTION_WINDOW_DAYS, broker.id],
    );
    const [calls] = await this.em.execute<{ completed: number; finished: number }[]>(
      `select count(*) filter (where status = 'completed')::int as completed,
              count(*) filter (where status in ('completed', 'failed'))::int as finished
         from deliveries
        where broker_id = ? and channel = 'voice' and (reminder_id is not null or client_reminder_id is not null)`,
      [broker.id],
    );
    const total = row?.total ?? 0;
    const active = row?.active ?? 0;
    const cohort = row?.cohort ?? 0;
    return {
      totalClients: total,
      activeClients: active,
      retentionRate: cohort > 0 ? percent(row?.cohort_active ?? 0, cohort) : percent(active, total),
      callCompletionRate: percent(calls?.completed ?? 0, calls?.finished ?? 0),
    };
  }
}
