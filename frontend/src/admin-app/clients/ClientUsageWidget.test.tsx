import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpError } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithAdmin } from '../test-utils.tsx';
import type { ClientUsage } from '../types.ts';
import { ClientUsageWidget } from './ClientUsageWidget.tsx';
import { USAGE_POLL_MS, usageDialogStorageKey } from './usage.ts';

const OPTIONS: ClientUsage['upgradeOptions'] = [
  { type: 'overage', title: 'Enable Overage Billing', description: 'Keep adding clients beyond 100 for $4 per client per month.', estimatedCost: 0 },
  { type: 'pmpm', title: 'Switch to Per-Client Pricing', description: '$5 per active client per month with no client limit.', estimatedCost: 47_500 },
  { type: 'manage', title: 'Manage Active Clients', description: 'Deactivate clients you no longer serve.', estimatedCost: 0 },
];

function usage(overrides: Partial<ClientUsage> = {}): ClientUsage {
  return {
    tier: 'flat',
    activeCount: 42,
    totalCount: 45,
    limit: 100,
    overageEnabled: false,
    warningLevel: 'none',
    upgradeOptions: OPTIONS,
    ...overrides,
  };
}

function renderWidget(answer: ClientUsage, extra: Record<string, unknown> = {}) {
  const getClientUsage = vi.fn().mockResolvedValue(answer);
  const result = renderWithAdmin(
    <Routes>
      <Route path="/clients" element={<ClientUsageWidget />} />
      <Route path="/billing" element={<h1>Billing page</h1>} />
    </Routes>,
    { dataProvider: { getClientUsage, ...extra }, path: '/clients' },
  );
  return { ...result, getClientUsage };
}

beforeEach(() => sessionStorage.clear());
afterEach(() => vi.useRealTimers());

