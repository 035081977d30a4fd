import type { StatementRow } from './statement-csv.js';
import { type MatchCandidate, StatementMatcher } from './statement-matching.js';

const policy = (fields: Partial<MatchCandidate> & Pick<MatchCandidate, 'policyId' | 'clientId'>): MatchCandidate => ({
  planKey: 'H1234-001',
  carrier: 'humana',
  memberId: null,
  status: 'active',
  effectiveDate: '2026-01-01',
  terminationDate: null,
  firstKey: 'rosa',
  lastKey: 'diaz',
  ...fields,
});

const row = (fields: Partial<StatementRow>): StatementRow => ({
  line: 2,
  memberId: null,
  memberName: null,
  planKey: 'H1234-001',
  firstKey: null,
  lastKey: null,
  period: '2026-02-01',
  effectiveDate: null,
  amountCents: 2_550,
  problem: null,
  ...fields,
});

describe('matching a statement row to a policy', () => {
  it('takes the carrier’s member ID on the row’s plan first (exact)', () => {
    const matcher = new StatementMatcher(
      [
        policy({ policyId: 'other-plan', clientId: 'rosa', memberId: 'HUM1', planKey: 'H9999-001' }),
        policy({ policyId: 'rosa', clientId: 'rosa', memberId: 'HUM1' }),
      ],
      'Humana',
    );
    expect(matcher.match(row({ memberId: 'HUM1' }))).toEqual({ policyId: 'rosa', kind: 'exact' });
    expect(matcher.match(row({ memberId: 'HUM1', planKey: 'H5555-001' }))).toBeNull();
  });

  it('goes by the same names (exact), else a first name that starts the other: an initial, Bob for Bobby (fuzzy)', () => {
    const matcher = new StatementMatcher([policy({ policyId: 'bobby', clientId: 'bobby', firstKey: 'bobby', lastKey: 'green' })], 'Humana');
    expect(matcher.match(row({ firstKey: 'bobby', lastKey: 'green' }))).toEqual({ policyId: 'bobby', kind: 'exact' });
    expect(matcher.match(row({ firstKey: 'bob', lastKey: 'green' }))).toEqual({ policyId: 'bobby', kind: 'fuzzy' });
    expect(matcher.match(row({ firstKey: 'b', lastKey: 'green' }))).toEqual({ policyId: 'bobby', kind: 'fuzzy' });
    expect(matcher.match(row({ firstKey: 'robert', lastKey: 'green' }))).toBeNull();
    // A last name alone is not enough.
    expect(matcher.match(row({ firstKey: null, lastKey: 'green' }))).toBeNull();
  });

  it('prefers the exact name to a similar one, and matches neither of two clients a name fits', () => {
    const matcher = new StatementMatcher(
      [
        policy({ policyId: 'john', clientId: 'john', firstKey: 'john', lastKey: 'smith' }),
        policy({ policyId: 'johnny', clientId: 'johnny', firstKey: 'johnny', lastKey: 'smith' }),
        policy({ policyId: 'jane', clientId: 'jane', firstKey: 'jane', lastKey: 'smith' }),
      ],
      'Humana',
    );
    expect(matcher.match(row({ firstKey: 'john', lastKey: 'smith' }))).toEqual({ policyId: 'john', kind: 'exact' });
    expect(matcher.match(row({ firstKey: 'j', lastKey: 'smith' }))).toBeNull();
  });

  it('takes the statement’s carrier for a row that names no plan', () => {
    const matcher = new StatementMatcher(
      [
        policy({ policyId: 'aetna', clientId: 'rosa', carrier: 'aetna', planKey: 'H5521-045' }),
        policy({ policyId: 'humana', clientId: 'rosa', carrier: 'humana', planKey: 'H1234-001' }),
      ],
      'HUMANA',
    );
    expect(matcher.match(row({ planKey: null, firstKey: 'rosa', lastKey: 'diaz' }))).toEqual({ policyId: 'humana', kind: 'exact' });
  });

  it('of the client’s policies, takes the one in force in the row’s month, else the latest', () => {
    const policies = [
      policy({ policyId: 'ended', clientId: 'rosa', status: 'terminated', effectiveDate: '2025-01-01', terminationDate: '2025-12-31' }),
      policy({ policyId: 'current', clientId: 'rosa', effectiveDate: '2026-01-01' }),
      policy({ policyId: 'next', clientId: 'rosa', status: 'pending', effectiveDate: '2027-01-01' }),
    ];
    const matcher = new StatementMatcher(policies, 'Humana');
    const named = { firstKey: 'rosa', lastKey: 'diaz' };
    expect(matcher.match(row({ ...named, period: '2026-02-01' }))?.policyId).toBe('current');
    expect(matcher.match(row({ ...named, period: '2025-06-01' }))?.policyId).toBe('ended');
    expect(matcher.match(row({ ...named, period: '2024-06-01' }))?.policyId).toBe('next');
  });

  it('never matches a row that could not be read', () => {
    const matcher = new StatementMatcher([policy({ policyId: 'rosa', clientId: 'rosa', memberId: 'HUM1' })], 'Humana');
    expect(matcher.match(row({ memberId: 'HUM1', problem: 'No amount' }))).toBeNull();
  });
});
