import { fireEvent, screen, within } from '@testing-library/react';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { spanishReactAdmin } from '../../../i18n/es/react-admin.ts';
import { setBrokerLanguage } from '../../i18n/current.ts';
import { loadBrokerCatalogue } from '../../i18n/useBrokerTexts.ts';
import { renderWithAdmin, TEST_USER } from '../../testUtils.tsx';
import type { AdminAnalytics, PlatformTrendMonth } from '../../types.ts';
import { AdminDashboardPage } from './AdminDashboardPage.tsx';
import { PlatformTrendsSection } from './PlatformTrends.tsx';

const ADMIN = { ...TEST_USER, isAdmin: true };

/** Dec 2025 … Nov 2026: no snapshots for the first three months, then figures. */
const MONTHS: PlatformTrendMonth[] = Array.from({ length: 12 }, (_, i) => {
  const month = `${i === 0 ? 2025 : 2026}-${String(i === 0 ? 12 : i).padStart(2, '0')}`;
  if (i < 3) return { month, mrrCents: null, activeBrokers: null, trialConversions: null, churnedBrokers: null };
  return { month, mrrCents: 100_000 + (i - 3) * 25_000, activeBrokers: i, trialConversions: i % 2, churnedBrokers: i === 7 ? 2 : 0 };
});

function renderSection(getAdminTrends = vi.fn().mockResolvedValue({ months: MONTHS })) {
  renderWithAdmin(<PlatformTrendsSection />, { dataProvider: { getAdminTrends }, path: '/admin', user: ADMIN });
  return getAdminTrends;
}

const chart = (name: string) => within(screen.getByRole('region', { name })).getByRole('img');
const summaryOf = (img: HTMLElement) => document.getElementById(img.getAttribute('aria-describedby')!)?.textContent;
/** The separate pieces of a drawn line: a gap starts a new one. */
const lineSegments = (img: HTMLElement) => (img.querySelector('path.MuiLineChart-line')?.getAttribute('d')?.match(/M/g) ?? []).length;

afterEach(() => setBrokerLanguage('en'));