describe('the client usage widget', () => {
  it('shows active clients against the limit with the plan badge and no warning at level none', async () => {
    renderWidget(usage());
    expect(await screen.findByText('42 / 100 active clients')).toBeTruthy();
    expect(screen.getByText('Client Usage')).toBeTruthy();
    expect(screen.getByText('Flat plan')).toBeTruthy();
    expect(screen.getByText(/45 total clients/)).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Active clients against your plan limit' }).getAttribute('aria-valuenow')).toBe('42');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByText('Overage enabled')).toBeNull();
  });

  it('is hidden entirely on the pmpm tier', async () => {
    const { getClientUsage, container } = renderWidget(usage({ tier: 'pmpm', limit: null, upgradeOptions: [] }));
    await waitFor(() => expect(getClientUsage).toHaveBeenCalled());
    await waitFor(() => expect(screen.queryByTestId('usage-loading')).toBeNull());
    expect(screen.queryByText('Client Usage')).toBeNull();
    expect(container.textContent).not.toMatch(/active clients/);
  });

  it('shows the soft warning and an over-limit badge just over the limit', async () => {
    renderWidget(usage({ activeCount: 102, warningLevel: 'soft' }));
    expect(await screen.findByText('You are over your plan limit')).toBeTruthy();
    expect(screen.getByText('2 over limit')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    // The alert's button offers the upgrade options in a dialog that can be closed.
    fireEvent.click(screen.getByRole('button', { name: 'View Options' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Enable Overage Billing')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows no soft warning above 105 active clients', async () => {
    renderWidget(usage({ activeCount: 106, warningLevel: 'soft' }));
    expect(await screen.findByText('106 / 100 active clients')).toBeTruthy();
    expect(screen.queryByText('You are over your plan limit')).toBeNull();
  });

  it('shows the green Overage enabled badge and the overage count', async () => {
    renderWidget(usage({ activeCount: 130, overageEnabled: true, warningLevel: 'none', upgradeOptions: OPTIONS.slice(1) }));
    const badge = await screen.findByText('Overage enabled');
    expect(badge.closest('.MuiChip-colorSuccess')).toBeTruthy();
    expect(screen.getByText('Overage: 30 clients')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens Action Required Soon once per session at the approaching level, with the upgrade options and costs', async () => {
    const first = renderWidget(usage({ activeCount: 95, warningLevel: 'approaching' }));
    const dialog = await screen.findByRole('dialog', { name: 'Action Required Soon' });
    expect(within(dialog).getByText(/You have 95 of 100 active clients/)).toBeTruthy();
    expect(within(dialog).getByText('Switch to Per-Client Pricing')).toBeTruthy();
    expect(within(dialog).getByText('$5 per active client per month with no client limit.')).toBeTruthy();
    expect(within(dialog).getByText(/\$475\.00\/mo/)).toBeTruthy();
    expect(within(dialog).getByText(/\$0\.00\/mo/)).toBeTruthy();
    expect(sessionStorage.getItem(usageDialogStorageKey('approaching'))).toBe('true');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Not Now' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    first.unmount();

    renderWidget(usage({ activeCount: 96, warningLevel: 'approaching' }));
    expect(await screen.findByText('96 / 100 active clients')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keeps Client Limit Reached open: no close button, Escape and the backdrop do nothing', async () => {
    renderWidget(usage({ activeCount: 110, warningLevel: 'blocked' }));
    const dialog = await screen.findByRole('dialog', { name: 'Client Limit Reached' });
    expect(within(dialog).queryByRole('button', { name: 'Close' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Not Now' })).toBeNull();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    const backdrop = document.querySelector('.MuiBackdrop-root');
    expect(backdrop).toBeTruthy();
    fireEvent.mouseDown(backdrop!);
    fireEvent.click(backdrop!);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByRole('dialog', { name: 'Client Limit Reached' })).toBeTruthy();
    expect(screen.getByText('10 over limit')).toBeTruthy();
  });

  it('enables overage billing from the dialog', async () => {
    const enableOverage = vi.fn().mockResolvedValue({});
    renderWidget(usage({ activeCount: 110, warningLevel: 'blocked' }), { enableOverage });
    const dialog = await screen.findByRole('dialog', { name: 'Client Limit Reached' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enable Overage' }));
    await waitFor(() => expect(enableOverage).toHaveBeenCalledTimes(1));
    expect(await screen.findByText('Overage billing enabled')).toBeTruthy();
  });

  it("says 'Failed to enable overage billing' when enabling overage fails", async () => {
    const enableOverage = vi.fn().mockRejectedValue(new HttpError('500: oops', 500, {}));
    renderWidget(usage({ activeCount: 95, warningLevel: 'approaching' }), { enableOverage });
    const dialog = await screen.findByRole('dialog', { name: 'Action Required Soon' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enable Overage' }));
    expect(await screen.findByText('Failed to enable overage billing')).toBeTruthy();
  });

  it("switches to pmpm, and says 'Failed to switch tier' when that fails", async () => {
    const switchTier = vi.fn().mockRejectedValue(new HttpError('500: oops', 500, {}));
    renderWidget(usage({ activeCount: 110, warningLevel: 'blocked' }), { switchTier });
    const dialog = await screen.findByRole('dialog', { name: 'Client Limit Reached' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Switch to PMPM' }));
    await waitFor(() => expect(switchTier).toHaveBeenCalledWith('pmpm'));
    expect(await screen.findByText('Failed to switch tier')).toBeTruthy();
  });

  it('shows the server message when switching tier is refused', async () => {
    const switchTier = vi.fn().mockRejectedValue(new HttpError('400: x', 400, { message: 'You are already on this plan' }));
    renderWidget(usage({ activeCount: 95, warningLevel: 'approaching' }), { switchTier });
    const dialog = await screen.findByRole('dialog', { name: 'Action Required Soon' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Switch to PMPM' }));
    expect(await screen.findByText('You are already on this plan')).toBeTruthy();
  });

  it('Manage Clients puts the blocked dialog aside so clients can be marked inactive, and brings it back on request', async () => {
    renderWidget(usage({ activeCount: 110, warningLevel: 'blocked' }));
    const dialog = await screen.findByRole('dialog', { name: 'Client Limit Reached' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Manage Clients' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const alert = screen.getByText(/Mark clients you no longer serve as inactive/).closest('[role="alert"]') as HTMLElement;
    expect(within(alert).getByText('Client limit reached')).toBeTruthy();
    fireEvent.click(within(alert).getByRole('button', { name: 'View Options' }));
    expect(await screen.findByRole('dialog', { name: 'Client Limit Reached' })).toBeTruthy();
  });

  it('Manage Clients closes the approaching dialog', async () => {
    renderWidget(usage({ activeCount: 95, warningLevel: 'approaching' }));
    const dialog = await screen.findByRole('dialog', { name: 'Action Required Soon' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Manage Clients' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByText(/Adding clients is paused/)).toBeNull();
  });

  it('polls the usage every 30 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { getClientUsage } = renderWidget(usage());
    await screen.findByText('42 / 100 active clients');
    expect(getClientUsage).toHaveBeenCalledTimes(1);
    getClientUsage.mockResolvedValue(usage({ activeCount: 43 }));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(USAGE_POLL_MS - 1000);
    });
    expect(getClientUsage).toHaveBeenCalledTimes(1);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1500);
    });
    expect(getClientUsage).toHaveBeenCalledTimes(2);
    expect(await screen.findByText('43 / 100 active clients')).toBeTruthy();
  });
});
