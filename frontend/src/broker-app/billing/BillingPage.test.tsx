import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpError } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { Retention } from '../clients/retentionTypes.ts';
import { CURRENT_USER_KEY } from '../providers/currentUser.ts';
import { renderWithAdmin } from '../testUtils.tsx';
import type { CurrentUser, MonthlyAnalytics, Subscription } from '../types.ts';
import { BillingPage } from './BillingPage.tsx';
import { formatCents, formatPrice, marginVariant, monthLabel } from './pricing.ts';
import { goToExternal } from './redirect.ts';

vi.mock('./redirect.ts', () => ({ goToExternal: vi.fn() }));

afterEach(() => {
  vi.mocked(goToExternal).mockReset();
});

const TRIAL: Subscription = {
  subscriptionTier: 'flat',
  subscriptionStatus: 'trial',
  trialEndsAt: '2026-12-10T12:00:00.000Z',
  trialDaysLeft: 30,
  billingMode: 'local',
  activeClients: 12,
  totalClients: 14,
  clientLimit: 100,
  monthlyPriceCents: 29_700,
  overageCents: 0,
  overageClients: 0,
  overageEnabled: false,
  markPaidAvailable: true,
};

const month = (m: string, profitMargin: number): MonthlyAnalytics => ({
  month: m,
  textingRegistrationCost: 0,
  voiceCallCount: 40,
  clientCount: 12,
  totalCost: 95,
  revenue: 29_700,
  profit: 29_605,
  profitMargin,
});

const RETENTION: Retention = {
  months: [{ month: '2026-11', startCount: 20, retained: 19, lost: 1, rate: 95 }],
  aep: [],
  lostByReason: { switched_agent: 0, moved: 1, deceased: 0, other: 0 },
  basis: 'clients',
  keptThroughAep: null,
  lostToAnotherAgent: 0,
};

function renderBilling(subscription: Subscription = TRIAL, history: MonthlyAnalytics[] = [month('2026-11', 99)], extra = {}) {
  const dataProvider = {
    getSubscription: vi.fn().mockResolvedValue(subscription),
    getMonthlyAnalytics: vi.fn().mockResolvedValue(history),
    getRetention: vi.fn().mockResolvedValue(RETENTION),
    ...extra,
  };
  const result = renderWithAdmin(<BillingPage />, { path: '/billing', dataProvider });
  return { ...result, dataProvider };
}

const updateButton = () => screen.getByRole('button', { name: 'Update Subscription' }) as HTMLButtonElement;

