import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

import type { User } from '../users/user.entity.js';
import type { StatsDto } from './stats.dto.js';

export const RETENTION_WINDOW_DAYS = 365;
/** A retention rate needs at least one client the broker has had this long: one full month. */
export const RETENTION_MIN_HISTORY_DAYS = 30;

const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 100) : 0);

/**
 * The broker dashboard's figures, from one aggregate query (definitions in docs/clients.md):
 * - activeClients: clients marked active, the ones billed this month;
 * - retentionRate: of the clients the broker had 12 months ago, the share still active now; for a
 *   book younger than that, the share of all clients still active. Null until the broker has had a
 *   client for a full month: before that every client is still active and 100 % would say nothing;
 * - callCompletionRate: completed ÷ finished reminder calls (0 while no call has finished).
 */
@Injectable()
export class StatsService {
  constructor(private readonly em: EntityManager) {}

  async forBroker(broker: User): Promise<StatsDto> {
    const [row] = await this.em.execute<{ total: number; active: number; seasoned: number; cohort: number; cohort_active: number }[]>(
      `select count(*)::int as total,
              count(*) filter (where is_active)::int as active,
              count(*) filter (where created_at <= now() - make_interval(days => ?))::int as seasoned,
              count(*) filter (where created_at <= now() - make_interval(days => ?))::int as cohort,
              count(*) filter (where created_at <= now() - make_interval(days => ?) and is_active)::int as cohort_active
         from clients where broker_id = ?`,
      [RETENTION_MIN_HISTORY_DAYS, RETENTION_WINDOW_DAYS, RETENTION_WINDOW_DAYS, broker.id],
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
    let retentionRate: number | null = null;
    if (cohort > 0) retentionRate = percent(row?.cohort_active ?? 0, cohort);
    else if ((row?.seasoned ?? 0) > 0) retentionRate = percent(active, total);
    return {
      totalClients: total,
      activeClients: active,
      retentionRate,
      callCompletionRate: percent(calls?.completed ?? 0, calls?.finished ?? 0),
    };
  }
}
