import { afterEach, describe, expect, it } from 'vitest';

import { TRENDS_TEXTS as SPANISH } from '../../../i18n/es/admin-dashboard.ts';
import { setBrokerLanguage } from '../../i18n/current.ts';
import { formatCents } from './figures.ts';
import { TRENDS_TEXTS as ENGLISH } from './texts.ts';
import { changeSummary, dataSpan, formatCentsShort, monthDate, monthLabels, movementSummary, movementTotals } from './trends.ts';

const count = (n: number) => String(n);

afterEach(() => setBrokerLanguage('en'));

describe('the months of a trend', () => {
  it('reads YYYY-MM as the first day of that month and labels it in the app’s language', () => {
    expect(monthDate('2026-01')).toEqual(new Date(2026, 0, 1));
    expect(monthLabels([{ month: '2025-12' }, { month: '2026-11' }])).toEqual(['Dec 2025', 'Nov 2026']);
    setBrokerLanguage('es');
    expect(monthLabels([{ month: '2025-12' }, { month: '2026-11' }])).toEqual(['dic 2025', 'nov 2026']);
  });

  it.each<[(number | null)[], { first: number; last: number } | null]>([
    [[1, 2, 3], { first: 0, last: 2 }],
    [[null, null, 3, null], { first: 2, last: 2 }],
    [[null, 0, null, 5, null], { first: 1, last: 3 }],
    [[null, null], null],
    [[], null],
  ])('finds the months with data in %j', (values, span) => {
    expect(dataSpan(values)).toEqual(span);
  });
});

describe('the summaries a screen reader hears', () => {
  const labels = ['Sep 2026', 'Oct 2026', 'Nov 2026'];

  it('says where a figure went from and to, in English', () => {
    expect(changeSummary(ENGLISH, 'MRR', [100_000, 120_000, 250_050], labels, formatCents)).toBe(
      'MRR went from $1,000.00 in Sep 2026 to $2,500.50 in Nov 2026.',
    );
    expect(changeSummary(ENGLISH, 'Active brokers', [null, 4, 6], labels, count)).toBe(
      'Active brokers went from 4 in Oct 2026 to 6 in Nov 2026. No data for 1 of the 3 months.',
    );
    expect(changeSummary(ENGLISH, 'MRR', [null, null, 500], labels, formatCents)).toBe(
      'MRR was $5.00 in Nov 2026. No data for 2 of the 3 months.',
    );
    expect(changeSummary(ENGLISH, 'MRR', [null, null, null], labels, formatCents)).toBe('MRR: no data yet.');
  });

  it('says the same in Spanish', () => {
    const meses = ['sept 2026', 'oct 2026', 'nov 2026'];
    expect(changeSummary(SPANISH, 'MRR', [100_000, null, 250_050], meses, formatCents)).toBe(
      'MRR: de $1,000.00 en sept 2026 a $2,500.50 en nov 2026. Sin datos en 1 de los 3 meses.',
    );
    expect(changeSummary(SPANISH, 'Agentes activos', [null, null, 6], meses, count)).toBe(
      'Agentes activos: 6 en nov 2026. Sin datos en 2 de los 3 meses.',
    );
    expect(changeSummary(SPANISH, 'MRR', [null, null, null], meses, formatCents)).toBe('MRR: aún no hay datos.');
  });

  it('sums trial conversions and churned brokers over the months with data', () => {
    expect(movementTotals([null, 2, 1], [null, 0, 3])).toEqual({ conversions: 3, churned: 3, first: 1, last: 2 });
    expect(movementTotals([null, null], [null, null])).toBeNull();
    expect(movementSummary(ENGLISH, 'Trial conversions and churned brokers', [null, 2, 1], [null, 0, 1], labels)).toBe(
      '3 trial conversions and 1 churned broker from Oct 2026 to Nov 2026. No data for 1 of the 3 months.',
    );
    expect(movementSummary(ENGLISH, 'Trial conversions and churned brokers', [1, 0, 0], [0, 0, 0], labels)).toBe(
      '1 trial conversion and 0 churned brokers from Sep 2026 to Nov 2026.',
    );
    expect(movementSummary(SPANISH, 'Pruebas convertidas y agentes perdidos', [null, 2, 1], [null, 0, 1], labels)).toBe(
      '3 pruebas convertidas y 1 agente perdido de Oct 2026 a Nov 2026. Sin datos en 1 de los 3 meses.',
    );
    expect(movementSummary(ENGLISH, 'Trial conversions and churned brokers', [null], [null], ['Nov 2026'])).toBe(
      'Trial conversions and churned brokers: no data yet.',
    );
  });

  it('writes money on an axis short', () => {
    expect([0, 29_700, 150_000, 1_234_500].map(formatCentsShort)).toEqual(['$0', '$297', '$1.5K', '$12.3K']);
  });
});
