import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { addDays, endOfDay, format } from 'date-fns';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { HttpError } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { spanishReactAdmin } from '../../../i18n/es/react-admin.ts';
import { pinClock, testNow, unpinClock } from '../../../testClock.ts';
import { setBrokerLanguage } from '../../i18n/current.ts';
import { loadBrokerCatalogue } from '../../i18n/useBrokerTexts.ts';
import type { CareKeepDataProvider } from '../../providers/dataProvider.ts';
import { renderWithAdmin, TEST_USER } from '../../testUtils.tsx';
import type { AdminAction, AdminBrokerDetailBroker, AdminClientRow, AgencyEvent, BrokerDetail } from '../../types.ts';
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
    suspendedAt: null,
    suspensionReason: null,
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
    stats: { totalClients: 4, activeClients: 3, retentionRate: 80, retentionAvailable: true, callCompletionRate: 90 },
    clients: [client(), client({ id: 'c2', firstName: 'Walter', lastName: 'Briggs', email: null, isActive: false })],
    adminActions: [EXTENDED],
    ...overrides,
  };
}

type Methods = Record<string, ReturnType<typeof vi.fn>>;

/** The broker's last 12 months: no history before this month. */
const TRENDS = {
  months: Array.from({ length: 12 }, (_, i) => ({
    month: `${i === 0 ? 2025 : 2026}-${String(i === 0 ? 12 : i).padStart(2, '0')}`,
    ...(i < 11 ? { activeClients: null, totalClients: null, revenueCents: null } : { activeClients: 3, totalClients: 4, revenueCents: 0 }),
  })),
};