describe('the Billing page', () => {
  it('shows the current plan, its price, the trial days left, the clients and this month’s amount', async () => {
    renderBilling();
    expect(screen.getByRole('heading', { level: 1, name: 'Billing & Subscription' })).toBeTruthy();
    expect(screen.getByText(/Seats are free: your plan covers everyone on your team/)).toBeTruthy();
    const card = (await screen.findByRole('heading', { name: 'Current Subscription' })).closest('section')!;
    const current = within(card);
    expect(current.getByText('Your plan after the trial')).toBeTruthy();
    expect(current.getByTestId('current-tier').textContent).toBe('Flat');
    expect(current.getByText('$297/month for up to 100 clients')).toBeTruthy();
    expect(current.getByText('Optional overage: $4 per client over 100')).toBeTruthy();
    expect(current.getByTestId('subscription-status').textContent).toBe('Trial · 30 days left');
    expect(current.getByText('12 active / 14 total')).toBeTruthy();
    expect(current.getByTestId('monthly-amount').textContent).toBe('$297.00');
    expect(current.getByText('Not charged during your free trial')).toBeTruthy();
    expect(current.getByText('Local billing: plan changes apply at once and no payment is taken.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Manage Billing' })).toBeNull();
  });

  it('shows the trial upgrade card with the days left while on trial', async () => {
    renderBilling({ ...TRIAL, trialDaysLeft: 1 });
    const card = await screen.findByTestId('trial-upgrade');
    expect(within(card).getByTestId('trial-days-left').textContent).toBe('1');
    expect(within(card).getByText('day left')).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Start my subscription now' })).toBeTruthy();
    expect(within(card).getByTestId('trial-body').textContent).toBe(
      'Your plan after the trial: Flat. Nothing is charged before Dec 10, 2026; when the trial ends, reminders and campaigns pause until your subscription starts. Start it whenever you are ready.',
    );
    expect(screen.getByTestId('subscription-status').textContent).toBe('Trial · 1 day left');
  });

  it('says when the trial has ended', async () => {
    renderBilling({ ...TRIAL, trialDaysLeft: 0 });
    const card = await screen.findByTestId('trial-upgrade');
    expect(within(card).getByTestId('trial-days-left').textContent).toBe('0');
    expect(
      within(card).getByText('Your free trial has ended. Start your subscription to keep sending reminders and campaigns.'),
    ).toBeTruthy();
  });

  it('has no upgrade card for an active plan, and shows past due and canceled as destructive with what they mean', async () => {
    const { unmount } = renderBilling({ ...TRIAL, subscriptionStatus: 'active', trialDaysLeft: 0 });
    expect((await screen.findByTestId('subscription-status')).textContent).toBe('Active');
    expect(screen.getByTestId('subscription-status').dataset.variant).toBe('default');
    expect(screen.queryByTestId('trial-upgrade')).toBeNull();
    unmount();

    const pastDue = renderBilling({ ...TRIAL, subscriptionStatus: 'past_due', trialDaysLeft: 0 });
    const chip = await screen.findByTestId('subscription-status');
    expect(chip.textContent).toBe('Past Due');
    expect(chip.dataset.variant).toBe('destructive');
    expect(screen.getByRole('alert').textContent).toContain('Payment failed. This is usually temporary');
    pastDue.unmount();

    renderBilling({ ...TRIAL, subscriptionStatus: 'canceled', trialDaysLeft: 0 });
    expect((await screen.findByTestId('subscription-status')).dataset.variant).toBe('destructive');
    expect(screen.getByRole('alert').textContent).toContain('A platform admin can restore it by setting it to Active');
  });

  it('shows the flat overage in this month’s amount', async () => {
    renderBilling({
      ...TRIAL,
      subscriptionStatus: 'active',
      activeClients: 130,
      totalClients: 130,
      overageEnabled: true,
      overageClients: 30,
      overageCents: 12_000,
      monthlyPriceCents: 41_700,
    });
    expect((await screen.findByTestId('monthly-amount')).textContent).toBe('$417.00');
    expect(screen.getByText('includes $120.00 overage for 30 clients over the limit')).toBeTruthy();
    expect(screen.getByText('Overage billing on: $4 per client over 100')).toBeTruthy();
  });

  it('keeps Update Subscription disabled until another tier is chosen; on an active plan the change applies at once', async () => {
    const ACTIVE: Subscription = { ...TRIAL, subscriptionStatus: 'active', trialDaysLeft: 0 };
    const changeSubscription = vi.fn().mockResolvedValue({
      ...ACTIVE,
      subscriptionTier: 'pmpm',
      clientLimit: null,
      monthlyPriceCents: 6_000,
    });
    const { queryClient } = renderBilling(ACTIVE, [], { changeSubscription });
    await screen.findByRole('heading', { name: 'Change Plan' });
    expect((screen.getByRole('radio', { name: /^Flat/ }) as HTMLInputElement).checked).toBe(true);
    expect(updateButton().disabled).toBe(true);
    expect(screen.getByText('Changes apply immediately with automatic proration.')).toBeTruthy();

    fireEvent.click(screen.getByRole('radio', { name: /^PMPM/ }));
    expect(updateButton().disabled).toBe(false);
    fireEvent.click(screen.getByRole('radio', { name: /^Flat/ }));
    expect(updateButton().disabled).toBe(true);

    fireEvent.click(screen.getByRole('radio', { name: /^PMPM/ }));
    fireEvent.click(updateButton());
    expect(await screen.findByText('Subscription Updated')).toBeTruthy();
    expect(screen.getByText('You are now on the PMPM plan.')).toBeTruthy();
    expect(changeSubscription).toHaveBeenCalledExactlyOnceWith('pmpm');
    expect(screen.getByTestId('current-tier').textContent).toBe('PMPM');
    expect(screen.getByTestId('subscription-status').textContent).toBe('Active');
    // Now on PMPM, PMPM is the current choice again.
    expect(updateButton().disabled).toBe(true);
    const user = queryClient.getQueryData<CurrentUser>(CURRENT_USER_KEY)!;
    expect([user.subscriptionTier, user.subscriptionStatus]).toEqual(['pmpm', 'active']);
    expect(goToExternal).not.toHaveBeenCalled();
  });

  it('during the trial, choosing a plan keeps the trial: it becomes the plan after the trial', async () => {
    const changeSubscription = vi
      .fn()
      .mockResolvedValue({ ...TRIAL, subscriptionTier: 'pmpm', clientLimit: null, monthlyPriceCents: 6_000 });
    renderBilling(TRIAL, [], { changeSubscription });
    await screen.findByRole('heading', { name: 'Change Plan' });
    expect(
      screen.getByText('During your trial this chooses your plan after the trial: your trial continues and nothing is charged.'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: /^PMPM/ }));
    fireEvent.click(updateButton());
    expect(await screen.findByText('Your plan after the trial: PMPM. Your trial continues.')).toBeTruthy();
    expect(screen.getByTestId('subscription-status').textContent).toBe('Trial · 30 days left');
    expect(screen.getByTestId('current-tier').textContent).toBe('PMPM');
    expect(within(screen.getByTestId('trial-upgrade')).getByTestId('trial-body').textContent).toMatch(/^Your plan after the trial: PMPM\./);
  });

  it('starts the subscription only after a confirmation that states the amount, and sends that amount', async () => {
    const startSubscription = vi.fn().mockResolvedValue({ ...TRIAL, subscriptionStatus: 'active', trialDaysLeft: 0 });
    const changeSubscription = vi.fn();
    renderBilling(TRIAL, [], { startSubscription, changeSubscription });
    fireEvent.click(await screen.findByRole('button', { name: 'Start my subscription now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Start your subscription now?' });
    expect(within(dialog).getByTestId('start-subscription-amount').textContent).toBe(
      'Your free trial ends now and the Flat plan starts at $297.00/month (at your 12 active clients).',
    );
    expect(within(dialog).getByText('Local billing: no payment is taken.')).toBeTruthy();
    // Cancel changes nothing.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(startSubscription).not.toHaveBeenCalled();

    // Another plan picked under Change Plan is the one started, at its own amount.
    fireEvent.click(screen.getByRole('radio', { name: /^PMPM/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Start my subscription now' }));
    const again = await screen.findByRole('dialog', { name: 'Start your subscription now?' });
    fireEvent.click(within(again).getByRole('button', { name: 'Start subscription: $60.00/month' }));
    expect(await screen.findByText('Subscription Started')).toBeTruthy();
    expect(startSubscription).toHaveBeenCalledExactlyOnceWith('pmpm', 6_000);
    expect(changeSubscription).not.toHaveBeenCalled();
    expect(screen.getByTestId('subscription-status').textContent).toBe('Active');
    expect(screen.queryByTestId('trial-upgrade')).toBeNull();
  });

  it('shows a changed amount in the dialog and asks again', async () => {
    const startSubscription = vi
      .fn()
      .mockRejectedValueOnce(
        new HttpError('409: …', 409, {
          statusCode: 409,
          message: 'The monthly amount is now $65.00 at 13 active clients. Please review it and confirm again.',
          monthlyPriceCents: 6_500,
        }),
      )
      .mockResolvedValue({ ...TRIAL, subscriptionTier: 'pmpm', subscriptionStatus: 'active', trialDaysLeft: 0 });
    const getSubscription = vi
      .fn()
      .mockResolvedValueOnce({ ...TRIAL, subscriptionTier: 'pmpm' })
      .mockResolvedValue({ ...TRIAL, subscriptionTier: 'pmpm', activeClients: 13 });
    renderBilling(TRIAL, [], { startSubscription, getSubscription });
    fireEvent.click(await screen.findByRole('button', { name: 'Start my subscription now' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Start subscription: $60.00/month' }));
    expect(
      await within(dialog).findByText('The monthly amount is now $65.00 at 13 active clients. Please review it and confirm again.'),
    ).toBeTruthy();
    const confirm = await within(dialog).findByRole('button', { name: 'Start subscription: $65.00/month' });
    expect(screen.queryByText('Subscription Started')).toBeNull();
    fireEvent.click(confirm);
    expect(await screen.findByText('Subscription Started')).toBeTruthy();
    expect(startSubscription).toHaveBeenLastCalledWith('pmpm', 6_500);
  });

  it('offers a way out of past due: Stripe’s portal, or Mark as paid in local billing', async () => {
    const openBillingPortal = vi.fn().mockResolvedValue({ url: 'https://billing.stripe.test/p/9' });
    const stripe = renderBilling(
      { ...TRIAL, subscriptionStatus: 'past_due', trialDaysLeft: 0, billingMode: 'stripe', markPaidAvailable: false },
      [],
      {
        openBillingPortal,
      },
    );
    fireEvent.click(await within(await screen.findByRole('alert')).findByRole('button', { name: 'Update Payment Method' }));
    await waitFor(() => expect(goToExternal).toHaveBeenCalledWith('https://billing.stripe.test/p/9'));
    expect(screen.queryByRole('button', { name: 'Mark as paid (local billing)' })).toBeNull();
    stripe.unmount();

    const markPaid = vi.fn().mockResolvedValue({ ...TRIAL, subscriptionStatus: 'active', trialDaysLeft: 0 });
    renderBilling({ ...TRIAL, subscriptionStatus: 'past_due', trialDaysLeft: 0 }, [], { markPaid });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Development only: no payment is taken in local billing.')).toBeTruthy();
    fireEvent.click(within(alert).getByRole('button', { name: 'Mark as paid (local billing)' }));
    expect(await screen.findByText('Payment Recorded')).toBeTruthy();
    expect(markPaid).toHaveBeenCalledOnce();
    expect(screen.getByTestId('subscription-status').textContent).toBe('Active');
  });

  it('offers no Mark as paid where it is not available (production)', async () => {
    renderBilling({ ...TRIAL, subscriptionStatus: 'past_due', trialDaysLeft: 0, markPaidAvailable: false });
    await screen.findByRole('alert');
    expect(screen.queryByRole('button', { name: 'Mark as paid (local billing)' })).toBeNull();
  });

  it('shows the spec’s fallback when the change fails without a message, and the server’s message when it has one', async () => {
    const changeSubscription = vi
      .fn()
      .mockRejectedValueOnce(new HttpError('500: ', 500, undefined))
      .mockRejectedValueOnce(new HttpError('403: …', 403, { statusCode: 403, message: 'Your subscription is canceled' }));
    renderBilling(TRIAL, [], { changeSubscription });
    await screen.findByRole('heading', { name: 'Change Plan' });
    fireEvent.click(screen.getByRole('radio', { name: /^PMPM/ }));
    fireEvent.click(updateButton());
    expect(await screen.findByText('Failed to update subscription. Please try again.')).toBeTruthy();
    expect(screen.getByTestId('current-tier').textContent).toBe('Flat');
    fireEvent.click(updateButton());
    expect(await screen.findByText('Your subscription is canceled')).toBeTruthy();
  });

  it('goes to Stripe Checkout when the answer has a checkout address, and offers Manage Billing in Stripe mode', async () => {
    const stripe: Subscription = { ...TRIAL, subscriptionStatus: 'active', trialDaysLeft: 0, billingMode: 'stripe' };
    const changeSubscription = vi.fn().mockResolvedValue({ ...stripe, checkoutUrl: 'https://checkout.stripe.test/c/1' });
    const openBillingPortal = vi.fn().mockResolvedValue({ url: 'https://billing.stripe.test/p/1' });
    renderBilling(stripe, [], { changeSubscription, openBillingPortal });
    fireEvent.click(await screen.findByRole('radio', { name: /^PMPM/ }));
    fireEvent.click(updateButton());
    await waitFor(() => expect(goToExternal).toHaveBeenCalledWith('https://checkout.stripe.test/c/1'));
    expect(screen.queryByText('Subscription Updated')).toBeNull();
    expect(screen.getByTestId('current-tier').textContent).toBe('Flat');

    fireEvent.click(screen.getByRole('button', { name: 'Manage Billing' }));
    await waitFor(() => expect(goToExternal).toHaveBeenLastCalledWith('https://billing.stripe.test/p/1'));
    expect(openBillingPortal).toHaveBeenCalledOnce();
  });

  it('shows 3 months of cost and profit, newest first, with their margin badges', async () => {
    renderBilling(TRIAL, [month('2026-09', 0), month('2026-11', 50), month('2026-08', 80), month('2026-10', -1)]);
    const rows = await screen.findAllByTestId('analytics-row');
    expect(rows.map((row) => row.querySelector('th')!.textContent)).toEqual(['Nov 2026', 'Oct 2026', 'Sep 2026']);
    const badges = rows.map((row) => within(row).getByTestId('margin-badge'));
    expect(badges.map((b) => [b.textContent, b.dataset.variant])).toEqual([
      ['50%', 'default'],
      ['-1%', 'destructive'],
      ['0%', 'secondary'],
    ]);
    expect(within(rows[0]).getByText('$0.95')).toBeTruthy();
    expect(within(rows[0]).getByText('$297.00')).toBeTruthy();
    expect(within(rows[0]).getByText('$296.05')).toBeTruthy();
    expect(within(rows[0]).getByText('40')).toBeTruthy();
  });

  it('says so when there is no history yet', async () => {
    renderBilling(TRIAL, []);
    expect(await screen.findByText('No billing history yet. Your first month shows here once reminders go out.')).toBeTruthy();
  });

  it('shows both plans, the overage example, the break-even point and the telephony costs', async () => {
    renderBilling();
    const card = (await screen.findByRole('heading', { name: 'Pricing Breakdown' })).closest('section') as HTMLElement;
    const pricing = within(card);
    expect(pricing.getByText('$297/month')).toBeTruthy();
    expect(pricing.getByText('Per client over 100: 30 over is $120')).toBeTruthy();
    expect(pricing.getByText('$5.00/client')).toBeTruthy();
    expect(pricing.getByText('60 clients')).toBeTruthy();
    // A white-label screen names no supplier.
    expect(pricing.getByText('Telephony costs: about $0.02 per voice call and $0.01 per SMS')).toBeTruthy();
    expect(pricing.queryByText(/Twilio/)).toBeNull();
    expect(screen.getByText(/^Break-even: 60 clients\./)).toBeTruthy();
    expect(screen.getByText('$5.00 per active client per month, no client limit')).toBeTruthy();
  });

  it('offers a retry when the subscription cannot be loaded', async () => {
    const getSubscription = vi
      .fn()
      .mockRejectedValueOnce(new HttpError('500: ', 500, undefined))
      .mockResolvedValue(TRIAL);
    renderBilling(TRIAL, [], { getSubscription });
    fireEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect((await screen.findByTestId('current-tier')).textContent).toBe('Flat');
  });
});

describe('billing figures', () => {
  it('colours the margin badge by the spec’s thresholds', () => {
    expect(marginVariant(50)).toBe('default');
    expect(marginVariant(49.9)).toBe('secondary');
    expect(marginVariant(0)).toBe('secondary');
    expect(marginVariant(-1)).toBe('destructive');
  });

  it('writes months and money the way brokers read them', () => {
    expect(monthLabel('2026-11')).toBe('Nov 2026');
    expect(monthLabel('2027-01')).toBe('Jan 2027');
    expect(formatCents(29_700)).toBe('$297.00');
    expect(formatCents(-150)).toBe('-$1.50');
    expect(formatPrice(12_000)).toBe('$120');
    expect(formatPrice(2)).toBe('$0.02');
  });
});

describe('retention in Billing’s analytics', () => {
  it('shows the same retention chart and summary as the dashboard', async () => {
    renderBilling();
    const card = within(await screen.findByRole('region', { name: 'Retention' }));
    expect((await card.findByTestId('retention-chart-summary')).textContent).toBe(
      'Clients kept each month went from 95% in Nov 2026 to 95% in Nov 2026; the lowest was 95% in Nov 2026.',
    );
    expect(card.getByText('Moved').nextSibling?.textContent).toBe('1');
  }, 20_000);
});
