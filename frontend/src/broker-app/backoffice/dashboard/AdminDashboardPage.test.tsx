import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpError } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';

import { testNow } from '../../../testClock.ts';
import { renderWithAdmin, TEST_USER } from '../../testUtils.tsx';
import type { AdminAnalytics } from '../../types.ts';
import { AdminDashboardPage } from './AdminDashboardPage.tsx';

const DAY = 86_400_000;

function trial(id: string, daysRemaining: number) {
  return {
    brokerId: id,
    email: `${id}@agency.test`,
    trialEndsAt: new Date(testNow().getTime() + daysRemaining * DAY - 3_600_000).toISOString(),
    daysRemaining,
  };
}

const ANALYTICS: AdminAnalytics = {
  mrr: 123_456,
  arr: 1_481_472,
  activeBrokers: 4,
  totalBrokers: 9,
  trialBrokers: 3,
  netProfit: 120_000,
  totalRevenue: 123_456,
  totalCosts: 3_456,
  tierDistribution: [
    { tier: 'pmpm', count: 2, revenue: 64_056 },
    { tier: 'flat', count: 4, revenue: 59_400 },
    { tier: 'trial', count: 3, revenue: 0 },
  ],
  trialExpirations: [trial('soon', 7), trial('later', 8)],
};

const ADMIN = { ...TEST_USER, isAdmin: true };

const NO_TRENDS = { months: [] };

function renderDashboard(dataProvider: Record<string, unknown>) {
  return renderWithAdmin(<AdminDashboardPage />, {
    dataProvider: { getAdminTrends: vi.fn().mockResolvedValue(NO_TRENDS), ...dataProvider },
    path: '/admin',
    user: ADMIN,
  });
}

const card = (name: string) => screen.getByRole('region', { name });
const value = (name: string) => within(card(name)).getByTestId('stat-value').textContent;
const rows = () => screen.getAllByTestId('trial-expiration');
const row = (email: string) => rows().find((r) => within(r).queryByRole('link', { name: email }))!;