function renderPage(methods: Methods = {}, value: BrokerDetail | null = detail()) {
  const getBrokerDetail = methods.getBrokerDetail ?? vi.fn().mockResolvedValue(value);
  const dataProvider = {
    getBrokerTrends: vi.fn().mockResolvedValue(TRENDS),
    getBrokerAgencyLog: vi.fn().mockResolvedValue({ data: [], total: 0 }),
    ...methods,
    getBrokerDetail,
  } as unknown as Partial<CareKeepDataProvider>;
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
    renderPage(
      {},
      detail({ stats: { totalClients: 2, activeClients: 2, retentionRate: 0, retentionAvailable: false, callCompletionRate: 50 } }),
    );
    await screen.findByRole('heading', { level: 1, name: 'Dana Whitfield' });
    expect(within(card('Retention Rate')).getByTestId('stat-value').textContent).toBe('—');
    expect(within(card('Retention Rate')).getByText('Not enough history yet · Call completion: 50%')).toBeTruthy();
  });

  it('notes the overage in the monthly revenue when clients go over 100', async () => {
    renderPage(
      {},
      detail({
        broker: broker({ subscriptionStatus: 'active', monthlyRevenue: 41_700, overageEnabled: true }),
        stats: { totalClients: 135, activeClients: 130, retentionRate: 0, retentionAvailable: true, callCompletionRate: 0 },
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

  it("shows the agency's own activity under the admins' timeline", async () => {
    const joined: AgencyEvent = {
      id: 'g1',
      createdAt: '2026-11-21T10:00:00.000Z',
      member: { id: 'm2', name: 'Luis Ortega', email: 'luis@agency.test', role: 'agent', removed: false },
      viaToken: null,
      ipAddress: '203.0.113.24',
      action: 'member_joined',
      targetType: 'member',
      targetId: 'm2',
      summary: 'Luis Ortega joined the agency as an agent',
      before: null,
      after: { email: 'luis@agency.test', role: 'agent' },
    };
    const getBrokerAgencyLog = vi.fn().mockResolvedValue({ data: [joined], total: 1 });
    renderPage({ getBrokerAgencyLog });
    const activity = await screen.findByRole('region', { name: 'Agency activity' });
    await within(activity).findByText('Member joined');
    expect(getBrokerAgencyLog).toHaveBeenCalledWith(ID, 1, 10);
    expect(within(activity).getByText('Luis Ortega joined the agency as an agent')).toBeTruthy();
    // The admins' timeline is the card before it.
    const timeline = screen.getByRole('region', { name: 'Activity Timeline' });
    expect(timeline.compareDocumentPosition(activity) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
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

const SUSPENDED_AT = '2026-11-26T15:04:00.000Z';
const REASON = 'Unpaid invoices since September';
const suspendedBroker = (overrides: Partial<AdminBrokerDetailBroker> = {}) =>
  broker({ suspendedAt: SUSPENDED_AT, suspensionReason: REASON, ...overrides });

/** Days as a date input writes them, in this browser's calendar. */
const inputDay = (date: Date) => format(date, 'yyyy-MM-dd');

async function renderSpanish(methods: Methods = {}, value: BrokerDetail | null = detail()) {
  await loadBrokerCatalogue('es');
  setBrokerLanguage('es');
  const getBrokerDetail = methods.getBrokerDetail ?? vi.fn().mockResolvedValue(value);
  const dataProvider = {
    getBrokerTrends: vi.fn().mockResolvedValue(TRENDS),
    getBrokerAgencyLog: vi.fn().mockResolvedValue({ data: [], total: 0 }),
    ...methods,
    getBrokerDetail,
  } as unknown as Partial<CareKeepDataProvider>;
  const result = renderWithAdmin(
    <Routes>
      <Route path="/admin/brokers/:id" element={<BrokerDetailPage />} />
    </Routes>,
    { dataProvider, path: `/admin/brokers/${ID}`, user: ADMIN, i18nProvider: polyglotI18nProvider(() => spanishReactAdmin, 'es') },
  );
  return { ...result, getBrokerDetail };
}

describe('suspending a broker from the detail', () => {
  async function openSuspend(methods: Methods = {}) {
    const rendered = renderPage(methods);
    await screen.findByRole('heading', { level: 1, name: 'Dana Whitfield' });
    fireEvent.click(screen.getByRole('button', { name: 'Suspend Broker' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suspend Broker' });
    return {
      ...rendered,
      dialog,
      reason: within(dialog).getByRole('textbox', { name: /^Reason/ }) as HTMLInputElement,
      confirm: within(dialog).getByRole('button', { name: 'Suspend' }) as HTMLButtonElement,
    };
  }

  it('offers Suspend Broker (in the error colour), and no badge or alert while the broker is not suspended', async () => {
    renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Dana Whitfield' });
    const suspend = screen.getByRole('button', { name: 'Suspend Broker' });
    expect(suspend.className).toMatch(/MuiButton-outlined\b/);
    expect(suspend.className).toMatch(/MuiButton-colorError/);
    expect(screen.queryByRole('button', { name: 'Reactivate' })).toBeNull();
    expect(document.querySelector('[data-badge="suspended"]')).toBeNull();
    expect(screen.queryByTestId('suspended-alert')).toBeNull();
  });

  it('says what a suspension does and needs a reason: nothing is sent blank or over 500 characters', async () => {
    const suspendBroker = vi.fn();
    const { dialog, reason, confirm } = await openSuspend({ suspendBroker });
    expect(
      within(dialog).getByText(
        'They cannot sign in or use the API, and their reminders and campaigns stop; their clients’ own reminders still go.',
      ),
    ).toBeTruthy();
    expect(within(dialog).getByText('Dana Whitfield loses access at once.')).toBeTruthy();
    expect(reason.maxLength).toBe(500);
    expect(within(dialog).getByText('0/500')).toBeTruthy();
    expect(confirm.disabled).toBe(true);
    fireEvent.change(reason, { target: { value: '   ' } });
    expect(within(dialog).getByText('3/500')).toBeTruthy();
    fireEvent.click(confirm);
    expect(within(dialog).getByText('Enter the reason for the suspension')).toBeTruthy();
    fireEvent.change(reason, { target: { value: 'x'.repeat(501) } });
    fireEvent.click(confirm);
    expect(within(dialog).getByText('Keep the reason to 500 characters')).toBeTruthy();
    expect(suspendBroker).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(suspendBroker).not.toHaveBeenCalled();
  });

  it("sends the reason on one line, says 'Broker Suspended' and shows the badge and the alert after the reload", async () => {
    const suspendBroker = vi.fn().mockResolvedValue(suspendedBroker());
    const getBrokerDetail = vi
      .fn()
      .mockResolvedValueOnce(detail())
      .mockResolvedValue(detail({ broker: suspendedBroker() }));
    const { reason, confirm } = await openSuspend({ suspendBroker, getBrokerDetail });
    fireEvent.change(reason, { target: { value: '  Unpaid invoices \t since   September ' } });
    fireEvent.click(confirm);
    expect(await toastVariant('Broker Suspended')).toBe('default');
    expect(screen.getByText('Dana Whitfield can no longer sign in, and their reminders and campaigns are not sent.')).toBeTruthy();
    expect(suspendBroker).toHaveBeenCalledWith(ID, REASON);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const alert = await screen.findByTestId('suspended-alert');
    expect(within(alert).getByText(/^Suspended since Nov 26, 2026 at \d{1,2}:\d{2} (AM|PM)$/)).toBeTruthy();
    expect(within(alert).getByText(`Reason: ${REASON}`)).toBeTruthy();
    expect(document.querySelector('[data-badge="suspended"]')?.textContent).toBe('Suspended');
    expect(screen.getByRole('button', { name: 'Reactivate' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Suspend Broker' })).toBeNull();
  });

  it("shows 'Failed to suspend broker' with the server's reason", async () => {
    const suspendBroker = vi.fn().mockRejectedValue(new HttpError('409: ', 409, { message: 'This broker is already suspended' }));
    const { dialog, reason, confirm } = await openSuspend({ suspendBroker });
    fireEvent.change(reason, { target: { value: 'Fraud report' } });
    fireEvent.click(confirm);
    expect(await toastVariant('Failed to suspend broker')).toBe('destructive');
    expect(screen.getByText('This broker is already suspended')).toBeTruthy();
    expect(dialog.isConnected).toBe(true);
  });
});

describe('reactivating a suspended broker', () => {
  async function openReactivate(methods: Methods = {}) {
    const rendered = renderPage(methods, detail({ broker: suspendedBroker() }));
    await screen.findByRole('heading', { level: 1, name: 'Dana Whitfield' });
    fireEvent.click(screen.getByRole('button', { name: 'Reactivate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reactivate Broker' });
    return { ...rendered, dialog, confirm: within(dialog).getByRole('button', { name: 'Reactivate' }) };
  }

  it('asks first; Cancel sends nothing', async () => {
    const reactivateBroker = vi.fn();
    const { dialog } = await openReactivate({ reactivateBroker });
    expect(
      within(dialog).getByText(
        'Dana Whitfield can sign in and use the API again, and their reminders and campaigns go out again from now on. What fell due while suspended is not sent.',
      ),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(reactivateBroker).not.toHaveBeenCalled();
  });

  it("reactivates, says 'Broker Reactivated' and reloads the detail", async () => {
    const reactivateBroker = vi.fn().mockResolvedValue(broker());
    const { confirm, getBrokerDetail } = await openReactivate({ reactivateBroker });
    fireEvent.click(confirm);
    expect(await toastVariant('Broker Reactivated')).toBe('default');
    expect(screen.getByText('Dana Whitfield can sign in again.')).toBeTruthy();
    expect(reactivateBroker).toHaveBeenCalledWith(ID);
    await waitFor(() => expect(getBrokerDetail).toHaveBeenCalledTimes(2));
  });

  it("shows 'Failed to reactivate broker' when it fails", async () => {
    const reactivateBroker = vi.fn().mockRejectedValue(new HttpError('409: ', 409, { message: 'This broker is not suspended' }));
    const { confirm } = await openReactivate({ reactivateBroker });
    fireEvent.click(confirm);
    expect(await toastVariant('Failed to reactivate broker')).toBe('destructive');
  });
});

describe('setting the trial end date', () => {
  // The dialog's range and "today" are days of the broker's calendar: pinned, so that no run crosses midnight.
  beforeEach(() => pinClock('2026-11-27T15:00:00Z'));
  afterEach(unpinClock);

  async function openTrialEnd(methods: Methods = {}, value: BrokerDetail = detail()) {
    const rendered = renderPage(methods, value);
    await screen.findByRole('heading', { level: 1, name: 'Dana Whitfield' });
    fireEvent.click(within(card('Subscription Management')).getByRole('button', { name: 'Set Trial End Date' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set Trial End Date' });
    return {
      ...rendered,
      dialog,
      day: within(dialog).getByLabelText('Last day of the trial') as HTMLInputElement,
      confirm: within(dialog).getByRole('button', { name: 'Set End Date' }) as HTMLButtonElement,
    };
  }

  it('is offered only while the broker is on trial', async () => {
    renderPage({}, detail({ broker: broker({ subscriptionStatus: 'active', trialEndsAt: null }) }));
    await screen.findByRole('heading', { level: 1, name: 'Dana Whitfield' });
    expect(within(card('Subscription Management')).queryByRole('button', { name: 'Set Trial End Date' })).toBeNull();
  });

  it('takes a date within a year either way, disabled while empty, and refuses one outside', async () => {
    const setTrialEnd = vi.fn();
    const { dialog, day, confirm } = await openTrialEnd({ setTrialEnd });
    expect(day.type).toBe('date');
    expect(day.min).toBe(inputDay(addDays(testNow(), -365)));
    expect(day.max).toBe(inputDay(addDays(testNow(), 364)));
    expect(within(dialog).getByText('Current end: Dec 10, 2099')).toBeTruthy();
    expect(confirm.disabled).toBe(true);
    fireEvent.change(day, { target: { value: inputDay(addDays(testNow(), 400)) } });
    expect(within(dialog).queryByTestId('new-trial-end')).toBeNull();
    fireEvent.click(confirm);
    expect(within(dialog).getByText(/^Choose a date from [A-Z][a-z]{2} \d{2}, \d{4} to [A-Z][a-z]{2} \d{2}, \d{4}$/)).toBeTruthy();
    expect(setTrialEnd).not.toHaveBeenCalled();
  });

  it("sends the end of a later day, shows it in words, and says 'Trial End Date Set'", async () => {
    const chosen = addDays(testNow(), 30);
    const end = endOfDay(chosen);
    const setTrialEnd = vi.fn().mockResolvedValue(broker({ trialEndsAt: end.toISOString() }));
    const { dialog, day, confirm, getBrokerDetail } = await openTrialEnd({ setTrialEnd });
    fireEvent.change(day, { target: { value: inputDay(chosen) } });
    expect(within(dialog).getByTestId('new-trial-end').textContent).toBe(`New end date: ${format(chosen, 'MMM dd, yyyy')}`);
    expect(within(dialog).queryByTestId('ends-now-warning')).toBeNull();
    fireEvent.click(confirm);
    expect(await toastVariant('Trial End Date Set')).toBe('default');
    expect(screen.getByText(`Dana Whitfield's trial now ends ${format(chosen, 'MMM dd, yyyy')}.`)).toBeTruthy();
    expect(setTrialEnd).toHaveBeenCalledWith(ID, end.toISOString());
    expect(end.getHours()).toBe(23);
    await waitFor(() => expect(getBrokerDetail).toHaveBeenCalledTimes(2));
  });

  it.each([
    ['today', 0],
    ['an earlier day', -3],
  ])('warns that %s ends the trial now, and sends the current moment', async (_label, days) => {
    const setTrialEnd = vi.fn().mockImplementation(async (_id: string, trialEndsAt: string) => broker({ trialEndsAt }));
    const { dialog, day, confirm } = await openTrialEnd({ setTrialEnd });
    fireEvent.change(day, { target: { value: inputDay(addDays(testNow(), days)) } });
    expect(within(dialog).getByTestId('new-trial-end').textContent).toBe('New end date: now');
    expect(within(dialog).getByTestId('ends-now-warning').textContent).toBe(
      'This ends the trial now: Dana Whitfield will be asked to choose a plan.',
    );
    fireEvent.click(confirm);
    expect(await toastVariant('Trial End Date Set')).toBe('default');
    expect(screen.getByText("Dana Whitfield's trial has ended: they will be asked to choose a plan.")).toBeTruthy();
    const sent = new Date(setTrialEnd.mock.calls[0][1] as string).getTime();
    expect(Math.abs(sent - testNow().getTime())).toBeLessThan(5_000);
  });

  it("shows 'Failed to set trial end date' with the server's reason", async () => {
    const setTrialEnd = vi.fn().mockRejectedValue(new HttpError('409: ', 409, { message: 'Only brokers on trial have a trial end date' }));
    const { day, confirm } = await openTrialEnd({ setTrialEnd });
    fireEvent.change(day, { target: { value: inputDay(addDays(testNow(), 10)) } });
    fireEvent.click(confirm);
    expect(await toastVariant('Failed to set trial end date')).toBe('destructive');
    expect(screen.getByText('Only brokers on trial have a trial end date')).toBeTruthy();
  });
});

const SUSPENSION_ACTIONS: AdminAction[] = [
  {
    id: 'a6',
    action: 'trial_end_set',
    notes: 'Trial ended now',
    adminEmail: 'admin@example.com',
    before: { trialEndsAt: '2099-12-10T12:00:00.000Z' },
    after: { trialEndsAt: '2026-11-26T12:00:00.000Z' },
    createdAt: '2026-11-26T12:00:00.000Z',
  },
  {
    id: 'a5',
    action: 'broker_reactivated',
    notes: 'Suspended for: Chargeback on iPhone order',
    adminEmail: 'admin@example.com',
    before: { suspended: true },
    after: { suspended: false },
    createdAt: '2026-11-25T12:00:00.000Z',
  },
  {
    id: 'a4',
    action: 'broker_suspended',
    notes: 'Chargeback on iPhone order',
    adminEmail: 'admin@example.com',
    before: { suspended: false },
    after: { suspended: true },
    createdAt: '2026-11-24T12:00:00.000Z',
  },
];

describe('the suspension and trial-end entries of the timeline', () => {
  it('are in words, with the reason as the admin wrote it', async () => {
    renderPage({}, detail({ adminActions: SUSPENSION_ACTIONS }));
    const timeline = await screen.findByRole('list', { name: 'Activity Timeline' });
    const [trialEnd, reactivated, suspended] = within(timeline).getAllByTestId('timeline-entry');
    expect(within(suspended).getByText('Broker suspended')).toBeTruthy();
    expect(within(suspended).getByText('Reason: Chargeback on iPhone order')).toBeTruthy();
    expect(suspended.textContent).toContain('Account: Active → Suspended');
    expect(within(reactivated).getByText('Broker reactivated')).toBeTruthy();
    expect(within(reactivated).getByText('Suspended for: Chargeback on iPhone order')).toBeTruthy();
    expect(reactivated.textContent).toContain('Account: Suspended → Active');
    expect(within(trialEnd).getByText('Trial end date set')).toBeTruthy();
    expect(within(trialEnd).getByText('The trial was ended at once')).toBeTruthy();
    expect(trialEnd.textContent).toContain('Trial ends: Dec 10, 2099 → Nov 26, 2026');
    expect(timeline.textContent).not.toMatch(/suspended: |true|false|trial_end_set|broker_suspended/);
  });
});

describe('suspension and trial end in Spanish', () => {
  afterEach(() => setBrokerLanguage('en'));

  it('shows the alert, the badge and the timeline in Spanish', async () => {
    await renderSpanish({}, detail({ broker: suspendedBroker(), adminActions: SUSPENSION_ACTIONS }));
    await screen.findByRole('heading', { level: 1, name: 'Dana Whitfield' });
    const alert = screen.getByTestId('suspended-alert');
    expect(within(alert).getByText(/^Suspendido desde el 26 nov 2026, /)).toBeTruthy();
    expect(within(alert).getByText(`Motivo: ${REASON}`)).toBeTruthy();
    expect(document.querySelector('[data-badge="suspended"]')?.textContent).toBe('Suspendido');
    const timeline = screen.getByRole('list', { name: 'Historial de actividad' });
    expect(within(timeline).getByText('Agente suspendido')).toBeTruthy();
    expect(timeline.textContent).toContain('Cuenta: Activa → Suspendida');
    expect(within(timeline).getByText('Estuvo suspendido por: Chargeback on iPhone order')).toBeTruthy();
    expect(within(timeline).getByText('La prueba se terminó en ese momento')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reactivar' })).toBeTruthy();
  });

  it('suspends with the Spanish dialog and toast', async () => {
    const suspendBroker = vi.fn().mockResolvedValue(suspendedBroker());
    await renderSpanish({ suspendBroker });
    await screen.findByRole('heading', { level: 1, name: 'Dana Whitfield' });
    fireEvent.click(screen.getByRole('button', { name: 'Suspender agente' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suspender agente' });
    expect(
      within(dialog).getByText(
        'No podrá iniciar sesión ni usar la API, y sus recordatorios y campañas se detienen; los recordatorios propios de sus clientes se siguen enviando.',
      ),
    ).toBeTruthy();
    const confirm = within(dialog).getByRole('button', { name: 'Suspender' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Motivo/ }), { target: { value: ' ' } });
    fireEvent.click(confirm);
    expect(within(dialog).getByText('Ingrese el motivo de la suspensión')).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Motivo/ }), { target: { value: 'Facturas impagas' } });
    fireEvent.click(confirm);
    expect(await toastVariant('Agente suspendido')).toBe('default');
    expect(suspendBroker).toHaveBeenCalledWith(ID, 'Facturas impagas');
  });

  it('warns in Spanish that today ends the trial now', async () => {
    const setTrialEnd = vi.fn().mockImplementation(async (_id: string, trialEndsAt: string) => broker({ trialEndsAt }));
    await renderSpanish({ setTrialEnd });
    await screen.findByRole('heading', { level: 1, name: 'Dana Whitfield' });
    fireEvent.click(screen.getByRole('button', { name: 'Fijar fin de la prueba' }));
    const dialog = await screen.findByRole('dialog', { name: 'Fijar el fin de la prueba' });
    fireEvent.change(within(dialog).getByLabelText('Último día de la prueba'), { target: { value: inputDay(testNow()) } });
    expect(within(dialog).getByTestId('ends-now-warning').textContent).toBe(
      'Esto termina la prueba ahora: se le pedirá a Dana Whitfield que elija un plan.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Fijar fecha' }));
    expect(await toastVariant('Fin de la prueba fijado')).toBe('default');
    expect(setTrialEnd).toHaveBeenCalledTimes(1);
  });
});
