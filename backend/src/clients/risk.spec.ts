import { daysToAnniversary, RISK_REASONS, riskLevel, riskScore, type RiskSignals, seasonPercent } from './risk.js';

/** A client nothing is wrong with: engaged, reached, contacted lately. */
const CALM: RiskSignals = {
  engagementNow: 70,
  engagement30DaysAgo: 70,
  unansweredLast30Days: 0,
  optedOutLast90Days: false,
  lastThreeCampaignEmailsUnopened: false,
  daysSinceLastContact: 3,
  reachedRecently: true,
  planEffectiveDate: null,
};
// Outside every enrollment window (the multiplier is 100%).
const JUNE = new Date('2026-06-10T12:00:00Z');

describe('riskScore, one signal at a time (outside the enrollment windows)', () => {
  it.each<[string, Partial<RiskSignals>, number, string[]]>([
    ['nothing', {}, 0, []],
    ['engagement down 9 points', { engagement30DaysAgo: 79 }, 0, []],
    ['engagement down 10 points', { engagement30DaysAgo: 80 }, 15, ['engagement_falling']],
    ['engagement down 19 points', { engagement30DaysAgo: 89 }, 15, ['engagement_falling']],
    ['engagement down 20 points', { engagement30DaysAgo: 90 }, 25, ['engagement_falling']],
    ['engagement up', { engagement30DaysAgo: 20 }, 0, []],
    ['no engagement history 30 days back', { engagement30DaysAgo: null }, 0, []],
    ['engagement 29', { engagementNow: 29, engagement30DaysAgo: 29 }, 10, ['low_engagement']],
    ['engagement 30', { engagementNow: 30, engagement30DaysAgo: 30 }, 0, []],
    ['1 unanswered', { unansweredLast30Days: 1 }, 10, ['unanswered_messages']],
    ['2 unanswered', { unansweredLast30Days: 2 }, 10, ['unanswered_messages']],
    ['3 unanswered', { unansweredLast30Days: 3 }, 20, ['unanswered_messages']],
    ['opted out', { optedOutLast90Days: true }, 20, ['opted_out']],
    ['three e-mails unopened', { lastThreeCampaignEmailsUnopened: true }, 10, ['unopened_campaigns']],
    ['59 days without contact', { daysSinceLastContact: 59 }, 0, []],
    ['60 days without contact', { daysSinceLastContact: 60 }, 15, ['no_recent_contact']],
    ['not reached recently', { reachedRecently: false }, 10, ['not_reached_recently']],
    ['plan anniversary in 60 days', { planEffectiveDate: '2020-08-09' }, 10, ['plan_anniversary_soon']],
    ['plan anniversary in 61 days', { planEffectiveDate: '2020-08-10' }, 0, []],
    ['plan anniversary today', { planEffectiveDate: '2025-06-10' }, 10, ['plan_anniversary_soon']],
    ['plan anniversary just passed', { planEffectiveDate: '2020-06-09' }, 0, []],
  ])('%s: %i', (_, signals, score, reasons) => {
    expect(riskScore({ ...CALM, ...signals }, JUNE)).toEqual({ score, level: riskLevel(score), reasons });
  });
});

describe('riskScore, together', () => {
  const worst: RiskSignals = {
    engagementNow: 5,
    engagement30DaysAgo: 60,
    unansweredLast30Days: 7,
    optedOutLast90Days: true,
    lastThreeCampaignEmailsUnopened: true,
    daysSinceLastContact: 200,
    reachedRecently: false,
    planEffectiveDate: '2019-07-01',
  };

  it('adds the points and names the reasons in their fixed order', () => {
    const result = riskScore({ ...CALM, unansweredLast30Days: 4, reachedRecently: false, optedOutLast90Days: true }, JUNE);
    expect(result).toEqual({ score: 50, level: 'medium', reasons: ['unanswered_messages', 'opted_out', 'not_reached_recently'] });
  });

  it('caps the score at 100 (120 points)', () => {
    expect(riskScore(worst, JUNE)).toEqual({
      score: 100,
      level: 'high',
      reasons: [
        'engagement_falling',
        'low_engagement',
        'unanswered_messages',
        'opted_out',
        'unopened_campaigns',
        'no_recent_contact',
        'not_reached_recently',
        'plan_anniversary_soon',
      ],
    });
  });

  it('gives the same answer for the same signals and day', () => {
    const first = riskScore(worst, JUNE);
    for (let i = 0; i < 5; i++) expect(riskScore({ ...worst }, new Date(JUNE))).toEqual(first);
  });

  it('never names a reason outside RISK_REASONS', () => {
    for (const reason of riskScore(worst, new Date('2026-11-01T00:00:00Z')).reasons) expect(RISK_REASONS).toContain(reason);
  });
});