describe('the admin dashboard', () => {
  it('shows the figures in dollars and the broker counts', async () => {
    renderDashboard({ getAdminAnalytics: vi.fn().mockResolvedValue(ANALYTICS) });
    expect(screen.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeTruthy();
    expect(await screen.findByRole('region', { name: 'MRR' })).toBeTruthy();
    expect(value('MRR')).toBe('$1,234.56');
    expect(value('ARR')).toBe('$14,814.72');
    expect(value('Net Profit')).toBe('$1,200.00');
    expect(within(card('Net Profit')).getByText(/Month to date/)).toBeTruthy();
    expect(value('Total Revenue')).toBe('$1,234.56');
    expect(value('Active Brokers')).toBe('4');
    expect(value('Total Brokers')).toBe('9');
    expect(value('Trial Brokers')).toBe('3');
  });

  it('draws the tier distribution with a text alternative and a table of the counts', async () => {
    renderDashboard({ getAdminAnalytics: vi.fn().mockResolvedValue(ANALYTICS) });
    const distribution = await screen.findByRole('region', { name: 'Tier Distribution' });
    expect(within(distribution).getByRole('img').getAttribute('aria-label')).toBe(
      'Tier distribution: PMPM 2 brokers, Flat 4 brokers, Trial 3 brokers',
    );
    const table = within(distribution).getByRole('table', { name: 'Tier Distribution' });
    const body = within(table).getAllByRole('row').slice(1);
    expect(
      body.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['2', '22%'],
      ['4', '44%'],
      ['3', '33%'],
    ]);
    expect(body.map((r) => within(r).getByRole('rowheader').textContent)).toEqual(['PMPM', 'Flat', 'Trial']);
  });

  it('breaks revenue down by tier, with total costs and net profit', async () => {
    renderDashboard({ getAdminAnalytics: vi.fn().mockResolvedValue({ ...ANALYTICS, netProfit: -2_000, totalCosts: 125_456 }) });
    const breakdown = await screen.findByRole('region', { name: 'Revenue Breakdown' });
    const lines = within(breakdown)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(lines.some((l) => l?.startsWith('PMPM revenue') && l.endsWith('$640.56'))).toBe(true);
    expect(lines.some((l) => l?.startsWith('Flat revenue') && l.endsWith('$594.00'))).toBe(true);
    expect(lines.some((l) => l?.startsWith('Trial revenue') && l.endsWith('$0.00'))).toBe(true);
    expect(lines.some((l) => l?.startsWith('Total Revenue') && l.endsWith('$1,234.56'))).toBe(true);
    expect(lines.some((l) => l?.startsWith('Total Costs') && l.endsWith('$1,254.56'))).toBe(true);
    expect(lines.some((l) => l?.startsWith('Net Profit (month to date)') && l.endsWith('-$20.00'))).toBe(true);
    expect(value('Net Profit')).toBe('-$20.00');
  });

  it('marks a trial with 7 days or fewer as urgent and one with 8 as ordinary', async () => {
    renderDashboard({ getAdminAnalytics: vi.fn().mockResolvedValue(ANALYTICS) });
    await screen.findByRole('region', { name: 'Upcoming Trial Expirations' });
    const soon = within(row('soon@agency.test')).getByText('7 days left').closest('.MuiChip-root')!;
    const later = within(row('later@agency.test')).getByText('8 days left').closest('.MuiChip-root')!;
    expect(soon.getAttribute('data-variant')).toBe('destructive');
    expect(soon.className).toMatch(/colorError/);
    expect(later.getAttribute('data-variant')).toBe('default');
    expect(later.className).not.toMatch(/colorError/);
    expect(within(row('soon@agency.test')).getByText(/^Ends [A-Z][a-z]{2} \d{2}, \d{4} at \d{1,2}:\d{2} (AM|PM)$/)).toBeTruthy();
    expect(within(row('soon@agency.test')).getByRole('link', { name: 'soon@agency.test' }).getAttribute('href')).toBe(
      '/admin/brokers/soon',
    );
  });

  it('lists only the first five expirations, soonest first', async () => {
    const many = [12, 3, 20, 1, 9, 5, 30].map((d) => trial(`b${d}`, d));
    renderDashboard({ getAdminAnalytics: vi.fn().mockResolvedValue({ ...ANALYTICS, trialExpirations: many }) });
    await screen.findByRole('region', { name: 'Upcoming Trial Expirations' });
    expect(rows().map((r) => r.getAttribute('data-broker-id'))).toEqual(['b1', 'b3', 'b5', 'b9', 'b12']);
    expect(screen.getByText(/Showing 5 of 7/)).toBeTruthy();
  });

  it('says so when no trial ends in the next 30 days', async () => {
    renderDashboard({ getAdminAnalytics: vi.fn().mockResolvedValue({ ...ANALYTICS, trialExpirations: [] }) });
    expect(await screen.findByText('No trials expire in the next 30 days')).toBeTruthy();
    expect(screen.queryAllByTestId('trial-expiration')).toHaveLength(0);
  });

  it('shows skeletons while loading, then the error with a retry that loads again', async () => {
    const getAdminAnalytics = vi
      .fn()
      .mockRejectedValueOnce(new HttpError('500: {"message":"Internal server error"}', 500, { message: 'Internal server error' }))
      .mockResolvedValueOnce(ANALYTICS);
    renderDashboard({ getAdminAnalytics });
    expect(screen.getByLabelText('Loading admin analytics').getAttribute('aria-busy')).toBe('true');
    const alert = await screen.findByText('Failed to load admin analytics');
    expect(screen.queryByRole('region', { name: 'MRR' })).toBeNull();
    fireEvent.click(within(alert.closest('.MuiAlert-root') as HTMLElement).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('region', { name: 'MRR' })).toBeTruthy();
    expect(getAdminAnalytics).toHaveBeenCalledTimes(2);
  });

  describe('Extend', () => {
    async function openExtend(dataProvider: Record<string, unknown>) {
      renderDashboard(dataProvider);
      fireEvent.click(await screen.findByRole('button', { name: 'Extend the trial of soon@agency.test' }));
      return screen.getByRole('dialog', { name: 'Extend Trial Period' });
    }

    it('starts at 7 days, offers 7/14/30, refuses days outside 1–90 and sends the chosen number', async () => {
      const getAdminAnalytics = vi.fn().mockResolvedValue(ANALYTICS);
      const extendTrial = vi.fn().mockResolvedValue({
        id: 'soon',
        email: 'soon@agency.test',
        firstName: null,
        lastName: null,
        trialEndsAt: '2026-12-24T15:00:00.000Z',
      });
      const dialog = await openExtend({ getAdminAnalytics, extendTrial });
      const days = within(dialog).getByRole('spinbutton', { name: /Days/ }) as HTMLInputElement;
      const confirm = within(dialog).getByRole('button', { name: 'Extend Trial' }) as HTMLButtonElement;
      expect(days.value).toBe('7');
      expect(days.min).toBe('1');
      expect(days.max).toBe('90');
      expect(within(dialog).getByRole('button', { name: '7 days' }).getAttribute('aria-pressed')).toBe('true');
      expect(within(dialog).getByText(/^New end date: /)).toBeTruthy();

      for (const bad of ['0', '91', '2.5']) {
        fireEvent.change(days, { target: { value: bad } });
        expect(confirm.disabled).toBe(true);
        expect(within(dialog).getByText('Enter a whole number of days from 1 to 90')).toBeTruthy();
      }
      fireEvent.change(days, { target: { value: '' } });
      expect(confirm.disabled).toBe(true);
      fireEvent.change(days, { target: { value: '90' } });
      expect(confirm.disabled).toBe(false);

      fireEvent.click(within(dialog).getByRole('button', { name: '14 days' }));
      expect(days.value).toBe('14');
      fireEvent.click(confirm);

      await waitFor(() => expect(extendTrial).toHaveBeenCalledWith('soon', 14));
      expect(extendTrial).toHaveBeenCalledTimes(1);
      expect(await screen.findByText('Trial Extended')).toBeTruthy();
      expect(screen.getByText(/soon@agency\.test's trial now ends Dec 24, 2026/)).toBeTruthy();
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Extend Trial Period' })).toBeNull());
      await waitFor(() => expect(getAdminAnalytics).toHaveBeenCalledTimes(2));
    });

    it('sends nothing when the number is out of range and Enter is pressed', async () => {
      const extendTrial = vi.fn();
      const dialog = await openExtend({ getAdminAnalytics: vi.fn().mockResolvedValue(ANALYTICS), extendTrial });
      const days = within(dialog).getByRole('spinbutton', { name: /Days/ });
      fireEvent.change(days, { target: { value: '120' } });
      fireEvent.submit(days.closest('form')!);
      expect(extendTrial).not.toHaveBeenCalled();
    });

    it('shows the failure with the server reason and keeps the dialog open', async () => {
      const extendTrial = vi.fn().mockRejectedValue(
        new HttpError('409: {"message":"Only brokers on trial can be extended"}', 409, {
          message: 'Only brokers on trial can be extended',
        }),
      );
      const dialog = await openExtend({ getAdminAnalytics: vi.fn().mockResolvedValue(ANALYTICS), extendTrial });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Extend Trial' }));
      expect(await screen.findByText('Failed to extend trial')).toBeTruthy();
      expect(screen.getByText('Only brokers on trial can be extended')).toBeTruthy();
      expect(screen.getByRole('dialog', { name: 'Extend Trial Period' })).toBeTruthy();
    });

    it('cancels without sending', async () => {
      const extendTrial = vi.fn();
      const dialog = await openExtend({ getAdminAnalytics: vi.fn().mockResolvedValue(ANALYTICS), extendTrial });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Extend Trial Period' })).toBeNull());
      expect(extendTrial).not.toHaveBeenCalled();
    });
  });

  describe('Upgrade', () => {
    it('asks first, then activates the broker on their plan and loads the figures again', async () => {
      const getAdminAnalytics = vi.fn().mockResolvedValue(ANALYTICS);
      const updateBrokerSubscription = vi.fn().mockResolvedValue({ id: 'later', subscriptionStatus: 'active' });
      renderDashboard({ getAdminAnalytics, updateBrokerSubscription });
      fireEvent.click(await screen.findByRole('button', { name: 'Upgrade later@agency.test' }));
      const dialog = screen.getByRole('dialog', { name: 'Upgrade to a paid subscription?' });
      expect(within(dialog).getByText(/ends the free trial of later@agency\.test/)).toBeTruthy();
      expect(updateBrokerSubscription).not.toHaveBeenCalled();
      fireEvent.click(within(dialog).getByRole('button', { name: 'Upgrade' }));
      await waitFor(() => expect(updateBrokerSubscription).toHaveBeenCalledWith('later', { subscriptionStatus: 'active' }));
      expect(await screen.findByText('Subscription Updated')).toBeTruthy();
      await waitFor(() => expect(getAdminAnalytics).toHaveBeenCalledTimes(2));
    });

    it('shows the spec fallback when the update fails', async () => {
      const updateBrokerSubscription = vi.fn().mockRejectedValue(new HttpError('500: Internal Server Error', 500, 'Internal Server Error'));
      renderDashboard({ getAdminAnalytics: vi.fn().mockResolvedValue(ANALYTICS), updateBrokerSubscription });
      fireEvent.click(await screen.findByRole('button', { name: 'Upgrade later@agency.test' }));
      fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Upgrade' }));
      expect(await screen.findByText('Failed to update subscription')).toBeTruthy();
    });
  });
});