describe('the trends of the admin dashboard', () => {
  it('draws MRR, active brokers, and conversions against churn, each with a name and a summary in words', async () => {
    const getAdminTrends = renderSection();
    expect(await screen.findByRole('heading', { level: 2, name: 'Trends (last 12 months)' })).toBeTruthy();
    expect(getAdminTrends).toHaveBeenCalledTimes(1);

    const mrr = await screen.findByRole('img', { name: 'MRR by month, last 12 months' });
    expect(summaryOf(mrr)).toBe('MRR went from $1,000.00 in Mar 2026 to $3,000.00 in Nov 2026. No data for 3 of the 12 months.');
    expect(chart('Active brokers by month').getAttribute('aria-label')).toBe('Active brokers by month, last 12 months');
    expect(summaryOf(chart('Active brokers by month'))).toBe(
      'Active brokers went from 3 in Mar 2026 to 11 in Nov 2026. No data for 3 of the 12 months.',
    );
    const movement = chart('Trial conversions and churned brokers');
    expect(movement.getAttribute('aria-label')).toBe('Trial conversions and churned brokers by month, last 12 months');
    expect(summaryOf(movement)).toBe(
      '5 trial conversions and 2 churned brokers from Mar 2026 to Nov 2026. No data for 3 of the 12 months.',
    );
    // The summaries are on screen too, under each chart.
    expect(screen.getByText(/^MRR went from/)).toBeTruthy();
  });

  it('leaves the months without data out of the lines and the bars: gaps, not zeros', async () => {
    const gappy = MONTHS.map((m, i) =>
      i === 6 ? { ...m, mrrCents: null, activeBrokers: null, trialConversions: null, churnedBrokers: null } : m,
    );
    renderSection(vi.fn().mockResolvedValue({ months: gappy }));
    const mrr = await screen.findByRole('img', { name: 'MRR by month, last 12 months' });
    // Months 3–5 and 7–11: two pieces, the leading months and month 6 left empty.
    expect(lineSegments(mrr)).toBe(2);
    expect(lineSegments(chart('Active brokers by month'))).toBe(2);
    expect(summaryOf(mrr)).toMatch(/No data for 4 of the 12 months\.$/);
    // A bar for each month with data of each series (8 months × 2), none for the months without.
    const bars = chart('Trial conversions and churned brokers').querySelectorAll('rect.MuiBarChart-element');
    expect(bars.length).toBe(8 * 2);
  });

  it('draws one unbroken line when every month has data', async () => {
    renderSection(vi.fn().mockResolvedValue({ months: MONTHS.map((m, i) => (i < 3 ? { ...MONTHS[3], month: m.month } : m)) }));
    expect(lineSegments(await screen.findByRole('img', { name: 'MRR by month, last 12 months' }))).toBe(1);
  });

  it('says so when there is no data at all', async () => {
    renderSection(vi.fn().mockResolvedValue({ months: MONTHS.slice(0, 3) }));
    expect(summaryOf(await screen.findByRole('img', { name: 'MRR by month, last 12 months' }))).toBe('MRR: no data yet.');
    expect(summaryOf(chart('Trial conversions and churned brokers'))).toBe('Trial conversions and churned brokers: no data yet.');
  });

  it('offers a retry when the trends cannot load, and loads them again', async () => {
    const getAdminTrends = vi.fn().mockRejectedValueOnce(new Error('Network error')).mockResolvedValue({ months: MONTHS });
    renderSection(getAdminTrends);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to load trends');
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('img', { name: 'MRR by month, last 12 months' })).toBeTruthy();
    expect(getAdminTrends).toHaveBeenCalledTimes(2);
  });

  it('speaks Spanish: titles, names and summaries, with the months in Spanish', async () => {
    await loadBrokerCatalogue('es');
    setBrokerLanguage('es');
    renderWithAdmin(<PlatformTrendsSection />, {
      dataProvider: { getAdminTrends: vi.fn().mockResolvedValue({ months: MONTHS }) },
      path: '/admin',
      user: ADMIN,
      i18nProvider: polyglotI18nProvider(() => spanishReactAdmin, 'es'),
    });
    expect(await screen.findByRole('heading', { level: 2, name: 'Tendencias (últimos 12 meses)' })).toBeTruthy();
    const mrr = await screen.findByRole('img', { name: 'MRR por mes, últimos 12 meses' });
    expect(summaryOf(mrr)).toBe('MRR: de $1,000.00 en mar 2026 a $3,000.00 en nov 2026. Sin datos en 3 de los 12 meses.');
    expect(summaryOf(chart('Agentes activos por mes'))).toBe(
      'Agentes activos: de 3 en mar 2026 a 11 en nov 2026. Sin datos en 3 de los 12 meses.',
    );
    expect(summaryOf(chart('Pruebas convertidas y agentes perdidos'))).toBe(
      '5 pruebas convertidas y 2 agentes perdidos de mar 2026 a nov 2026. Sin datos en 3 de los 12 meses.',
    );
  });

  it('sits on the admin dashboard, and Refresh reloads it with the figures', async () => {
    const analytics: AdminAnalytics = {
      mrr: 0,
      arr: 0,
      activeBrokers: 0,
      totalBrokers: 0,
      trialBrokers: 0,
      netProfit: 0,
      totalRevenue: 0,
      totalCosts: 0,
      tierDistribution: [],
      trialExpirations: [],
    };
    const getAdminTrends = vi.fn().mockResolvedValue({ months: MONTHS });
    renderWithAdmin(<AdminDashboardPage />, {
      dataProvider: { getAdminAnalytics: vi.fn().mockResolvedValue(analytics), getAdminTrends },
      path: '/admin',
      user: ADMIN,
    });
    expect(await screen.findByRole('img', { name: 'MRR by month, last 12 months' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await vi.waitFor(() => expect(getAdminTrends).toHaveBeenCalledTimes(2));
  });
});
