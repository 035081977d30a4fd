import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpError } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { CareKeepDataProvider } from '../../providers/dataProvider.ts';
import { chooseOption, narrowScreen, renderWithAdmin, TEST_USER } from '../../testUtils.tsx';
import type { AdminBrokerDetailBroker, AdminBrokerRow } from '../../types.ts';
import { BrokersPage } from './BrokersPage.tsx';

const ADMIN = { ...TEST_USER, isAdmin: true, email: 'admin@example.com' };

function row(overrides: Partial<AdminBrokerRow['broker']> = {}, extra: Partial<AdminBrokerRow> = {}): AdminBrokerRow {
  const broker = {
    id: 'b1',
    firstName: 'Dana',
    lastName: 'Whitfield',
    email: 'dana@example.com',
    subscriptionTier: 'flat' as const,
    subscriptionStatus: 'trial' as const,
    suspendedAt: null,
    ...overrides,
  };
  return { id: broker.id, broker, clientCount: 25, monthlyRevenue: 29_700, lastActivity: null, ...extra };
}

const MARCUS = row(
  { id: 'b2', firstName: 'Marcus', lastName: 'Reyes', email: 'marcus@example.com', subscriptionTier: 'pmpm', subscriptionStatus: 'active' },
  { clientCount: 12, monthlyRevenue: 6_000, lastActivity: '2026-01-05T12:00:00.000Z' },
);

function updated(overrides: Partial<AdminBrokerDetailBroker> = {}): AdminBrokerDetailBroker {
  return {
    id: 'b1',
    firstName: 'Dana',
    lastName: 'Whitfield',
    email: 'dana@example.com',
    subscriptionTier: 'flat',
    subscriptionStatus: 'trial',
    trialEndsAt: '2026-12-24T12:00:00.000Z',
    createdAt: '2026-11-01T12:00:00.000Z',
    agencyName: '',
    monthlyRevenue: 29_700,
    overageEnabled: false,
    suspendedAt: null,
    suspensionReason: null,
    ...overrides,
  };
}

type Methods = Record<string, ReturnType<typeof vi.fn>>;

function renderPage(rows: AdminBrokerRow[], methods: Methods = {}) {
  const getList = methods.getList ?? vi.fn().mockResolvedValue({ data: rows, total: rows.length });
  const dataProvider = { ...methods, getList } as unknown as Partial<CareKeepDataProvider>;
  const result = renderWithAdmin(
    <Routes>
      <Route path="/admin/brokers" element={<BrokersPage />} />
      <Route path="/admin/brokers/:id" element={<p>Detail page</p>} />
    </Routes>,
    { dataProvider, path: '/admin/brokers', user: ADMIN },
  );
  return { ...result, getList };
}

const lastFilter = (getList: ReturnType<typeof vi.fn>) => getList.mock.calls.at(-1)?.[1].filter;
const toastTitled = (title: string) => screen.findByText(title, { selector: '.MuiAlertTitle-root' });
const toastVariant = async (title: string) =>
  (await toastTitled(title)).closest('[data-toast-variant]')?.getAttribute('data-toast-variant');

async function openRowMenu(email: string) {
  fireEvent.click(await screen.findByRole('button', { name: `Actions for ${email}` }));
  return screen.findByRole('menu');
}

const exportHref = () => new URL(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')!, 'http://app.test');

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  // react-admin keeps each list's filters and sort in its store between visits.
  localStorage.clear();
});

