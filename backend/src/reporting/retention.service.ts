import { Injectable } from '@nestjs/common';

import { DEPARTURE_REASONS, type DepartureReason } from '../clients/client.entity.js';
import { Clock } from '../common/clock.js';
import { type ClientBook, wholeBook } from '../members/book.js';
import type { LostByReasonDto, RetentionBasis, RetentionDto } from './dto/retention.dto.js';
import { type RetentionPeriodRow, RetentionRepository } from './retention.repository.js';

/** Whole percent of `part` in `whole`; null without a whole. */
const rate = (part: number, whole: number) => (whole > 0 ? Math.round((100 * part) / whole) : null);

/**
 * Client retention (docs/clients.md "Retention"): a client counts as retained in a period when active
 * at its start and still active at its end; deactivated and deleted clients count as lost, with the
 * reason the broker gave. Months and seasons follow the broker's time zone.
 */
@Injectable()
export class RetentionService {
  constructor(
    private readonly repository: RetentionRepository,
    private readonly clock: Clock,
  ) {}

  /** The agency's whole book. */
  forBroker(brokerId: string, now = this.clock.now()): Promise<RetentionDto> {
    return this.forBook(wholeBook(brokerId), now);
  }

  /**
   * The dashboard's retention (GET /api/stats/retention): on the book's policies once it has a policy
   * that is or was in force, else on its clients (docs/clients.md "Retention on policies").
   */
  async forDashboard(book: ClientBook, now = this.clock.now()): Promise<RetentionDto> {
    if (!(await this.repository.hasPolicies(book, now))) return this.forBook(book, now);
    const [periods, lost] = await Promise.all([this.repository.policyPeriods(book, now), this.repository.policiesLostByReason(book, now)]);
    return this.figures('policies', periods, lost);
  }

  /** The book's figures on its clients: the agency's, or one member's (their clients, docs/clients.md "Retention"). */
  async forBook(book: ClientBook, now = this.clock.now()): Promise<RetentionDto> {
    const periods = await this.repository.periods(book, now);
    const lost = await this.repository.lostByReason(book, now);
    return this.figures('clients', periods, lost);
  }

  private figures(basis: RetentionBasis, periods: RetentionPeriodRow[], lost: { reason: DepartureReason; lost: number }[]): RetentionDto {
    const lostByReason = Object.fromEntries(DEPARTURE_REASONS.map((reason) => [reason, 0])) as unknown as LostByReasonDto;
    for (const row of lost) lostByReason[row.reason] = row.lost;
    const latestAep = periods.filter((row) => row.kind === 'aep').at(-1);
    return {
      months: periods
        .filter((row) => row.kind === 'month')
        .map((row) => ({
          month: row.label,
          startCount: row.start_count,
          retained: row.retained,
          lost: row.start_count - row.retained,
          rate: rate(row.retained, row.start_count),
        })),
      aep: periods
        .filter((row) => row.kind === 'aep')
        .map((row) => ({
          season: Number(row.label),
          start: row.start_day,
          end: row.end_day,
          startCount: row.start_count,
          retained: row.retained,
          rate: rate(row.retained, row.start_count),
        })),
      lostByReason,
      basis,
      keptThroughAep: latestAep ? latestAep.retained : null,
      lostToAnotherAgent: lostByReason.switched_agent,
    };
  }

  /**
   * The dashboard's Retention Rate: of the clients active 12 months ago (for a younger book, when
   * its first client joined), the percentage active now. Null until the broker has had a client for
   * `seasonedDays`, when every client is trivially still active.
   */
  async twelveMonthRate(book: ClientBook, seasonedDays: number, now = this.clock.now()): Promise<number | null> {
    const row = await this.repository.twelveMonths(book, now, seasonedDays);
    return row.seasoned ? rate(row.retained, row.cohort) : null;
  }
}
