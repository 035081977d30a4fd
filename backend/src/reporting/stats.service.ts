import { Injectable } from '@nestjs/common';

import { type ClientBook, wholeBook } from '../members/book.js';
import type { User } from '../users/user.entity.js';
import type { StatsDto } from './dto/stats.dto.js';
import { RetentionService } from './retention.service.js';
import { StatsRepository } from './stats.repository.js';

/** A retention rate needs at least one client the broker has had this long: one full month. */
export const RETENTION_MIN_HISTORY_DAYS = 30;

const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 100) : 0);

/**
 * The broker dashboard's figures, from three aggregate queries (definitions in docs/clients.md):
 * - activeClients: clients marked active, the ones billed this month;
 * - retentionRate: of the clients active 12 months ago (for a book younger than that, of
 *   every client it has had), the share still active now, as the retention chart counts (RetentionService). Until the
 *   broker has had a client for a full month every client is still active and 100 % would say
 *   nothing: the rate is then 0 (SPEC: every figure is a number, 0 when missing) and
 *   retentionAvailable is false;
 * - callCompletionRate: confirmed ÷ delivered reminder occurrences (calls and texts, the broker's
 *   own and their clients') of the last 30 days (0 while none was delivered).
 * The figures are of a book: the agency's (from the roll-ups, as fast as one row) or a member's
 * clients (counted from the rows).
 */
@Injectable()
export class StatsService {
  constructor(
    private readonly figures: StatsRepository,
    private readonly retention: RetentionService,
  ) {}

  /** The agency's figures (the admin's view of a broker). */
  forBroker(broker: User): Promise<StatsDto> {
    return this.forBook(wholeBook(broker.id));
  }

  async forBook(book: ClientBook): Promise<StatsDto> {
    const whole = book.assignedTo === null;
    // Three independent reads, side by side on the pool.
    const [row, calls, retentionRate] = await Promise.all([
      whole ? this.figures.clientCounts(book.agencyId) : this.figures.memberClientCounts(book),
      whole ? this.figures.reminderCallCounts(book.agencyId) : this.figures.memberReminderCallCounts(book),
      this.retention.twelveMonthRate(book, RETENTION_MIN_HISTORY_DAYS),
    ]);
    return {
      totalClients: row?.total ?? 0,
      activeClients: row?.active ?? 0,
      retentionRate: retentionRate ?? 0,
      retentionAvailable: retentionRate !== null,
      callCompletionRate: percent(calls?.confirmed ?? 0, calls?.delivered ?? 0),
    };
  }
}