describe('broker management', () => {
  it('has the title and asks for the first page of brokers, newest first, with no filter', async () => {
    const { getList } = renderPage([row()]);
    expect(screen.getByRole('heading', { level: 1, name: 'Broker Management' })).toBeTruthy();
    await screen.findByText('dana@example.com');
    expect(getList).toHaveBeenCalledWith(
      'admin/brokers',
      expect.objectContaining({
        pagination: { page: 1, perPage: 25 },
        sort: { field: 'createdAt', order: 'DESC' },
        filter: {},
      }),
    );
    expect(getList).toHaveBeenCalledTimes(1);
  });

  it('shows a row per broker: e-mail with the name below, badges, clients, revenue and last activity', async () => {
    renderPage([row(), MARCUS]);
    await screen.findByText('dana@example.com');
    const table = screen.getByRole('table', { name: 'Brokers' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['Email', 'Tier', 'Status', 'Clients', 'Monthly Revenue', 'Last Activity', 'Actions']);
    const [, dana, marcus] = within(table).getAllByRole('row');
    expect(within(dana).getByRole('link', { name: 'dana@example.com' }).getAttribute('href')).toBe('/admin/brokers/b1');
    expect(within(dana).getByText('Dana Whitfield')).toBeTruthy();
    expect(within(dana).getByText('25')).toBeTruthy();
    expect(within(dana).getByText('$297.00')).toBeTruthy();
    expect(within(dana).getByText('—')).toBeTruthy();
    expect(within(marcus).getByText('Marcus Reyes')).toBeTruthy();
    expect(within(marcus).getByText('$60.00')).toBeTruthy();
    expect(within(marcus).getByText('Jan 05, 2026')).toBeTruthy();
  });

  it('marks a suspended broker with a red Suspended badge beside the status, and no other', async () => {
    renderPage([row({ suspendedAt: '2026-11-26T15:04:00.000Z' }), MARCUS]);
    await screen.findByText('dana@example.com');
    const [, dana, marcus] = within(screen.getByRole('table', { name: 'Brokers' })).getAllByRole('row');
    const badge = dana.querySelector('[data-badge="suspended"]') as HTMLElement;
    expect(badge.textContent).toBe('Suspended');
    expect(badge.className).toContain('MuiChip-colorError');
    expect(badge.closest('td')?.querySelector('[data-badge="status"]')?.textContent).toBe('Trial');
    expect(marcus.querySelector('[data-badge="suspended"]')).toBeNull();
  });

  it('colours the status badges: trial info, active success, past due warning, canceled error', async () => {
    renderPage([
      row(),
      MARCUS,
      row({ id: 'b3', email: 'late@example.com', subscriptionStatus: 'past_due' }),
      row({ id: 'b4', email: 'gone@example.com', subscriptionStatus: 'canceled' }),
    ]);
    await screen.findByText('dana@example.com');
    const badge = (value: string) => document.querySelector(`[data-badge="status"][data-value="${value}"]`) as HTMLElement;
    expect(badge('trial').textContent).toBe('Trial');
    expect(badge('trial').className).toContain('MuiChip-colorInfo');
    expect(badge('active').textContent).toBe('Active');
    expect(badge('active').className).toContain('MuiChip-colorSuccess');
    expect(badge('past_due').textContent).toBe('Past Due');
    expect(badge('past_due').className).toContain('MuiChip-colorWarning');
    expect(badge('canceled').textContent).toBe('Canceled');
    expect(badge('canceled').className).toContain('MuiChip-colorError');
    const tiers = [...document.querySelectorAll('[data-badge="tier"]')].map((chip) => chip.textContent);
    expect(tiers).toEqual(['Flat', 'PMPM', 'Flat', 'Flat']);
  });

  it('searches by e-mail or name once typing pauses, not for every keystroke', async () => {
    const { getList } = renderPage([row()]);
    await screen.findByText('dana@example.com');
    const search = screen.getByRole('searchbox', { name: 'Search brokers' });
    fireEvent.change(search, { target: { value: 'd' } });
    fireEvent.change(search, { target: { value: 'da' } });
    fireEvent.change(search, { target: { value: 'dana' } });
    expect(getList).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(lastFilter(getList)).toEqual({ search: 'dana' }));
    expect(getList).toHaveBeenCalledTimes(2);
    expect(getList.mock.calls.map((call) => call[1].filter)).toEqual([{}, { search: 'dana' }]);
  });

  it('filters by tier and status, and All sends no filter', async () => {
    const { getList } = renderPage([row()]);
    await screen.findByText('dana@example.com');
    await chooseOption('Tier', 'Flat');
    await waitFor(() => expect(lastFilter(getList)).toEqual({ tier: 'flat' }));
    await chooseOption('Status', 'Past Due');
    await waitFor(() => expect(lastFilter(getList)).toEqual({ tier: 'flat', status: 'past_due' }));
    await chooseOption('Tier', 'All');
    await waitFor(() => expect(lastFilter(getList)).toEqual({ status: 'past_due' }));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Status' }));
    const options = within(await screen.findByRole('listbox'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual(['All', 'Trial', 'Active', 'Past Due', 'Canceled']);
  });

  it('pages through the brokers, 10, 25 or 50 a page', async () => {
    const getList = vi.fn().mockResolvedValue({ data: [row()], total: 60 });
    renderPage([], { getList });
    await screen.findByText('dana@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() =>
      expect(getList).toHaveBeenLastCalledWith('admin/brokers', expect.objectContaining({ pagination: { page: 2, perPage: 25 } })),
    );
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /Rows per page/ }));
    const sizes = within(await screen.findByRole('listbox'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(sizes).toEqual(['10', '25', '50']);
    fireEvent.click(screen.getByRole('option', { name: '50' }));
    await waitFor(() =>
      expect(getList).toHaveBeenLastCalledWith('admin/brokers', expect.objectContaining({ pagination: { page: 1, perPage: 50 } })),
    );
  });

  it('sorts by the columns the server sorts by, and not by revenue or actions', async () => {
    const { getList } = renderPage([row(), MARCUS]);
    const table = await screen.findByRole('table', { name: 'Brokers' });
    await within(table).findByText('dana@example.com');
    const header = (name: string) =>
      within(table)
        .getAllByRole('columnheader')
        .find((cell) => cell.textContent === name)!;
    for (const name of ['Monthly Revenue', 'Actions']) expect(within(header(name)).queryByRole('button')).toBeNull();
    const sorts = [
      ['Email', 'email'],
      ['Tier', 'subscriptionTier'],
      ['Status', 'subscriptionStatus'],
      ['Clients', 'clientCount'],
      ['Last Activity', 'lastActivity'],
    ];
    for (const [name, field] of sorts) {
      fireEvent.click(within(header(name)).getByRole('button'));
      await waitFor(() => expect(getList.mock.calls.at(-1)?.[1].sort).toEqual({ field, order: 'ASC' }));
    }
    fireEvent.click(within(header('Last Activity')).getByRole('button'));
    await waitFor(() => expect(getList.mock.calls.at(-1)?.[1].sort).toEqual({ field: 'lastActivity', order: 'DESC' }));
  });

  it('opens the broker detail from anywhere on the row, but not from its menu', async () => {
    renderPage([row(), MARCUS]);
    const [, dana] = within(await screen.findByRole('table', { name: 'Brokers' })).getAllByRole('row');
    fireEvent.click(within(dana).getByRole('button', { name: 'Actions for dana@example.com' }));
    fireEvent.keyDown(await screen.findByRole('menu'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(screen.queryByText('Detail page')).toBeNull();
    fireEvent.click(within(dana).getByText('25'));
    expect(await screen.findByText('Detail page')).toBeTruthy();
  });

  it('exports the brokers under the filters and sort as CSV', async () => {
    renderPage([row(), MARCUS]);
    await screen.findByText('dana@example.com');
    const link = screen.getByRole('link', { name: 'Export CSV' });
    expect(link.hasAttribute('download')).toBe(true);
    expect(exportHref().pathname).toBe('/api/admin/exports/brokers');
    expect(exportHref().searchParams.get('filter')).toBeNull();
    expect(JSON.parse(exportHref().searchParams.get('sort')!)).toEqual(['createdAt', 'DESC']);

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search brokers' }), { target: { value: 'dana' } });
    await chooseOption('Status', 'Trial');
    const table = screen.getByRole('table', { name: 'Brokers' });
    const clients = within(table)
      .getAllByRole('columnheader')
      .find((cell) => cell.textContent === 'Clients')!;
    fireEvent.click(within(clients).getByRole('button'));
    await waitFor(() => expect(JSON.parse(exportHref().searchParams.get('filter') ?? '{}')).toEqual({ search: 'dana', status: 'trial' }));
    await waitFor(() => expect(JSON.parse(exportHref().searchParams.get('sort')!)).toEqual(['clientCount', 'ASC']));
  });

  it('opens with the filters and sort of the address', async () => {
    const filter = encodeURIComponent(JSON.stringify({ search: 'dana', tier: 'flat' }));
    const getList = vi.fn().mockResolvedValue({ data: [row()], total: 1 });
    renderWithAdmin(
      <Routes>
        <Route path="/admin/brokers" element={<BrokersPage />} />
      </Routes>,
      {
        dataProvider: { getList } as unknown as Partial<CareKeepDataProvider>,
        path: `/admin/brokers?filter=${filter}&sort=email&order=ASC`,
        user: ADMIN,
      },
    );
    await screen.findByText('dana@example.com');
    expect(getList).toHaveBeenCalledWith(
      'admin/brokers',
      expect.objectContaining({ filter: { search: 'dana', tier: 'flat' }, sort: { field: 'email', order: 'ASC' } }),
    );
    await waitFor(() => expect((screen.getByRole('searchbox', { name: 'Search brokers' }) as HTMLInputElement).value).toBe('dana'));
    expect(screen.getByRole('combobox', { name: 'Tier' }).textContent).toBe('Flat');
  });

  it('shows each broker as a card on a narrow screen, with the same details and actions', async () => {
    narrowScreen();
    renderPage([row({ suspendedAt: '2026-11-26T15:04:00.000Z' }), MARCUS]);
    const list = await screen.findByRole('list', { name: 'Brokers' });
    const [dana, marcus] = within(list).getAllByTestId('broker-card');
    expect(screen.queryByRole('table')).toBeNull();
    expect(within(dana).getByRole('link', { name: 'dana@example.com' }).getAttribute('href')).toBe('/admin/brokers/b1');
    expect(within(dana).getByText('Dana Whitfield')).toBeTruthy();
    expect(within(dana).getByText('Suspended')).toBeTruthy();
    expect(within(dana).getByText('$297.00')).toBeTruthy();
    expect(within(marcus).getByText('12')).toBeTruthy();
    expect(within(marcus).getByText('Jan 05, 2026')).toBeTruthy();
    expect(screen.getByRole('searchbox', { name: 'Search brokers' })).toBeTruthy();
    const menu = await openRowMenu('marcus@example.com');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['View Details', 'Change Subscription']);
  });

  it('says so when there are no brokers, and offers to clear filters when a search finds none', async () => {
    const getList = vi.fn().mockResolvedValue({ data: [], total: 0 });
    renderPage([], { getList });
    expect(await screen.findByText('No brokers found')).toBeTruthy();
    expect(screen.getByText('No broker has signed up yet. Brokers appear here after their first sign-in.')).toBeTruthy();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search brokers' }), { target: { value: 'nobody' } });
    expect(await screen.findByText(/No broker matches this search/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear Filters' }));
    expect(await screen.findByText(/No broker has signed up yet/)).toBeTruthy();
    // The filter form follows the cleared filters once they apply.
    await waitFor(() => expect((screen.getByRole('searchbox', { name: 'Search brokers' }) as HTMLInputElement).value).toBe(''));
  });

  it("shows 'Failed to fetch brokers' when the list cannot load, with a retry", async () => {
    const getList = vi
      .fn()
      .mockRejectedValueOnce(new HttpError('500: boom', 500, { message: 'boom' }))
      .mockResolvedValue({ data: [row()], total: 1 });
    renderPage([], { getList });
    expect(await toastVariant('Failed to fetch brokers')).toBe('destructive');
    expect(screen.getAllByText('Failed to fetch brokers').length).toBe(2);
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('dana@example.com')).toBeTruthy();
  });
});

describe('the row menu', () => {
  it('offers View Details, Extend Trial and Change Subscription to a broker on trial', async () => {
    renderPage([row(), MARCUS]);
    const menu = await openRowMenu('dana@example.com');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['View Details', 'Extend Trial', 'Change Subscription']);
  });

  it('has no Extend Trial for a broker who is not on trial', async () => {
    renderPage([row(), MARCUS]);
    const menu = await openRowMenu('marcus@example.com');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['View Details', 'Change Subscription']);
  });

  it('opens the broker detail from View Details', async () => {
    renderPage([row()]);
    const menu = await openRowMenu('dana@example.com');
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'View Details' }));
    expect(await screen.findByText('Detail page')).toBeTruthy();
  });
});

