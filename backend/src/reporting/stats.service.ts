import { Injectable } from '@nestjs/common';

import type { User } from '../users/user.entity.js';
import type { StatsDto } from './dto/stats.dto.js';
import { StatsRepository } from './stats.repository.js';

export const RETENTION_WINDOW_DAYS = 365;
/** A retention rate needs at least one client the broker has had this long: one full month. */
export const RETENTION_MIN_HISTORY_DAYS = 30;

const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 100) : 0);

/**
 * The broker dashboard's figures, from two aggregate queries (definitions in docs/clients.md):
 * - activeClients: clients marked active, the ones billed this month;
 * - retentionRate: of the clients the broker had 12 months ago, the share still active now; for a
 *   book younger than that, the share of all clients still active. Null until the broker has had a
 *   client for a full month: before that every client is still active and 100 % would say nothing;
 * - callCompletionRate: confirmed ÷ delivered reminder occurrences (calls and texts, the broker's
 *   own and their clients') of the last 30 days (0 while none was delivered).
 */
@Injectable()
export class StatsService {
  constructor(private readonly figures: StatsRepository) {}

  async forBroker(broker: User): Promise<StatsDto> {
    const row = await this.figures.clientCounts(broker.id, RETENTION_MIN_HISTORY_DAYS, RETENTION_WINDOW_DAYS);
    const calls = await this.figures.reminderCallCounts(broker.id);
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
      callCompletionRate: percent(calls?.confirmed ?? 0, calls?.delivered ?? 0),
    };
  }
}
