import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpError } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { CareKeepDataProvider } from '../../providers/dataProvider.ts';
import { renderWithAdmin, TEST_USER } from '../../testUtils.tsx';
import type { AdminAction, AdminBrokerDetailBroker, AdminClientRow, BrokerDetail } from '../../types.ts';
import { BrokerDetailPage } from './BrokerDetailPage.tsx';

const ADMIN = { ...TEST_USER, isAdmin: true, email: 'admin@example.com' };
const ID = '6f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f';

function broker(overrides: Partial<AdminBrokerDetailBroker> = {}): AdminBrokerDetailBroker {
  return {
    id: ID,
    firstName: 'Dana',
    lastName: 'Whitfield',
    email: 'dana@example.com',
    subscriptionTier: 'flat',
    subscriptionStatus: 'trial',
    trialEndsAt: '2099-12-10T12:00:00.000Z',
    createdAt: '2026-11-10T12:00:00.000Z',
    agencyName: 'Whitfield Medicare Advisors',
    monthlyRevenue: 0,
    overageEnabled: false,
    ...overrides,
  };
}

function client(overrides: Partial<AdminClientRow> = {}): AdminClientRow {
  return {
    id: 'c1',
    firstName: 'Margaret',
    lastName: 'Okafor',
    email: 'margaret@example.com',
    phone: '+16155550142',
    isActive: true,
    createdAt: '2026-11-12T12:00:00.000Z',
    ...overrides,
  };
}

const EXTENDED: AdminAction = {
  id: 'a1',
  action: 'trial_extended',
  notes: 'Extended by 14 days',
  adminEmail: 'admin@example.com',
  before: { trialEndsAt: '2099-11-26T12:00:00.000Z' },
  after: { trialEndsAt: '2099-12-10T12:00:00.000Z' },
  createdAt: '2026-11-20T15:30:00.000Z',
};

function detail(overrides: Partial<BrokerDetail> = {}): BrokerDetail {
  return {
    broker: broker(),
    stats: { totalClients: 4, activeClients: 3, retentionRate: 80, callCompletionRate: 90 },
    clients: [client(), client({ id: 'c2', firstName: 'Walter', lastName: 'Briggs', email: null, isActive: false })],
    adminActions: [EXTENDED],
    ...overrides,
  };
}

type Methods = Record<string, ReturnType<typeof vi.fn>>;

function renderPage(methods: Methods = {}, value: BrokerDetail | null = detail()) {
  const getBrokerDetail = methods.getBrokerDetail ?? vi.fn().mockResolvedValue(value);
  const dataProvider = { ...methods, getBrokerDetail } as unknown as Partial<CareKeepDataProvider>;
  const result = renderWithAdmin(
    <Routes>
      <Route path="/admin/brokers/:id" element={<BrokerDetailPage />} />
      <Route path="/admin/brokers" element={<p>Broker list</p>} />
    </Routes>,
    { dataProvider, path: `/admin/brokers/${ID}`, user: ADMIN },
  );
  return { ...result, getBrokerDetail };
}

const card = (title: string) => screen.getByRole('region', { name: title });
const toastTitled = (title: string) => screen.findByText(title, { selector: '.MuiAlertTitle-root' });
const toastVariant = async (title: string) =>
  (await toastTitled(title)).closest('[data-toast-variant]')?.getAttribute('data-toast-variant');