describe('extending a trial from the list', () => {
  async function openExtend(methods: Methods = {}) {
    const rendered = renderPage([row()], methods);
    const menu = await openRowMenu('dana@example.com');
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Extend Trial' }));
    const dialog = await screen.findByRole('dialog', { name: 'Extend Trial Period' });
    return { ...rendered, dialog };
  }

  it('starts at 7 days, refuses 0, -1, empty, letters and 91, and sends nothing then', async () => {
    const extendTrial = vi.fn();
    const { dialog } = await openExtend({ extendTrial });
    const days = within(dialog).getByRole('spinbutton', { name: 'Days to add' }) as HTMLInputElement;
    const confirm = within(dialog).getByRole('button', { name: 'Extend Trial' }) as HTMLButtonElement;
    expect(days.value).toBe('7');
    expect(confirm.disabled).toBe(false);
    for (const value of ['0', '-1', '', 'abc', '91']) {
      fireEvent.change(days, { target: { value } });
      expect(confirm.disabled).toBe(true);
      fireEvent.submit(confirm.closest('form')!);
    }
    expect(within(dialog).getByText('Enter a whole number of days from 1 to 90')).toBeTruthy();
    expect(extendTrial).not.toHaveBeenCalled();
    fireEvent.change(days, { target: { value: '90' } });
    expect(confirm.disabled).toBe(false);
  });

  it("sends a preset's days, says 'Trial Extended' and reloads the list", async () => {
    const extendTrial = vi.fn().mockResolvedValue(updated());
    const { dialog, getList } = await openExtend({ extendTrial });
    const presets = within(dialog).getByRole('group', { name: 'Quick choices' });
    expect(
      within(presets)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['7 days', '14 days', '30 days']);
    fireEvent.click(within(presets).getByRole('button', { name: '14 days' }));
    expect((within(dialog).getByRole('spinbutton', { name: 'Days to add' }) as HTMLInputElement).value).toBe('14');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Extend Trial' }));
    expect(await toastVariant('Trial Extended')).toBe('default');
    expect(screen.getByText("Dana Whitfield's trial now ends Dec 24, 2026.")).toBeTruthy();
    expect(extendTrial).toHaveBeenCalledWith('b1', 14);
    await waitFor(() => expect(getList).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("shows 'Failed to extend trial', or the server's reason", async () => {
    const extendTrial = vi
      .fn()
      .mockRejectedValueOnce(new Error('Network error'))
      .mockRejectedValueOnce(new HttpError('409: conflict', 409, { message: 'Only brokers on trial can be extended' }));
    const { dialog } = await openExtend({ extendTrial });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Extend Trial' }));
    expect(await toastVariant('Failed to extend trial')).toBe('destructive');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Extend Trial' }));
    expect(await screen.findByText('Only brokers on trial can be extended')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Extend Trial Period' })).toBeTruthy();
  });
});

describe('changing a subscription from the list', () => {
  async function openChange(methods: Methods = {}) {
    const rendered = renderPage([row()], methods);
    const menu = await openRowMenu('dana@example.com');
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Change Subscription' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update Subscription' });
    return { ...rendered, dialog };
  }

  it('needs a tier or a status, and sends only what was chosen', async () => {
    const updateBrokerSubscription = vi.fn().mockResolvedValue(updated({ subscriptionStatus: 'active' }));
    const { dialog, getList } = await openChange({ updateBrokerSubscription });
    const confirm = within(dialog).getByRole('button', { name: 'Update Subscription' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    expect(within(dialog).getByRole('combobox', { name: 'Subscription Tier' }).textContent).toBe('Keep current (Flat)');
    expect(within(dialog).getByRole('combobox', { name: 'Subscription Status' }).textContent).toBe('Keep current (Trial)');
    await chooseOption('Subscription Status', 'Active');
    expect(confirm.disabled).toBe(false);
    fireEvent.click(confirm);
    expect(await toastVariant('Subscription Updated')).toBe('default');
    expect(screen.getByText('Dana Whitfield is now on Flat, Active.')).toBeTruthy();
    expect(updateBrokerSubscription).toHaveBeenCalledWith('b1', { subscriptionStatus: 'active' });
    await waitFor(() => expect(getList).toHaveBeenCalledTimes(2));
  });

  it("shows the server's notice when it sends one", async () => {
    const notice = 'Restored here. Stripe has no active subscription for this broker.';
    const updateBrokerSubscription = vi.fn().mockResolvedValue({ ...updated({ subscriptionStatus: 'active' }), notice });
    const { dialog } = await openChange({ updateBrokerSubscription });
    await chooseOption('Subscription Tier', 'PMPM');
    await chooseOption('Subscription Status', 'Active');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Update Subscription' }));
    expect(await screen.findByText(notice)).toBeTruthy();
    expect(updateBrokerSubscription).toHaveBeenCalledWith('b1', { subscriptionTier: 'pmpm', subscriptionStatus: 'active' });
  });

  it("shows 'Failed to update subscription' when the change fails", async () => {
    const updateBrokerSubscription = vi.fn().mockRejectedValue(new HttpError('500: ', 500, ''));
    const { dialog } = await openChange({ updateBrokerSubscription });
    await chooseOption('Subscription Tier', 'PMPM');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Update Subscription' }));
    expect(await toastVariant('Failed to update subscription')).toBe('destructive');
    expect(updateBrokerSubscription).toHaveBeenCalledWith('b1', { subscriptionTier: 'pmpm' });
  });
});
