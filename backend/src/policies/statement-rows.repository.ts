import { Injectable } from '@nestjs/common';

import { BulkCopyService } from '../database/bulk-copy.service.js';
import { type CandidateRow, candidatesOf, MATCH_CANDIDATES_SQL, type MatchedStatementRow } from './commissions.repository.js';
import type { MatchCandidate } from './statement-matching.js';

/** The import's write of a statement's rows (table commission_statement_rows), at COPY's rate. */
@Injectable()
export class StatementRowsRepository {
  constructor(private readonly bulk: BulkCopyService) {}

  /**
   * The agency's policies as the matching compares them, read on the import's own connection pool
   * (straight from the driver: 10,000 rows that the first batch waits on).
   */
  async matchCandidates(agencyId: string): Promise<MatchCandidate[]> {
    return candidatesOf(await this.bulk.rows<CandidateRow>(MATCH_CANDIDATES_SQL, [agencyId]));
  }

  /**
   * Writes a statement's rows, matched, as they are read (COPY), in place of any it had: all of
   * them or none. `batches` yields them a batch at a time.
   */
  async copy(statementId: string, agencyId: string, batches: AsyncIterable<MatchedStatementRow[]>): Promise<void> {
    await this.bulk.copy(
      [
        // The statement stays while its rows are written (what a foreign key would check for each row).
        [`select 1 from commission_statements where id = $1 for key share`, [statementId], 'The commission statement has been deleted'],
        [`delete from commission_statement_rows where statement_id = $1`, [statementId]],
      ],
      `copy commission_statement_rows
         (statement_id, broker_id, line, member_id, member_name, plan_key, first_key, last_key, period, effective_date, amount_cents,
          problem, match_kind, policy_id)
       from stdin`,
      (async function* () {
        for await (const batch of batches)
          yield batch.map((row) => [
            statementId,
            agencyId,
            row.line,
            row.memberId,
            row.memberName,
            row.planKey,
            row.firstKey,
            row.lastKey,
            row.period,
            row.effectiveDate,
            row.amountCents,
            row.problem,
            row.match?.kind ?? 'unmatched',
            row.match?.policyId ?? null,
          ]);
      })(),
    );
  }
}