async function chooseOption(dialog: HTMLElement, label: string, option: string) {
  fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

afterEach(() => vi.restoreAllMocks());

describe('the broker detail', () => {
  it('shows the header: name, e-mail, account ID, badges and creation date, and a way back', async () => {
    const { getBrokerDetail } = renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Dana Whitfield' })).toBeTruthy();
    expect(getBrokerDetail).toHaveBeenCalledWith(ID);
    expect(screen.getByText('dana@example.com')).toBeTruthy();
    expect(screen.getByText(ID)).toBeTruthy();
    expect(screen.getByText(/^Account ID/)).toBeTruthy();
    expect(screen.getByText('Created Nov 10, 2026')).toBeTruthy();
    expect(document.querySelector('[data-badge="tier"]')?.textContent).toBe('Flat');
    expect(document.querySelector('[data-badge="status"]')?.textContent).toBe('Trial');
    fireEvent.click(screen.getByRole('link', { name: 'Back to Brokers' }));
    expect(await screen.findByText('Broker list')).toBeTruthy();
  });

  it('shows the four cards: clients, monthly revenue, retention with call completion, trial end', async () => {
    renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Dana Whitfield' });
    expect(within(card('Total Clients')).getByText('4')).toBeTruthy();
    expect(within(card('Total Clients')).getByText('3 active / 4 total')).toBeTruthy();
    expect(within(card('Monthly Revenue')).getByText('$0.00')).toBeTruthy();
    expect(within(card('Monthly Revenue')).getByText('Trial: no revenue until it converts')).toBeTruthy();
    expect(within(card('Retention Rate')).getByText('80%')).toBeTruthy();
    expect(within(card('Retention Rate')).getByText('Call completion: 90%')).toBeTruthy();
    expect(within(card('Trial Status')).getByText('Ends Dec 10, 2099')).toBeTruthy();
    expect(within(card('Trial Status')).getByText(/^\d+ days left$/)).toBeTruthy();
  });

  it('shows — for retention while the broker has no history, with the call completion still there', async () => {
    renderPage({}, detail({ stats: { totalClients: 2, activeClients: 2, retentionRate: null, callCompletionRate: 50 } }));
    await screen.findByRole('heading', { level: 1, name: 'Dana Whitfield' });
    expect(within(card('Retention Rate')).getByTestId('stat-value').textContent).toBe('—');
    expect(within(card('Retention Rate')).getByText('Not enough history yet · Call completion: 50%')).toBeTruthy();
  });

  it('notes the overage in the monthly revenue when clients go over 100', async () => {
    renderPage(
      {},
      detail({
        broker: broker({ subscriptionStatus: 'active', monthlyRevenue: 41_700, overageEnabled: true }),
        stats: { totalClients: 135, activeClients: 130, retentionRate: 0, callCompletionRate: 0 },
      }),
    );
    await screen.findByRole('heading', { level: 1, name: 'Dana Whitfield' });
    expect(within(card('Monthly Revenue')).getByText('$417.00')).toBeTruthy();
    expect(within(card('Monthly Revenue')).getByText('Includes $120.00 overage for 30 active clients over 100')).toBeTruthy();
  });

  it('offers Extend Trial only on trial; otherwise says what the status means', async () => {
    renderPage({}, detail({ broker: broker({ subscriptionTier: 'pmpm', subscriptionStatus: 'active', trialEndsAt: null }) }));
    await screen.findByRole('heading', { level: 1, name: 'Dana Whitfield' });
    const management = card('Subscription Management');
    expect(within(management).getByRole('button', { name: 'Change Subscription' })).toBeTruthy();
    expect(within(management).queryByRole('button', { name: 'Extend Trial' })).toBeNull();
    expect(within(card('Trial Status')).getByText('Active')).toBeTruthy();
    expect(within(card('Trial Status')).getByText('Paid subscription with full access')).toBeTruthy();
  });

  it.each([
    ['past_due', 'Past Due', 'Payment past due: features are paused until it is paid'],
    ['canceled', 'Canceled', 'Subscription canceled: features are off until it is restored'],
  ] as const)('never says a %s broker is subscribed', async (subscriptionStatus, label, caption) => {
    renderPage({}, detail({ broker: broker({ subscriptionStatus, trialEndsAt: null }) }));
    await screen.findByRole('heading', { level: 1, name: 'Dana Whitfield' });
    const status = card('Trial Status');
    expect(within(status).getByText(label)).toBeTruthy();
    expect(within(status).getByText(caption)).toBeTruthy();
    expect(within(status).queryByText(/subscribed since|customer since/i)).toBeNull();
  });

  it('lists the admin actions in words (no field names), the admin, the notes and the values changed', async () => {
    renderPage(
      {},
      detail({
        adminActions: [
          {
            id: 'a3',
            action: 'subscription_updated',
            notes: 'Changed subscriptionStatus',
            adminEmail: 'admin@example.com',
            before: { subscriptionTier: 'flat', subscriptionStatus: 'trial' },
            after: { subscriptionTier: 'flat', subscriptionStatus: 'past_due' },
            createdAt: '2026-11-22T10:00:00.000Z',
          },
          {
            id: 'a2',
            action: 'subscription_updated',
            notes: 'Changed subscriptionTier',
            adminEmail: 'admin@example.com',
            before: { subscriptionTier: 'flat', subscriptionStatus: 'trial' },
            after: { subscriptionTier: 'pmpm', subscriptionStatus: 'trial' },
            createdAt: '2026-11-21T10:00:00.000Z',
          },
          EXTENDED,
        ],
      }),
    );
    const timeline = await screen.findByRole('list', { name: 'Activity Timeline' });
    const [status, first, second] = within(timeline).getAllByTestId('timeline-entry');
    expect(within(status).getByText('Subscription updated')).toBeTruthy();
    expect(within(status).getByText('Changed subscription status')).toBeTruthy();
    expect(status.textContent).toContain('Subscription status: Trial → Past Due');
    expect(timeline.textContent).not.toMatch(/subscriptionStatus|subscriptionTier|trialEndsAt/);
    expect(within(first).getByText('Subscription updated')).toBeTruthy();
    expect(within(first).getByText('Flat → PMPM')).toBeTruthy();
    expect(within(first).queryByText('Trial → Trial')).toBeNull();
    expect(within(second).getByText('Trial extended')).toBeTruthy();
    expect(within(second).getByText('by admin@example.com')).toBeTruthy();
    expect(within(second).getByText('Extended by 14 days')).toBeTruthy();
    expect(within(second).getByText('Nov 26, 2099 → Dec 10, 2099')).toBeTruthy();
    expect(within(second).getByText(/^Nov 20, 2026 at \d{1,2}:\d{2} (AM|PM)$/)).toBeTruthy();
  });

  it('shows the client table: name, e-mail, phone, status and joined date', async () => {
    renderPage();
    const clients = await screen.findByRole('table', { name: 'Clients' });
    expect(
      within(clients)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Name', 'Email', 'Phone', 'Status', 'Joined']);
    const [, margaret, walter] = within(clients).getAllByRole('row');
    expect(margaret.textContent).toBe('Margaret Okaformargaret@example.com(615) 555-0142ActiveNov 12, 2026');
    expect(within(walter).getByText('Inactive')).toBeTruthy();
    expect(within(walter).getByText('—')).toBeTruthy();
  });

  it("shows the broker's API tokens, from the admin endpoint, under the clients", async () => {
    const getBrokerTokens = vi.fn().mockResolvedValue([
      {
        id: 't1',
        name: 'My CRM',
        scopes: ['clients:read'],
        prefix: 'ck_pat_AbCd12',
        createdAt: '2026-11-12T12:00:00.000Z',
        lastUsedAt: null,
        expiresAt: null,
      },
    ]);
    renderPage({ getBrokerTokens });
    const tokens = await screen.findByRole('table', { name: 'API tokens' });
    expect(getBrokerTokens).toHaveBeenCalledWith(ID);
    expect(within(tokens).getByText('My CRM')).toBeTruthy();
    expect(within(tokens).getByRole('button', { name: 'Revoke “My CRM”' })).toBeTruthy();
  });

  it("says 'No recent activity' and 'No clients yet' when there are none", async () => {
    renderPage({}, detail({ clients: [], adminActions: [] }));
    expect(await screen.findByText('No recent activity')).toBeTruthy();
    expect(screen.getByText('No clients yet')).toBeTruthy();
  });

  it("shows 'Broker Not Found' with a way back when the API answers 404", async () => {
    const getBrokerDetail = vi.fn().mockRejectedValue(new HttpError('404: Broker not found', 404, { message: 'Broker not found' }));
    renderPage({ getBrokerDetail });
    expect(await screen.findByRole('heading', { level: 1, name: 'Broker Not Found' })).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Back to Brokers' }));
    expect(await screen.findByText('Broker list')).toBeTruthy();
  });

  it("shows 'Broker Not Found' when the answer has no broker", async () => {
    renderPage({}, null);
    expect(await screen.findByRole('heading', { level: 1, name: 'Broker Not Found' })).toBeTruthy();
  });

  it('offers a retry when the detail fails for another reason', async () => {
    const getBrokerDetail = vi
      .fn()
      .mockRejectedValueOnce(new HttpError('500: boom', 500, { message: 'boom' }))
      .mockResolvedValue(detail());
    renderPage({ getBrokerDetail });
    expect(await screen.findByText('Could not load this broker.')).toBeTruthy();
    expect(screen.queryByText('Broker Not Found')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dana Whitfield' })).toBeTruthy();
  });
});

describe('extending the trial from the detail', () => {
  async function openExtend(methods: Methods = {}) {
    const rendered = renderPage(methods);
    await screen.findByRole('heading', { level: 1, name: 'Dana Whitfield' });
    fireEvent.click(within(card('Subscription Management')).getByRole('button', { name: 'Extend Trial' }));
    const dialog = await screen.findByRole('dialog', { name: 'Extend Trial Period' });
    return {
      ...rendered,
      dialog,
      days: within(dialog).getByRole('spinbutton', { name: 'Days to add' }) as HTMLInputElement,
      confirm: within(dialog).getByRole('button', { name: 'Extend Trial' }) as HTMLButtonElement,
    };
  }

  it('keeps the button disabled while empty and sends nothing unless the days are an integer above 0', async () => {
    const extendTrial = vi.fn();
    const { dialog, days, confirm } = await openExtend({ extendTrial });
    expect(days.value).toBe('');
    expect(confirm.disabled).toBe(true);
    for (const value of ['0', '-1']) {
      fireEvent.change(days, { target: { value } });
      expect(confirm.disabled).toBe(false);
      fireEvent.click(confirm);
      expect(within(dialog).getByText('Enter a number of days greater than 0')).toBeTruthy();
    }
    fireEvent.change(days, { target: { value: 'abc' } });
    expect(confirm.disabled).toBe(true);
    expect(extendTrial).not.toHaveBeenCalled();
  });

  it('refuses a number with a fraction, saying why, and sends nothing', async () => {
    const extendTrial = vi.fn();
    const { dialog, days, confirm } = await openExtend({ extendTrial });
    for (const value of ['2.5', '14.9']) {
      fireEvent.change(days, { target: { value } });
      expect(within(dialog).queryByTestId('new-trial-end')).toBeNull();
      fireEvent.click(confirm);
      expect(within(dialog).getByText('Enter a whole number of days, without a fraction')).toBeTruthy();
    }
    expect(extendTrial).not.toHaveBeenCalled();
  });

  it("sends whole days, says 'Trial Extended' and reloads the detail", async () => {
    const extendTrial = vi.fn().mockResolvedValue(broker({ trialEndsAt: '2099-12-24T12:00:00.000Z' }));
    const { dialog, days, confirm, getBrokerDetail } = await openExtend({ extendTrial });
    expect(within(dialog).getByText('Current end: Dec 10, 2099')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '14 days' }));
    expect(days.value).toBe('14');
    expect(within(dialog).getByText('New end date: Dec 24, 2099')).toBeTruthy();
    fireEvent.click(confirm);
    expect(await toastVariant('Trial Extended')).toBe('default');
    expect(extendTrial).toHaveBeenCalledWith(ID, 14);
    await waitFor(() => expect(getBrokerDetail).toHaveBeenCalledTimes(2));
  });

  it("shows 'Failed to extend trial' when the extension fails", async () => {
    const extendTrial = vi.fn().mockRejectedValue(new HttpError('500: ', 500, ''));
    const { days, confirm } = await openExtend({ extendTrial });
    fireEvent.change(days, { target: { value: '30' } });
    fireEvent.click(confirm);
    expect(await toastVariant('Failed to extend trial')).toBe('destructive');
  });
});

describe('updating the subscription from the detail', () => {
  async function openUpdate(methods: Methods = {}) {
    const rendered = renderPage(methods);
    await screen.findByRole('heading', { level: 1, name: 'Dana Whitfield' });
    fireEvent.click(within(card('Subscription Management')).getByRole('button', { name: 'Change Subscription' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update Subscription' });
    return {
      ...rendered,
      dialog,
      confirm: within(dialog).getByRole('button', { name: 'Update Subscription' }) as HTMLButtonElement,
    };
  }

  it('needs a tier or a status; sends only the tier when only the tier is chosen', async () => {
    const updateBrokerSubscription = vi.fn().mockResolvedValue(broker({ subscriptionTier: 'pmpm' }));
    const { dialog, confirm, getBrokerDetail } = await openUpdate({ updateBrokerSubscription });
    expect(confirm.disabled).toBe(true);
    expect(within(dialog).getByText('Choose a new tier, a new status, or both.')).toBeTruthy();
    await chooseOption(dialog, 'Subscription Tier', 'PMPM');
    fireEvent.click(confirm);
    expect(await toastVariant('Subscription Updated')).toBe('default');
    expect(updateBrokerSubscription).toHaveBeenCalledWith(ID, { subscriptionTier: 'pmpm' });
    await waitFor(() => expect(getBrokerDetail).toHaveBeenCalledTimes(2));
  });

  it('sends tier and status when both are chosen, and keeps the server notice on the page', async () => {
    const notice = 'Restored here. Stripe has no active subscription for this broker.';
    const updateBrokerSubscription = vi
      .fn()
      .mockResolvedValue({ ...broker({ subscriptionTier: 'pmpm', subscriptionStatus: 'active' }), notice });
    const { dialog, confirm } = await openUpdate({ updateBrokerSubscription });
    await chooseOption(dialog, 'Subscription Tier', 'PMPM');
    await chooseOption(dialog, 'Subscription Status', 'Active');
    fireEvent.click(confirm);
    await toastTitled('Subscription Updated');
    expect(updateBrokerSubscription).toHaveBeenCalledWith(ID, { subscriptionTier: 'pmpm', subscriptionStatus: 'active' });
    await waitFor(() => expect(within(card('Subscription Management')).getByText(notice)).toBeTruthy());
  });

  it("shows 'Failed to update subscription' when the change fails", async () => {
    const updateBrokerSubscription = vi.fn().mockRejectedValue(new Error('Network error'));
    const { dialog, confirm } = await openUpdate({ updateBrokerSubscription });
    await chooseOption(dialog, 'Subscription Status', 'Canceled');
    fireEvent.click(confirm);
    expect(await toastVariant('Failed to update subscription')).toBe('destructive');
    expect(updateBrokerSubscription).toHaveBeenCalledWith(ID, { subscriptionStatus: 'canceled' });
  });
});
