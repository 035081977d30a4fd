import type { MatchKind } from './commission-statement.entity.js';
import type { StatementRow } from './statement-csv.js';

/** One of the agency's policies as the matching compares it (commissions.repository.ts `matchCandidates`). */
export interface MatchCandidate {
  policyId: string;
  clientId: string;
  /** Contract and package (H1234-001), or null. */
  planKey: string | null;
  /** Lower case. */
  carrier: string;
  /** The carrier's member ID, upper case, or null. */
  memberId: string | null;
  status: string;
  effectiveDate: string | null;
  terminationDate: string | null;
  /** The client's names as nameKey makes them. */
  firstKey: string;
  lastKey: string;
}

export interface RowMatch {
  policyId: string;
  kind: Extract<MatchKind, 'exact' | 'fuzzy'>;
}

/** Whether the policy is in force on the month's first day: active or terminated, from its effective date to its end. */
function inForce(policy: MatchCandidate, month: string | null): boolean {
  return (
    month !== null &&
    (policy.status === 'active' || policy.status === 'terminated') &&
    policy.effectiveDate !== null &&
    policy.effectiveDate <= month &&
    (policy.terminationDate === null || policy.terminationDate >= month)
  );
}

/**
 * The agency's policies indexed for a statement's rows (of `carrier`): matched a row at a time as
 * the file is read, before the rows are written.
 *
 * In order, each step for the rows the one before left unmatched: 1 the plan and the carrier's
 * member ID (exact); 2 the plan and the same first and last names (exact), or the same last name
 * and a first name that starts the other — an initial, Bob for Bobby (fuzzy). The plan is the
 * contract and package, or the statement's carrier for a row that names no plan. A name that fits
 * two clients matches neither; of the client's policies, the one in force in the row's month wins,
 * else the latest. Names alike by trigrams are a last step, in SQL, on what is left
 * (`CommissionsRepository.matchSimilarNames`).
 */
export class StatementMatcher {
  private readonly byMemberId = new Map<string, MatchCandidate[]>();
  private readonly byLastName = new Map<string, MatchCandidate[]>();
  private readonly carrier: string;

  constructor(candidates: MatchCandidate[], carrier: string) {
    this.carrier = carrier.toLowerCase();
    for (const candidate of candidates) {
      if (candidate.memberId) push(this.byMemberId, candidate.memberId, candidate);
      if (candidate.lastKey) push(this.byLastName, candidate.lastKey, candidate);
    }
  }

  match(row: StatementRow): RowMatch | null {
    if (row.problem) return null;
    const onPlan = (policy: MatchCandidate) => (row.planKey !== null ? policy.planKey === row.planKey : policy.carrier === this.carrier);
    if (row.memberId) {
      const found = this.pick(row, (this.byMemberId.get(row.memberId) ?? []).filter(onPlan), 'exact');
      if (found) return found;
    }
    if (row.lastKey && row.firstKey) {
      const first = row.firstKey;
      const named = (this.byLastName.get(row.lastKey) ?? []).filter(onPlan);
      const exact = named.filter((policy) => policy.firstKey === first);
      if (exact.length) return this.pick(row, exact, 'exact');
      return this.pick(
        row,
        named.filter((policy) => policy.firstKey.startsWith(first) || (policy.firstKey !== '' && first.startsWith(policy.firstKey))),
        'fuzzy',
      );
    }
    return null;
  }

  /** The policy of the one client among `policies`: in force in the row's month first, then the latest. */
  private pick(row: StatementRow, policies: MatchCandidate[], kind: RowMatch['kind']): RowMatch | null {
    if (policies.length === 0 || policies.some((policy) => policy.clientId !== policies[0].clientId)) return null;
    let best = policies[0];
    for (const policy of policies.slice(1)) {
      const [a, b] = [inForce(policy, row.period), inForce(best, row.period)];
      if (a !== b ? a : (policy.effectiveDate ?? '') > (best.effectiveDate ?? '')) best = policy;
    }
    return { policyId: best.policyId, kind };
  }
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
