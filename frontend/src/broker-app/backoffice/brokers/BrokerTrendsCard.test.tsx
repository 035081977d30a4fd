import { fireEvent, screen, within } from '@testing-library/react';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { spanishReactAdmin } from '../../../i18n/es/react-admin.ts';
import { setBrokerLanguage } from '../../i18n/current.ts';
import { loadBrokerCatalogue } from '../../i18n/useBrokerTexts.ts';
import { renderWithAdmin, TEST_USER } from '../../testUtils.tsx';
import type { BrokerDetail, BrokerTrendMonth } from '../../types.ts';
import { BrokerDetailPage } from './BrokerDetailPage.tsx';
import { BrokerTrendsCard } from './BrokerTrendsCard.tsx';

const ADMIN = { ...TEST_USER, isAdmin: true };
const ID = '6f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f';

/** Dec 2025 … Nov 2026: the broker joined in Feb 2026; their book grew from 10 to 28 active clients. */
const MONTHS: BrokerTrendMonth[] = Array.from({ length: 12 }, (_, i) => {
  const month = `${i === 0 ? 2025 : 2026}-${String(i === 0 ? 12 : i).padStart(2, '0')}`;
  if (i < 2) return { month, activeClients: null, totalClients: null, revenueCents: null };
  const active = 10 + (i - 2) * 2;
  return { month, activeClients: active, totalClients: active + 2, revenueCents: i < 4 ? 0 : active * 500 };
});

function renderCard(getBrokerTrends = vi.fn().mockResolvedValue({ months: MONTHS }), spanish = false) {
  renderWithAdmin(<BrokerTrendsCard brokerId={ID} />, {
    dataProvider: { getBrokerTrends },
    path: `/admin/brokers/${ID}`,
    user: ADMIN,
    ...(spanish ? { i18nProvider: polyglotI18nProvider(() => spanishReactAdmin, 'es') } : {}),
  });
  return getBrokerTrends;
}

const summaryOf = (img: HTMLElement) => document.getElementById(img.getAttribute('aria-describedby')!)?.textContent;

afterEach(() => setBrokerLanguage('en'));

describe('the broker detail’s clients and revenue over time', () => {
  it('draws the active and total clients and the revenue by month, with names and summaries', async () => {
    const getBrokerTrends = renderCard();
    const region = await screen.findByRole('region', { name: 'Clients and revenue over time' });
    expect(getBrokerTrends).toHaveBeenCalledWith(ID);
    const clients = await within(region).findByRole('img', { name: 'Active and total clients by month, last 12 months' });
    expect(summaryOf(clients)).toBe('Active clients went from 10 in Feb 2026 to 28 in Nov 2026. No data for 2 of the 12 months.');
    // Two lines (active, total), each one piece after the two months without data.
    const lines = [...clients.querySelectorAll('path.MuiLineChart-line')].map((path) => path.getAttribute('d')?.match(/M/g)?.length);
    expect(lines).toEqual([1, 1]);
    const revenue = within(region).getByRole('img', { name: 'Revenue by month, last 12 months' });
    expect(summaryOf(revenue)).toBe('Revenue went from $0.00 in Feb 2026 to $140.00 in Nov 2026. No data for 2 of the 12 months.');
    expect(revenue.querySelectorAll('rect.MuiBarChart-element')).toHaveLength(10);
  });

  it('offers a retry when the history cannot load', async () => {
    const getBrokerTrends = vi.fn().mockRejectedValueOnce(new Error('Network error')).mockResolvedValue({ months: MONTHS });
    renderCard(getBrokerTrends);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to load the broker’s history');
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('img', { name: 'Revenue by month, last 12 months' })).toBeTruthy();
  });

  it('speaks Spanish', async () => {
    await loadBrokerCatalogue('es');
    setBrokerLanguage('es');
    renderCard(undefined, true);
    const region = await screen.findByRole('region', { name: 'Clientes e ingresos a lo largo del tiempo' });
    const clients = await within(region).findByRole('img', { name: 'Clientes activos y totales por mes, últimos 12 meses' });
    expect(summaryOf(clients)).toBe('Clientes activos: de 10 en feb 2026 a 28 en nov 2026. Sin datos en 2 de los 12 meses.');
    const revenue = within(region).getByRole('img', { name: 'Ingresos por mes, últimos 12 meses' });
    expect(summaryOf(revenue)).toBe('Ingresos: de $0.00 en feb 2026 a $140.00 en nov 2026. Sin datos en 2 de los 12 meses.');
  });

  it('is on the broker detail, under the four figures', async () => {
    const detail: BrokerDetail = {
      broker: {
        id: ID,
        firstName: 'Dana',
        lastName: 'Whitfield',
        email: 'dana@example.com',
        subscriptionTier: 'pmpm',
        subscriptionStatus: 'active',
        trialEndsAt: null,
        createdAt: '2026-02-10T12:00:00.000Z',
        agencyName: 'Whitfield Medicare Advisors',
        monthlyRevenue: 14_000,
        overageEnabled: false,
        suspendedAt: null,
        suspensionReason: null,
      },
      stats: { totalClients: 30, activeClients: 28, retentionRate: 80, retentionAvailable: true, callCompletionRate: 90 },
      clients: [],
      adminActions: [],
    };
    const getBrokerTrends = vi.fn().mockResolvedValue({ months: MONTHS });
    renderWithAdmin(
      <Routes>
        <Route path="/admin/brokers/:id" element={<BrokerDetailPage />} />
      </Routes>,
      { dataProvider: { getBrokerDetail: vi.fn().mockResolvedValue(detail), getBrokerTrends }, path: `/admin/brokers/${ID}`, user: ADMIN },
    );
    const region = await screen.findByRole('region', { name: 'Clients and revenue over time' });
    expect(await within(region).findByRole('img', { name: 'Revenue by month, last 12 months' })).toBeTruthy();
    expect(getBrokerTrends).toHaveBeenCalledWith(ID);
  });
});