describe('the enrollment windows', () => {
  // 25 + 10 = 35 points before the multiplier.
  const signals: RiskSignals = { ...CALM, engagement30DaysAgo: 95, reachedRecently: false };

  it.each<[string, number, number]>([
    ['2026-10-15T00:00:00Z', 130, 46],
    ['2026-12-07T23:59:00Z', 130, 46],
    ['2026-12-08T00:00:00Z', 100, 35],
    ['2027-01-01T00:00:00Z', 120, 42],
    ['2027-03-31T23:00:00Z', 120, 42],
    ['2027-04-01T00:00:00Z', 100, 35],
    ['2026-09-14T23:59:00Z', 100, 35],
    ['2026-09-15T00:00:00Z', 110, 39],
    ['2026-10-14T12:00:00Z', 110, 39],
  ])('%s multiplies by %i%%: %i', (at, percent, score) => {
    const now = new Date(at);
    expect(seasonPercent(now)).toBe(percent);
    const result = riskScore(signals, now);
    expect(result.score).toBe(score);
    expect(result.reasons.includes('enrollment_window')).toBe(percent > 100);
  });

  it('rounds half up: 35 × 1.1 = 38.5 → 39', () => {
    expect(riskScore(signals, new Date('2026-09-20T00:00:00Z')).score).toBe(39);
  });

  it('names the window only when there were points to multiply', () => {
    expect(riskScore(CALM, new Date('2026-11-01T00:00:00Z'))).toEqual({ score: 0, level: 'low', reasons: [] });
  });

  it('caps the multiplied score at 100', () => {
    const many: RiskSignals = { ...signals, unansweredLast30Days: 3, optedOutLast90Days: true };
    // 75 × 1.3 = 97.5 → 98; with 10 more points, 85 × 1.3 = 110.5 → 100.
    expect(riskScore(many, new Date('2026-11-01T00:00:00Z')).score).toBe(98);
    expect(riskScore({ ...many, lastThreeCampaignEmailsUnopened: true }, new Date('2026-11-01T00:00:00Z')).score).toBe(100);
  });

  it('can lift a client into a higher level', () => {
    // 50 points: medium in June, 65 (high) in AEP.
    const fifty: RiskSignals = { ...CALM, optedOutLast90Days: true, unansweredLast30Days: 3, reachedRecently: false };
    expect(riskScore(fifty, JUNE).level).toBe('medium');
    expect(riskScore(fifty, new Date('2026-11-01T00:00:00Z'))).toMatchObject({ score: 65, level: 'high' });
  });
});

describe('riskLevel', () => {
  it.each<[number, string]>([
    [0, 'low'],
    [34, 'low'],
    [35, 'medium'],
    [59, 'medium'],
    [60, 'high'],
    [100, 'high'],
  ])('%i is %s', (score, level) => {
    expect(riskLevel(score)).toBe(level);
  });
});

describe('daysToAnniversary', () => {
  const today = new Date('2026-06-10T18:00:00Z');
  it.each<[string | null, number | null]>([
    [null, null],
    ['2020-06-10', 0],
    ['2020-06-11', 1],
    ['2020-06-09', 364],
    ['2020-08-09', 60],
    // The first anniversary is a year after the plan began.
    ['2026-05-01', 325],
    ['2026-06-10', 365],
    // A plan that has not begun yet.
    ['2026-07-01', 386],
  ])('%s: %s', (date, days) => {
    expect(daysToAnniversary(date, today)).toBe(days);
  });

  it('keeps 29 February on 28 February in other years', () => {
    expect(daysToAnniversary('2024-02-29', new Date('2027-02-20T00:00:00Z'))).toBe(8);
    expect(daysToAnniversary('2024-02-29', new Date('2028-02-20T00:00:00Z'))).toBe(9);
  });
});
