import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpError } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { renderWithAdmin } from '../testUtils.tsx';
import type { ClientUsage } from '../types.ts';
import { ClientUsageWidget } from './ClientUsageWidget.tsx';
import { USAGE_POLL_MS, usageDialogStorageKey } from './usage.ts';

const OPTIONS: ClientUsage['upgradeOptions'] = [
  {
    type: 'overage',
    title: 'Enable Overage Billing',
    description: 'Keep adding clients beyond 100 for $4 per client per month.',
    estimatedCost: 0,
  },
  {
    type: 'pmpm',
    title: 'Switch to Per-Client Pricing',
    description: '$5 per active client per month with no client limit.',
    estimatedCost: 47_500,
  },
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

  // The levels the server answers (backend/src/clients/usage.spec.ts) at every count from 89 to 106,
  // and what the page shows for each: the soft alert only while the grace still has room.
  it.each([
    [89, 'none', null],
    [90, 'approaching', 'Action Required Soon'],
    [99, 'approaching', 'Action Required Soon'],
    [100, 'soft', 'You have reached your plan limit'],
    [101, 'soft', 'You are over your plan limit'],
    [104, 'soft', 'You are over your plan limit'],
    [105, 'blocked', 'Client Limit Reached'],
    [106, 'blocked', 'Client Limit Reached'],
  ] as const)('at %i active clients (%s) shows %s', async (active, level, shown) => {
    renderWidget(usage({ activeCount: active, warningLevel: level }));
    expect(await screen.findByText(`${active} / 100 active clients`)).toBeTruthy();
    if (level === 'approaching' || level === 'blocked') {
      expect(await screen.findByRole('dialog', { name: shown })).toBeTruthy();
    } else {
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(screen.queryByRole('dialog')).toBeNull();
    }
    if (level === 'soft') {
      expect(screen.getByText(shown)).toBeTruthy();
      expect(screen.getByText(new RegExp(`A small grace allowance lets you add ${105 - active} more`))).toBeTruthy();
    } else {
      expect(screen.queryByText(/grace allowance lets you/)).toBeNull();
    }
    if (level === 'blocked') {
      expect(within(screen.getByRole('dialog')).queryByRole('button', { name: 'Close' })).toBeNull();
    }
  });

  it('shows no soft warning once the grace is used up, even if the level says soft', async () => {
    renderWidget(usage({ activeCount: 105, warningLevel: 'soft' }));
    expect(await screen.findByText('105 / 100 active clients')).toBeTruthy();
    expect(screen.queryByText(/grace allowance/)).toBeNull();
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

  it('asks before enabling overage, stating the amount at today’s active clients, and Cancel sends nothing', async () => {
    const enableOverage = vi.fn().mockResolvedValue({});
    const overage = { ...OPTIONS[0], estimatedCost: 1_600 };
    renderWidget(usage({ activeCount: 104, warningLevel: 'soft', upgradeOptions: [overage, ...OPTIONS.slice(1)] }), { enableOverage });
    fireEvent.click(await screen.findByRole('button', { name: 'View Options' }));
    const options = await screen.findByRole('dialog', { name: 'Upgrade options' });
    fireEvent.click(within(options).getByRole('button', { name: 'Enable Overage' }));
    const confirm = await screen.findByRole('dialog', { name: 'Enable overage billing?' });
    expect(within(confirm).getByText(/about \$16\.00\/month more at 104 active clients/)).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Enable overage billing?' })).toBeNull());
    expect(screen.getByRole('dialog', { name: 'Upgrade options' })).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(enableOverage).not.toHaveBeenCalled();
    expect(screen.queryByText('Overage billing enabled')).toBeNull();
  });

  it('enables overage billing from the dialog once confirmed, and the subtitle then says overage is on', async () => {
    const enableOverage = vi.fn().mockResolvedValue({});
    const overage = { ...OPTIONS[0], estimatedCost: 4_000 };
    const { getClientUsage } = renderWidget(
      usage({ activeCount: 110, warningLevel: 'blocked', upgradeOptions: [overage, ...OPTIONS.slice(1)] }),
      { enableOverage },
    );
    const dialog = await screen.findByRole('dialog', { name: 'Client Limit Reached' });
    expect(screen.getByText(/\$297\/month for up to 100 active clients/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enable Overage' }));
    const confirm = await screen.findByRole('dialog', { name: 'Enable overage billing?' });
    expect(within(confirm).getByText(/about \$40\.00\/month more at 110 active clients/)).toBeTruthy();
    expect(enableOverage).not.toHaveBeenCalled();
    getClientUsage.mockResolvedValue(usage({ activeCount: 110, overageEnabled: true, upgradeOptions: OPTIONS.slice(1) }));
    fireEvent.click(within(confirm).getByRole('button', { name: 'Enable Overage Billing' }));
    await waitFor(() => expect(enableOverage).toHaveBeenCalledTimes(1));
    expect(await screen.findByText('Overage billing enabled')).toBeTruthy();
    expect(await screen.findByText(/Overage billing on: each active client beyond 100 is billed monthly/)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("says 'Failed to enable overage billing' when enabling overage fails", async () => {
    const enableOverage = vi.fn().mockRejectedValue(new HttpError('500: oops', 500, {}));
    renderWidget(usage({ activeCount: 95, warningLevel: 'approaching' }), { enableOverage });
    const dialog = await screen.findByRole('dialog', { name: 'Action Required Soon' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enable Overage' }));
    const confirm = await screen.findByRole('dialog', { name: 'Enable overage billing?' });
    expect(within(confirm).getByText(/about \$0\.00\/month more at 95 active clients/)).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Enable Overage Billing' }));
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
